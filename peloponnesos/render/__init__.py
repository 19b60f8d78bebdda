"""Plotly figures and plain-text descriptions of a board, from a player's observation (no widgets here).

``renderer_for("sfacteria")`` gives the game's renderer: ``map_figure()`` (a :class:`MapFigure`),
``tokens(observation)``, ``describe(observation)`` (for screen readers) and ``status(observation)``.
``draw(game, player)`` is a static figure for a notebook cell.
"""

from __future__ import annotations

import importlib

from .mapfig import Link, MapFigure, Region, Token, resync

RENDERERS = {
    "sfacteria": "peloponnesos.render.sfacteria:SfacteriaRenderer",
    "diceless": "peloponnesos.render.diceless:DicelessRenderer",
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
    mapfig.update(fig, renderer.tokens(observation), title=renderer.title(observation))
    if widget:
        resync(fig)
    return fig


def describe(game, player: str | None = None) -> str:
    """The board in plain sentences, for screen readers and for a text-only view."""
    return renderer_for(game.name).describe(game.observation(player))


__all__ = ["Link", "MapFigure", "Region", "Token", "describe", "draw", "renderer_for", "resync"]
