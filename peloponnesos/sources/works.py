"""The works the package can quote, one ``[works.<id>]`` table each in ``works.toml``.

>>> work("Diod.").title, work("thucydides").scheme
('Library of History', ('book', 'chapter', 'section'))

A :class:`Work` says how the work is cited (``abbreviations``, ``scheme``), where its TEI files are
(``folder`` of the corpus, pinned ``files`` with size and SHA-256), the ``credit`` every card carries and its
:class:`Headnote`. A work whose files are not pinned yet is ``status = "not yet available"``: read from a corpus
folder that holds its files, never downloaded. :func:`register` (one table) and :func:`register_file` (a TOML
file laid out as ``works.toml``) add works for this session (a teacher's own texts, or a test's), checked exactly
as the package's file is.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ..core.errors import PeloponnesosError

__all__ = ["DEFAULT", "Headnote", "Work", "WorksFileError", "find_work", "load", "register", "register_file",
           "unregister", "work", "works"]

AVAILABLE = "available"
NOT_YET = "not yet available"
SCHEMES = (("book", "chapter", "section"), ("chapter", "section"), ("book", "chapter"), ("line",))
LANGUAGE_NAMES = ("english", "greek")
RAW = "https://raw.githubusercontent.com/{repository}/{commit}/{path}"
_SHA256 = re.compile(r"[0-9a-f]{64}")


class WorksFileError(PeloponnesosError, ValueError):
    """A works table that cannot be used: it names the file, the table and what was expected."""


@dataclass(frozen=True)
class Headnote:
    """Who wrote the work, when, whether he was there, for whom and why: our own words, citing ``passages``;
    ``children`` says it for ages 8–11."""

    who: str
    when: str
    there: str
    why: str
    passages: tuple[str, ...] = ()
    children: str = ""  # the same for ages 8–11, in two or three short sentences

    QUESTIONS = (("who", "Who wrote it?"), ("when", "When?"), ("there", "Was he there?"),
                 ("why", "For whom, and why?"))

    def items(self) -> list[tuple[str, str]]:
        """The four (question, answer) pairs, in order."""
        return [(question, getattr(self, name)) for name, question in self.QUESTIONS]

    def __str__(self) -> str:
        return "\n".join(f"{question} {answer}" for question, answer in self.items())


@dataclass(frozen=True)
class Work:
    """One work: how it is cited, where its files are, how it is credited and introduced."""

    id: str
    author: str
    title: str
    short: str
    abbreviations: tuple[str, ...]
    urn: str
    scheme: tuple[str, ...]
    folder: str
    what: str
    status: str
    credit: str
    headnote: Headnote
    files: dict[str, dict] = field(repr=False)
    repository: str = ""
    commit: str = ""
    reader: str = "https://scaife.perseus.org/reader/"
    licence: dict = field(default_factory=dict, repr=False)
    todo: str = ""

    @property
    def available(self) -> bool:
        """Every file pinned (URL, size, SHA-256): the package may download it."""
        return self.status == AVAILABLE

    @property
    def abbreviation(self) -> str:
        """How a citation of this work is written: ``"Diod."`` (``""`` for the default work)."""
        return "" if self.id == DEFAULT else self.abbreviations[0]

    @property
    def texts(self) -> tuple[str, ...]:
        """The languages it has, English first: ``("english", "greek")``."""
        found = {spec["language"] for spec in self.files.values() if spec.get("language")}
        return tuple(name for name in LANGUAGE_NAMES if name in found)

    def text_files(self, language: str) -> list[dict]:
        """The files holding ``language`` (a work may come in several volumes)."""
        return [spec for spec in self.files.values() if spec.get("language") == language]

    def file(self, language: str) -> dict | None:
        """The first file holding ``language``, or None."""
        found = self.text_files(language)
        return found[0] if found else None

    @property
    def label(self) -> str:
        """``"Diodorus of Sicily, Library of History"``."""
        return f"{self.author}, {self.title}"

    @property
    def citation_form(self) -> str:
        """``"book.chapter.section"``, or ``"line"`` for a play."""
        return ".".join(self.scheme)

    def describe(self) -> str:
        """One line for a card: the work and what it is."""
        return f"{self.label}: {self.what}."

    def __str__(self) -> str:
        return self.label


# Reading and checking tables ------------------------------------------------------------------------------------


def _line_of(text: str, table: str) -> int | None:
    """The line of ``[table]`` (or of its first sub-table) in a TOML text, for messages."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith(f"[{table}"):
            return number
    return None


def _fail(where: str, table: str, message: str, text: str = "") -> WorksFileError:
    line = _line_of(text, table) if text else None
    at = f"{where}, line {line}" if line else where
    return WorksFileError(f"{at}: [{table}] {message}")


def _text(entry: Mapping, key: str, where: str, table: str, source: str, *, required: bool = True) -> str:
    value = entry.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise _fail(where, table, f"needs {key} = \"...\" (text), not {value!r}", source)
    return " ".join(value.split()) if key not in ("url", "path") else value.strip()


def make_work(work_id: str, entry: Mapping, *, where: str = "works.toml", source: str = "") -> Work:
    """Check one ``[works.<id>]`` table and make it a :class:`Work`; :class:`WorksFileError` says what is wrong."""
    table = f"works.{work_id}"
    if not isinstance(entry, Mapping):
        raise _fail(where, table, "must be a table of fields", source)
    if not re.fullmatch(r"[a-z][a-z0-9_]*", work_id):
        raise _fail(where, table, "needs an id of lower-case letters, digits and _ (such as diodorus)", source)
    fields = {key: _text(entry, key, where, table, source)
              for key in ("author", "title", "short", "urn", "folder", "what", "status", "credit")}
    for key in ("repository", "commit", "reader", "todo"):
        fields[key] = _text(entry, key, where, table, source, required=False)
    status = fields["status"]
    if status not in (AVAILABLE, NOT_YET):
        raise _fail(where, table, f"status must be {AVAILABLE!r} or {NOT_YET!r}, not {status!r}", source)
    if not fields["urn"].startswith("urn:cts:"):
        raise _fail(where, table, f"urn must be a CTS URN such as 'urn:cts:greekLit:tlg0003.tlg001', not "
                    f"{fields['urn']!r}", source)
    abbreviations = entry.get("abbreviations")
    if not (isinstance(abbreviations, list) and abbreviations and all(isinstance(a, str) and a.strip()
                                                                     for a in abbreviations)):
        raise _fail(where, table, "needs abbreviations = [\"Diod.\", ...] (how citations of it start)", source)
    scheme = entry.get("scheme")
    if not isinstance(scheme, list) or tuple(scheme) not in SCHEMES:
        forms = " or ".join(str(list(s)) for s in SCHEMES)
        raise _fail(where, table, f"scheme must be one of {forms}, not {scheme!r}", source)
    files = entry.get("files")
    if not isinstance(files, Mapping) or not files:
        raise _fail(where, table, "needs at least one [files.english] or [files.greek] table", source)
    checked = {key: _file(work_id, key, spec, fields, where, source) for key, spec in files.items()}
    if not any(spec.get("language") for spec in checked.values()):
        raise _fail(where, table, "needs a file with language = \"english\" or \"greek\"", source)
    names = [spec["name"] for spec in checked.values()]
    if len(set(names)) != len(names):
        raise _fail(where, table, "has two files with the same name", source)
    if status == AVAILABLE and not fields["commit"] and any("url" not in files[k] for k in files):
        raise _fail(where, table, "is available but has no commit for the files given by path", source)
    headnote = entry.get("headnote")
    if not isinstance(headnote, Mapping):
        raise _fail(where, table, "needs a [headnote] with who, when, there, why and passages", source)
    note_table = f"{table}.headnote"
    passages = headnote.get("passages", [])
    if not isinstance(passages, list) or not all(isinstance(p, str) for p in passages):
        raise _fail(where, note_table, "passages must be a list of citations such as [\"1.22.1-4\"]", source)
    licence = entry.get("licence", {})
    return Work(
        id=work_id,
        abbreviations=tuple(" ".join(a.split()) for a in abbreviations),
        scheme=tuple(scheme),
        files=checked,
        headnote=Headnote(*(_text(headnote, k, where, note_table, source) for k in ("who", "when", "there", "why")),
                          passages=tuple(passages),
                          children=_text(headnote, "children", where, note_table, source, required=False)),
        licence=dict(licence) if isinstance(licence, Mapping) else {},
        **fields,
    )


def _file(work_id: str, key: str, spec, fields: dict, where: str, source: str) -> dict:
    table = f"works.{work_id}.files.{key}"
    if not isinstance(spec, Mapping):
        raise _fail(where, table, "must be a table with name, urn and (once pinned) url, size and sha256", source)
    name = _text(spec, "name", where, table, source)
    if "/" in name or "\\" in name or name.startswith("."):
        raise _fail(where, table, f"name must be a plain file name, not {name!r}", source)
    out = dict(spec, name=name)
    language = spec.get("language", key if key in LANGUAGE_NAMES else None)
    if language is not None and language not in LANGUAGE_NAMES:
        raise _fail(where, table, f"language must be \"english\" or \"greek\", not {language!r}", source)
    out["language"] = language
    if language:
        out["urn"] = _text(spec, "urn", where, table, source)
        out.setdefault("label", language.capitalize())
    if "url" not in spec and spec.get("path") and fields["commit"] and fields["repository"]:
        out["url"] = RAW.format(repository=fields["repository"], commit=fields["commit"], path=spec["path"])
    pinned = [k for k in ("sha256", "size") if k in spec]
    if fields["status"] == AVAILABLE:
        if len(pinned) < 2 or "url" not in out:
            raise _fail(where, table, "is marked available, so it needs url (or path and the work's commit), size "
                        "and sha256, copied from the SOURCE.md of its corpus folder", source)
        if not (isinstance(spec["sha256"], str) and _SHA256.fullmatch(spec["sha256"])):
            raise _fail(where, table, f"sha256 must be 64 hex digits, not {spec['sha256']!r}", source)
        if not (isinstance(spec["size"], int) and spec["size"] > 0):
            raise _fail(where, table, f"size must be a number of bytes, not {spec['size']!r}", source)
    elif pinned:
        raise _fail(where, table, f"has {' and '.join(pinned)} but the work is {NOT_YET!r}: set status = "
                    f"{AVAILABLE!r} once every file is pinned from its SOURCE.md", source)
    return out


def load(path: str | Path | None = None) -> dict[str, Work]:
    """Read a works file (default: the package's ``works.toml``)."""
    if path is None:
        source = resources.files(__package__).joinpath("works.toml").read_text("utf-8")
        where = "peloponnesos/sources/works.toml"
    else:
        where = str(path)
        try:
            source = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeError) as error:
            raise WorksFileError(f"{where}: cannot be read ({error})") from None
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as error:
        raise WorksFileError(f"{where}: not a TOML file ({error})") from None
    entries = data.get("works")
    if not isinstance(entries, Mapping) or not entries:
        raise WorksFileError(f"{where}: needs one [works.<id>] table per work")
    return {work_id: make_work(work_id, entry, where=where, source=source) for work_id, entry in entries.items()}


def _norm(text: str) -> str:
    """How an abbreviation is compared: case, dots, commas and spaces do not matter (``"Ar. Eq."`` → ``"ar eq"``)."""
    return " ".join(text.replace(".", " ").replace(",", " ").casefold().split())


_REGISTRY: dict[str, Work] = load()
DEFAULT: str = "thucydides"
_BY_ABBREVIATION: dict[str, str] = {}


def _index() -> None:
    _BY_ABBREVIATION.clear()
    for w in _REGISTRY.values():
        for name in (w.id, w.id.replace("_", " "), *w.abbreviations):
            _BY_ABBREVIATION.setdefault(_norm(name), w.id)


_index()


def works() -> tuple[Work, ...]:
    """Every work, Thucydides first, in the order of ``works.toml``."""
    return tuple(_REGISTRY.values())


def work(name: str | Work = DEFAULT) -> Work:
    """A work by id (``"diodorus"``) or abbreviation (``"Diod."``); :class:`KeyError` naming the works if none."""
    if isinstance(name, Work):
        return name
    found = find_work(name)
    if found is None:
        known = ", ".join(f"{w.id} ({w.abbreviations[0]})" for w in works())
        raise KeyError(f"no work called {name!r}: the works are {known}")
    return found


def find_work(name: str) -> Work | None:
    """The work an id or abbreviation names, or None."""
    if not isinstance(name, str):
        return None
    work_id = _BY_ABBREVIATION.get(_norm(name))
    return _REGISTRY.get(work_id) if work_id else None


def register(work_id: str, entry: Mapping | Work) -> Work:
    """Add (or replace) a work for this session, checked as ``works.toml`` is; its abbreviations must be new."""
    new = entry if isinstance(entry, Work) else make_work(work_id, entry, where="register()")
    for name in new.abbreviations:
        owner = _BY_ABBREVIATION.get(_norm(name))
        if owner not in (None, work_id):
            raise WorksFileError(f"register(): [works.{work_id}] abbreviation {name!r} already names {owner}")
    _REGISTRY[work_id] = new
    _index()
    return new


def register_file(path: str | Path) -> list[Work]:
    """Add every work of a TOML file laid out as ``works.toml`` (a teacher's own texts) for this session."""
    return [register(work_id, w) for work_id, w in load(path).items()]


def unregister(work_id: str) -> None:
    """Remove a work added by :func:`register` (the package's own works stay)."""
    if work_id == DEFAULT:
        raise ValueError("Thucydides is the default work and cannot be removed")
    _REGISTRY.pop(work_id, None)
    _index()
