"""The enum base classes: stdlib's, with typed_enum's metaclass and methods.

Each one subclasses its stdlib namesake, so every member is a real
``enum.Enum`` (and ``int``/``str`` where stdlib's is).  ``Enum`` comes first
in the bases and the stdlib class last, so stdlib picks its own
``_generate_next_value_``, boundary and ``__str__``/``__format__`` from the
stdlib class exactly as it does for a direct subclass.
"""

from __future__ import annotations

import enum

from typed_enum import _open
from typed_enum._lookup import NameTable, name_error
from typed_enum._meta import TypedEnumType
from typed_enum._ordering import install_comparisons
from typed_enum._static import TYPE_CHECKING, TypeVar, overload

if TYPE_CHECKING:
    from typing import Never, Self

__all__ = ["Enum", "Flag", "IntEnum", "IntFlag", "OrderedEnum", "StrEnum"]

_D = TypeVar("_D")

# mypy reads a name MYPY as always true (as TYPE_CHECKING), pyright does not:
# ``if TYPE_CHECKING and not MYPY`` is for type checkers other than mypy.
MYPY = False

if TYPE_CHECKING:
    # Type checkers see stdlib's metaclass.  pyright types every ``.value``
    # of an enum with a custom metaclass as Any (the metaclass might compute
    # values); TypedEnumType keeps stdlib's values, and hides its __call__
    # and __getitem__ from type checkers anyway.
    _Metaclass = enum.EnumType
else:
    _Metaclass = TypedEnumType


class Enum(enum.Enum, metaclass=_Metaclass):
    """An ``enum.Enum`` with unique values, no ordering, and typed lookups.

    >>> class Color(Enum):
    ...     red = 1
    ...     green = 2
    ...     crimson = alias(red)
    >>> Color.from_value(1) is Color.crimson is Color.red
    True
    """

    if TYPE_CHECKING:
        # The metaclass consumes ``open=``; this tells type checkers it exists.
        def __init_subclass__(cls, *, open: bool = False) -> None: ...

    @classmethod
    def from_value(cls, value: object) -> Self:
        """The member whose value is ``value``, as ``cls(value)``.

        Raises ``ValueError`` listing the valid values.
        """
        # The metaclass's fast path, in this frame: ``cls(value)`` would add
        # the metaclass call (args, kwds) to every hit.  A member, or a value
        # a member has, is that member without a call; anything else (a
        # miss, an unhashable value, a Flag combination) is ``cls(value)``.
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]  # type: ignore[return-value]
        except (KeyError, TypeError):
            pass
        return cls(value)

    @classmethod
    def from_name(cls, name: str) -> Self:
        """The member (or alias) called ``name``, as ``cls[name]``.

        Raises ``KeyError`` with a did-you-mean (``TypeError`` for a name
        that cannot be hashed, as ``cls[name]`` does).
        """
        try:
            member: Self = cls._member_map_[name]  # type: ignore[assignment]
        except KeyError:
            raise name_error(cls, name) from None
        _install_from_name(cls)
        return member

    @overload
    @classmethod
    def try_from_value(cls, value: object) -> Self | None: ...
    @overload
    @classmethod
    def try_from_value(cls, value: object, default: _D) -> Self | _D: ...
    @classmethod
    def try_from_value(cls, value: object, default: object = None) -> object:
        """The member whose value is ``value``, or ``default`` when none is."""
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            pass
        try:
            return cls(value)
        except ValueError:
            return default

    @overload
    @classmethod
    def try_from_name(cls, name: str) -> Self | None: ...
    @overload
    @classmethod
    def try_from_name(cls, name: str, default: _D) -> Self | _D: ...
    @classmethod
    def try_from_name(cls, name: str, default: object = None) -> object:
        """The member (or alias) called ``name``, or ``default`` when none is."""
        try:
            return cls._member_map_[name]
        except (KeyError, TypeError):
            return default

    @classmethod
    def extend(cls, name: str, value: object) -> Self:
        """Add a member to an open enum (``class P(Enum, open=True)``).

        Raises ``TypeError`` on a closed enum, ``ValueError`` for a name
        that is taken or invalid and for a value another member has.
        """
        return _open.extend(cls, name, value)


#: The classmethod itself, as found in ``Enum.__dict__``.
_FROM_NAME = vars(Enum)["from_name"]


def _install_from_name(cls: type[Enum]) -> None:
    """Store a ``NameTable``'s lookup as ``cls.from_name`` (see NameTable).

    Only on a class with members (which cannot be subclassed, so no other
    class inherits the table) whose ``from_name`` is this classmethod, not
    a subclass's own nor a member's name.
    """
    if not cls._member_names_:
        return
    for klass in cls.__mro__:
        found = vars(klass).get("from_name")
        if found is not None:
            if found is not _FROM_NAME:
                return
            break
    table = NameTable(cls._member_map_)
    table.te_cls = cls
    type.__setattr__(cls, "from_name", table.__getitem__)


class IntEnum(Enum, enum.IntEnum):
    """``enum.IntEnum`` with unique values; ordered by value, as ints are."""


class StrEnum(Enum, enum.StrEnum):
    """``enum.StrEnum`` with unique values and no ordering.

    ``auto()`` gives the lower-cased member name, as in stdlib.
    """

    if TYPE_CHECKING and not MYPY:
        # The run-time methods raise TypeError.  ``other: Never`` tells
        # pyright (which has no plugins) that no operand is accepted, so
        # ``Mode.read < Mode.write`` is an error there too.  All four are
        # needed: with one, the reflected ``str.__gt__`` is found.  mypy skips
        # this block (it reads MYPY as true): the plugin reports ordering with
        # its own code, also for sorted()/min()/max(), which these cannot.
        def __lt__(self, other: Never) -> bool: ...  # pyright: ignore[reportIncompatibleMethodOverride]
        def __le__(self, other: Never) -> bool: ...  # pyright: ignore[reportIncompatibleMethodOverride]
        def __gt__(self, other: Never) -> bool: ...  # pyright: ignore[reportIncompatibleMethodOverride]
        def __ge__(self, other: Never) -> bool: ...  # pyright: ignore[reportIncompatibleMethodOverride]


class Flag(Enum, enum.Flag):
    """``enum.Flag``: members combine with ``|``; named combinations are members."""


class IntFlag(Flag, enum.IntFlag):  # type: ignore[misc, unused-ignore]  # mypy<1.15: int vs Flag __or__
    """``enum.IntFlag``: flags that are ints, ordered and OR-able with ints."""


# stdlib's IntEnum, StrEnum and IntFlag show values with their data type's
# repr (``_value_repr_``, found from the first base): typed_enum's would find
# None on typed_enum.Enum, so they get stdlib's.
for _ours, _stdlib in ((IntEnum, enum.IntEnum), (StrEnum, enum.StrEnum), (IntFlag, enum.IntFlag)):
    type.__setattr__(_ours, "_value_repr_", _stdlib._value_repr_)  # type: ignore[union-attr]
del _ours, _stdlib


class OrderedEnum(Enum):
    """An enum whose members compare by declaration order.

    Comparing with a member of another enum raises ``TypeError``.
    """

    if TYPE_CHECKING:
        # The run-time methods are installed below; they also refuse members
        # of other enums, which these signatures say statically.
        def __lt__(self, other: Self) -> bool: ...
        def __le__(self, other: Self) -> bool: ...
        def __gt__(self, other: Self) -> bool: ...
        def __ge__(self, other: Self) -> bool: ...


# Read for every class created: a default at the root keeps that lookup from
# failing (on 3.11 a failed class attribute lookup calls EnumType.__getattr__).
type.__setattr__(Enum, "_te_ordered_", False)
type.__setattr__(OrderedEnum, "_te_ordered_", True)
install_comparisons(OrderedEnum, {}, ordered=True)
