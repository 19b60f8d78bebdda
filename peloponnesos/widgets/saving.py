"""Saving a game from a panel to the computer's disk: never half a file, never one save over another,
and every failure told in plain words (the panel then still offers the download, which needs no disk).

The text goes first to a temporary file in the same folder, then takes its name in one step
(``os.replace``); the name is claimed beforehand with an exclusive create, so two panels saving in the
same second get ``…-101500.json`` and ``…-101500-2.json``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
import time
from pathlib import Path

SAVE_FOLDER = Path("saved_games")
_MAX_SAME_NAME = 1000


class SaveNotWritten(Exception):
    """The saved game could not be written to the disk; the message says why, for a teacher."""


def save_stem(game) -> str:
    """The file name (without ``.json``) for a save of ``game`` now: game, turn, date and time."""
    return f"{game.name}-turn{game.turn}-{time.strftime('%Y%m%d-%H%M%S')}"


def write_save(text: str, folder: Path = SAVE_FOLDER, stem: str = "game") -> Path:
    """Write ``text`` to a new file ``folder/stem.json`` (or ``stem-2.json`` … if taken) and return its path;
    raises :class:`SaveNotWritten` and leaves nothing behind if that is not possible."""
    data = text.encode("utf-8")
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise SaveNotWritten(_in_the_way(folder)) from None
    except OSError as e:
        raise SaveNotWritten(_why(e, folder)) from None
    if not folder.is_dir():
        raise SaveNotWritten(_in_the_way(folder))
    path = _claim(folder, stem)
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{stem}-", suffix=".part")
        try:
            _write_bytes(handle, data)
            os.fsync(handle)
        finally:
            os.close(handle)
        os.replace(temporary, path)
    except OSError as e:
        for leftover in (temporary, path):
            if leftover is not None:
                with contextlib.suppress(OSError):
                    os.remove(leftover)
        raise SaveNotWritten(_why(e, folder)) from None
    return path


def _write_bytes(handle: int, data: bytes) -> None:
    """All of ``data`` to the open file ``handle`` (``os.write`` may write only part at a time)."""
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view):]


def _claim(folder: Path, stem: str) -> Path:
    """A new, empty file with a name no other save has: ``stem.json``, else ``stem-2.json`` …"""
    for n in range(1, _MAX_SAME_NAME + 1):
        path = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except FileExistsError:
            continue
        except OSError as e:
            raise SaveNotWritten(_why(e, folder)) from None
        return path
    raise SaveNotWritten(f"the folder {folder} already holds {_MAX_SAME_NAME} saves with this name")


def _in_the_way(folder: Path) -> str:
    return (f"there is a file called “{folder.name}” where the folder for saved games should be "
            "(rename or move that file)")


def _why(error: OSError, folder: Path) -> str:
    """An operating-system error in words a teacher can act on."""
    code = error.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the disk is full (or your space on it is used up)"
    if code == errno.EROFS or isinstance(error, PermissionError):
        return f"this computer does not allow writing in the folder “{folder}” (it is read-only)"
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        return _in_the_way(folder)
    reason = error.strerror or str(error) or type(error).__name__
    return f"the computer refused to write the file ({reason})"
