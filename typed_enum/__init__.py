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
from typed_enum._meta import TypedEnumType
from typed_enum._ordering import ValueOrdered
from typed_enum._reserved import reserved
from typed_enum._static import TYPE_CHECKING

if TYPE_CHECKING:
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
else:
    # Named constants and member maps are imported on first use (PEP 562):
    # ``import typed_enum`` costs what the enums need (issue 46).  Type
    # checkers read the imports above; no module ``__getattr__`` is shown to
    # them, so a misspelt ``typed_enum.Enumm`` stays an error.
    _LAZY = {
        "BytesConstant": "_constants",
        "Constants": "_constants",
        "FloatConstant": "_constants",
        "IntConstant": "_constants",
        "NamedConstant": "_constants",
        "StrConstant": "_constants",
        "constant": "_constants",
        "global_constants": "_constants",
        "EnumMap": "_maps",
        "exhaustive_map": "_maps",
    }

    def __getattr__(name):
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module 'typed_enum' has no attribute {name!r}")
        # __import__, not importlib.import_module: importlib is not loaded at start-up.
        value = getattr(__import__(f"typed_enum.{module}", fromlist=[name]), name)
        globals()[name] = value
        return value

    def __dir__():
        return sorted({*globals(), *_LAZY})


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
