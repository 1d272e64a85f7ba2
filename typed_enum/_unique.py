"""Unique values by default: a duplicate must be declared with ``alias()``."""

from __future__ import annotations

import enum
from collections.abc import Collection

__all__ = ["check_unique"]


def duplicate_error(
    enum_cls: enum.EnumType, name: str, canonical: str, value: object
) -> ValueError:
    """The error for a member whose value another member already has."""
    return ValueError(
        f"duplicate value {value!r} in enum {enum_cls.__qualname__}: {name!r} and "
        f"{canonical!r}; declare {name} = alias({canonical}) if {name} is meant to be "
        f"another name for {canonical}, or give {name} a value of its own"
    )


def check_unique(enum_cls: enum.EnumType, declared_aliases: Collection[str]) -> None:
    """Raise for any alias stdlib created that the class body did not declare.

    stdlib turns a member whose value equals an earlier member's into an
    alias.  Those names are the ones in ``_member_map_`` whose member carries
    another name.  Flag combinations (``RW = R | W``) have values of their
    own and are members, not aliases, so they pass.
    """
    for name, member in enum_cls._member_map_.items():
        if member._name_ != name and name not in declared_aliases:
            raise duplicate_error(enum_cls, name, member._name_, member._value_)
