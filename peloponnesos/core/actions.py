"""Actions are small frozen value objects; each game declares its own as subclasses of :class:`Action`."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses whose fields are str, int, bool, None
    or tuples of them, so an action is hashable, comparable and saved as plain JSON."""

    kind: ClassVar[str] = "action"
    rule: ClassVar[str] = ""  # the rule section that governs this action ("4.2"), for rule cards

    def places(self) -> tuple[str, ...]:
        """The zones or areas this action concerns, the main one first (a map click selects by these)."""
        return ()

    def to_dict(self) -> dict[str, Any]:
        data = {"type": self.kind}
        for f in dataclasses.fields(self):
            data[f.name] = _to_json(getattr(self, f.name))
        return data

    @classmethod
    def from_fields(cls, fields: dict[str, Any]) -> Action:
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(fields) - names
        if unknown:
            raise ValueError(f"unknown field(s) {sorted(unknown)} for a {cls.kind!r} action")
        return cls(**{k: _from_json(v) for k, v in fields.items()})


def action_from_dict(data: Any, action_types: dict[str, type[Action]]) -> Action:
    """Rebuild an action from its dict, refusing anything that is not one of the game's own kinds."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"an action must be an object with a 'type', not {data!r:.80}")
    fields = dict(data)
    kind = fields.pop("type")
    cls = action_types.get(kind)
    if cls is None:
        raise ValueError(f"unknown action type {kind!r}; this game knows {', '.join(sorted(action_types))}")
    for value in fields.values():
        _check_plain(value)
    try:
        return cls.from_fields(fields)
    except TypeError as e:
        raise ValueError(f"bad fields for a {kind!r} action: {e}") from None


def _check_plain(value: Any) -> None:
    if isinstance(value, list):
        for v in value:
            _check_plain(v)
    elif not (value is None or isinstance(value, str | int | float | bool)):
        raise ValueError(f"action fields hold plain values only, not {type(value).__name__}")
