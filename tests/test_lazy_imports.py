"""The stand-in for ``rfc3987_syntax`` (peloponnesos/lazy_imports.py, issue 17): the maps and panels import
plotly without building its forty parsers, and JSON-schema checks of IRIs still work, with the real package.

Each test runs in a new Python process: pytest itself has imported jsonschema (through nbval) already."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap


def run(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_map_and_a_panel_import_plotly_without_the_parsers():
    seen = run("""
        import json, sys
        import peloponnesos
        from peloponnesos.render import draw
        from peloponnesos.widgets import panel
        figure = draw(peloponnesos.new_game("sfacteria", seed=1))
        figure.to_plotly_json()
        p = panel("sfacteria", mode="bots", seed=1)
        import plotly.io._renderers
        print(json.dumps({"stand_in": peloponnesos.lazy_imports.installed(),
                          "parsers": "rfc3987_syntax.syntax_helpers" in sys.modules,
                          "nbformat": "nbformat" in sys.modules, "jsonschema": "jsonschema" in sys.modules}))
    """)
    assert seen == {"stand_in": True, "parsers": False, "nbformat": True, "jsonschema": True}


def test_json_schema_checks_an_iri_with_the_real_package_the_first_time_it_is_asked():
    seen = run("""
        import json, sys
        import peloponnesos
        import jsonschema
        checker = jsonschema.FormatChecker()
        answers = [checker.conforms(text, "iri") for text in
                   ("https://example.org/Πύλος?q=1#x", "not an iri", "http://exa mple.org", "urn:isbn:0451450523")]
        validator = jsonschema.Draft202012Validator({"type": "string", "format": "iri"}, format_checker=checker)
        from rfc3987_syntax import is_valid_syntax_iri  # any other name: the real module
        print(json.dumps({"answers": answers, "errors": len(list(validator.iter_errors("no spaces allowed"))),
                          "real": type(sys.modules["rfc3987_syntax"]).__name__ == "module",
                          "stand_in": peloponnesos.lazy_imports.installed(),
                          "direct": is_valid_syntax_iri("https://example.org/a")}))
    """)
    assert seen == {"answers": [True, False, False, True], "errors": 1, "real": True, "stand_in": False,
                    "direct": True}


def test_nothing_is_replaced_when_the_package_was_imported_first_or_is_missing():
    seen = run("""
        import importlib.util, json, sys
        import rfc3987_syntax
        import peloponnesos.lazy_imports as lazy
        first = lazy.install()
        del sys.modules["rfc3987_syntax"]
        for name in [m for m in sys.modules if m.startswith(("jsonschema", "rfc3987_syntax"))]:
            del sys.modules[name]
        real_find_spec = importlib.util.find_spec
        importlib.util.find_spec = lambda name, *a: None if name == lazy.NAME else real_find_spec(name, *a)
        missing = lazy.install()
        print(json.dumps({"after_import": first, "missing": missing, "there": lazy.NAME in sys.modules}))
    """)
    assert seen == {"after_import": False, "missing": False, "there": False}
