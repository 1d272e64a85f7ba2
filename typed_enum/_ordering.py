"""Which enums may be ordered, and the comparison methods that say so.

PEP 435: ordering is meant for IntEnum only.  stdlib nevertheless lets
StrEnum members and str/float mixins compare through their data type
(``Color.red < Color.blue`` compares the strings).  typed_enum installs
refusing comparison methods on every enum class whose data type orders but is
not int (str, float, bytes, ...), and declaration-order methods on
``OrderedEnum``.  A plain Enum or Flag is left as stdlib makes it: ``object``
already refuses ``<``.  ``ValueOrdered`` is the way back to stdlib's ordering
for one class, written in its bases where a reviewer sees it (``typed-enum
migrate`` adds it to the classes whose members stdlib ordered).
"""

from __future__ import annotations

import enum

from typed_enum._static import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    _Comparison = Callable[[enum.Enum, object], bool]

__all__ = ["ValueOrdered", "install_comparisons"]

# mypy reads a name MYPY as always true (as TYPE_CHECKING), pyright does not.
MYPY = False

_OPERATORS: Mapping[str, str] = {"__lt__": "<", "__le__": "<=", "__gt__": ">", "__ge__": ">="}


def _refusing(symbol: str) -> _Comparison:
    def compare(self: enum.Enum, other: object) -> bool:
        cls = type(self).__qualname__
        raise TypeError(
            f"'{symbol}' not supported between instances of {cls!r} and "
            f"{type(other).__qualname__!r}: {cls} is not ordered; derive it from "
            f"typed_enum.OrderedEnum to order members by declaration, {_by_value(self)}"
        )

    return compare


def _by_value(member: enum.Enum) -> str:
    """How to order ``member``'s enum by value: IntEnum suits str and float
    values (number them); any other data type (a date, a tuple, a dataclass)
    keeps its values, ordered by comparison methods of the enum's own."""
    data_type: type = getattr(type(member), "_member_type_", object)
    if issubclass(data_type, str | float):
        return "or from typed_enum.IntEnum to order them by value"
    return (
        f"or define __lt__ (and functools.total_ordering) in the enum to order them "
        f"by their {data_type.__qualname__} values"
    )


def _declaration_order(symbol: str, method: str) -> _Comparison:
    test: Callable[[int, int], bool] = getattr(int, method)

    def compare(self: enum.Enum, other: object) -> bool:
        if type(other) is not type(self):
            raise TypeError(
                f"'{symbol}' not supported between instances of {type(self).__qualname__!r} "
                f"and {type(other).__qualname__!r}: OrderedEnum members compare only with "
                f"members of the same enum"
            )
        # stdlib numbers members in declaration order as ``_sort_order_``.
        order: int = getattr(self, "_sort_order_")  # noqa: B009
        return test(order, getattr(other, "_sort_order_"))  # noqa: B009

    return compare


_REFUSING = {name: _refusing(symbol) for name, symbol in _OPERATORS.items()}
_DECLARED = {name: _declaration_order(symbol, name) for name, symbol in _OPERATORS.items()}


def _user_defined(enum_cls: enum.EnumType, member_type: type) -> set[str]:
    """The comparison methods ``enum_cls`` would use that are the user's own.

    One is when the first class in the MRO defining it is the enum itself, a
    member-less base or a mixin, not typed_enum (its installed methods), the
    data type or ``object``.  One pass over the MRO, reading each class's
    namespace once: this runs for every enum class created.
    """
    data_mro = member_type.__mro__
    pending = dict(_OPERATORS)
    own: set[str] = set()
    for klass in enum_cls.__mro__:
        namespace = vars(klass)
        for name in [name for name in pending if name in namespace]:
            del pending[name]
            method = namespace[name]
            if not (
                klass in data_mro
                or method is _REFUSING[name]
                or method is _DECLARED[name]
                or method is getattr(member_type, name, None)
            ):
                own.add(name)
        if not pending:
            break
    return own


def install_comparisons(enum_cls: enum.EnumType, body: Mapping[str, object], ordered: bool) -> None:
    """Give ``enum_cls`` the comparison methods its kind calls for.

    Methods the class body defines itself, or inherits from a member-less
    base or mixin of the user's, are left alone.  ``ordered`` asks for
    declaration order; int-valued enums keep their data type's methods (they
    are set on the class so a refusing base earlier in the MRO cannot hide
    them); enums of other data types (str, float, bytes, ...) refuse.  A plain
    Enum or Flag gets nothing: ``object`` already refuses, with stdlib's
    message, and leaving the slot alone keeps ``==`` at C speed (``match``
    compares with ``==``).  One that orders itself (say ``__lt__`` plus
    ``functools.total_ordering``) keeps ``object``'s methods for the rest, so
    ``total_ordering`` can fill them in.
    """
    member_type: type = getattr(enum_cls, "_member_type_", object)
    if member_type is object and not ordered:
        # A plain Enum or Flag has no ordering: stdlib already raises
        # TypeError.  A Python-level __lt__ here would cost every ``==`` on
        # its members ~8x (CPython then dispatches all six rich comparisons
        # through Python), so none is installed, and the MRO is not read.
        return
    own = {name for name in _OPERATORS if name in body}
    own |= _user_defined(enum_cls, member_type)
    for name in _OPERATORS:
        if name in own:
            continue
        method: object
        if ordered:
            method = _DECLARED[name]
        elif issubclass(member_type, int):
            method = getattr(member_type, name)
        else:
            method = _REFUSING[name]
        type.__setattr__(enum_cls, name, method)


class ValueOrdered:
    """A mixin that keeps stdlib's ordering: members compare through their data type.

    ``class Mode(ValueOrdered, StrEnum)`` orders ``Mode.read < Mode.write`` as
    stdlib's ``StrEnum`` does (the strings are compared), where typed_enum's
    own refuses.  Put it first among the bases.  It is meant as a visible,
    removable marker on an enum whose code still orders its members: once
    nothing does (mypy with the plugin reports each use it can see as
    ``typed-enum-ordering`` when the mixin is gone), drop it.
    """

    __slots__ = ()

    if not TYPE_CHECKING:

        def __lt__(self, other):
            return self._member_type_.__lt__(self, other)

        def __le__(self, other):
            return self._member_type_.__le__(self, other)

        def __gt__(self, other):
            return self._member_type_.__gt__(self, other)

        def __ge__(self, other):
            return self._member_type_.__ge__(self, other)

    elif not MYPY:
        # pyright (no plugin) must find these before StrEnum's refusing
        # ``other: Never`` signatures; mypy keeps the data type's own (its
        # plugin knows this class), so ``Mode.read < 3`` stays an error there.
        def __lt__(self, other: Any) -> bool: ...
        def __le__(self, other: Any) -> bool: ...
        def __gt__(self, other: Any) -> bool: ...
        def __ge__(self, other: Any) -> bool: ...
