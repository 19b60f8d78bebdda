"""Saving and loading from a panel: a failed save is told in plain words, leaves no file and still offers the
download; two saves never overwrite each other; every refused file is told in the panel, nothing changes."""

import base64
import datetime
import errno
import json
import os

import pytest

from peloponnesos.widgets import saving
from peloponnesos.widgets.launch import panel as make_panel


@pytest.fixture
def kid(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    p = make_panel("diceless", mode="vs_bot", side="Sparta", bot="greedy", seed=3)
    p.choices.children[0].click()  # "Sparta places first"
    return p


def files_in(folder):
    return sorted(os.listdir(folder)) if folder.is_dir() else []


def assert_not_saved_but_downloadable(p, words):
    assert p.session.message.startswith("The game could not be saved on this computer")
    assert words in p.session.message and words in p.files_message.value
    assert "Game saved" not in p.files_message.value
    link = p.save_link.value
    assert "Not saved on this computer" in link and "download a copy" in link
    data = link.split("base64,", 1)[1].split('"', 1)[0]
    assert json.loads(base64.b64decode(data))["game"] == "diceless"  # the download holds the whole game


def test_panel_save_writes_a_file_and_offers_the_download(kid, tmp_path):
    path = kid.save()
    assert path is not None and path.resolve().parent == (tmp_path / "saved_games").resolve()
    assert json.loads(path.read_text())["game"] == "diceless" and kid.session.message == "Game saved."
    assert "download a copy" in kid.save_link.value and path.name in kid.save_link.value
    assert files_in(path.parent) == [path.name]  # no temporary file left beside it


def test_panel_two_saves_in_the_same_second_never_overwrite_each_other(kid, tmp_path, monkeypatch):
    monkeypatch.setattr(saving.time, "strftime", lambda *_: "20250101-101500")
    other = make_panel("diceless", mode="vs_bot", side="Athens", bot="greedy", seed=4)
    first, second, third = kid.save(), other.save(), kid.save()
    assert len({first, second, third}) == 3
    assert [first.name, second.name, third.name] == ["diceless-turn0-20250101-101500.json",
                                                     "diceless-turn0-20250101-101500-2.json",
                                                     "diceless-turn0-20250101-101500-3.json"]
    assert json.loads(first.read_text()) == json.loads(kid.session.save())
    assert json.loads(second.read_text()) == json.loads(other.session.save())
    assert files_in(tmp_path / "saved_games") == sorted(p.name for p in (first, second, third))


def test_panel_save_when_saved_games_is_a_file(kid, tmp_path):
    (tmp_path / "saved_games").write_text("my notes", encoding="utf-8")
    assert kid.save() is None
    assert_not_saved_but_downloadable(kid, "there is a file called “saved_games”")
    assert (tmp_path / "saved_games").read_text(encoding="utf-8") == "my notes"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="the administrator may write in read-only folders")
def test_panel_save_in_a_read_only_folder(kid, tmp_path):
    folder = tmp_path / "saved_games"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        assert kid.save() is None
        assert_not_saved_but_downloadable(kid, "read-only")
        assert files_in(folder) == []
    finally:
        folder.chmod(0o755)


def test_panel_save_when_the_disk_refuses_to_write(kid, tmp_path, monkeypatch):
    def refuse(path, flags, mode=0o777, *, dir_fd=None):  # what a read-only disk or folder answers
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    (tmp_path / "saved_games").mkdir()
    monkeypatch.setattr(saving.os, "open", refuse)
    assert kid.save() is None
    assert_not_saved_but_downloadable(kid, "read-only")
    assert files_in(tmp_path / "saved_games") == []


def test_panel_save_on_a_full_disk_leaves_no_half_written_file(kid, tmp_path, monkeypatch):
    def half_then_full(handle, data):
        os.write(handle, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saving, "_write_bytes", half_then_full)
    assert kid.save() is None
    assert_not_saved_but_downloadable(kid, "the disk is full")
    assert files_in(tmp_path / "saved_games") == []  # neither the half file nor the name it was to take


def test_panel_save_works_again_once_the_disk_has_room(kid, tmp_path, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(saving, "_write_bytes", lambda *_: (_ for _ in ()).throw(OSError(errno.ENOSPC, "full")))
        assert kid.save() is None
    path = kid.save()
    assert path is not None and kid.session.message == "Game saved." and "Not saved" not in kid.save_link.value


# -- loading ----------------------------------------------------------------------------------------------

def upload(p, content: bytes, name="game.json"):
    """What the "Load game" button hands the panel (ipywidgets 8: a tuple of dicts with a memoryview)."""
    p.upload.value = ({"name": name, "type": "application/json", "size": len(content), "content": memoryview(content),
                       "last_modified": datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC)},)


def test_panel_load_button_loads_a_saved_game(kid):
    kid.put.click()
    text = kid.session.save()
    other = make_panel("diceless", mode="vs_bot", side="Sparta", bot="greedy", seed=9)
    upload(other, text.encode())
    assert other.session.game.digest() == kid.session.game.digest() and "Game loaded" in other.files_message.value
    assert other.upload.value == ()  # the same file can be chosen again


@pytest.mark.parametrize("content, words", [
    (b"", "empty"),
    (b"   \n", "empty"),
    (b"\xff\xfe\x00\x00 not text", "not text"),
    (b"{broken", "not valid JSON"),
    (b'{"format": "peloponnesos-save", "version": 1}', "missing"),
    (b"[1, 2, 3]", "format"),
])
def test_panel_load_button_refuses_a_bad_file_in_words_and_changes_nothing(kid, content, words):
    session = kid.session
    digest, undo, stage = session.game.digest(), session.can_undo, session.stage
    upload(kid, content)
    assert words in kid.files_message.value and "unchanged" in kid.files_message.value
    assert session.game.digest() == digest and session.can_undo == undo and session.stage == stage


def test_panel_load_button_refuses_a_save_of_another_game(kid):
    import peloponnesos as pp

    digest = kid.session.game.digest()
    upload(kid, pp.new_game("sfacteria", seed=1).to_json().encode())
    shown = kid.files_message.value
    assert "Sfacteria" in shown and "not of" in shown and "unchanged" in shown
    assert kid.session.game.digest() == digest


def test_panel_load_button_refuses_anything_unexpected_in_words(kid, monkeypatch):
    import peloponnesos.widgets.session as session_module

    def broken(_text):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(session_module, "load_game", broken)
    digest = kid.session.game.digest()
    upload(kid, b'{"format": "peloponnesos-save"}')
    assert "not a saved game" in kid.files_message.value and "unchanged" in kid.files_message.value
    assert "Traceback" not in kid.files_message.value and "recursion" not in kid.files_message.value
    assert kid.session.game.digest() == digest


def test_panel_load_button_with_an_upload_of_unexpected_shape(kid):
    digest = kid.session.game.digest()
    kid._on_upload({"new": ({"name": "x.json"},)})  # no content at all
    assert "could not be read" in kid.files_message.value and kid.session.game.digest() == digest
