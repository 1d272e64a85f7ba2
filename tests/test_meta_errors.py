"""Errors raised while stdlib builds the members name the member and the fix."""

from __future__ import annotations

import enum

import pytest

import typed_enum as te


def test_int_enum_member_that_is_not_an_int_names_the_member() -> None:
    with pytest.raises(ValueError, match=r"^member 'high' of enum Level") as caught:

        class Level(te.IntEnum):
            low = 1
            high = "x"

    assert str(caught.value) == (
        "member 'high' of enum Level: invalid value 'x': invalid literal for int() with "
        "base 10: 'x'; give 'high' an int value"
    )
    assert caught.value.__suppress_context__


def test_str_enum_member_that_is_not_a_str_keeps_stdlibs_type_error() -> None:
    with pytest.raises(TypeError) as caught:

        class Word(te.StrEnum):
            a = "a"
            b = 3

    assert str(caught.value) == (
        "member 'b' of enum Word: invalid value 3: 3 is not a string; give 'b' a str value"
    )


def test_float_mixin_member_names_the_data_type() -> None:
    with pytest.raises(ValueError, match=r"^member 'a' of enum Ratio: invalid value 'q': "):

        class Ratio(float, te.Enum):
            a = "q"


def test_tuple_that_does_not_fit_init_names_init() -> None:
    with pytest.raises(TypeError) as caught:

        class Planet(te.Enum):
            def __init__(self, mass: float, radius: float) -> None:
                self.mass = mass

            EARTH = (1.0, 2.0)
            MARS = (1.0,)

    message = str(caught.value)
    assert message.startswith("member 'MARS' of enum Planet: invalid value (1.0,): ")
    assert message.endswith("; give 'MARS' a value that fits Planet.__init__")
    assert "missing 1 required positional argument: 'radius'" in message


def test_stdlib_raises_the_bare_message_typed_enum_improves() -> None:
    with pytest.raises(ValueError, match=r"^invalid literal for int\(\) with base 10: 'x'$"):

        class Level(enum.IntEnum):
            high = "x"


def test_errors_outside_member_creation_are_unchanged() -> None:
    with pytest.raises(ValueError, match=r"^_sunder_ names, such as '_x_', are reserved"):

        class Color(te.Enum):
            _x_ = 1
