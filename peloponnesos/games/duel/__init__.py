"""Battle of the Champions: the example game that shows the kernel at work (and is the template)."""

from .engine import DuelGame, StandFirm, Strike

__all__ = ["DuelGame", "StandFirm", "Strike"]
