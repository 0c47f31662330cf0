"""A state's whole content as comparable data (for the undo and refusal checks)."""

from __future__ import annotations

from typing import Any


def snapshot(obj: Any, depth: int = 0, seen: frozenset = frozenset()) -> Any:
    """Everything an object holds, as comparable data: attributes of ``__dict__`` and
    ``__slots__`` alike, followed into lists, dicts and the objects they hold."""
    if obj is None or isinstance(obj, (bool, int, float, str, bytes)):
        return obj
    if id(obj) in seen or depth > 12:
        return ("<seen>", type(obj).__name__)
    seen = seen | {id(obj)}
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__, [snapshot(x, depth + 1, seen) for x in obj])
    if isinstance(obj, dict):
        return ("dict", [(snapshot(k, depth + 1, seen), snapshot(v, depth + 1, seen)) for k, v in obj.items()])
    if isinstance(obj, (set, frozenset)):
        return (type(obj).__name__, sorted(repr(x) for x in obj))
    fields: dict[str, Any] = dict(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                fields[name] = getattr(obj, name)
    if not fields:
        return (type(obj).__name__, repr(obj))
    return (type(obj).__name__, sorted((k, snapshot(v, depth + 1, seen)) for k, v in fields.items()))
