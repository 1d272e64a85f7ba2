"""Exhaustive member maps: a lookup table that must name every member.

A dict keyed by members silently goes stale when a member is added.
``exhaustive_map(Color, {...})`` refuses a table that misses a member, at
run time when it is built and, with the mypy plugin, at type-check time.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from typing import Generic, TypeVar

__all__ = ["EnumMap", "exhaustive_map"]

_E = TypeVar("_E", bound=enum.Enum)
_V = TypeVar("_V")
_V_co = TypeVar("_V_co", covariant=True)


def _member_label(enum_cls: type[enum.Enum], member: enum.Enum) -> str:
    return f"{enum_cls.__qualname__}.{member._name_}"


class EnumMap(Mapping[_E, _V_co], Generic[_E, _V_co]):
    """An immutable mapping with exactly one entry per member of an enum.

    Iterates in member declaration order.  Build it with ``exhaustive_map``.
    """

    __slots__ = ("_entries", "_enum")

    _enum: type[_E]
    _entries: dict[_E, _V_co]

    def __init__(self, enum_cls: type[_E], entries: Mapping[_E, _V_co], /) -> None:
        if not (isinstance(enum_cls, type) and issubclass(enum_cls, enum.Enum)):
            raise TypeError(
                f"exhaustive_map() needs an enum class as its first argument, not {enum_cls!r}"
            )
        name = enum_cls.__qualname__
        if getattr(enum_cls, "_te_open_", False):
            raise TypeError(
                f"exhaustive_map({name}): {name} is open, so no map can cover all of its "
                f"members; use a dict with a default for members added by extend()"
            )
        # By type, not equality: an IntEnum member of another enum (or a
        # plain int) equals a member with the same value.
        foreign = [key for key in entries if type(key) is not enum_cls]
        present = {key for key in entries if type(key) is enum_cls}
        missing = [m for m in enum_cls if m not in present]
        problems = []
        if missing:
            labels = ", ".join(_member_label(enum_cls, m) for m in missing)
            problems.append(f"missing {labels}")
        if foreign:
            problems.append(f"keys that are not {name} members: {', '.join(map(repr, foreign))}")
        if problems:
            raise ValueError(
                f"exhaustive_map({name}) has {'; and '.join(problems)}; give every {name} "
                f"member exactly one entry"
            )
        object.__setattr__(self, "_enum", enum_cls)
        object.__setattr__(self, "_entries", {m: entries[m] for m in enum_cls})
        # Named Flag combinations are allowed as extra keys.
        for key in entries:
            self._entries.setdefault(key, entries[key])

    @property
    def enum(self) -> type[_E]:
        """The enum class whose members are the keys."""
        return self._enum

    def __getitem__(self, key: _E) -> _V_co:
        return self._entries[key]

    def __iter__(self) -> Iterator[_E]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"EnumMap is immutable; cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"EnumMap is immutable; cannot delete {name!r}")

    def __repr__(self) -> str:
        body = ", ".join(f"{_member_label(self._enum, k)}: {v!r}" for k, v in self._entries.items())
        return f"exhaustive_map({self._enum.__qualname__}, {{{body}}})"

    def __reduce__(self) -> tuple[object, ...]:
        return (EnumMap, (self._enum, dict(self._entries)))


def exhaustive_map(enum_cls: type[_E], entries: Mapping[_E, _V], /) -> Mapping[_E, _V]:
    """An immutable ``Mapping`` from every member of ``enum_cls`` to a value.

    Raises ``ValueError`` naming the members ``entries`` misses and the keys
    that are not members; ``TypeError`` for an open enum, whose members are
    never all known.
    """
    return EnumMap(enum_cls, entries)
