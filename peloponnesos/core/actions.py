"""Actions are small frozen value objects; each game declares its own as subclasses of :class:`Action`."""

from __future__ import annotations

import dataclasses
import types
import typing
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
            raise ValueError(f"unknown field(s) {', '.join(sorted(map(str, unknown)))} for {_a(cls.kind)} action; "
                             f"its fields: {', '.join(f.name for f in dataclasses.fields(cls)) or 'none'}")
        return cls(**{k: _from_json(v) for k, v in fields.items()})

    def field_problem(self) -> str | None:
        """Plain words for the first field that is not of the kind its class declares (``None``: all fine).
        Actions built by hand (``PlaceChit("Coup", ["corinth"])``) or read from a file are checked with this
        before the rules look at them, so a wrong kind of value is refused like any illegal action."""
        simple, checks = _field_checks(type(self))
        if simple is not None:  # fields of plain kinds only: one look at each value's type
            for name, kinds in simple:
                if type(getattr(self, name)) not in kinds:
                    break
            else:
                return None
        for name, accepts, words in checks:
            value = getattr(self, name)
            if not accepts(value):
                return (f"the {name.replace('_', ' ')} of {_a(self.kind)} action must be {words}, "
                        f"not {_shown(value)}")
        return None


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
    required = [f.name for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    missing = [name for name in required if name not in fields]
    if missing:
        raise ValueError(f"{_a(kind)} action needs the field(s) {', '.join(required)}; "
                         f"this one lacks {', '.join(missing)}")
    try:
        return cls.from_fields(fields)
    except TypeError as e:
        raise ValueError(f"bad fields for {_a(kind)} action: {e}") from None


def _a(kind: str) -> str:
    """"a 'form'", "an 'activate'": the kind of an action with its article."""
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind!r}"


def _check_plain(value: Any) -> None:
    if isinstance(value, list):
        for v in value:
            _check_plain(v)
    elif not (value is None or isinstance(value, str | int | float | bool)):
        raise ValueError(f"action fields hold plain values only, not {type(value).__name__}")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_CHECKS: dict[type, tuple] = {}


_PLAIN_KINDS = {str: (str,), int: (int,), bool: (bool,), type(None): (type(None),)}


def _field_checks(cls: type) -> tuple:
    """For an action class (cached): the fast form — (field name, allowed value types) for each field, or
    ``None`` if some field is not of a plain kind — and (field name, test, words) for every field."""
    found = _CHECKS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        fields = dataclasses.fields(cls)
        simple = []
        for f in fields:
            hint = hints.get(f.name, Any)
            parts = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
            if not all(p in _PLAIN_KINDS for p in parts):
                simple = None
                break
            simple.append((f.name, frozenset(k for p in parts for k in _PLAIN_KINDS[p])))
        checks = tuple((f.name, *_checker(hints.get(f.name, Any))) for f in fields)
        found = _CHECKS[cls] = (tuple(simple) if simple is not None else None, checks)
    return found


def _checker(hint: Any) -> tuple:
    """A test for values of the annotation ``hint`` and the words that say what it expects."""
    if hint is Any:
        return _is_plain_hashable, "a plain value"
    if hint is bool:
        return (lambda v: v is True or v is False), "true or false"
    if hint is int:
        return (lambda v: type(v) is int), "a whole number"
    if hint is float:
        return (lambda v: type(v) in (int, float) and v == v and v not in (float("inf"), float("-inf"))), "a number"
    if hint is str:
        return (lambda v: type(v) is str), "text"
    if hint is type(None):
        return (lambda v: v is None), "nothing (None)"
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        parts = [_checker(a) for a in args]
        return (lambda v: any(test(v) for test, _ in parts)), " or ".join(words for _, words in parts)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            test, words = _checker(args[0])
            return (lambda v: type(v) is tuple and all(test(x) for x in v)), f"a list of {words}"
        parts = [_checker(a) for a in args]
        tests = [t for t, _ in parts]

        def fixed(v: Any) -> bool:
            return type(v) is tuple and len(v) == len(tests) and all(t(x) for t, x in zip(tests, v, strict=True))

        return fixed, f"a list of {len(parts)} values"
    return _is_plain_hashable, "a plain value"


def _is_plain_hashable(value: Any) -> bool:
    if type(value) is tuple:
        return all(_is_plain_hashable(v) for v in value)
    return value is None or type(value) in (str, int, float, bool)
