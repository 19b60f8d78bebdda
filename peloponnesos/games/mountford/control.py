"""Who is friendly, unfriendly or neutral to whom (Mountford 4 and 5 speak of spaces and forces
"friendly", "unfriendly" and "neutral" to a city-state; the diplomacy that sets them is in the lost
chapter 2, so the frame decides it — *reconstructed*, CLARIFICATIONS "Frame").

Each city-state belongs to a *group*: the two players' sides ("Athens", "Sparta"), or, for a neutral
city-state (and a major that made a separate peace), its own name. Two groups are hostile when both
are players' sides, or when a side has declared war on a neutral city-state. A space is friendly to a
city-state when its owner is in the same group, unfriendly when the groups are hostile, neutral
otherwise (or when nobody owns it).
"""

from __future__ import annotations

FRIENDLY, NEUTRAL, UNFRIENDLY = 1, 0, -1


class Control:
    """Relations for one state (rebuilt when the state's diplomacy changes: cheap)."""

    __slots__ = ("group", "hostile_groups", "hostile_pairs", "hostile_to", "key")

    def __init__(self, game, st) -> None:
        sides = game.city_side
        peace = st.peace
        self.group = {c: (s if s and c not in peace else c) for c, s in sides.items()}
        pairs = {("Athens", "Sparta"), ("Sparta", "Athens")}
        for side, city in st.war:
            g = self.group.get(city, city)
            pairs.add((side, g))
            pairs.add((g, side))
        self.hostile_pairs = frozenset(pairs)
        groups = set(self.group.values())
        #: for each group, the groups hostile to it, sorted
        self.hostile_groups = {g: sorted(h for h in groups if (g, h) in self.hostile_pairs) for g in groups}
        #: the same as sets, to ask "is this group hostile to that one?" quickly
        self.hostile_to = {g: frozenset(h) for g, h in self.hostile_groups.items()}
        self.key = (len(peace), len(st.war))  # peace and war lists only ever grow

    def hostile(self, a: str, b: str) -> bool:
        """Whether city-states ``a`` and ``b`` are unfriendly to each other."""
        return (self.group[a], self.group[b]) in self.hostile_pairs

    def friends(self, a: str, b: str) -> bool:
        return self.group[a] == self.group[b]

    def relation(self, city: str, owner: str) -> int:
        """How a space owned by ``owner`` stands to ``city``: FRIENDLY, NEUTRAL or UNFRIENDLY."""
        if not owner:
            return NEUTRAL
        ga, gb = self.group[city], self.group[owner]
        if ga == gb:
            return FRIENDLY
        return UNFRIENDLY if (ga, gb) in self.hostile_pairs else NEUTRAL


def control(game) -> Control:
    """The relations for the game's state now (kept while the diplomacy is unchanged)."""
    st = game.state
    kept = game._control
    if kept is not None and kept.key[0] == len(st.peace) and kept.key[1] == len(st.war):
        return kept
    kept = game._control = Control(game, st)
    return kept


def owners_memo(game, ctl: Control | None = None) -> dict:
    """A dict for what depends only on who owns each space and on the diplomacy (``ctl``, if the caller has it):
    emptied when either changes (``game._owner_changes`` counts the changes of owner) or the state is replaced."""
    st = game.state
    if ctl is None:
        ctl = control(game)
    kept = game._owners_memo
    if kept is None or kept[0] is not st or kept[1] != game._owner_changes or kept[2] is not ctl:
        kept = game._owners_memo = (st, game._owner_changes, ctl, {})
    return kept[3]


def relation(game, city: str, space: int) -> int:
    return control(game).relation(city, game.state.owner[space])


def king_attitude(game, king: str, city: str) -> str:
    """Mountford 4.5.3: "friendly", "unfriendly" or "neutral" — the king towards ``city``'s side
    (*reconstructed*: scenario_431.toml [kings]; the Great King pays Sparta from the turn of 413)."""
    ctl = control(game)
    side = ctl.group[city]
    if side not in ("Athens", "Sparta"):
        return "neutral"
    info = game.kings[king]
    joins = info.get("from_turn_persia_joins_sparta")
    if joins is not None and game.state.turn >= joins:
        return "friendly" if side == "Sparta" else "unfriendly"
    return info.get(side, "neutral")
