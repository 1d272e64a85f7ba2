"""What pyright sees of typed_enum where it mirrors stdlib enum.

tests/ecosystem/test_pyright.py checks this file as written and a stdlib
twin (the ``from typed_enum import`` line rewritten to ``from enum import``):
both must produce exactly the diagnostics the trailing comments state.
``# revealed: T`` is a reveal_type() result, ``# error: rule "text"`` an
error with that rule whose message contains the text, and a comment starting
``# typed_enum`` applies to typed_enum only (its deliberate rules).
"""

from typing import Literal, assert_never, reveal_type

from typed_enum import Enum, Flag, IntEnum, IntFlag, StrEnum, auto


class Color(Enum):
    red = 1
    green = 2
    blue = 3


class Mixed(Enum):
    one = 1
    two = "two"


class Level(IntEnum):
    low = 1
    high = 2


class Mode(StrEnum):
    read = auto()
    write = auto()


class Perm(Flag):
    r = auto()
    w = auto()


class Bits(IntFlag):
    a = 1
    b = 2


# Members are literal types; values and names are precise.
reveal_type(Color.red)  # revealed: Literal[Color.red]
reveal_type(Color.red.value)  # revealed: Literal[1]
reveal_type(Color.red.name)  # revealed: Literal['red']
reveal_type(Mode.read)  # revealed: Literal[Mode.read]
reveal_type(Mode.read.value)  # revealed: str
reveal_type(Level.low.value)  # revealed: Literal[1]
reveal_type(Bits.a.value)  # revealed: Literal[1]
reveal_type(Perm.r | Perm.w)  # revealed: Perm
reveal_type(Bits.a | 4)  # revealed: Bits
reveal_type(Color(1))  # revealed: Color
reveal_type(Color["red"])  # revealed: Color
reveal_type(list(Color))  # revealed: list[Color]
reveal_type(len(Color))  # revealed: int
reveal_type(Color.__members__)  # revealed: MappingProxyType[str, Color]


def value_of(color: Color, mixed: Mixed, level: Level) -> None:
    reveal_type(color.value)  # revealed: Literal[1, 2, 3]
    reveal_type(mixed.value)  # revealed: Literal[1, 'two']
    reveal_type(level.value)  # revealed: Literal[1, 2]


def narrowed_by_is(color: Color) -> int:
    if color is Color.red:
        return 1
    reveal_type(color)  # revealed: Literal[Color.green, Color.blue]
    if color == Color.green:
        return 2
    reveal_type(color)  # revealed: Literal[Color.blue]
    return 3


def narrowed_by_in(mode: Mode) -> None:
    if mode in (Mode.read,):
        reveal_type(mode)  # revealed: Literal[Mode.read]


def exhaustive_match(color: Color) -> int:
    match color:
        case Color.red:
            return 1
        case Color.green:
            return 2
        case Color.blue:
            return 3


def missing_case(color: Color) -> int:  # error: reportReturnType
    match color:  # error: reportMatchNotExhaustive "Literal[Color.blue]"
        case Color.red:
            return 1
        case Color.green:
            return 2


def exhaustive_if(color: Color) -> int:
    if color is Color.red or color is Color.green:
        return 1
    elif color is Color.blue:
        return 2
    else:
        assert_never(color)


def missing_branch(color: Color) -> int:
    if color is Color.red:
        return 1
    else:
        assert_never(color)  # error: reportArgumentType "Literal[Color.green, Color.blue]"


def str_enum_match(mode: Mode) -> str:  # error: reportReturnType
    match mode:  # error: reportMatchNotExhaustive "Literal[Mode.write]"
        case Mode.read:
            return "r"


def only_red(color: Literal[Color.red]) -> None: ...


def literal_parameters() -> None:
    only_red(Color.red)
    only_red(Color.green)  # error: reportArgumentType "Literal[Color.green]"


def ordering(level: Level, bits: Bits) -> None:
    # (assert: a statement that uses the result, so pyright adds no
    # "unknown type" error beside an unsupported operator.)
    assert Level.low < Level.high
    assert level >= 2
    assert bits < Bits.b
    assert Color.red < Color.blue  # error: reportOperatorIssue
    assert Perm.r < Perm.w  # error: reportOperatorIssue
    # stdlib compares the strings; typed_enum raises TypeError, and says so.
    assert Mode.read < Mode.write  # typed_enum error: reportOperatorIssue
    assert Mode.read >= Mode.write  # typed_enum error: reportOperatorIssue


def str_operations(mode: Mode) -> None:
    reveal_type(mode.upper())  # revealed: str
    reveal_type(mode + "!")  # revealed: str
    reveal_type(mode == "read")  # revealed: bool
