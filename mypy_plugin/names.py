"""Every fullname the plugin matches, in one place.

Fullnames are where a name is *defined* (``typed_enum._base.Enum``), which is
what mypy hands to hooks, not the re-export (``typed_enum.Enum``).
"""

from __future__ import annotations

from typing import Final

# The record each analysed enum class keeps in ``TypeInfo.metadata``.
METADATA_KEY: Final = "typed_enum"
# The record of a ``Constants`` group (its own constants and their values).
CONSTANTS_METADATA_KEY: Final = "typed_enum.constants"

# typed_enum's runtime.
ENUM: Final = "typed_enum._base.Enum"
INT_ENUM: Final = "typed_enum._base.IntEnum"
STR_ENUM: Final = "typed_enum._base.StrEnum"
FLAG: Final = "typed_enum._base.Flag"
INT_FLAG: Final = "typed_enum._base.IntFlag"
ORDERED_ENUM: Final = "typed_enum._base.OrderedEnum"
#: The mixin that keeps stdlib's ordering through the data type.
VALUE_ORDERED: Final = "typed_enum._ordering.ValueOrdered"
TYPED_ENUM_TYPE: Final = "typed_enum._meta.TypedEnumType"
#: typed_enum's enum base classes.
TYPED_ENUM_BASES: Final = frozenset({ENUM, INT_ENUM, STR_ENUM, FLAG, INT_FLAG, ORDERED_ENUM})
ALIAS: Final = "typed_enum._alias.alias"
RESERVED: Final = "typed_enum._reserved.reserved"
EXHAUSTIVE_MAP: Final = "typed_enum._maps.exhaustive_map"
ENUM_MAP: Final = "typed_enum._maps.EnumMap"
CONSTANT: Final = "typed_enum._constants.constant"
CONSTANTS: Final = "typed_enum._constants.Constants"
NAMED_CONSTANT: Final = "typed_enum._constants.NamedConstant"
INT_CONSTANT: Final = "typed_enum._constants.IntConstant"
STR_CONSTANT: Final = "typed_enum._constants.StrConstant"
FLOAT_CONSTANT: Final = "typed_enum._constants.FloatConstant"
BYTES_CONSTANT: Final = "typed_enum._constants.BytesConstant"

# Classmethods of typed_enum.Enum, by bare name (method hooks are asked with
# the receiver class's fullname, ``t.Color.from_name``).
FROM_NAME: Final = "from_name"
FROM_VALUE: Final = "from_value"
TRY_FROM_NAME: Final = "try_from_name"
TRY_FROM_VALUE: Final = "try_from_value"
EXTEND: Final = "extend"
# Classmethods of typed_enum.Constants, by bare name (besides from_name/from_value).
HAS_NAME: Final = "has_name"

# typing.
LITERAL: Final = frozenset({"typing.Literal", "typing_extensions.Literal"})
ASSERT_NEVER: Final = frozenset({"typing.assert_never", "typing_extensions.assert_never"})
ITERABLE: Final = "typing.Iterable"
CONTAINER: Final = "typing.Container"

# Operator methods, by bare name: mypy asks for them under the receiver's
# class (``t.Mode.__lt__``, ``builtins.str.__lt__``, ``builtins.list.__contains__``).
ORDERING_METHODS: Final = {"__lt__": "<", "__le__": "<=", "__gt__": ">", "__ge__": ">="}
EQUALITY_METHODS: Final = {"__eq__": "==", "__ne__": "!="}
CONTAINS: Final = "__contains__"
ITER: Final = "__iter__"

OBJECT: Final = "builtins.object"
INT: Final = "builtins.int"
NONE: Final = "builtins.None"

# builtins that order their arguments (features/ordering.py).
SORTED: Final = "builtins.sorted"
MIN: Final = "builtins.min"
MAX: Final = "builtins.max"
LIST_SORT: Final = "builtins.list.sort"

# stdlib enum.
STD_ENUM: Final = "enum.Enum"
STD_INT_ENUM: Final = "enum.IntEnum"
STD_STR_ENUM: Final = "enum.StrEnum"
STD_FLAG: Final = "enum.Flag"
STD_INT_FLAG: Final = "enum.IntFlag"
STD_REPR_ENUM: Final = "enum.ReprEnum"
AUTO: Final = "enum.auto"
MEMBER: Final = "enum.member"
NONMEMBER: Final = "enum.nonmember"
ENUM_META: Final = "enum.EnumMeta"
# typeshed's EnumType is an alias of EnumMeta: both resolve to ENUM_META.

# Third-party enum metaclasses that rewrite member values while the class is
# made (features/value_metaclasses.py), by the rule they follow.  The plugin's
# ``value-metaclasses`` setting adds others as OPAQUE.
#: The last item of a tuple value is a label when it is a string (or one of
#: LABEL_TYPES); the rest is the value.
LABEL_LAST: Final = "label-last"
#: The value is rewritten in a way the plugin does not model: unknown.
OPAQUE: Final = "opaque"
VALUE_METACLASSES: Final = {
    # Django's TextChoices / IntegerChoices / Choices.
    "django.db.models.enums.ChoicesType": LABEL_LAST,
    # enum-properties: trailing tuple items are the member's properties.
    "enum_properties.EnumPropertiesMeta": OPAQUE,
}
#: Metaclasses that make their enums unique (``enum.unique``): a repeated
#: value raises ValueError when the class is made, as in typed_enum.
UNIQUE_METACLASSES: Final = frozenset({"django.db.models.enums.ChoicesType"})
#: Modules of those frameworks' enum bases: their ``__init__`` mirrors the
#: metaclass (``IntegerChoices.__init__(self, x, label)``), it sets no value.
FRAMEWORK_ENUM_MODULES: Final = frozenset({"django.db.models.enums"})
#: Label types besides ``str`` (Django's lazy translations).
LABEL_TYPES: Final = frozenset({"builtins.str", "django.utils.functional.Promise"})

# Attributes mypy's own enum plugin refines; we refine them further and
# delegate to it where we have nothing better.
ENUM_VALUE_ACCESS: Final = frozenset(
    f"{base}.{attr}"
    for base in (STD_ENUM, STD_INT_ENUM, STD_STR_ENUM, STD_FLAG, STD_INT_FLAG)
    for attr in ("value", "_value_")
)
# Members may be named so (``value = auto()``); they shadow the properties.
SHADOWED_ATTRIBUTES: Final = frozenset({"value", "name"})
ENUM_NAME_ACCESS: Final = frozenset(
    f"{base}.{attr}"
    for base in (STD_ENUM, STD_INT_ENUM, STD_STR_ENUM, STD_FLAG, STD_INT_FLAG)
    for attr in ("name", "_name_")
)
