"""typed_enum members in dataclasses, singledispatch, argparse and runtime annotations."""

from __future__ import annotations

import argparse
import dataclasses
import enum
import functools
from typing import Literal, get_args, get_origin, get_type_hints

import pytest
from _enums import Color, Level, Mode

import typed_enum
from typed_enum import Enum

# -- dataclasses -------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Pen:
    color: Color = Color.red
    modes: tuple[Mode, ...] = (Mode.read,)
    level: Level = dataclasses.field(default=Level.low)


def test_members_are_dataclass_defaults() -> None:
    """Members are hashable, so dataclasses accept them as plain defaults."""
    pen = Pen()
    assert pen.color is Color.red
    assert pen.level is Level.low
    assert [f.default for f in dataclasses.fields(Pen)] == [Color.red, (Mode.read,), Level.low]


def test_dataclass_helpers_keep_members() -> None:
    pen = Pen(Color.green, (Mode.read, Mode.write), Level.high)
    assert dataclasses.asdict(pen) == {
        "color": Color.green,
        "modes": (Mode.read, Mode.write),
        "level": Level.high,
    }
    assert dataclasses.astuple(pen)[0] is Color.green
    assert dataclasses.replace(pen, color=Color.crimson).color is Color.red
    assert Pen(Color.crimson) == Pen(Color.red)
    assert hash(Pen(Color.crimson)) == hash(Pen(Color.red))
    assert len({Pen(), Pen(Color.red)}) == 1


def test_members_as_dataclass_fields_of_enum_values() -> None:
    """An enum whose values are dataclass instances, as stdlib allows."""

    @dataclasses.dataclass(frozen=True)
    class Size:
        width: int
        height: int

    class Paper(Enum):
        a4 = Size(210, 297)
        letter = Size(216, 279)

    assert Paper.a4.value == Size(210, 297)
    assert Paper(Size(216, 279)) is Paper.letter


# -- functools.singledispatch ------------------------------------------------


@functools.singledispatch
def describe(value: object) -> str:
    return "object"


@describe.register
def _(value: int) -> str:
    return "int"


@describe.register
def _(value: str) -> str:
    return "str"


@describe.register
def _(value: Color) -> str:
    return f"color {value.name}"


@describe.register
def _(value: typed_enum.IntEnum) -> str:
    return f"int enum {value.name}"


def test_singledispatch_on_an_enum_class() -> None:
    assert describe(Color.green) == "color green"
    assert describe(Color.crimson) == "color red"


def test_singledispatch_on_a_typed_enum_base_beats_the_data_type() -> None:
    assert describe(Level.high) == "int enum high"
    assert describe(2) == "int"


def test_singledispatch_falls_back_to_the_data_type() -> None:
    assert describe(Mode.read) == "str"
    assert describe.dispatch(Mode) is describe.dispatch(str)


def test_singledispatchmethod_on_members() -> None:
    class Painter:
        @functools.singledispatchmethod
        def paint(self, value: object) -> str:
            return "?"

        @paint.register
        def _(self, value: Color) -> str:
            return value.name

    assert Painter().paint(Color.green) == "green"
    assert Painter().paint(Mode.read) == "?"


# -- argparse ----------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paint", exit_on_error=False)
    # A StrEnum converts from its values: the enum class is the type.
    parser.add_argument("--mode", type=Mode, choices=list(Mode), default=Mode.read)
    # By name: choose among the names, look the member up afterwards.
    parser.add_argument("--color", choices=list(Color.__members__), default="red")
    parser.add_argument("--level", type=int, choices=[m.value for m in Level], default=1)
    return parser


def test_argparse_converts_values_and_names() -> None:
    args = _parser().parse_args(["--mode", "w", "--color", "crimson", "--level", "2"])
    assert args.mode is Mode.write
    assert Color.from_name(args.color) is Color.red
    assert Level(args.level) is Level.high


def test_argparse_defaults() -> None:
    args = _parser().parse_args([])
    assert args.mode is Mode.read
    assert Color.from_name(args.color) is Color.red


def test_argparse_refuses_a_value_outside_the_enum() -> None:
    with pytest.raises(argparse.ArgumentError, match="invalid Mode value: 'x'"):
        _parser().parse_args(["--mode", "x"])


def test_argparse_refuses_a_name_outside_the_enum() -> None:
    with pytest.raises(argparse.ArgumentError, match="invalid choice: 'blue'"):
        _parser().parse_args(["--color", "blue"])


def test_argparse_lists_the_names_in_help() -> None:
    help_text = _parser().format_help()
    assert "{red,green,crimson}" in help_text
    assert "{r,w}" in help_text


def test_argparse_behaves_as_with_stdlib() -> None:
    class StdMode(enum.StrEnum):
        read = "r"
        write = "w"

    def parsed(kind: type[enum.StrEnum], argv: list[str]) -> object:
        parser = argparse.ArgumentParser(exit_on_error=False)
        parser.add_argument("--mode", type=kind, choices=list(kind))
        return parser.parse_args(argv).mode

    assert parsed(Mode, ["--mode", "w"]) is Mode.write
    assert parsed(StdMode, ["--mode", "w"]) is StdMode.write
    for kind in (Mode, StdMode):
        with pytest.raises(argparse.ArgumentError, match=f"invalid {kind.__name__} value"):
            parsed(kind, ["--mode", "write"])


# -- Literal[...] annotations at run time --------------------------------------


def only_red(color: Literal[Color.red]) -> Literal[Level.low, Level.high]:
    return Level.low


@dataclasses.dataclass
class Setting:
    mode: Literal[Mode.read]
    either: Literal[Color.red, Color.green] | None = None


def test_get_type_hints_resolves_member_literals() -> None:
    hints = get_type_hints(only_red)
    assert get_origin(hints["color"]) is Literal
    assert get_args(hints["color"]) == (Color.red,)
    assert get_args(hints["color"])[0] is Color.red
    assert get_args(hints["return"]) == (Level.low, Level.high)


def test_get_type_hints_on_a_dataclass() -> None:
    hints = get_type_hints(Setting)
    assert get_args(hints["mode"]) == (Mode.read,)
    either = get_args(hints["either"])
    assert either[1] is type(None)
    assert get_args(either[0]) == (Color.red, Color.green)


def test_literal_of_an_alias_is_the_canonical_member() -> None:
    assert Literal[Color.crimson] == Literal[Color.red]
    assert get_args(Literal[Color.red, Color.crimson]) == (Color.red,)


def test_literal_keeps_members_apart_from_equal_values() -> None:
    """typing compares Literal arguments with their types: Level.low is not 1."""
    assert get_args(Literal[Level.low, 1]) == (Level.low, 1)
    assert Literal[Mode.read] != Literal["r"]


def test_literal_members_for_runtime_validation() -> None:
    """What a runtime checker does with such a hint: membership by identity."""
    allowed = get_args(get_type_hints(only_red)["color"])
    assert any(Color.crimson is member for member in allowed)
    assert not any(Color.green is member for member in allowed)
