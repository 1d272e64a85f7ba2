"""The plugin's error codes: one per check, each with its own code string.

Silence one with ``# type: ignore[typed-enum-ordering]``; switch a check off
in the config section (see ``config.py``) by the code's suffix.

Where the plugin reports one of mypy's own messages under a code of its own
(so that it can be switched off alone), the code is a sub-code of mypy's
(``ErrorCode.sub_code_of``): ``# type: ignore[misc]`` written before the
plugin was installed still covers the line, and ``disable_error_code =
misc`` still silences it.  Those are ``SUBCLASS_WITH_MEMBERS`` and
``ANNOTATED_MEMBER`` (mypy's ``[misc]``) and ``VALUE_ASSIGNMENT`` (mypy's
``[assignment]`` on ``self._value_ = value``, reported under
``typed-enum-value-annotation``).
"""

from __future__ import annotations

from typing import Final

from mypy.errorcodes import ASSIGNMENT, MISC, ErrorCode

CATEGORY: Final = "typed_enum"
PREFIX: Final = "typed-enum-"


def _code(
    suffix: str,
    description: str,
    sub_code_of: ErrorCode | None = None,
    *,
    default_enabled: bool = True,
) -> ErrorCode:
    return ErrorCode(
        PREFIX + suffix,
        description,
        CATEGORY,
        default_enabled=default_enabled,
        sub_code_of=sub_code_of,
    )


DUPLICATE_VALUE: Final = _code(
    "duplicate-value", "Check that typed_enum members have unique values unless declared alias()"
)
BAD_ALIAS: Final = _code("bad-alias", "Check that alias() names a member defined above it")
RESERVED: Final = _code(
    "reserved",
    "Check that a value or name retired with reserved() is not used or taken by a member",
)
ORDERING: Final = _code(
    "ordering",
    "Check that <, <=, >, >=, sorted(), min() and max() order only ordered enums "
    "(IntEnum, IntFlag, OrderedEnum, or with their own methods)",
)
CROSS_ENUM_ORDERING: Final = _code(
    "cross-enum-ordering", "Check that ordered enums are compared only with their own members"
)
CROSS_ENUM_EQUALITY: Final = _code(
    "cross-enum-equality", "Check that ==, != and in do not compare members of two different enums"
)
BAD_LOOKUP: Final = _code(
    "bad-lookup",
    "Check that literal lookups (Color(1), from_value, from_name, has_name) name a member",
)
MEMBER_VALUE_TYPE: Final = _code(
    "member-value-type", "Check that member values fit the enum's data type and _value_"
)
CLOSED_EXTEND: Final = _code("closed-extend", "Check that extend() is called only on open enums")
OPEN_KEYWORD: Final = _code(
    "open-keyword", "Check that open= in a class statement is True, False or None"
)
SUBCLASS_WITH_MEMBERS: Final = _code(
    "subclass-with-members", "Check that enums with members are not subclassed", MISC
)
OPEN_MATCH: Final = _code(
    "open-match",
    "Check that a match over an open enum has a default case and no assert_never() is reached",
)
EXHAUSTIVE_MAP: Final = _code(
    "exhaustive-map", "Check that exhaustive_map() names every member and only members"
)
OPEN_EXHAUSTIVE_MAP: Final = _code(
    "open-exhaustive-map", "Check that exhaustive_map() is not used on an open enum"
)
ANNOTATED_MEMBER: Final = _code(
    "annotated-member", "Check that enum members carry no annotation (DOG: int = 2)", MISC
)
IGNORED_NAME: Final = _code(
    "ignored-name", "Check that names listed in _ignore_ are not used as class attributes"
)
VALUE_ANNOTATION: Final = _code(
    "value-annotation", "Check that member values fit the enum's declared _value_ type"
)
# The same check and code string, for mypy's own [assignment] message on
# ``self._value_ = value`` (see the module's docstring).  Declared second, so
# that mypy's table of codes keeps this one: equal codes are one code to mypy.
VALUE_ASSIGNMENT: Final = _code(
    "value-annotation",
    "Check that member values fit the enum's declared _value_ type",
    ASSIGNMENT,
)
MEMBER_ARGUMENTS: Final = _code(
    "member-arguments", "Check that member values fit the enum's own __init__ and __new__"
)
FLAG_COMBINATIONS: Final = _code(
    "flag-combinations",
    "Check that assert_never() is not reached by Flag values that combine members",
)
BARE_AUTO: Final = _code("bare-auto", "Check that auto is called (x = auto(), not x = auto)")
ORDER_MISMATCH: Final = _code(
    "order-mismatch", "Check that _order_ lists the members in their definition order"
)
METACLASS_CONFLICT: Final = _code(
    "metaclass-conflict",
    "Check that a typed_enum enum's own metaclass derives from typed_enum.TypedEnumType",
)
#: Off by default: enabled like mypy's optional codes (enable_error_code = ...).
WILDCARD_ARM: Final = _code(
    "wildcard-arm",
    "Check that a case _:, capture, class pattern or else: over a closed enum is not reached "
    "by members the statement never names",
    default_enabled=False,
)
