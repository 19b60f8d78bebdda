"""ipywidgets panels over a :class:`Session` (the session itself imports no widgets)."""

from .session import MODES, Outcome, Session

__all__ = ["MODES", "Outcome", "Session"]
