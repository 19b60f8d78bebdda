"""Mountford 5.4: allocating battle losses.

Losses come only from SPs that took part. The player of the losing side picks them one SP at a time
(``TakeLoss``); a pick is offered only if the rest can still be allocated within the rules:

* a land loss includes at least one hoplite SP if any took part (5.2);
* if more than one SP is lost and a major city-state took part, at least one SP is a major's (a major
  may pass losses to its minor allies, but not all of them);
* if several major city-states took part, the dominant one (scenario_431.toml: Athens, Sparta) takes at
  least one SP (majors of one side always agree here: one player runs them, CLARIFICATIONS 5.4).
"""

from __future__ import annotations

from itertools import combinations

from .actions import TakeLoss

ARM_INDEX = {"H": 0, "C": 1, "N": 2}


def new_loss(game, k: int, arm: str, count: int, entries: list) -> dict | None:
    """A pending loss of ``count`` SPs of ``arm`` ("naval" or "land") for side ``k``; ``entries`` are the
    participating [where, city, h, c, n] of that side and arm (counts as they stand now)."""
    avail = _avail(entries, arm)
    total = sum(avail.values())
    count = min(count, total)
    if count <= 0:
        return None
    majors = {c for (c, _a) in avail if game.cities[c].get("major")}
    reqs = []
    if arm == "land" and any(a == "H" for (_c, a) in avail):
        reqs.append("H")
    if count >= 2 and majors:
        reqs.append("major")
    dominant = [c for c in majors if game.cities[c].get("dominant")]
    if len(majors) >= 2 and dominant:
        reqs.append("dominant:" + dominant[0])
    return {"k": k, "arm": arm, "count": count, "reqs": reqs, "taken": []}


def _avail(entries: list, arm: str) -> dict[tuple[str, str], int]:
    avail: dict[tuple[str, str], int] = {}
    for _where, city, h, c, n in entries:
        if arm == "naval":
            if n:
                avail[(city, "N")] = avail.get((city, "N"), 0) + n
        else:
            if h:
                avail[(city, "H")] = avail.get((city, "H"), 0) + h
            if c:
                avail[(city, "C")] = avail.get((city, "C"), 0) + c
    return avail


def _covers(game, pick: tuple[str, str], req: str) -> bool:
    city, arm = pick
    if req == "H":
        return arm == "H"
    if req == "major":
        return bool(game.cities[city].get("major"))
    return city == req.split(":", 1)[1]


def _feasible(game, left: int, avail: dict, reqs: list[str]) -> bool:
    if sum(avail.values()) < left:
        return False
    if not reqs:
        return True
    if left <= 0:
        return False
    tokens = []
    for key, cnt in avail.items():
        tokens.extend([key] * min(cnt, len(reqs)))
    for size in range(1, min(left, len(reqs)) + 1):
        for combo in combinations(tokens, size):
            if all(any(_covers(game, p, r) for p in combo) for r in reqs):
                return True
    return False


def options(game, loss: dict, entries: list) -> list[TakeLoss]:
    """Mountford 5.4: each SP whose loss still lets the rest of the loss be allocated within the rules."""
    avail = _avail(entries, loss["arm"])
    left = loss["count"] - len(loss["taken"])
    out = []
    for key in sorted(avail):
        if avail[key] <= 0:
            continue
        rest = dict(avail)
        rest[key] -= 1
        reqs = [r for r in loss["reqs"] if not _covers(game, key, r)]
        if _feasible(game, left - 1, rest, reqs):
            out.append(TakeLoss(key[0], key[1]))
    return out


def take(loss: dict, pick: TakeLoss) -> None:
    """Mountford 5.4: note the SP taken and the requirements it meets."""
    loss["taken"].append([pick.city, pick.arm])
    loss["reqs"] = [r for r in loss["reqs"] if not (
        (r == "H" and pick.arm == "H") or (r.startswith("dominant:") and r.split(":", 1)[1] == pick.city))]


def settle_major_req(game, loss: dict, pick: TakeLoss) -> None:
    """Mountford 5.4: a major's SP meets the requirement that a major lose one."""
    if game.cities[pick.city].get("major"):
        loss["reqs"] = [r for r in loss["reqs"] if r != "major"]
