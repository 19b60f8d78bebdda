"""All the changing state of a game of The Siege of Syracuse in one object with a cheap ``copy()``.

Units are numbered as in ``counters.py`` (0–94), leaders 0–5, areas as in ``board.py``. A unit's place is an
area number or one of ``OFF`` (naval units off the map, rule 7.2.1), ``POOL`` (not in play: a reinforcement
still to come, a Sicel in the opaque container or drawn but not yet placed) and ``ELIM`` (out of the game).
Everything is plain values (ints, strings, lists, dicts of them), so ``to_dict()`` is JSON and copying is a
handful of list copies. The skirmish being fought and the pitched battle on the battle board live here too
(``skirmish``, ``battle``), so a game saved in the middle of either loads back exactly.
"""

from __future__ import annotations

OFF = -1
POOL = -2
ELIM = -3

NORMAL, DISRUPTED, ROUTED = 0, 1, 2
STATUS_NAMES = ("normal", "disrupted", "routed")

TASK_NONE, TASK_BUILD, TASK_TEAR = 0, 1, 2  # rule 10.2: under a wall marker building one, or tearing one down

ATHENS, SYRACUSE = 0, 1


def _deep(v):
    """A copy of nested plain values (lists, dicts, tuples of them)."""
    t = type(v)
    if t is list:
        return [_deep(x) for x in v]
    if t is dict:
        return {k: _deep(x) for k, x in v.items()}
    if t is tuple:
        return tuple(_deep(x) for x in v)
    return v


#: fields holding a flat list of numbers or booleans (copied with [:]); every other field is copied in depth
_FLAT = frozenset({"ml", "il", "ops", "omens", "loc", "steps", "status", "utype", "uside", "used", "active", "moved",
                   "aboard", "mpb", "fought", "task", "task_side", "oos", "reacted", "exchanged", "lloc", "lred",
                   "lused", "lactive", "lmoved", "laboard", "surrender_checks"})
_SCALAR = frozenset({"turn", "phase", "step", "to_act", "serial", "initiative", "prev_initiative", "declarer",
                     "last_pass", "active_side", "impulse_kind", "event", "fort", "fort_built", "fort_destroyed",
                     "rams"})


class SyracuseState:
    __slots__ = (  # noqa: RUF023 - grouped by rule, not sorted
        # the sequence of play (rule 4)
        "turn", "phase", "step", "to_act", "agenda", "ctx", "serial", "interrupts", "saved",
        # morale, initiative, impulses (rules 5, 6.1)
        "ml", "il", "initiative", "prev_initiative", "ops", "declarer", "last_pass", "active_side",
        "impulse_kind", "event", "omens",
        # units (by unit number)
        "loc", "steps", "status", "utype", "uside", "used", "active", "moved", "aboard", "mpb", "fought", "task",
        "task_side", "oos", "reacted", "exchanged",
        # leaders (by leader number)
        "lloc", "lred", "lused", "lactive", "lmoved", "laboard",
        # siege walls and the Circle Fort (rules 10.2, 10.3), by area: [Athens, Syracuse]
        "walls", "wip", "fort", "fort_built", "fort_destroyed",
        # arrivals (rule 12) and the Sicels (rule 10.1)
        "arrivals", "rams", "expedition", "hands", "surrender_checks",
        # what happened this turn and last, for the morale table (rule 5.1)
        "notes", "prev_notes",
        # combats in progress and the last one, the result
        "skirmish", "battle", "last_combat", "result",
    )

    def copy(self) -> SyracuseState:
        s = SyracuseState.__new__(SyracuseState)
        for name in self.__slots__:
            v = getattr(self, name)
            if name in _SCALAR:
                setattr(s, name, v)
            elif name in _FLAT:
                setattr(s, name, v[:])
            elif name == "agenda":
                setattr(s, name, v[:])  # tasks are tuples of plain values, never changed in place
            else:
                setattr(s, name, _deep(v))
        return s

    def to_dict(self) -> dict:
        """Every field as plain JSON values (hidden information included; used for the digest)."""
        out = {}
        for name in self.__slots__:
            v = getattr(self, name)
            if name == "agenda":
                v = [list(t) for t in v]
            out[name] = _plain(v)
        return out


def _plain(v):
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    return v


def new_state(n_units: int, n_leaders: int, n_areas: int) -> SyracuseState:
    s = SyracuseState.__new__(SyracuseState)
    s.turn = 1
    s.phase = "setup"
    s.step = ""
    s.to_act = -1
    s.agenda = []  # tasks still to run, the next one last (see engine._advance)
    s.ctx = {}  # what the decision being waited for is about
    s.serial = 0
    s.interrupts = []  # decisions that cut in before the one being waited for: [step, side, ctx]
    s.saved = None  # the decision an interrupt cut into: [step, side, ctx]
    s.ml = [7, 6]
    s.il = [1, 1]
    s.initiative = ATHENS
    s.prev_initiative = ATHENS  # rule 12.1: Athens counts as holding the initiative in turn 1
    s.ops = [0, 0]
    s.declarer = ATHENS
    s.last_pass = False
    s.active_side = -1
    s.impulse_kind = ""
    s.event = 0
    s.omens = ["", ""]
    s.loc = [POOL] * n_units
    s.steps = [0] * n_units
    s.status = [NORMAL] * n_units
    s.utype = [""] * n_units
    s.uside = [-1] * n_units
    s.used = [0] * n_units  # activations this turn (rule 6.3)
    s.active = [False] * n_units  # may move, fight and build in the impulse being played
    s.moved = [False] * n_units
    s.aboard = [-1] * n_units  # the naval unit carrying it (rule 7.2.2)
    s.mpb = [0] * n_units  # +2 MP for starting its activation with a leader (rule 7.1)
    s.fought = [False] * n_units  # used in a combat in this impulse
    s.task = [TASK_NONE] * n_units
    s.task_side = [-1] * n_units  # the owner of the wall being torn down
    s.oos = [False] * n_units  # out of supply at this turn's supply check (rule 9.3)
    s.reacted = [False] * n_units  # tried a reaction move in this impulse (rule 6.4)
    s.exchanged = [False] * n_units  # swapped cavalry and light infantry in this activation (rule 10.5)
    s.lloc = [POOL] * n_leaders
    s.lred = [False] * n_leaders
    s.lused = [False] * n_leaders
    s.lactive = [False] * n_leaders
    s.lmoved = [False] * n_leaders
    s.laboard = [-1] * n_leaders
    s.walls = [[0, 0] for _ in range(n_areas)]
    s.wip = [[False, False] for _ in range(n_areas)]
    s.fort = -1
    s.fort_built = False
    s.fort_destroyed = False
    s.arrivals = {}
    s.rams = False
    s.expedition = {"met_turn": 0, "arrived": False}
    s.hands = [[], []]
    s.surrender_checks = [0, 0]
    s.notes = [{}, {}]
    s.prev_notes = [{}, {}]
    s.skirmish = None
    s.battle = None
    s.last_combat = None
    s.result = None
    return s
