"""The war around the games: its timeline, the alliances of 431 on a real map, the ground of Pylos measured,
and the sources of the Pylos enquiry (lessons 07–09, the printable pack).

    from peloponnesos.history import timeline, places, alliances_431, describe_alliances, terrain, pylos
    timeline(431, 421)                   # the Archidamian War, oldest first (Event: year, season, title, passages)
    timeline(kind="plague")              # the plague of 430 and its return in 427/6
    places()                             # where each game and lesson falls (Place: start, end, game, lessons)
    alliances_431()                      # every place on a real map with its side in 431 (Thucydides 2.9)
    terrain.measure("island").km         # the bay of Pylos measured on its GSHHG shoreline, in km and stades
    pylos.sources()                      # Thucydides, Diodorus, Pausanias, the Agora shield, Aristophanes
    pylos.claims()                       # what each of them says about five questions (corroboration)

Figures are in :mod:`peloponnesos.render.history`; printable pages in :mod:`peloponnesos.printables`. Every line of
the data files (``data/*.toml``) is in our own words, with the passages it rests on.
"""

from . import pylos, terrain
from .alliances import AlliedPlace, alliances_431, by_side, coastline, describe_alliances
from .timeline import Event, Place, TimelineError, event, places, timeline

__all__ = ["AlliedPlace", "Event", "Place", "TimelineError", "alliances_431", "by_side", "coastline",
           "describe_alliances", "event", "places", "pylos", "terrain", "timeline"]
