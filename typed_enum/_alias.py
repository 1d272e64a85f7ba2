"""Explicit aliases: the one way to give a member a second name.

PEP 435 called duplicate-value aliases dubious. typed_enum keeps them, but
only when declared, so an accidental duplicate is an error instead of a
silent alias.
"""

from __future__ import annotations

from typed_enum._static import TYPE_CHECKING, TypeVar, overload

__all__ = ["AliasMarker", "alias"]

_T = TypeVar("_T")


class AliasMarker:
    """What ``alias()`` really returns: a marker the class body resolves."""

    __slots__ = ("target",)

    def __init__(self, target: object) -> None:
        self.target = target

    def __repr__(self) -> str:
        return f"alias({self.target!r})"


_new_marker = object.__new__


def alias(target: _T, /) -> _T:
    """Declare the attribute as another name for ``target``.

    ``target`` is a member written by name (``crimson = alias(red)``) or the
    member's name as a string (``crimson = alias("red")``).  The alias appears
    in ``__members__`` and resolves to the canonical member, but is never
    yielded by iteration.

    Typed ``(T) -> T`` for mypy on purpose: inside a class body ``red`` is
    still the raw value, and the mypy plugin gives the alias its canonical
    member type.  Other type checkers see the declaration below.
    """
    # Not AliasMarker(target): its __init__ is one more Python frame for every
    # alias in a class body (issue 18); object.__new__ and the slot are C.
    # Not cast() either, for the same reason.
    marker = _new_marker(AliasMarker)
    marker.target = target
    return marker  # type: ignore[return-value]


# mypy reads a name MYPY as always true (as TYPE_CHECKING); pyright, pyrefly
# and ty read this module-level False.  Two nested tests, not one ``and``:
# pyrefly folds ``not MYPY`` alone, not inside an ``and``.
MYPY = False

if not MYPY:  # noqa: SIM102
    if TYPE_CHECKING:
        # What the checkers without plugins (pyright, basedpyright, pyrefly,
        # ty) see: alias() returns a descriptor.  The typing spec counts an
        # attribute whose type has ``__get__`` as a non-member, typed by what
        # ``__get__`` returns (an instance of the enum), so a match over the
        # real members stays exhaustive.  mypy never reads this block: it
        # keeps ``(T) -> T`` above, which the plugin turns into the canonical
        # member's literal; without the plugin the alias stays a member (as
        # stdlib's duplicate values are), and a descriptor would only make
        # its ``.value`` the descriptor.  Run time never runs this block.

        class AliasDescriptor:
            """The static type of ``alias(red)``: ``Color.crimson`` is a ``Color``."""

            @overload
            def __get__(self, instance: None, owner: type[_T], /) -> _T: ...
            @overload
            def __get__(self, instance: _T, owner: type[_T] | None = None, /) -> _T: ...

        def alias(target: object, /) -> AliasDescriptor:  # pyright: ignore[reportRedeclaration]
            """Declare the attribute as another name for ``target``."""
            ...
