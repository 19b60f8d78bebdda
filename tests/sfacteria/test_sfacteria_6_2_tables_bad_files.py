"""Rule 6.2 (and 10.2): a teacher's tables file that cannot be used is refused with TablesError, naming the
line and what was expected — never a raw Python error, never read whole when it is huge."""

import pytest

from peloponnesos.core import new_game
from peloponnesos.core.errors import PeloponnesosError, TablesError
from peloponnesos.core.tables import MAX_BYTES
from peloponnesos.games.sfacteria.tables import DEFAULT_PATH, load_tables

TEXT = DEFAULT_PATH.read_text(encoding="utf-8")


def write(tmp_path, text, name="published.toml", encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if needle in line)


@pytest.mark.parametrize(("old", "new", "words"), [
    ('"1:3" = ["2/0 D"', '"1:3" = ["-2/0 D"', "must be a whole number from 0 to 9; it is -2"),
    ('"1:3" = ["2/0 D"', '"1:3" = ["2/0 X"', 'must be a result like "1/2 A"'),
    ('"1:3" = ["2/0 D"', '"1:3" = ["２/0 D"', "digits 0–9"),  # a full-width digit is not a number here
    ('"1:3" = ["2/0 D"', '"1:3" = ["50/0 D"', "from 0 to 9"),
    ("eliminated_hoplite =", "eliminated_hoplite = -50 #", "from 0 to 1000"),
    ("eliminated_hoplite =", "eliminated_hoplite = true #", "a whole number"),
    ("eliminated_hoplite =", "eliminated_hoplite = 2.5 #", "a whole number"),
    ("eliminated_hoplite =", 'eliminated_hoplite = "3" #', "a whole number"),
    ("rows = 8", "rows = 0", "from 2 to 20"),
])
def test_sfacteria_6_2_nonsensical_values_are_refused_with_their_line(tmp_path, old, new, words):
    text = TEXT.replace(old, new, 1)
    assert text != TEXT
    with pytest.raises(TablesError) as err:
        load_tables(write(tmp_path, text))
    message = str(err.value)
    assert words in message
    assert f"line {line_of(text, new)}," in message


def test_sfacteria_6_2_meta_that_is_not_a_table_is_refused(tmp_path):
    text = TEXT.replace("[meta]\nreconstructed = true", "meta = 1\n[meta2]\nreconstructed = true", 1)
    with pytest.raises(TablesError, match=r"line \d+, `meta` must be a table"):
        load_tables(write(tmp_path, text))


def test_sfacteria_6_2_a_file_saved_by_an_old_windows_editor_is_explained(tmp_path):
    text = TEXT.replace("Reconstructed for peloponnesos", "Reconstructed by Andr\u00e9", 1)
    path = tmp_path / "published.toml"
    path.write_bytes(text.encode("utf-8").replace("\u00e9".encode(), "\u00e9".encode("cp1252")))
    with pytest.raises(TablesError, match=f"line {line_of(text, 'Andr')} is not UTF-8 text"):
        load_tables(path)


def test_sfacteria_6_2_a_folder_or_a_missing_file_is_refused(tmp_path):
    with pytest.raises(TablesError, match="is a folder"):
        load_tables(tmp_path)
    with pytest.raises(TablesError, match="no such file"):
        load_tables(tmp_path / "missing.toml")
    with pytest.raises(TablesError, match="not int"):
        load_tables(42)


def test_sfacteria_6_2_a_huge_file_is_refused_without_reading_it(tmp_path, monkeypatch):
    path = tmp_path / "huge.toml"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES * 50)  # sparse: 50 MB of nothing
    opened = []
    real_open = open
    monkeypatch.setattr("builtins.open", lambda *a, **k: opened.append(a) or real_open(*a, **k))
    with pytest.raises(TablesError, match="far larger than a tables file"):
        load_tables(path)
    assert not opened


def test_sfacteria_6_2_bad_tables_through_new_game_leave_a_plain_error(tmp_path):
    path = write(tmp_path, TEXT.replace("eliminated_hoplite =", "eliminated_hoplite = -50 #", 1))
    with pytest.raises(PeloponnesosError, match="eliminated_hoplite"):
        new_game("sfacteria", seed=1, tables=str(path))
    with pytest.raises(PeloponnesosError, match="eliminated_hoplite"):
        vp = {**load_tables().vp, "eliminated_hoplite": -50}
        new_game("sfacteria", seed=1, tables={**load_tables().data, "victory_points": vp})
