"""One subpackage per rulebook, imported only when played (see ``catalogue.toml``).

``peloponnesos.games`` is both this package (``peloponnesos.games.sfacteria``) and the function that
lists the collection: ``peloponnesos.games()`` — the module is made callable for that.
"""

import sys
import types


class _CallableGamesPackage(types.ModuleType):
    def __call__(self, include_planned: bool = True):
        """Every game in the collection (those still being built are marked ``planned``)."""
        from ..core.registry import games

        return games(include_planned)


sys.modules[__name__].__class__ = _CallableGamesPackage
