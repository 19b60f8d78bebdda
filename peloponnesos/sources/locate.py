"""Find the folder of a work's texts (Thucydides by default), downloading and caching the pinned files if need be.

Order: an explicit folder, then ``$PELOPONNESOS_CORPUS``, then the user cache folder
(``$PELOPONNESOS_CACHE_DIR`` or ``platformdirs.user_cache_dir("peloponnesos")``, sub-folder named by the work's
``folder``: ``thucydides``). A folder the user points at may hold the work's files itself, or hold them in a
sub-folder named for the work (``corpus/diodorus``), or have them beside it (``PELOPONNESOS_CORPUS`` set to
``corpus/thucydides`` finds ``corpus/diodorus``): the layout of ``shared/corpus``. It is never downloaded into,
nor changed. For Thucydides, a folder pointed at must hold him; another work it lacks is looked for in the cache.
Only the cache is filled, from the URLs pinned in ``works.toml`` (or from ``$PELOPONNESOS_CORPUS_URL`` /
``BASE_URL``, a base URL under which the files sit by name); a work whose files are not pinned yet
(``status = "not yet available"``) is never downloaded.

The cache is checked, not trusted: each file's SHA-256 is compared with the pinned one once, and a stamp
(``STAMP``: size, time and checksum) spares hashing it again on every start; a damaged file is deleted and
downloaded again. A download waits at most ``TIMEOUT`` seconds for the server (a network that drops
packets fails fast), stops at the pinned size and after ``DEADLINE`` seconds, and is written atomically;
``.part`` files left by a killed run are removed. A failed download is tried once per session (process):
later look-ups fail at once with the same message, so no lesson freezes card after card;
:func:`download` (asked for in so many words) always tries again.

Every problem is a :class:`CorpusNotFound` whose message says what happened and what to do, and whose
``hint`` is the same in one plain line for a card in a lesson (:func:`hints` gives a work's lines).
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import json
import os
import stat
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import platformdirs

from ..core.errors import PeloponnesosError
from . import works as _works

__all__ = [
    "BASE_URL", "DEADLINE", "ENV_CACHE", "ENV_CORPUS", "ENV_URL", "FILES", "MANIFEST", "STAMP", "TIMEOUT",
    "CorpusNotFound", "WorkNotAvailable", "cache_folder", "download", "file_sha256", "find_corpus", "forget_failures",
    "hints", "unreadable",
]

ENV_CORPUS = "PELOPONNESOS_CORPUS"
ENV_CACHE = "PELOPONNESOS_CACHE_DIR"
ENV_URL = "PELOPONNESOS_CORPUS_URL"
BASE_URL: str | None = None  # overrides the pinned URLs when set (as does $PELOPONNESOS_CORPUS_URL)
TIMEOUT = 10  # seconds to wait for the server to connect, and for each read: a dead network fails fast
DEADLINE = 300  # seconds for one file at most (2.5 MB: about 9 kB/s), however slowly it trickles in
STALE_PART = 600  # seconds: a .part file untouched this long was left by a killed run, and is removed
STAMP = ".checked.json"  # in the cache folder: {name: [size, mtime_ns, sha256]} of each file already checked

_THUCYDIDES = _works.work(_works.DEFAULT)
# Thucydides' pins, as earlier versions had them: {"credit", "work_urn", "reader", "files": {english, greek, licence}}
MANIFEST = {"credit": _THUCYDIDES.credit, "work_urn": _THUCYDIDES.urn, "reader": _THUCYDIDES.reader,
            "repository": _THUCYDIDES.repository, "commit": _THUCYDIDES.commit, "files": _THUCYDIDES.files}
FILES: dict[str, dict] = MANIFEST["files"]  # english, greek, licence
TEXTS = ("english", "greek")

# One plain line for a card in a lesson (CorpusNotFound.hint); the message gives the details.
NOT_YET = ("The text of Thucydides is not on this computer yet: connect to the internet, then restart the "
           "kernel and run this cell again.")
CANNOT_SAVE = ("The text of Thucydides cannot be saved on this computer (its cache folder cannot be "
               "written): ask whoever looks after the computer to set PELOPONNESOS_CACHE_DIR.")
NOT_INTACT = ("The text of Thucydides could not be downloaded intact (a web filter may have changed or "
              "blocked it): ask whoever looks after the computer.")
WRONG_FOLDER = ("The folder set for the text of Thucydides does not hold it: check PELOPONNESOS_CORPUS "
                "or the corpus= folder.")
DAMAGED_CACHE = ("A file of the text of Thucydides on this computer was damaged and has been removed: "
                 "connect to the internet, then restart the kernel and run this cell again.")
UNREADABLE = ("A file of the text of Thucydides on this computer cannot be read: ask whoever looks after the "
              "computer.")
DAMAGED_GIVEN = ("A file of the text of Thucydides on this computer is damaged: ask whoever set it up to "
                 "replace it with a good copy.")


def hints(work: str | _works.Work = _works.DEFAULT) -> dict[str, str]:
    """The one-line hints for ``work``, by name: ``hints("diodorus")["NOT_YET"]``."""
    w = _works.work(work)
    lines = {name: globals()[name] for name in ("NOT_YET", "CANNOT_SAVE", "NOT_INTACT", "WRONG_FOLDER",
                                                "DAMAGED_CACHE", "UNREADABLE", "DAMAGED_GIVEN")}
    if w.id != _works.DEFAULT:
        lines = {name: line.replace("the text of Thucydides", f"the text of {w.label}")
                 .replace("The text of Thucydides", f"The text of {w.label}") for name, line in lines.items()}
    lines["NOT_PINNED"] = f"{w.label} ({w.what}) is not on this computer yet."
    return lines


def _name(w: _works.Work) -> str:
    """How messages name the texts: "the Thucydides corpus", "the text of Diodorus of Sicily, Library of History"."""
    return "the Thucydides corpus" if w.id == _works.DEFAULT else f"the text of {w.label}"


class CorpusNotFound(PeloponnesosError):
    """No usable copy of a work's texts: not found, not downloadable, damaged or failing its checksum.

    The message says what happened and what to do; ``hint`` says it in one plain line, for a card; ``work`` is
    the id of the work.
    """

    def __init__(self, message: str, *, hint: str = NOT_YET, work: str = _works.DEFAULT) -> None:
        super().__init__(message)
        self.hint = hint
        self.work = work


class WorkNotAvailable(CorpusNotFound):
    """A work listed in ``works.toml`` whose files are not pinned yet, and not in any corpus folder here."""


_failures: dict[tuple[str, str | None], CorpusNotFound] = {}  # failed downloads of this session


def forget_failures() -> None:
    """Forget this session's failed downloads, so the next look-up tries the network again."""
    _failures.clear()


def cache_folder(work: str | _works.Work = _works.DEFAULT) -> Path:
    """Where downloaded files are kept: ``<cache>/thucydides`` (``<cache>/<folder>`` for another work)."""
    root = os.environ.get(ENV_CACHE) or platformdirs.user_cache_dir("peloponnesos")
    return Path(root).expanduser() / _works.work(work).folder


def _how_to_point(w: _works.Work = _THUCYDIDES) -> str:
    names = " and ".join(spec["name"] for spec in _text_specs(w))
    if w.id == _works.DEFAULT:
        return (f"To use a copy you have, set the environment variable {ENV_CORPUS} to the folder holding "
                f"{names}, or pass corpus='/path/to/folder' (as in passage('4.26', corpus=...) or Corpus(...)).")
    return (f"To use a copy you have, put {names} in a folder named {w.folder!r} beside the Thucydides folder "
            f"(or inside the folder {ENV_CORPUS} names), or pass corpus='/path/to/{w.folder}'.")


def _text_specs(w: _works.Work) -> list[dict]:
    return [spec for spec in w.files.values() if spec.get("language")]


def _holds(folder: Path, w: _works.Work) -> bool:
    return all((folder / spec["name"]).is_file() for spec in _text_specs(w))


def _check_folder(folder: Path, given_as: str, w: _works.Work = _THUCYDIDES) -> Path | None:
    """The folder holding ``w`` among ``folder``, ``folder/<w.folder>`` and ``folder/../<w.folder>``. If none does:
    an error for Thucydides (or a folder that is not one), None for another work (looked for in the cache)."""
    folder = folder.expanduser().absolute()  # parsing is lazy: a later chdir must not lose the folder
    if folder.is_dir():
        for place in (folder, folder / w.folder, folder.parent / w.folder):
            if _holds(place, w):
                return place
        if w.id != _works.DEFAULT:
            return None
    missing = [spec["name"] for spec in _text_specs(w) if not (folder / spec["name"]).is_file()]
    problem = "is not a folder" if not folder.is_dir() else "has no " + " and no ".join(missing)
    raise CorpusNotFound(f"{given_as} points to {folder}, which {problem}. {_how_to_point(w)}",
                         hint=hints(w)["WRONG_FOLDER"], work=w.id)


def find_corpus(path: str | os.PathLike | None = None, *, download: bool = True,
                work: str | _works.Work = _works.DEFAULT) -> Path:
    """The folder holding ``work``'s TEI files (default Thucydides); raise :class:`CorpusNotFound` if there is none.

    A download that failed in this session is not tried again (see :func:`forget_failures`); a work not yet
    pinned is never downloaded (:class:`WorkNotAvailable`).
    """
    w = _works.work(work)
    if path is not None:
        if not isinstance(path, (str, os.PathLike)):
            shown = repr(path) if len(repr(path)) <= 40 else repr(path)[:37] + "..."
            raise CorpusNotFound(f"corpus= is the folder holding the Thucydides files, as text such as "
                                 f"'/home/me/thucydides', not {type(path).__name__} {shown}. {_how_to_point()}",
                                 hint=WRONG_FOLDER, work=w.id)
        found = _check_folder(Path(path), "the corpus= argument", w)
        if found is not None:
            return found
    env = os.environ.get(ENV_CORPUS)
    if env:
        found = _check_folder(Path(env), f"${ENV_CORPUS}", w)
        if found is not None:
            return found
    if not w.available:
        looked = f"the folders given ({path or env})" if (path or env) else "the corpus folder (none is set)"
        raise WorkNotAvailable(
            f"{w.label} is not on this computer: this version of peloponnesos lists it but cannot download it yet "
            f"(its files are not pinned in works.toml). Looked in {looked}. {_how_to_point(w)}",
            hint=hints(w)["NOT_PINNED"], work=w.id)
    folder = cache_folder(w)
    _remove_stale_parts(folder, w)
    missing, damaged = _check_cache(folder, w)
    if not missing:
        return folder
    searched = f"Searched: no corpus= argument, ${ENV_CORPUS} not set, no complete copy in the cache folder {folder}."
    if path or env:
        searched = f"Searched: {path or env}, beside it, and the cache folder {folder}."
    if damaged:
        searched = " ".join(damaged) + " " + searched
    if not download:
        what = "The Thucydides corpus" if w.id == _works.DEFAULT else f"The text of {w.label}"
        raise CorpusNotFound(f"{what} is not on this computer. {searched} {_how_to_point(w)}",
                             hint=hints(w)["DAMAGED_CACHE" if damaged else "NOT_YET"], work=w.id)
    failed = _failures.get((str(folder), _base(None)))
    if failed is not None:
        raise CorpusNotFound(f"{failed.args[0]} (The download was not tried again in this session: restart "
                             f"the kernel, or Python, to try again.)", hint=failed.hint, work=w.id)
    return _download(folder, searched=searched, work=w)


def _base(base_url: str | None) -> str | None:
    return base_url or os.environ.get(ENV_URL) or BASE_URL


def _url(spec: dict, base: str | None) -> str:
    return f"{base.rstrip('/')}/{spec['name']}" if base else spec["url"]


def download(folder: Path | None = None, *, base_url: str | None = None, searched: str = "",
             work: str | _works.Work = _works.DEFAULT) -> Path:
    """Fetch ``work``'s missing or damaged files into ``folder`` (default: its cache), checked and written atomically.

    Always tries, even after a failure in this session; a failure is remembered for :func:`find_corpus`.
    """
    w = _works.work(work)
    if not w.available:
        raise WorkNotAvailable(f"{w.label} cannot be downloaded yet: its files are not pinned in works.toml. "
                               f"{_how_to_point(w)}", hint=hints(w)["NOT_PINNED"], work=w.id)
    folder = cache_folder(w) if folder is None else Path(folder)
    base = _base(base_url)
    key = (str(folder), base)
    try:
        _remove_stale_parts(folder, w)
        missing, _ = _check_cache(folder, w)
        for name in missing:
            spec = w.files[name]
            _fetch(_url(spec, base), folder / spec["name"], spec, searched, w)
            _stamp_files(folder, [spec])
    except CorpusNotFound as error:
        _failures[key] = error
        raise
    _failures.pop(key, None)
    return folder


_download = download  # find_corpus has a parameter of the same name


# The cache: checked by SHA-256 once, then by its stamp ---------------------------------------------------


def file_sha256(path: str | os.PathLike) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _read_stamp(folder: Path) -> dict:
    try:
        stamp = json.loads((folder / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return stamp if isinstance(stamp, dict) else {}


def _write_stamp(folder: Path, stamp: dict) -> None:
    """Write the stamp atomically; if the folder cannot be written, the files are simply hashed next time."""
    try:
        handle, temp = tempfile.mkstemp(dir=folder, prefix=f"{STAMP}.", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(stamp, out, indent=1, sort_keys=True)
        os.chmod(temp, 0o644)
        os.replace(temp, folder / STAMP)
    except OSError:
        Path(temp).unlink(missing_ok=True)


def _seen(path: Path, spec: dict) -> list | None:
    """What the stamp records of a file: its size, time and pinned checksum (None if it is not a file)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns, spec["sha256"]] if stat.S_ISREG(info.st_mode) else None


def _stamp_files(folder: Path, specs: list[dict]) -> None:
    stamp = _read_stamp(folder)
    for spec in specs:
        stamp[spec["name"]] = _seen(folder / spec["name"], spec)
    _write_stamp(folder, stamp)


def _check_cache(folder: Path, w: _works.Work = _THUCYDIDES) -> tuple[list[str], list[str]]:
    """The files missing from the cache (keys of FILES), and a sentence for each damaged one, now deleted.

    A file is good if the stamp recorded it with this size, time and pinned checksum, or if its SHA-256 is the
    pinned one (then the stamp records it). A file of another size or checksum is deleted.
    """
    stamp = _read_stamp(folder)
    missing: list[str] = []
    damaged: list[str] = []
    changed = False
    for key, spec in w.files.items():
        path = folder / spec["name"]
        seen = _seen(path, spec)
        if seen is None:
            missing.append(key)
            continue
        if stamp.get(spec["name"]) == seen:
            continue
        if seen[0] != spec["size"]:
            problem = f"has {seen[0]:,} bytes, expected {spec['size']:,}"
        else:
            try:
                digest = file_sha256(path)
            except OSError as error:
                digest, problem = "", f"cannot be read ({error})"
            else:
                problem = f"its SHA-256 is {digest}, expected {spec['sha256']}"
            if digest == spec["sha256"]:
                stamp[spec["name"]] = seen
                changed = True
                continue
        damaged.append(f"The cached {spec['name']} was damaged ({problem}) and was deleted.")
        with contextlib.suppress(OSError):  # if it cannot be deleted, the download replaces it
            path.unlink()
        stamp.pop(spec["name"], None)
        changed = True
        missing.append(key)
    if changed and folder.is_dir():
        _write_stamp(folder, stamp)
    return missing, damaged


def unreadable(path: Path, error: Exception, work: str | _works.Work = _works.DEFAULT) -> CorpusNotFound:
    """The error for a corpus file that cannot be parsed (``TEIError``) or read (``OSError``). A damaged file in
    the cache is deleted, with the stamp, so the next session checks every file again and downloads it; a file
    in a folder the user gave is never changed."""
    w = _works.work(work)
    lines = hints(w)
    in_cache = path.parent == cache_folder(w)
    if isinstance(error, OSError):
        reason = f"{type(error).__name__}: {error.strerror or error}"
        gone = isinstance(error, FileNotFoundError) and in_cache  # deleted earlier in this session
        return CorpusNotFound(f"The file {path} cannot be read ({reason}). {_how_to_point(w)}",
                              hint=lines["DAMAGED_CACHE" if gone else "UNREADABLE"], work=w.id)
    detail = str(error).removeprefix(f"{path}: ")
    if in_cache:
        for stale in (path, path.parent / STAMP):
            with contextlib.suppress(OSError):
                stale.unlink(missing_ok=True)
        return CorpusNotFound(f"The cached file {path} is damaged ({detail}) and was deleted: the next "
                              f"session downloads it again (restart the kernel, or Python).",
                              hint=lines["DAMAGED_CACHE"], work=w.id)
    text = "the Thucydides text" if w.id == _works.DEFAULT else f"the text of {w.label}"
    return CorpusNotFound(f"The file {path} is damaged or is not {text} ({detail}). Replace it "
                          f"with a good copy of {path.name}. {_how_to_point(w)}", hint=lines["DAMAGED_GIVEN"],
                          work=w.id)


def _remove_stale_parts(folder: Path, w: _works.Work = _THUCYDIDES) -> None:
    """Delete ``.part`` files a killed download left behind (untouched for ``STALE_PART`` seconds: a download
    still running in another kernel writes to its own every few seconds, and is left alone)."""
    cutoff = time.time() - STALE_PART
    for spec in w.files.values():
        try:
            parts = list(folder.glob(f".{spec['name']}.*.part"))
        except OSError:
            return
        for part in parts:
            with contextlib.suppress(OSError):  # gone already, or not ours to delete
                if part.stat().st_mtime < cutoff:
                    part.unlink()


# Downloading one file -------------------------------------------------------------------------------------


class _Stop(Exception):
    """Why a download was stopped part-way (too large, or too slow), and the hint for a card."""

    def __init__(self, reason: str, hint: str) -> None:
        super().__init__(reason)
        self.hint = hint


def _fetch(url: str, target: Path, spec: dict, searched: str, w: _works.Work = _THUCYDIDES) -> None:
    print(f"peloponnesos: downloading {spec['name']} ({spec['size'] // 1000:,} kB) to {target.parent}",
          file=sys.stderr)
    lines = hints(w)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{spec['name']}.", suffix=".part")
    except OSError as error:
        raise CorpusNotFound(f"Cannot write the corpus cache folder {target.parent} ({error}); set "
                             f"${ENV_CACHE} to a writable folder. {_how_to_point(w)}", hint=lines["CANNOT_SAVE"],
                             work=w.id) from error
    limit = spec["size"]
    failed = f"Could not download {_name(w)}: {spec['name']} from {url}"
    try:
        digest = hashlib.sha256()
        try:
            with os.fdopen(handle, "wb") as out, urllib.request.urlopen(url, timeout=TIMEOUT) as response:
                length = response.headers.get("Content-Length", "")
                if length.strip().isdigit() and int(length) > limit:
                    raise _Stop(f"it is {int(length):,} bytes, larger than the pinned file ({limit:,} bytes)",
                                lines["NOT_INTACT"])
                read = getattr(response, "read1", response.read)  # what has arrived, so the deadline is checked
                size, started = 0, time.monotonic()
                while chunk := read(1 << 16):
                    size += len(chunk)
                    if size > limit:
                        raise _Stop(f"it is larger than the pinned file ({limit:,} bytes)", lines["NOT_INTACT"])
                    if time.monotonic() - started > DEADLINE:
                        raise _Stop(f"it took longer than {DEADLINE} seconds ({size:,} of {limit:,} bytes came)",
                                    lines["NOT_YET"])
                    digest.update(chunk)
                    try:
                        out.write(chunk)
                    except OSError as error:  # a full disk: not the network's fault
                        raise _Stop(f"cannot write to {target.parent} ({error})", lines["CANNOT_SAVE"]) from None
        except _Stop as stop:
            raise CorpusNotFound(f"{failed} was stopped: {stop}. Nothing was kept. {searched} {_how_to_point(w)}",
                                 hint=stop.hint, work=w.id) from None
        except (OSError, http.client.HTTPException, ValueError) as error:
            raise CorpusNotFound(
                f"{failed} failed ({_reason(error)}). {searched} {_how_to_point(w)} Or go online once: the files "
                f"are then kept in {target.parent}.", hint=lines["NOT_YET"], work=w.id,
            ) from error
        if digest.hexdigest() != spec["sha256"]:
            raise CorpusNotFound(
                f"The downloaded {spec['name']} from {url} is not the pinned file: its SHA-256 is "
                f"{digest.hexdigest()}, expected {spec['sha256']}. It was deleted. {_how_to_point(w)}",
                hint=lines["NOT_INTACT"], work=w.id,
            )
        try:
            os.chmod(temp, 0o644)
            os.replace(temp, target)
        except OSError as error:
            raise CorpusNotFound(f"Cannot write {target} ({error}); set ${ENV_CACHE} to a writable folder. "
                                 f"{_how_to_point(w)}", hint=lines["CANNOT_SAVE"], work=w.id) from error
    finally:
        Path(temp).unlink(missing_ok=True)  # a no-op once the file has been renamed into place


def _reason(error: BaseException) -> str:
    """``URLError(TimeoutError('timed out'))`` → ``"timed out"``; an HTTP error keeps its code."""
    reason = getattr(error, "reason", None)
    if reason and not hasattr(error, "code"):
        return str(reason)
    return str(error) or type(error).__name__
