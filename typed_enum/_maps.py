"""Exhaustive member maps: a lookup table that must name every member.

A dict keyed by members silently goes stale when a member is added.
``exhaustive_map(Color, {...})`` refuses a table that misses a member, at
run time when it is built and, with the mypy plugin, at type-check time.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from operator import is_

from typed_enum._meta import TypedEnumType
from typed_enum._static import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from typing import Any

__all__ = ["EnumMap", "exhaustive_map"]

_E = TypeVar("_E", bound=enum.Enum)
_V = TypeVar("_V")
_V_co = TypeVar("_V_co", covariant=True)


def _member_label(enum_cls: type[enum.Enum], member: enum.Enum) -> str:
    return f"{enum_cls.__qualname__}.{member._name_}"


class EnumMap(Mapping[_E, _V_co]):
    """An immutable mapping with exactly one entry per member of an enum.

    Iterates in member declaration order.  Build it with ``exhaustive_map``.
    """

    __slots__ = ("_entries", "_enum")

    _enum: type[_E]
    _entries: dict[_E, _V_co]

    def __init__(self, enum_cls: type[_E], entries: Mapping[_E, _V_co], /) -> None:
        _set_entries(self, _checked(enum_cls, entries))
        _set_enum(self, enum_cls)

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


#: The slots' own setters: EnumMap refuses attribute assignment.
_slots: dict[str, Any] = dict(vars(EnumMap))
_set_enum = _slots["_enum"].__set__
_set_entries = _slots["_entries"].__set__
del _slots
_new_map = object.__new__


def _checked(enum_cls: type[_E], entries: Mapping[_E, _V], /) -> dict[_E, _V]:
    """The map's table: ``entries`` in member order, or the error that says what is wrong.

    The usual table, a dict of typed_enum members that has each member once,
    is settled by identity, in C: an enum member's ``__hash__`` is Python
    code, so a lookup per member would cost more than the dict literal
    itself.  Anything else (a missing member, a foreign key, a Flag
    combination, not a dict, not a typed_enum class, an open enum) takes the
    full check, which names every problem.
    """
    metaclass: type = type(enum_cls)
    if type(entries) is dict and metaclass is TypedEnumType:
        names = enum_cls._member_names_
        if len(entries) == len(names) and not getattr(enum_cls, "_te_open_", False):
            by_name: dict[str, Any] = enum_cls._member_map_
            if len(by_name) == len(names):  # no aliases: the values are the members
                members: list[_E] = list(by_name.values())
            else:
                members = list(map(by_name.__getitem__, names))
            keys = list(entries)
            if all(map(is_, keys, members)):  # the members, in their order
                return entries.copy()
            if set(map(id, keys)) == set(map(id, members)):  # the members, in another
                return {member: entries[member] for member in members}
    return _full_check(enum_cls, entries)


def _full_check(enum_cls: type[_E], entries: Mapping[_E, _V], /) -> dict[_E, _V]:
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
    table = {m: entries[m] for m in enum_cls}
    # Named Flag combinations are allowed as extra keys.
    for key in entries:
        table.setdefault(key, entries[key])
    return table


def exhaustive_map(enum_cls: type[_E], entries: Mapping[_E, _V], /) -> Mapping[_E, _V]:
    """An immutable ``Mapping`` from every member of ``enum_cls`` to a value.

    Raises ``ValueError`` naming the members ``entries`` misses and the keys
    that are not members; ``TypeError`` for an open enum, whose members are
    never all known.
    """
    # EnumMap(enum_cls, entries) without the class call and __init__ frame.
    result: EnumMap[_E, _V] = _new_map(EnumMap)
    _set_entries(result, _checked(enum_cls, entries))
    _set_enum(result, enum_cls)
    return result
