"""Open enums: enums that may gain members after the class is created.

A plugin registry or a protocol with vendor codes needs an enum whose
members are not all known when the class is written.  Only enums declared
``open=True`` accept ``extend()``; the type checker is told that no ``match``
over such an enum is ever exhaustive.
"""

from __future__ import annotations

import enum

from typed_enum._lookup import retired_name, retired_value
from typed_enum._static import TypeVar

__all__ = ["extend"]

_E = TypeVar("_E", bound=enum.Enum)


def _check_name(enum_cls: type[enum.Enum], name: object) -> str:
    qualname = enum_cls.__qualname__
    if not isinstance(name, str):
        raise TypeError(
            f"{qualname}.extend(): member name must be a str, not {type(name).__name__}"
        )
    from keyword import iskeyword  # here, not at import: extend() is rare (issue 46)

    if not name.isidentifier() or iskeyword(name):
        raise ValueError(f"{qualname}.extend(): {name!r} is not a valid identifier")
    if name.startswith("_"):
        raise ValueError(
            f"{qualname}.extend(): {name!r} starts with an underscore; _sunder_, __dunder__ "
            f"and _private names cannot be members"
        )
    if name in enum_cls._member_map_:
        raise ValueError(f"{qualname}.extend(): {name!r} is already a member of {qualname}")
    if hasattr(enum_cls, name):
        raise ValueError(
            f"{qualname}.extend(): {name!r} would shadow the attribute {qualname}.{name}; "
            f"choose another name"
        )
    return name


def _examples(enum_cls: type[enum.Enum]) -> str:
    values = [repr(member._value_) for member in list(enum_cls)[:3]]
    return f", such as {', '.join(values)}" if values else ""


def _check_value(enum_cls: type[enum.Enum], name: str, value: object) -> None:
    if issubclass(enum_cls, enum.Flag) and not isinstance(value, int):
        qualname = enum_cls.__qualname__
        raise TypeError(
            f"{qualname}.extend({name!r}, {value!r}): {qualname} is a Flag, whose members "
            f"are bits; pass an int value{_examples(enum_cls)}"
        )


def _forget_stale_flags(enum_cls: type[enum.Enum], value: int) -> None:
    """Drop what a Flag cached about combinations the new bits change.

    Flag caches pseudo-members (``F.A | F.B``, unknown bits kept by KEEP) and
    negative values (``~`` under KEEP) in ``_value2member_map_``, and each
    ``~member`` on the member.  A cached
    pseudo-member with the new bits would be found instead of the new
    member, or keep its old name; a cached ``~`` would lack the new bits.
    """
    members = {id(member) for member in enum_cls._member_map_.values()}
    cache = enum_cls._value2member_map_
    for key, cached in list(cache.items()):
        declared = id(cached) in members and cached._value_ == key
        if not declared and isinstance(key, int) and key & value:
            del cache[key]
    for cached in cache.values():
        vars(cached).pop("_inverted_", None)


def extend(enum_cls: type[_E], name: str, value: object) -> _E:
    """Add member ``name`` with ``value`` to the open enum ``enum_cls``.

    The member is made by stdlib's own member factory (``enum._proto_member``,
    the step every class-body member goes through), so it is iterated,
    looked up by name and value, and pickled like the declared ones.
    Uniqueness still holds: a value another member has is an error.  A
    failed ``extend()`` leaves the enum as it was.
    """
    qualname = enum_cls.__qualname__
    if not getattr(enum_cls, "_te_open_", False):
        raise TypeError(
            f"{qualname} is closed, so extend() cannot add members to it; declare it "
            f"with class {qualname}(..., open=True) if members may be added at run time"
        )
    retired = retired_name(enum_cls, name) or retired_value(enum_cls, value)
    if retired is not None:
        raise ValueError(f"{qualname}.extend({name!r}, {value!r}): {retired}")
    _check_name(enum_cls, name)
    _check_value(enum_cls, name, value)
    if isinstance(value, int) and issubclass(enum_cls, enum.Flag):
        _forget_stale_flags(enum_cls, value)
    unhashable: list[object] = getattr(enum_cls, "_unhashable_values_", [])
    unhashable_count = len(unhashable)
    proto = enum._proto_member(value)  # type: ignore[attr-defined]
    type.__setattr__(enum_cls, name, proto)
    try:
        proto.__set_name__(enum_cls, name)
    except (TypeError, ValueError) as exc:
        # stdlib removes the placeholder first, so the enum is unchanged.
        if vars(enum_cls).get(name) is proto:
            type.__delattr__(enum_cls, name)
        error = TypeError if isinstance(exc, TypeError) else ValueError
        raise error(
            f"{qualname}.extend({name!r}, {value!r}): cannot make a {qualname} member "
            f"from {value!r} ({exc}); pass a value of the kind its members have"
            f"{_examples(enum_cls)}"
        ) from exc
    member = enum_cls._member_map_[name]
    if member._name_ != name:
        # stdlib made it an alias of an existing member: undo, then refuse.
        del enum_cls._member_map_[name]
        if name in enum_cls.__dict__:
            type.__delattr__(enum_cls, name)
        del unhashable[unhashable_count:]
        getattr(enum_cls, "_unhashable_values_map_", {}).pop(name, None)
        raise ValueError(
            f"duplicate value {member._value_!r} in enum {qualname}: {qualname}.extend() "
            f"was given {name!r} with the value of {member._name_!r}; values are unique, "
            f"so give {name} a value of its own"
        )
    if issubclass(enum_cls, enum.Flag):
        # As at class creation: bits declared out of value order make
        # combinations list (and name) their bits in declaration order.
        values = [flag._value_ for flag in enum_cls]
        if values != sorted(values):
            type.__setattr__(enum_cls, "_iter_member_", enum_cls._iter_member_by_def_)  # type: ignore[attr-defined]
    assert isinstance(member, enum_cls)
    return member
