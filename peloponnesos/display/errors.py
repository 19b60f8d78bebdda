"""In a notebook, the package's own errors are shown as their one plain sentence, not a Python traceback.

Every error this package raises on purpose (:class:`~peloponnesos.core.errors.PeloponnesosError`: an illegal
move naming its rule, a damaged save, a tables file, a passage reference, the corpus not yet on the computer)
already says what went wrong and what to do, so IPython is asked to show only that line
("IllegalAction: Sfacteria 5: ..."). It is still an error (red, and a cell test such as nbval still fails on
it); a student who codes can type ``%tb`` for the whole traceback. Other exceptions are shown as usual.
"""

from __future__ import annotations


def _show(shell, etype, value, tb, tb_offset=None):  # IPython's custom exception handler signature
    shell.showtraceback((etype, value, tb), tb_offset=tb_offset, exception_only=True)


def install(shell=None) -> bool:
    """Show this package's errors as one line in the running IPython kernel (``True`` if there is one)."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    from ..core.errors import PeloponnesosError

    shell.set_custom_exc((PeloponnesosError,), _show)
    return True
