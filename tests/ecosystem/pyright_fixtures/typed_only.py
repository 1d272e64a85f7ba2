"""What pyright sees of typed_enum's own API (no stdlib twin).

Same comment syntax as shared.py.  Lines without an expected error where the
runtime or the mypy plugin objects are what pyright cannot see: it has no
plugins, so only typed_enum's annotations reach it.
"""

from typing import reveal_type

from typed_enum import (
    Enum,
    EnumMap,
    IntEnum,
    OrderedEnum,
    StrEnum,
    alias,
    exhaustive_map,
    nonmember,
)


class Color(Enum):
    red = 1
    green = 2
    scarlet = red  # the bare form: an alias to pyright, the runtime and the plugin
    limit = nonmember(3)


class Shade(Enum):
    dark = 1
    light = 2
    dim = alias(dark)  # a descriptor to pyright: not a member, typed Shade


class Plugin(StrEnum, open=True):
    core = "core"


class Size(OrderedEnum):
    small = 1
    large = 2


class Level(IntEnum):
    low = 1


class Priority(IntEnum):
    normal = 1


reveal_type(Color.scarlet)  # revealed: Literal[Color.red]
reveal_type(Color.limit)  # revealed: int
reveal_type(Shade.dim)  # revealed: Shade
reveal_type(Shade.dim.value)  # revealed: Literal[1, 2]


def bare_alias_is_not_a_case(color: Color) -> int:
    match color:
        case Color.red:
            return 1
        case Color.green:
            return 2


def alias_call_is_not_a_case(shade: Shade) -> int:
    match shade:
        case Shade.dark:
            return 1
        case Shade.light:
            return 2


# Lookups: typed by the class; the mypy plugin gives the member literal.
reveal_type(Color.from_value(1))  # revealed: Color
reveal_type(Color.from_name("red"))  # revealed: Color
reveal_type(Color.try_from_value(1))  # revealed: Color | None
reveal_type(Color.try_from_name("red", Color.red))  # revealed: Color
reveal_type(Color.try_from_name("red", None))  # revealed: Color | None

# Open enums: open= is accepted and extend() is typed, but pyright treats the
# enum as closed, so this match counts as exhaustive (the plugin reports it).
reveal_type(Plugin.extend("extra", "extra"))  # revealed: Plugin
reveal_type(Plugin.core.value)  # revealed: Literal['core']


def open_match(plugin: Plugin) -> int:
    match plugin:
        case Plugin.core:
            return 1


# Maps over members.
labels = exhaustive_map(Color, {Color.red: "r", Color.green: "g"})
reveal_type(labels)  # revealed: Mapping[Color, str]
reveal_type(EnumMap(Color, {Color.red: 1, Color.green: 2}))  # revealed: EnumMap[Color, int]


def ordered(size: Size, level: Level, priority: Priority) -> None:
    assert Size.small < Size.large
    assert size >= Size.small
    assert Size.small < Color.red  # error: reportOperatorIssue
    # Two IntEnums compare as ints to pyright (the plugin reports it).
    assert level < priority
    # sorted() needs only SupportsRichComparison: str's methods satisfy it.
    print(sorted([Plugin.core]))
