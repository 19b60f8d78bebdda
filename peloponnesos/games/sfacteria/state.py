"""All the changing state of a game of Sfacteria in one object with a cheap ``copy()``.

Positions are lists indexed by unit number (0–43) and leader number (0–7); a zone is its index on the
board (T1–T12, N1–N9, bases), or ``OFF`` (not on the map: not arrived yet, or out of the game) or
``ELIM`` (eliminated). Sets of zones or pieces are ``int`` bit masks. Nothing here is shared between
copies except immutable values (ints, strings, tuples), so copying is a handful of list copies.
"""

from __future__ import annotations

OFF = -1  # not on the map: still to arrive (see ``uarr``/``larr``) or out of the game
ELIM = -2  # eliminated (captured, sunk, surrendered)
NEVER = 99  # arrival turn of a piece that is out of the game

ATHENS, SPARTA = 0, 1
SIDES = ("Athens", "Sparta")


class SfacteriaState:
    __slots__ = (
        "act_t",
        "act_units",
        "activated",
        "active",
        "adv",
        "adv_lock",
        "budget",
        "cleared",
        "combat",
        "e_flags",
        "e_queue",
        "ferried",
        "fights",
        "hands",
        "helots_done",
        "initiative",
        "larr",
        "last_combat",
        "leaders_lost",
        "lmov",
        "lmoved",
        "lorig",
        "lstrat",
        "lz",
        "moves_made",
        "out_chits",
        "pa",
        "pa_bonus",
        "pa_roll",
        "phase",
        "played",
        "recover_left",
        "result",
        "retreat",
        "secret",
        "serial",
        "step",
        "storm",
        "supply",
        "suspended",
        "to_act",
        "turn",
        "uarr",
        "umov",
        "umoved",
        "uorig",
        "ured",
        "uz",
        "window",
        "window_kind",
    )

    def __init__(self, n_units: int, n_leaders: int, n_zones: int) -> None:
        self.turn = 1
        self.phase = "A"  # A B C D E, or "over"
        self.step = ""  # the decision being waited for (see engine docstring)
        self.to_act = -1
        self.initiative = ATHENS
        self.active = ATHENS
        self.pa = [0, 0]  # action points not yet announced, in halves (rule 3.B, 3.D)
        self.budget = 0  # announced PA still to spend in this action phase, in halves
        self.pa_roll = [0, 0]  # the 2d6 rolled in phase B
        self.pa_bonus = [0, 0]  # halves added this turn (advantage, stratagems)
        self.uz = [OFF] * n_units
        self.ured = [False] * n_units
        self.uarr = [NEVER] * n_units
        self.lz = [OFF] * n_leaders
        self.lstrat = [False] * n_leaders  # the counter shows its Strategòs face (rule 11.2)
        self.larr = [NEVER] * n_leaders
        self.leaders_lost = [0, 0]
        self.supply = [3, 3]  # rule 7: Athens (Pylos), Sparta (Sphacteria)
        self.suspended = [False, False]  # rule 7.1.1
        self.adv = ATHENS  # holder of the advantage (rule 9)
        self.adv_lock = -1  # the holder may use it only when serial > adv_lock
        self.serial = 0  # counts phases and action phases
        self.hands = [[], []]  # stratagem chits held (front numbers)
        self.out_chits = []  # chits out of play (a red-numbered face was used)
        self.played = [False, False]  # played a stratagem in this action phase / phase B / phase E
        self.secret = [0, 0]  # faces chosen in secret in the current window, not yet revealed
        self.window = []  # sides still to choose in the current secret window
        self.window_kind = ""
        self.activated = 0  # zones activated in this action phase
        self.act_units = 0  # ... of which held own combat units when activated (leaders may leave by land)
        self.act_t = 0  # ... of which held own triremes when activated (leaders may leave by sea)
        self.umov = 0  # units free to move in this action phase (mask)
        self.umoved = 0  # units that have moved in this action phase
        self.lmov = 0
        self.lmoved = 0
        self.uorig = [OFF] * n_units  # where each unit started this action phase (for rule 6.1)
        self.lorig = [OFF] * n_leaders
        self.ferried = [0] * n_zones  # land units carried through each water zone this action phase
        self.fights = []  # zones still to fight after paying (rule 3.D step 3)
        self.combat = None  # the battle being fought (dict of plain values)
        self.retreat = None  # {"side", "zone", "pieces": [...], "surrender"}
        self.e_queue = []  # remaining end-of-turn operations: [side, "keep"|"recover"|"supply"]
        self.helots_done = 0  # Helot units that ran this turn
        self.recover_left = 0
        self.e_flags = {}  # stratagem effects active in this phase E
        self.cleared = 0  # zones whose difficult ground burned away (stratagem 6)
        self.storm = None  # a storm waiting for a possible re-roll
        self.last_combat = None
        self.result = None
        self.moves_made = 0

    def copy(self) -> SfacteriaState:
        s = SfacteriaState.__new__(SfacteriaState)
        s.turn = self.turn
        s.phase = self.phase
        s.step = self.step
        s.to_act = self.to_act
        s.initiative = self.initiative
        s.active = self.active
        s.pa = self.pa[:]
        s.budget = self.budget
        s.pa_roll = self.pa_roll[:]
        s.pa_bonus = self.pa_bonus[:]
        s.uz = self.uz[:]
        s.ured = self.ured[:]
        s.uarr = self.uarr[:]
        s.lz = self.lz[:]
        s.lstrat = self.lstrat[:]
        s.larr = self.larr[:]
        s.leaders_lost = self.leaders_lost[:]
        s.supply = self.supply[:]
        s.suspended = self.suspended[:]
        s.adv = self.adv
        s.adv_lock = self.adv_lock
        s.serial = self.serial
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.out_chits = self.out_chits[:]
        s.played = self.played[:]
        s.secret = self.secret[:]
        s.window = self.window[:]
        s.window_kind = self.window_kind
        s.activated = self.activated
        s.act_units = self.act_units
        s.act_t = self.act_t
        s.umov = self.umov
        s.umoved = self.umoved
        s.lmov = self.lmov
        s.lmoved = self.lmoved
        s.uorig = self.uorig[:]
        s.lorig = self.lorig[:]
        s.ferried = self.ferried[:]
        s.fights = self.fights[:]
        s.combat = dict(self.combat) if self.combat is not None else None
        s.retreat = ({**self.retreat, "pieces": list(self.retreat["pieces"])}
                     if self.retreat is not None else None)
        s.e_queue = [list(x) for x in self.e_queue]
        s.helots_done = self.helots_done
        s.recover_left = self.recover_left
        s.e_flags = dict(self.e_flags)
        s.cleared = self.cleared
        s.storm = dict(self.storm) if self.storm is not None else None
        s.last_combat = self.last_combat  # replaced, never changed in place
        s.result = self.result
        s.moves_made = self.moves_made
        return s

    def to_dict(self) -> dict:
        """Every field as plain JSON values (hidden information included; used for the digest)."""
        out = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if isinstance(value, dict):
                value = {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in value.items()}
            out[name] = value
        return out
