"""Plotly figures and plain-text descriptions of a board, from a player's observation (no widgets here).

``renderer_for("sfacteria")`` gives the game's renderer. What a panel asks of it (``duel.py`` is the
smallest complete example):

* ``map_figure()`` — a :class:`MapFigure` of the board (regions, links, sides);
* ``tokens(observation)`` — the counters (:class:`Token`; ``stack=True`` pieces stack and open on a click);
* ``title``, ``status`` and ``describe(observation)`` — the map's title, a few rows of state, the board in
  sentences (for screen readers);
* ``words(text)`` — a log line or prompt with internal codes replaced by words;
* ``choice(action, observation)`` — an action in words, with the place and piece it groups under
  (:class:`~peloponnesos.render.choices.Choice`; without it a panel reads the action's usual fields);
* ``control(observation)`` — who holds each place (tinted and patterned on the map);
* ``key_items()`` — extra lines for the key under the map.

``draw(game, player)`` is a static figure for a notebook cell.
"""

from __future__ import annotations

import importlib

from .mapfig import Link, MapFigure, Region, Token, resync

RENDERERS = {
    "sfacteria": "peloponnesos.render.sfacteria:SfacteriaRenderer",
    "diceless": "peloponnesos.render.diceless:DicelessRenderer",
    "duel": "peloponnesos.render.duel:DuelRenderer",
}


def renderer_for(name: str, **kwargs):
    """The renderer of game ``name`` (its map, tokens, description)."""
    if name not in RENDERERS:
        raise ValueError(f"there is no map for {name!r}; maps exist for: {', '.join(RENDERERS)}")
    module, _, cls = RENDERERS[name].partition(":")
    return getattr(importlib.import_module(module), cls)(**kwargs)


def draw(game, player: str | None = None, *, widget: bool = False):
    """A figure of ``game`` as ``player`` sees it (``None``: what both may see)."""
    renderer = renderer_for(game.name)
    observation = game.observation(player)
    mapfig = renderer.map_figure()
    fig = mapfig.build(widget=widget)
    control = renderer.control(observation) if hasattr(renderer, "control") else None
    mapfig.update(fig, renderer.tokens(observation), title=renderer.title(observation), control=control)
    if widget:
        resync(fig)
    return fig


def describe(game, player: str | None = None) -> str:
    """The board in plain sentences, for screen readers and for a text-only view."""
    return renderer_for(game.name).describe(game.observation(player))


__all__ = ["Link", "MapFigure", "Region", "Token", "describe", "draw", "renderer_for", "resync"]
