"""What the runtime modules take from ``typing``, without importing it at run time.

``import typing`` costs more than ``import enum`` itself (on 3.13, 32 million
instructions against 8: issue 46), and typed_enum's runtime needs nothing
of it but a few names that type checkers read.  Type checkers take the first
branch below (a name ``TYPE_CHECKING`` is always true to them) and see
typing's own ``Generic``, ``TypeVar`` and ``overload``; the interpreter
takes the second, whose stand-ins do at run time what the runtime needs:

- ``Generic[...]`` and ``Class[...]`` give a ``types.GenericAlias``, as
  stdlib's own generic classes (``list``, ``collections.abc.Mapping``) do,
  so ``EnumMap[Color, int]`` and ``IntConstant[int, str]`` still work in
  annotations evaluated at run time (``typing.get_origin``/``get_args`` read
  them).  A subclass of ``Generic[...]`` subclasses the stand-in.
- ``TypeVar(...)`` is a named placeholder, printed ``~T`` as typing's is.
- ``overload`` returns the function: the last definition is the one that
  runs, as with typing's (which also records the overloads for
  ``typing.get_overloads``; these are not recorded).

Names that appear only in annotations (``Any``, ``Self``, ``Never``...) need
no stand-in: every module has ``from __future__ import annotations`` and
imports them under ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Generic as Generic
    from typing import TypeVar as TypeVar
    from typing import overload as overload
else:
    from types import GenericAlias

    class Generic:
        """Run-time stand-in for ``typing.Generic``: subscripting gives a GenericAlias."""

        __slots__ = ()

        def __class_getitem__(cls, params):
            return GenericAlias(cls, params)

    class TypeVar:
        """Run-time stand-in for ``typing.TypeVar``: a name, nothing more."""

        __slots__ = ("__name__",)

        def __init__(self, name, *constraints, **options):
            self.__name__ = name

        def __repr__(self):
            return f"~{self.__name__}"

    def overload(func):
        """Run-time stand-in for ``typing.overload``: the implementation that follows replaces it."""
        return func


__all__ = ["TYPE_CHECKING", "Generic", "TypeVar", "overload"]
