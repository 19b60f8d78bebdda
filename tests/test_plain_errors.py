"""In a notebook, the package's own errors are shown as their one plain sentence, not a traceback, and they
still count as errors (so nbval fails on one)."""

import re

import pytest
from IPython.core.interactiveshell import InteractiveShell

from peloponnesos.display.errors import install


def plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


@pytest.fixture
def shell():
    sh = InteractiveShell.instance()
    yield sh
    sh.set_custom_exc((), None)


def test_the_packages_errors_are_shown_as_their_sentence_alone(shell, capsys):
    assert install(shell)
    result = shell.run_cell("from peloponnesos.core import IllegalAction\n"
                            "def deep():\n    raise IllegalAction('Sfacteria 5', 'at most 4 units per side in T7')\n"
                            "deep()")
    out = plain(capsys.readouterr().out)
    assert isinstance(result.error_in_exec, Exception)  # still an error for the notebook
    assert "IllegalAction: Sfacteria 5: at most 4 units per side in T7" in out
    assert "Traceback" not in out and "deep()" not in out and "%tb" in out


def test_other_errors_keep_their_traceback(shell, capsys):
    install(shell)
    result = shell.run_cell("def f():\n    return 1/0\nf()")
    out = plain(capsys.readouterr().out)
    assert isinstance(result.error_in_exec, ZeroDivisionError)
    assert "ZeroDivisionError" in out and "return 1/0" in out  # IPython's usual report, with the calls


def test_install_without_ipython_running_does_nothing(monkeypatch):
    import IPython

    monkeypatch.setattr(IPython, "get_ipython", lambda: None)
    assert install(None) is False
