from peloponnesos.core import Dice


def test_dice_same_seed_same_rolls():
    a, b = Dice(seed=42), Dice(seed=42)
    assert [a.roll(2) for _ in range(50)] == [b.roll(2) for _ in range(50)]


def test_dice_different_seeds_differ():
    assert Dice(seed=1).roll(20) != Dice(seed=2).roll(20)


def test_dice_faces_are_fair_enough():
    d = Dice(seed=3)
    faces = d.roll(6000)
    counts = [faces.count(f) for f in range(1, 7)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(850 < c < 1150 for c in counts), counts


def test_dice_log_every_roll_with_who_and_why():
    seen = []
    d = Dice(seed=5, on_roll=seen.append)
    d.roll(2, who="Sparta", why="action points")
    d.draw(["a", "b", "c"], 2, who="Athens", why="stratagems", private=True)
    assert [r.who for r in d.rolls] == ["Sparta", "Athens"]
    assert d.rolls[0].why == "action points" and len(d.rolls[0].faces) == 2
    assert d.rolls[1].kind == "draw" and d.rolls[1].private_to == "Athens"
    assert seen == d.rolls


def test_dice_forced_outcomes_keep_the_future_unchanged():
    free, forced = Dice(seed=9), Dice(seed=9)
    forced.force(6, (1, 1))
    assert forced.d6() == 6
    assert forced.roll(2) == (1, 1)
    free.d6()
    free.roll(2)
    assert [free.d6() for _ in range(10)] == [forced.d6() for _ in range(10)]
    assert forced.forced_log() == {"0": [6], "1": [1, 1]}


def test_dice_forced_draw_must_be_in_the_cup():
    d = Dice(seed=1)
    d.force(("b",))
    assert d.draw(["a", "b"], 1) == ("b",)
    d.force(("z",))
    try:
        d.draw(["a", "b"], 1)
    except ValueError as e:
        assert "not in the cup" in str(e)
    else:  # pragma: no cover
        raise AssertionError("a forced draw of a missing item must fail")


def test_dice_replay_gives_the_logged_outcomes():
    d = Dice(seed=11)
    original = [d.roll(2, why="x") for _ in range(5)]
    replay = Dice.replay(d.rolls, seed=999)
    assert [replay.roll(2, why="x") for _ in range(5)] == original


def test_dice_clone_is_independent_and_reseed_changes_future():
    d = Dice(seed=4)
    d.roll(3)
    same, other = d.clone(), d.clone(seed=77)
    ahead = [d.d6() for _ in range(20)]
    assert [same.d6() for _ in range(20)] == ahead
    assert [other.d6() for _ in range(20)] != ahead
    assert len(d.rolls) == 21 and len(same.rolls) == 1 + 20


def test_dice_rejects_bad_seed():
    for bad in (-1, "7", 1.5, True):
        try:
            Dice(seed=bad)
        except ValueError:
            continue
        raise AssertionError(f"seed {bad!r} accepted")
