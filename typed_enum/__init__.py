"""typed_enum: enums a type checker can hold you to.

Built on stdlib ``enum``: every member is an ``enum.Enum`` instance.  Adds
unique values with explicit ``alias()``, no ordering outside ``IntEnum``,
``IntFlag``, ``OrderedEnum`` and ``ValueOrdered`` enums, open enums,
exhaustive member maps, named constants, typed ``from_name``/``from_value`` lookups and helpful errors.
Pair it with its mypy plugin (``plugins = typed_enum.mypy``) for the static half.
"""

from enum import auto, member, nonmember, unique

from typed_enum._alias import alias
from typed_enum._base import Enum, Flag, IntEnum, IntFlag, OrderedEnum, StrEnum
from typed_enum._constants import (
    BytesConstant,
    Constants,
    FloatConstant,
    IntConstant,
    NamedConstant,
    StrConstant,
    constant,
    global_constants,
)
from typed_enum._maps import EnumMap, exhaustive_map
from typed_enum._meta import TypedEnumType
from typed_enum._ordering import ValueOrdered
from typed_enum._reserved import reserved

__all__ = [
    "BytesConstant",
    "Constants",
    "Enum",
    "EnumMap",
    "Flag",
    "FloatConstant",
    "IntConstant",
    "IntEnum",
    "IntFlag",
    "NamedConstant",
    "OrderedEnum",
    "StrConstant",
    "StrEnum",
    "TypedEnumType",
    "ValueOrdered",
    "alias",
    "auto",
    "constant",
    "exhaustive_map",
    "global_constants",
    "member",
    "nonmember",
    "reserved",
    "unique",
]

__version__ = "0.1.0"
