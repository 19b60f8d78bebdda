"""All the changing state of a game of Mountford's Peloponnesian War, in one object with a cheap ``copy()``.

Spaces are numbered as on the board (``board.py``). Forces are ``{space: {city: (hoplite, cavalry,
naval)}}`` with immutable tuples, so a copy only copies the small dicts. The operation being played
(``op``) and the battle being fought (``battle``) are dicts of plain values (lists, ints, strings).
"""

from __future__ import annotations

H, C, N = 0, 1, 2  # index of hoplite, cavalry and naval SPs in a force tuple
ATHENS, SPARTA = 0, 1
SIDES = ("Athens", "Sparta")


class MountfordState:
    __slots__ = (
        "battle",
        "bell",
        "build_queue",
        "first",
        "forces",
        "garrison",
        "hostages",
        "leader_at",
        "leader_status",
        "op",
        "owner",
        "passed",
        "peace",
        "phase",
        "ravaged",
        "rebellion",
        "result",
        "serial",
        "siege",
        "step",
        "to_act",
        "treasury",
        "turn",
        "war",
    )

    def __init__(self) -> None:
        self.turn = 1
        self.phase = "operations"  # "operations", "economy", "over"
        self.step = ""
        self.to_act = -1
        self.owner: list[str] = []
        self.garrison: list[str] = []
        self.rebellion: list[bool] = []
        self.ravaged: list[bool] = []
        self.siege: dict[int, list] = {}  # space -> [besieging city, points]
        self.forces: dict[int, dict[str, tuple[int, int, int]]] = {}
        self.treasury: dict[str, int] = {}
        self.bell: dict[str, int] = {}
        self.peace: list[str] = []  # majors that made a separate peace (frame)
        self.war: list[list[str]] = []  # [side, neutral city] at war (frame)
        self.hostages: list[list[str]] = []  # [holder, from] (Mountford 5.5)
        self.leader_status: dict[str, str] = {}  # ready, used, aside, dead, off
        self.leader_at: dict[str, int] = {}
        self.passed = [False, False]
        self.first = SPARTA
        self.op: dict | None = None
        self.battle: dict | None = None
        self.build_queue: list[str] = []
        self.result: dict | None = None
        self.serial = 0

    def copy(self) -> MountfordState:
        s = MountfordState.__new__(MountfordState)
        s.turn = self.turn
        s.phase = self.phase
        s.step = self.step
        s.to_act = self.to_act
        s.owner = self.owner[:]
        s.garrison = self.garrison[:]
        s.rebellion = self.rebellion[:]
        s.ravaged = self.ravaged[:]
        s.siege = {k: v[:] for k, v in self.siege.items()}
        s.forces = {k: dict(v) for k, v in self.forces.items()}
        s.treasury = dict(self.treasury)
        s.bell = dict(self.bell)
        s.peace = self.peace[:]
        s.war = [w[:] for w in self.war]
        s.hostages = [h[:] for h in self.hostages]
        s.leader_status = dict(self.leader_status)
        s.leader_at = dict(self.leader_at)
        s.passed = self.passed[:]
        s.first = self.first
        s.op = _clone(self.op) if self.op is not None else None
        s.battle = _clone(self.battle) if self.battle is not None else None
        s.build_queue = self.build_queue[:]
        s.result = self.result
        s.serial = self.serial
        return s

    def to_dict(self) -> dict:
        out = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if name == "forces":
                value = {str(k): {c: list(t) for c, t in v.items()} for k, v in value.items()}
            elif name == "siege":
                value = {str(k): v for k, v in value.items()}
            out[name] = value
        return _plain(out)


def _plain(value):
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _clone(value):
    """A copy of plain nested data (dicts and lists of ints, strings, tuples): faster than deepcopy."""
    if type(value) is dict:
        return {k: _clone(v) if type(v) in (dict, list) else v for k, v in value.items()}
    if type(value) is list:
        return [_clone(v) if type(v) in (dict, list) else v for v in value]
    return value
