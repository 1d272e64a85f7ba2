"""Explicit aliases: the one way to give a member a second name.

PEP 435 called duplicate-value aliases dubious. typed_enum keeps them, but
only when declared, so an accidental duplicate is an error instead of a
silent alias.
"""

from __future__ import annotations

from typing import TypeVar, cast

__all__ = ["AliasMarker", "alias"]

_T = TypeVar("_T")


class AliasMarker:
    """What ``alias()`` really returns: a marker the class body resolves."""

    __slots__ = ("target",)

    def __init__(self, target: object) -> None:
        self.target = target

    def __repr__(self) -> str:
        return f"alias({self.target!r})"


def alias(target: _T, /) -> _T:
    """Declare the attribute as another name for ``target``.

    ``target`` is a member written by name (``crimson = alias(red)``) or the
    member's name as a string (``crimson = alias("red")``).  The alias appears
    in ``__members__`` and resolves to the canonical member, but is never
    yielded by iteration.

    Typed ``(T) -> T`` on purpose: inside a class body ``red`` is still the
    raw value, and the mypy plugin gives the alias its canonical member type.
    """
    return cast(_T, AliasMarker(target))
