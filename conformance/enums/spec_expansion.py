"""An enum type is the union of its members' literals, except for Flags.

Written for typed_enum from the typing specification's Enums chapter, "Enum Literal
Expansion" (https://typing.python.org/en/latest/spec/enums.html).
"""

from enum import Enum, Flag, IntFlag
from typing import Literal, Never, assert_never, assert_type


class Direction(Enum):
    UP = 1
    DOWN = 2
    LEFT = 3
    RIGHT = 4


# Narrowing by elimination (optional): what is left after some members are excluded.


def vertical(d: Direction) -> None:
    if d is Direction.LEFT or d is Direction.RIGHT:
        return
    assert_type(d, Literal[Direction.UP, Direction.DOWN])  # E?
    if d == Direction.UP:
        return
    assert_type(d, Literal[Direction.DOWN])  # E?


def by_match(d: Direction) -> None:
    match d:
        case Direction.UP | Direction.DOWN:
            pass
        case Direction.LEFT:
            pass
        case Direction.RIGHT:
            pass
        case _:
            assert_type(d, Never)  # E?


# Flags are not expanded: combinations of members are values too.


class Access(Flag):
    READ = 1
    WRITE = 2
    EXECUTE = 4


def flags_by_if(a: Access) -> None:
    if a is Access.READ or a is Access.WRITE:
        return
    assert_type(a, Access)
    assert_type(a, Literal[Access.EXECUTE])  # E: a Flag is not narrowed by elimination


def flags_by_match(a: Access) -> None:
    match a:
        case Access.READ | Access.WRITE:
            pass
        case Access.EXECUTE:
            pass
        case _:
            assert_type(a, Access)


class Bits(IntFlag):
    ONE = 1
    TWO = 2


def int_flags(b: Bits) -> None:
    if b is Bits.ONE:
        return
    assert_type(b, Bits)


# A union of all members' literals is the enum type, in both directions.


class Answer(Enum):
    YES = "y"
    NO = "n"


def widen(a: Literal[Answer.YES, Answer.NO]) -> Answer:
    return a


def narrow(a: Answer) -> Literal[Answer.YES, Answer.NO]:
    return a


def equivalent(a: Answer) -> None:
    assert_type(a, Literal[Answer.YES, Answer.NO])


def from_object(value: object) -> Answer:
    if value is Answer.YES or value is Answer.NO:
        return value
    raise ValueError(value)


def partial(a: Answer) -> Literal[Answer.YES]:
    return a  # E: NO is not YES


def exhausted(a: Answer) -> str:
    if a is Answer.YES:
        return "yes"
    elif a is Answer.NO:
        return "no"
    else:
        assert_never(a)  # E?: a checker that does not expand sees Answer
