"""Frame 10.6: victory (ours, *reconstructed*). What each side historically needed (1.140-144, 2.65):
Athens must keep its empire and its fleet to the end; Sparta wins by taking Athens, by making Athens sue
for peace, or by breaking the empire (Athens holding fewer than ``empire_broken`` tribute cities at the
end of a game turn). Sparta suing for peace gives Athens the war."""

from __future__ import annotations

from .control import control


def tribute_held(game) -> int:
    """Tribute cities Athens' side holds now (frame 10.6)."""
    st = game.state
    ctl = control(game)
    return sum(1 for sp in game.board.spaces if sp.tribute and st.owner[sp.index]
               and ctl.group.get(st.owner[sp.index]) == "Athens")


def athenian_fleet(game) -> int:
    """Athenian naval SPs on the map and in an Athenian army (frame 10.6)."""
    st = game.state
    n = sum(t[2] for stacks in st.forces.values() for c, t in stacks.items() if c == "athens")
    if st.op and st.op["city"] == "athens":
        n += sum(t[2] for c, t in st.op["army"].items() if c == "athens")
    return n


def scores(game) -> dict[str, float]:
    """What the victory rule counts (frame 10.6)."""
    return {"tribute_cities": tribute_held(game), "athenian_naval_sps": athenian_fleet(game)}


def finish(game, winner: str | None, reason: str) -> None:
    """The war ends: ``winner`` (None for a draw) and why (frame 10.6)."""
    st = game.state
    st.result = {"winner": winner, "level": "decisive" if winner else "draw", "reason": reason, "scores": scores(game)}
    st.phase = "over"
    st.step = "over"
    st.to_act = -1
    st.op = None
    st.battle = None
    if game.log.enabled:
        game.event("victory", f"{winner} wins: {reason}." if winner else f"The war ends in a draw: {reason}.",
                   side=winner, rule="10.6", winner=winner, **scores(game))


def turn_end(game) -> None:
    """Frame 10.6 at the end of a game turn: a broken empire loses; after the last turn Athens wins only if it
    still holds its empire and its fleet."""
    f = game.tables.frame
    held = tribute_held(game)
    if held < f["empire_broken"]:
        finish(game, "Sparta", f"the Athenian empire is broken (only {held} tribute cities hold)")
        return
    if game.state.turn >= game.last_turn:  # the last game turn: the tables' nine, or fewer for a shorter war
        fleet = athenian_fleet(game)
        if held >= f["empire_to_win"] and fleet >= f["fleet_to_win"]:
            finish(game, "Athens", f"Athens kept its empire ({held} tribute cities) and its fleet ({fleet} naval SPs)")
        else:
            finish(game, "Sparta", f"Athens did not keep its empire and its fleet ({held} tribute cities, {fleet} "
                   "naval SPs)")


def after_capture(game, space: int, old_owner: str, city: str) -> None:
    """Taking a major's home space ends its war: Athens or Sparta loses, Corinth or Thebes makes peace."""
    home = game.space_home(space)
    if not home or home == city:
        return
    from .economy import sue_for_peace

    if home == "athens":
        finish(game, "Sparta", "Athens has fallen")
    elif home == "sparta":
        finish(game, "Athens", "Sparta has fallen")
    elif home not in game.state.peace:
        sue_for_peace(game, home)
