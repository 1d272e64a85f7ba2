"""Retired values and names: ``cancelled = reserved(4)`` in a class body.

Protocol Buffers' ``reserved`` made checkable.  A member that stored data
may hold is removed; its value and name must never come back with another
meaning, or stored rows would silently change what they say.  A reserved
name is neither a member nor an alias: ``Status(4)`` and
``Status["cancelled"]`` raise an error that says it was retired, and a
member that takes the value or the name is an error when the class is made.
``typed-enum check`` reads it as a declared retirement.
"""

from __future__ import annotations

from typed_enum._lookup import retired_name
from typed_enum._static import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from typing import Never

__all__ = ["ReservedMarker", "RetiredName", "reserved"]

_T = TypeVar("_T")


class ReservedMarker:
    """What ``reserved()`` really returns: a marker the class body records and drops."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"reserved({self.value!r})"


class RetiredName:
    """Left on the class under a retired name: ``Status.cancelled`` says it was retired."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type | None = None) -> Never:
        cls = owner if owner is not None else type(instance)
        raise AttributeError(retired_name(cls, self.name) or self.name)


def reserved(value: _T, /) -> _T:
    """Retire ``value`` and the name it is assigned to: ``cancelled = reserved(4)``.

    Typed ``(T) -> T`` for mypy: the plugin takes the name out of the
    members and reports its use (``typed-enum-reserved``).  Other type
    checkers see the declaration below.
    """
    return ReservedMarker(value)  # type: ignore[return-value]


MYPY = False

if not MYPY:  # noqa: SIM102
    if TYPE_CHECKING:
        # What the checkers without plugins read (see _alias.py): a
        # descriptor, so the typing spec counts the name as no member, and
        # reading it gives Never.

        class ReservedDescriptor:
            """The static type of ``reserved(4)``: not a member, never a value."""

            def __get__(self, instance: object, owner: object = None, /) -> Never: ...

        def reserved(value: object, /) -> ReservedDescriptor:  # pyright: ignore[reportRedeclaration]
            """Retire ``value`` and the name it is assigned to."""
            ...
