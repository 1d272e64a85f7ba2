"""Errors raised while stdlib builds the members name the member and the fix."""

from __future__ import annotations

import enum

import pytest

import typed_enum as te


def test_int_enum_member_that_is_not_an_int_names_the_member() -> None:
    # stdlib's (int's) error, unchanged, with a note naming the member and the fix.
    with pytest.raises(
        ValueError, match=r"^invalid literal for int\(\) with base 10: 'x'"
    ) as caught:

        class Level(te.IntEnum):
            low = 1
            high = "x"

    assert caught.value.__notes__ == [
        "raised while creating member 'high' of enum Level from the value 'x'; "
        "give 'high' an int value"
    ]


def test_str_enum_member_that_is_not_a_str_keeps_stdlibs_type_error() -> None:
    with pytest.raises(TypeError, match=r"^3 is not a string") as caught:

        class Word(te.StrEnum):
            a = "a"
            b = 3

    assert caught.value.__notes__ == [
        "raised while creating member 'b' of enum Word from the value 3; give 'b' a str value"
    ]


def test_float_mixin_member_names_the_data_type() -> None:
    with pytest.raises(ValueError, match=r"could not convert string to float: 'q'") as caught:

        class Ratio(float, te.Enum):
            a = "q"

    assert caught.value.__notes__[0].endswith("; give 'a' a float value")


def test_tuple_that_does_not_fit_init_names_init() -> None:
    with pytest.raises(
        TypeError, match=r"missing 1 required positional argument: 'radius'"
    ) as caught:

        class Planet(te.Enum):
            def __init__(self, mass: float, radius: float) -> None:
                self.mass = mass

            EARTH = (1.0, 2.0)
            MARS = (1.0,)

    assert caught.value.__notes__ == [
        "raised while creating member 'MARS' of enum Planet from the value (1.0,), "
        "by Planet.__init__"
    ]


def test_a_bug_in_the_users_init_is_raised_as_it_is() -> None:
    # Not reworded as an invalid value: the error is the user's own, chained as raised.
    class Oops(Exception):
        pass

    def init(self: object, value: int) -> None:
        try:
            {}["missing"]
        except KeyError as inner:
            raise Oops("bug in __init__") from inner

    with pytest.raises(Oops, match=r"^bug in __init__") as caught:

        class Buggy(te.Enum):
            __init__ = init
            a = 1

    assert isinstance(caught.value.__cause__, KeyError)
    assert caught.value.__notes__ == [
        "raised while creating member 'a' of enum Buggy from the value 1, by Buggy.__init__"
    ]


def test_stdlib_raises_the_bare_message_typed_enum_improves() -> None:
    with pytest.raises(ValueError, match=r"^invalid literal for int\(\) with base 10: 'x'$"):

        class Level(enum.IntEnum):
            high = "x"


def test_errors_outside_member_creation_are_unchanged() -> None:
    with pytest.raises(ValueError, match=r"^_sunder_ names, such as '_x_', are reserved"):

        class Color(te.Enum):
            _x_ = 1
