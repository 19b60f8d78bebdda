"""Find the Thucydides corpus folder, downloading and caching the pinned files if need be.

Order: an explicit folder, then ``$PELOPONNESOS_CORPUS``, then the user cache folder
(``$PELOPONNESOS_CACHE_DIR`` or ``platformdirs.user_cache_dir("peloponnesos")``, sub-folder ``thucydides``).
A folder the user pointed at must hold the files: it is never downloaded into. Only the cache is filled,
once, from the URLs pinned in ``corpus_files.toml`` (or from ``$PELOPONNESOS_CORPUS_URL`` / ``BASE_URL``,
a base URL under which the files sit by name), each file checked against its SHA-256.
"""

from __future__ import annotations

import hashlib
import http.client
import os
import sys
import tempfile
import tomllib
import urllib.request
from importlib import resources
from pathlib import Path

import platformdirs

from ..core.errors import PeloponnesosError

__all__ = [
    "BASE_URL", "ENV_CACHE", "ENV_CORPUS", "ENV_URL", "FILES", "MANIFEST", "CorpusNotFound",
    "cache_folder", "download", "find_corpus",
]

ENV_CORPUS = "PELOPONNESOS_CORPUS"
ENV_CACHE = "PELOPONNESOS_CACHE_DIR"
ENV_URL = "PELOPONNESOS_CORPUS_URL"
BASE_URL: str | None = None  # overrides the pinned URLs when set (as does $PELOPONNESOS_CORPUS_URL)
TIMEOUT = 60  # seconds, per request

MANIFEST = tomllib.loads(resources.files(__package__).joinpath("corpus_files.toml").read_text("utf-8"))
FILES: dict[str, dict] = MANIFEST["files"]  # english, greek, licence
TEXTS = ("english", "greek")


class CorpusNotFound(PeloponnesosError):
    """No usable copy of the Thucydides corpus: not found, not downloadable, or failing its checksum."""


def cache_folder() -> Path:
    """Where downloaded files are kept: ``<cache>/thucydides``."""
    root = os.environ.get(ENV_CACHE) or platformdirs.user_cache_dir("peloponnesos")
    return Path(root).expanduser() / "thucydides"


def _how_to_point() -> str:
    names = " and ".join(FILES[t]["name"] for t in TEXTS)
    return (f"To use a copy you have, set the environment variable {ENV_CORPUS} to the folder holding "
            f"{names}, or pass corpus='/path/to/folder' (as in passage('4.26', corpus=...) or Corpus(...)).")


def _check_folder(folder: Path, given_as: str) -> Path:
    folder = folder.expanduser().absolute()  # parsing is lazy: a later chdir must not lose the folder
    missing = [FILES[t]["name"] for t in TEXTS if not (folder / FILES[t]["name"]).is_file()]
    if not folder.is_dir():
        problem = "is not a folder"
    elif missing:
        problem = "has no " + " and no ".join(missing)
    else:
        return folder
    raise CorpusNotFound(f"{given_as} points to {folder}, which {problem}. {_how_to_point()}")


def _is_cached(path: Path, spec: dict) -> bool:
    return path.is_file() and path.stat().st_size == spec["size"]


def find_corpus(path: str | os.PathLike | None = None, *, download: bool = True) -> Path:
    """The folder holding the two TEI files; raise :class:`CorpusNotFound` if there is none."""
    if path is not None:
        return _check_folder(Path(path), "the corpus= argument")
    env = os.environ.get(ENV_CORPUS)
    if env:
        return _check_folder(Path(env), f"${ENV_CORPUS}")
    folder = cache_folder()
    if all(_is_cached(folder / spec["name"], spec) for spec in FILES.values()):
        return folder
    searched = f"Searched: no corpus= argument, ${ENV_CORPUS} not set, no complete copy in the cache folder {folder}."
    if not download:
        raise CorpusNotFound(f"The Thucydides corpus is not on this computer. {searched} {_how_to_point()}")
    return _download(folder, searched=searched)


def _url(spec: dict, base: str | None) -> str:
    return f"{base.rstrip('/')}/{spec['name']}" if base else spec["url"]


def download(folder: Path | None = None, *, base_url: str | None = None, searched: str = "") -> Path:
    """Fetch the missing files into ``folder`` (default: the cache), checked and written atomically."""
    folder = cache_folder() if folder is None else Path(folder)
    base = base_url or os.environ.get(ENV_URL) or BASE_URL
    for spec in FILES.values():
        target = folder / spec["name"]
        if not _is_cached(target, spec):
            _fetch(_url(spec, base), target, spec, searched)
    return folder


_download = download  # find_corpus has a parameter of the same name


def _fetch(url: str, target: Path, spec: dict, searched: str) -> None:
    print(f"peloponnesos: downloading {spec['name']} ({spec['size'] // 1000:,} kB) to {target.parent}",
          file=sys.stderr)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{spec['name']}.", suffix=".part")
    except OSError as error:
        raise CorpusNotFound(f"Cannot write the corpus cache folder {target.parent} ({error}); set "
                             f"${ENV_CACHE} to a writable folder. {_how_to_point()}") from error
    try:
        digest = hashlib.sha256()
        try:
            with os.fdopen(handle, "wb") as out, urllib.request.urlopen(url, timeout=TIMEOUT) as response:
                while chunk := response.read(1 << 16):
                    digest.update(chunk)
                    out.write(chunk)
        except (OSError, http.client.HTTPException, ValueError) as error:
            raise CorpusNotFound(
                f"Could not download the Thucydides corpus: {spec['name']} from {url} failed ({error}). "
                f"{searched} {_how_to_point()} Or go online once: the files are then kept in {target.parent}."
            ) from error
        if digest.hexdigest() != spec["sha256"]:
            raise CorpusNotFound(
                f"The downloaded {spec['name']} from {url} is not the pinned file: its SHA-256 is "
                f"{digest.hexdigest()}, expected {spec['sha256']}. It was deleted. {_how_to_point()}"
            )
        os.chmod(temp, 0o644)
        os.replace(temp, target)
    finally:
        Path(temp).unlink(missing_ok=True)  # a no-op once the file has been renamed into place
