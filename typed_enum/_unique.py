"""Unique values by default: a duplicate must be declared with ``alias()``."""

from __future__ import annotations

import enum

from typed_enum._static import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Collection, Sequence

__all__ = ["check_unique", "duplicate_error"]

_CONSTANTS_HINT = "or use typed_enum.Constants for separate constants that happen to be equal"


def duplicate_error(
    enum_cls: enum.EnumType, duplicates: Sequence[tuple[str, str, object]]
) -> ValueError:
    """The one error for every member whose value another member already has.

    ``duplicates`` holds ``(name, canonical, value)`` in definition order and
    is not empty.  All of them are named at once, so a class with many
    implicit aliases is fixed in one round, not one per import.
    """
    qualname = enum_cls.__qualname__
    if len(duplicates) == 1:
        ((name, canonical, value),) = duplicates
        return ValueError(
            f"duplicate value {value!r} in enum {qualname}: {name!r} and {canonical!r}; "
            f"declare {name} = alias({canonical}) if it is meant as the same member, give "
            f"{name} a value of its own, {_CONSTANTS_HINT}"
        )
    pairs = ", ".join(
        f"{value!r} for {name!r} and {canonical!r}" for name, canonical, value in duplicates
    )
    fixes = ", ".join(f"{name} = alias({canonical})" for name, canonical, _ in duplicates)
    return ValueError(
        f"{len(duplicates)} duplicate values in enum {qualname}: {pairs}; declare "
        f"{fixes} for those meant as the same member, give the others values of their "
        f"own, {_CONSTANTS_HINT}"
    )


def check_unique(enum_cls: enum.EnumType, declared_aliases: Collection[str]) -> None:
    """Raise for the aliases stdlib created that the class body did not declare.

    stdlib turns a member whose value equals an earlier member's into an
    alias.  Those names are the ones in ``_member_map_`` whose member carries
    another name.  Flag combinations (``RW = R | W``) have values of their
    own and are members, not aliases, so they pass.
    """
    duplicates = [
        (name, member._name_, member._value_)
        for name, member in enum_cls._member_map_.items()
        if member._name_ != name and name not in declared_aliases
    ]
    if duplicates:
        raise duplicate_error(enum_cls, duplicates)
