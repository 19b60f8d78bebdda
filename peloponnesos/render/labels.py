"""Names on a map that never overprint each other, the places' dots or the counters' usual spots.

Every label is placed in screen pixels (y down) at the size the map is drawn: first where the map's data
prefers it, else at the first free spot around its place (below, above, right, left, the corners), ring by
ring further out. A label pushed away from its place gets a thin line back to it. Boxes are estimated from
the characters (no font metrics are available in the kernel), a little generously, so that real fonts fit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in pixels, y down

# Widths of characters in ems for a sans-serif such as Verdana or DejaVu Sans (wide fonts: an overestimate
# for Arial), so the estimated box holds the real text.
_NARROW = set("il.,:;'|!ɪ ")
_WIDE = set("MWmw@%★")
POSITIONS = ("bottom center", "top center", "middle right", "middle left",
             "bottom right", "bottom left", "top right", "top left")
RINGS = 10
# a name may graze a counter's spot (this share of the name's area); more, and a pupil cannot read it under the
# counter: any free place within the rings is better
GRAZE = 0.08
_CELL = 64.0  # pixels: the grid the placer finds the names near a box by


def text_width(text: str, size: float) -> float:
    """The width of ``text`` in pixels at font ``size`` (an estimate on the wide side)."""
    em = 0.0
    for ch in text:
        if ch in _NARROW:
            em += 0.34
        elif ch in _WIDE:
            em += 0.92
        elif ch.isupper() or ch.isdigit():
            em += 0.70
        else:
            em += 0.60
    return em * size + 2


def line_height(size: float) -> float:
    return size * 1.2


@dataclass(frozen=True, slots=True)
class LabelSpec:
    """A name to write: at ``anchor`` (pixels), beside a dot of ``radius`` (0 for a zone's own label)."""

    key: str
    text: str
    size: float
    anchor: tuple[float, float]
    radius: float = 0.0
    position: str = "middle center"  # preferred place, as plotly's textposition ("bottom center" …)
    movable: bool = True  # False: written where asked whatever is there (the boxes of a track)
    short: str = ""  # a shorter name ("T6" for "T6 Pylos"), written near its place rather than the long one far


@dataclass(frozen=True, slots=True)
class PlacedLabel:
    key: str
    text: str
    size: float
    box: Box
    leader: tuple[tuple[float, float], tuple[float, float]] | None = None  # a line from the place to the name
    clear: bool = True  # False: no free spot was found (a test fails on this)

    @property
    def baseline(self) -> tuple[float, float]:
        """Where SVG writes the text (``text-anchor="start"``)."""
        x0, y0, _, y1 = self.box
        return x0 + 1, y0 + (y1 - y0) * 0.5 + self.size * 0.36

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return (x0 + x1) / 2, (y0 + y1) / 2


def box_at(spec: LabelSpec, position: str, gap: float) -> Box:
    """The box of ``spec``'s text at ``position`` around its anchor, ``gap`` pixels away from it."""
    w, h = text_width(spec.text, spec.size), line_height(spec.size)
    ax, ay = spec.anchor
    vertical, _, horizontal = position.partition(" ")
    diagonal = vertical != "middle" and horizontal != "center"
    # at a corner, a little nearer, but clear of the box round its own dot (a name there was always in it)
    g = max(gap * 0.75, spec.radius + 2) if diagonal else gap
    if horizontal == "right":
        x0 = ax + g
    elif horizontal == "left":
        x0 = ax - g - w
    else:
        x0 = ax - w / 2
    if vertical == "bottom":
        y0 = ay + g
    elif vertical == "top":
        y0 = ay - g - h
    else:
        y0 = ay - h / 2
    return x0, y0, x0 + w, y0 + h


def overlap(a: Box, b: Box, pad: float = 1.0) -> float:
    """The area two boxes share (``pad`` pixels of air counted as part of each)."""
    w = (a[2] if a[2] < b[2] else b[2]) - (a[0] if a[0] > b[0] else b[0]) + pad
    if w <= 0:
        return 0.0
    h = (a[3] if a[3] < b[3] else b[3]) - (a[1] if a[1] > b[1] else b[1]) + pad
    return w * h if h > 0 else 0.0


def _shared(box: Box, boxes: list[Box], pad: float) -> float:
    """The area ``box`` shares with all of ``boxes`` together (``overlap``, summed; written out: it is called for
    every place tried)."""
    a0, a1, a2, a3 = box
    total = 0.0
    for b0, b1, b2, b3 in boxes:
        w = (a2 if a2 < b2 else b2) - (a0 if a0 > b0 else b0) + pad
        if w > 0:
            h = (a3 if a3 < b3 else b3) - (a1 if a1 > b1 else b1) + pad
            if h > 0:
                total += w * h
    return total


def hidden(box: Box, counters: list[Box]) -> float:
    """The share of ``box`` (a name's) that ``counters`` cover."""
    return _shared(box, counters, 0.0) / max((box[2] - box[0]) * (box[3] - box[1]), 1e-9)


def inside(box: Box, bounds: Box) -> bool:
    return box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2] and box[3] <= bounds[3]


def _candidates(spec: LabelSpec):
    """(position, gap, ring) to try, nearest first: the preferred place, then around it ring by ring."""
    step = spec.size * 0.6
    first = spec.radius + 3 if spec.radius else 0.0
    if spec.position == "middle center" and not spec.radius:
        yield "middle center", 0.0, 0
        first = line_height(spec.size) * 0.55
    for ring in range(RINGS):
        gap = first + ring * step
        order = [spec.position] + [p for p in POSITIONS if p != spec.position] if ring == 0 else POSITIONS
        for position in order:
            if position == "middle center":
                continue
            yield position, gap, ring + (0 if spec.radius else 1)


def air(size: float) -> tuple[float, float]:
    """The room (x, y in pixels) kept clear between two names of font ``size``: side by side closer than about
    two spaces, or one on top of the other with no line between, they read as one name ("Samos Ionia")."""
    return size * 0.6, size * 0.2


def apart(a: Box, b: Box, gx: float, gy: float) -> bool:
    """Are boxes ``a`` and ``b`` at least ``gx`` pixels apart side by side or ``gy`` one above the other?"""
    return a[2] + gx <= b[0] or b[2] + gx <= a[0] or a[3] + gy <= b[1] or b[3] + gy <= a[1]


@dataclass(slots=True)
class _Option:
    """A place a name may take, and what it costs there before the other names are counted."""

    box: Box
    text: str
    ring: int
    cost: float
    clash: float  # the area it covers of an obstacle (a dot, a note, a fixed name)


def _options(spec: LabelSpec, hard: list[Box], soft: list[Box], counters: list[Box], dots: list,
             bounds: Box, near_only: bool = False) -> list[_Option]:
    """Every place ``spec`` may take inside ``bounds``, cheapest first: off the ``counters`` (a graze at most),
    near its place, at its preferred side, off the ``soft`` boxes (the counters' usual spots), plainly its own
    place's name (no other dot nearer) and whole rather than shortened."""
    tries = []
    for text, position, gap, ring in _tries(spec):
        if near_only and ring >= 2:
            continue
        box = box_at(spec if text == spec.text else _shortened(spec), position, gap)
        if inside(box, bounds):
            tries.append((text, position, ring, box))
    if not tries:
        return []
    # only the boxes that can touch one of these places count
    x0, y0 = min(t[3][0] for t in tries) - 1, min(t[3][1] for t in tries) - 1
    x1, y1 = max(t[3][2] for t in tries) + 1, max(t[3][3] for t in tries) + 1

    def near(boxes):
        return [b for b in boxes if b[2] >= x0 and b[0] <= x1 and b[3] >= y0 and b[1] <= y1]

    hard_near, soft_near, counters_near = near(hard), near(soft), near(counters)
    ax, ay = spec.anchor
    # a dot a reader could take a name for is less than 1.3 times as far from the name's middle as its own dot
    # (``_misleading``): with that middle at most √2 × the reach below from the place, within 2.3 × √2 ≈ 3.3 of it
    r = max(x1 - ax, ax - x0, y1 - ay, ay - y0) * 3.3
    dots_near = [(k, xy) for k, xy in dots if k != spec.key and abs(xy[0] - ax) <= r and abs(xy[1] - ay) <= r]
    unit = spec.size * spec.size
    out = []
    for text, position, ring, box in tries:
        clash = _shared(box, hard_near, 1.0)
        vertical, _, horizontal = position.partition(" ")
        diagonal = vertical != "middle" and horizontal != "center"
        # a name at a corner of its dot, further out, is as near another place's: worse ring by ring
        side = (0.0 if position == spec.position else 0.3) + (0.3 + 0.5 * ring if diagonal else 0.0)
        near_cost = ring * 0.8 + side + (0.6 if text != spec.text else 0.0)
        if clash:  # over a dot or a fixed name: only if nothing else fits, nearest first
            out.append(_Option(box, text, ring, 1e6 + clash * 50 + near_cost * unit, clash))
            continue
        area = (box[2] - box[0]) * (box[3] - box[1])
        covered = _shared(box, soft_near, 0.0) / area
        # under a counter: a graze costs little, more costs more than going a ring out (or ten)
        under_share = _shared(box, counters_near, 0.0) / area
        if near_only and under_share > GRAZE:
            continue  # no room beside its place but under a counter
        under = 12 * under_share * under_share if under_share <= GRAZE else 40 + 100 * under_share
        cost = (near_cost + 12 * covered * covered + under) * unit + _misleading(spec, box, dots_near)
        out.append(_Option(box, text, ring, cost, clash))
    out.sort(key=lambda o: o.cost)
    return out


def place_labels(specs: Sequence[LabelSpec], obstacles: Iterable[Box], bounds: Box,
                 soft: Iterable[Box] = (), passes: int = 3, counters: Iterable[Box] = (),
                 near_only: bool = False) -> list[PlacedLabel]:
    """Place ``specs``: each name where it overprints no other name and no obstacle (a place's dot), off the
    ``counters`` on the board (a name under one is hidden from the class) but for a graze wherever a place
    within the rings is free of them, as near its place as it can, and off the ``soft`` spots (where counters
    usually stand, lines drawn over the map) if it can. Names keep
    ``air`` between them, so that two never read as one. The most crowded names are placed first, each at its
    cheapest free place; then, ``passes`` times, a name put far (or on a counter's spot …) takes a better place
    if the one name in its way can move to another for less than it gains. Fixed ones (``movable=False``) are
    written exactly where asked. ``near_only``: a name is only tried beside its place (never out on a leader
    line, nor under a counter); one with no room there is returned ``clear=False`` and leaves the others room."""
    hard: list[Box] = list(obstacles)
    soft, counters = list(soft), list(counters)
    placed: dict[str, PlacedLabel] = {}
    for spec in specs:  # written where asked: the others go round them
        if not spec.movable:
            box = box_at(spec, spec.position, spec.radius + 3 if spec.radius else 0.0)
            placed[spec.key] = PlacedLabel(spec.key, spec.text, spec.size, box)
            hard.append(box)
    movable = [s for s in specs if s.movable]
    reach = {s.key: 3.5 * text_width(s.text, s.size) for s in movable}
    crowd = {s.key: sum(1 for o in movable if o is not s and abs(o.anchor[0] - s.anchor[0]) < reach[s.key]
                        and abs(o.anchor[1] - s.anchor[1]) < reach[s.key] / 2) for s in movable}
    dots = [(s.key, s.anchor) for s in movable if s.radius]
    order = sorted(movable, key=lambda s: -crowd[s.key])
    options = {s.key: _options(s, hard, soft, counters, dots, bounds, near_only) for s in movable}
    by_key = {s.key: s for s in movable}
    at: dict[str, _Option] = {}  # where each movable name is now
    # the names placed, by the squares of a grid their boxes touch: only those near a box can be in its way
    grid: dict[tuple[int, int], set[str]] = {}
    widest = air(max((s.size for s in movable), default=0.0))

    def cells(box: Box):
        for i in range(int(box[0] // _CELL), int(box[2] // _CELL) + 1):
            for j in range(int(box[1] // _CELL), int(box[3] // _CELL) + 1):
                yield i, j

    def put(key: str, option: _Option) -> None:
        if key in at:
            take(key)
        at[key] = option
        for cell in cells(option.box):
            grid.setdefault(cell, set()).add(key)

    def take(key: str) -> _Option:
        option = at.pop(key)
        for cell in cells(option.box):
            grid[cell].discard(key)
        return option

    def blockers(key: str, option: _Option, skip: frozenset = frozenset()) -> list[str]:
        size = by_key[key].size
        x0, y0, x1, y1 = option.box
        near: set[str] = set()
        for cell in cells((x0 - widest[0], y0 - widest[1], x1 + widest[0], y1 + widest[1])):
            near.update(grid.get(cell, ()))
        out = []
        for other in sorted(near):
            if other != key and other not in skip:
                gx, gy = air(max(size, by_key[other].size))
                if not apart(option.box, at[other].box, gx, gy):
                    out.append(other)
        return out

    def best(key: str, skip: frozenset = frozenset()) -> tuple[_Option | None, float]:
        """The cheapest place for ``key`` among the names placed (but those in ``skip``)."""
        fallback, fallback_cost = None, 0.0
        for option in options[key]:
            if fallback is not None and option.cost >= fallback_cost:
                break
            crossing = blockers(key, option, skip)
            if not crossing:
                return option, option.cost
            cost = option.cost + 1e6 * len(crossing)
            if fallback is None or cost < fallback_cost:
                fallback, fallback_cost = option, cost
        return fallback, fallback_cost

    for spec in order:
        option, _ = best(spec.key)
        if option is not None:
            put(spec.key, option)
    for _ in range(passes):
        moved = False
        for spec in sorted((s for s in order if s.key in at), key=lambda s: -at[s.key].cost):
            key = spec.key
            now = at[key]
            if now.cost <= options[key][0].cost + 1e-9:
                continue  # at its best already
            now_cost = now.cost + 1e6 * len(blockers(key, now))
            for option in options[key]:
                if option.cost >= now_cost - 1e-9:
                    break
                crossing = blockers(key, option)
                if not crossing:
                    put(key, option)
                    moved = True
                    break
                if len(crossing) != 1:
                    continue
                other = crossing[0]
                before = now_cost + at[other].cost + 1e6 * len(blockers(other, at[other], frozenset([key])))
                old_other = take(other)
                put(key, option)
                alternative, alt_cost = best(other)
                if alternative is not None and option.cost + alt_cost < before - 1e-9:
                    put(other, alternative)
                    moved = True
                    break
                put(key, now)
                put(other, old_other)
        if not moved:
            break
    for spec in movable:
        option = at.get(spec.key)
        if option is None:  # nothing fits inside the map: keep the preferred place
            box = box_at(spec, spec.position, spec.radius + 3 if spec.radius else 0.0)
            placed[spec.key] = PlacedLabel(spec.key, spec.text, spec.size, box, clear=False)
            continue
        clear = not option.clash and not blockers(spec.key, option)
        leader = _leader(spec, option.box) if option.ring >= 2 else None
        placed[spec.key] = PlacedLabel(spec.key, option.text, spec.size, option.box, leader, clear=clear)
    return [placed[s.key] for s in specs]


def _misleading(spec: LabelSpec, box: Box, dots: list) -> float:
    """A cost for a name about as near to another place's dot as to its own, or nearer (a reader could take it
    for that one's): its middle less than a third further from that dot than from its own."""
    if not dots:
        return 0.0
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    ax, ay = spec.anchor
    own = ((cx - ax) ** 2 + (cy - ay) ** 2) * 1.7
    closer = sum(1 for key, (x, y) in dots if key != spec.key and (cx - x) ** 2 + (cy - y) ** 2 < own)
    return closer * spec.size * spec.size * 4


def _shortened(spec: LabelSpec) -> LabelSpec:
    return LabelSpec(spec.key, spec.short, spec.size, spec.anchor, spec.radius, spec.position, spec.movable)


def _tries(spec: LabelSpec):
    """(text, position, gap, ring): the whole name near its place; then, if it has one, the short name near its
    place; then the whole name further out."""
    near = [c for c in _candidates(spec) if c[2] <= 1]
    far = [c for c in _candidates(spec) if c[2] > 1]
    yield from ((spec.text, *c) for c in near)
    if spec.short:
        short = _shortened(spec)
        yield from ((spec.short, *c) for c in _candidates(short) if c[2] <= 1)
    yield from ((spec.text, *c) for c in far)


def _leader(spec: LabelSpec, box: Box) -> tuple[tuple[float, float], tuple[float, float]]:
    """A line from the edge of the place's dot to the nearest point of the label's box."""
    ax, ay = spec.anchor
    bx = min(max(ax, box[0]), box[2])
    by = min(max(ay, box[1]), box[3])
    dx, dy = bx - ax, by - ay
    d = (dx * dx + dy * dy) ** 0.5 or 1.0
    r = spec.radius
    return (ax + dx / d * r, ay + dy / d * r), (bx, by)


def rotated_box(x: float, y: float, text: str, size: float, angle: float) -> Box:
    """The upright box around a text centred at (x, y) and turned by ``angle`` degrees."""
    import math

    w, h = text_width(text, size), line_height(size)
    c, s = abs(math.cos(math.radians(angle))), abs(math.sin(math.radians(angle)))
    bw, bh = w * c + h * s, w * s + h * c
    return x - bw / 2, y - bh / 2, x + bw / 2, y + bh / 2
