"""Open enums: enums that may gain members after the class is created.

A plugin registry or a protocol with vendor codes needs an enum whose
members are not all known when the class is written.  Only enums declared
``open=True`` accept ``extend()``; the type checker is told that no ``match``
over such an enum is ever exhaustive.
"""

from __future__ import annotations

import enum
import keyword
from typing import TypeVar

from typed_enum._unique import duplicate_error

__all__ = ["extend"]

_E = TypeVar("_E", bound=enum.Enum)


def _check_name(enum_cls: type[enum.Enum], name: object) -> str:
    qualname = enum_cls.__qualname__
    if not isinstance(name, str):
        raise TypeError(
            f"{qualname}.extend(): member name must be a str, not {type(name).__name__}"
        )
    if not name.isidentifier() or keyword.iskeyword(name):
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


def extend(enum_cls: type[_E], name: str, value: object) -> _E:
    """Add member ``name`` with ``value`` to the open enum ``enum_cls``.

    The member is made by stdlib's own member factory (``enum._proto_member``,
    the step every class-body member goes through), so it is iterated,
    looked up by name and value, and pickled like the declared ones.
    Uniqueness still holds: a value another member has is an error.
    """
    qualname = enum_cls.__qualname__
    if not getattr(enum_cls, "_te_open_", False):
        raise TypeError(
            f"{qualname} is closed, so extend() cannot add members to it; declare it "
            f"with class {qualname}(..., open=True) if members may be added at run time"
        )
    _check_name(enum_cls, name)
    proto = enum._proto_member(value)  # type: ignore[attr-defined]
    type.__setattr__(enum_cls, name, proto)
    proto.__set_name__(enum_cls, name)
    member = enum_cls._member_map_[name]
    if member._name_ != name:
        # stdlib made it an alias of an existing member: undo, then refuse.
        del enum_cls._member_map_[name]
        if name in enum_cls.__dict__:
            type.__delattr__(enum_cls, name)
        raise duplicate_error(enum_cls, name, member._name_, member._value_)
    assert isinstance(member, enum_cls)
    return member
