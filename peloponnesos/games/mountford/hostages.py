"""Mountford 5.6: hostages — who takes them, the ravaging ban they impose, their release by peace."""

from __future__ import annotations


def holder_for(game, winners: list[str]) -> str | None:
    """The major city-state that takes hostages for the winning side: the dominant one if several majors
    had SPs on that side (5.6), else the only one."""
    if not winners:
        return None
    dominant = [c for c in winners if game.cities[c].get("dominant")]
    return dominant[0] if (len(winners) > 1 and dominant) else winners[0]


def take(game, holder: str, victims: list[str]) -> None:
    """``holder`` takes hostages from each major in ``victims`` (once each)."""
    st = game.state
    for victim in victims:
        if victim != holder and [holder, victim] not in st.hostages:
            st.hostages.append([holder, victim])
            if game.log.enabled:
                game.event("hostages", f"{game.city_name(holder)} takes hostages from {game.city_name(victim)}.",
                           rule="5.6", holder=holder, hostage_of=victim)


def ravage_banned(game, cities: set[str], space: int) -> bool:
    """Whether a force of these city-states (its SPs' and its leader's) may not ravage ``space``: the home
    space of a major that holds hostages of one of them (5.6)."""
    home_of = game.space_home(space)
    return bool(home_of) and any([home_of, c] in game.state.hostages for c in cities)


def release(game, city: str, enemies: set[str]) -> None:
    """Peace between ``city`` and ``enemies`` frees the hostages they hold of each other (5.6, 6.5)."""
    st = game.state
    st.hostages = [h for h in st.hostages if not ({h[0], h[1]} & {city} and {h[0], h[1]} & enemies)]
