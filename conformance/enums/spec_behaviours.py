"""Enum classes iterate, index and call by value; an enum with members is implicitly final.

Written for typed_enum from the typing specification's Enums chapter, "Enum Behaviors"
(https://typing.python.org/en/latest/spec/enums.html).
"""

from enum import Enum, IntEnum
from typing import Literal, assert_type


class Planet(Enum):
    MERCURY = 1
    VENUS = 2
    EARTH = 3


# Iteration yields the class's instances.
for body in Planet:
    assert_type(body, Planet)

assert_type(list(Planet), list[Planet])
assert_type(len(Planet), int)

# Indexing by name and calling with a value: the member's literal or the class.
assert_type(Planet["VENUS"], Planet)  # E[index]
assert_type(Planet["VENUS"], Literal[Planet.VENUS])  # E[index]
assert_type(Planet(3), Planet)  # E[call]
assert_type(Planet(3), Literal[Planet.EARTH])  # E[call]

# A lookup result is a member of the class either way.
looked_up: Planet = Planet(1)
by_name: Planet = Planet["MERCURY"]

# Calling an enum class looks a member up; it does not construct one.
Planet()  # E: a value is required


# Subclassing: allowed while the base has no members, an error once it has some.


class Unit(Enum):
    def label(self) -> str:
        return self.name


class Length(Unit):
    METRE = 1
    FOOT = 2


assert_type(Length.FOOT.label(), str)


class Longer(Length):  # E: Length has members, so it is implicitly final
    MILE = 3


# An IntEnum's members are ints: arithmetic gives plain ints.


class Level(IntEnum):
    LOW = 1
    HIGH = 2


assert_type(Level.LOW + 1, int)
assert_type(Level.HIGH * Level.HIGH, int)
as_int: int = Level.LOW
as_level: Level = 1  # E: an int is not a member
