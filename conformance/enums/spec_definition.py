"""Enum classes: class syntax, functional syntax, custom bases and metaclasses, conditions.

Written for typed_enum from the typing specification's Enums chapter, "Enum Definition"
(https://typing.python.org/en/latest/spec/enums.html).  The end-of-line markers are the
typing conformance suite's; the ``conformance`` package's docstring explains them.
"""

import sys
from enum import Enum, EnumType
from typing import Literal, assert_type

# Class syntax: must be supported; each member is its own literal type.


class Suit(Enum):
    HEARTS = "h"
    SPADES = "s"


assert_type(Suit.HEARTS, Literal[Suit.HEARTS])
assert_type(Suit.SPADES, Literal[Suit.SPADES])
wrong_member: Literal[Suit.HEARTS] = Suit.SPADES  # E
Suit.CLUBS  # E: not a member

# Function syntax: optional, in each of its forms.

Tone1 = Enum("Tone1", "LOW", "HIGH")  # E?
Tone2 = Enum("Tone2", "LOW HIGH")  # E?
Tone3 = Enum("Tone3", "LOW, HIGH")  # E?
Tone4 = Enum("Tone4", ["LOW", "HIGH"])  # E?
Tone5 = Enum("Tone5", ("LOW", "HIGH"))  # E?
Tone6 = Enum("Tone6", [("LOW", 10), ("HIGH", 20)])  # E?
Tone7 = Enum("Tone7", (("LOW", 10), ("HIGH", 20)))  # E?
Tone8 = Enum("Tone8", {"LOW": 10, "HIGH": 20})  # E?

assert_type(Tone1.HIGH, Literal[Tone1.HIGH])  # E?
assert_type(Tone2.HIGH, Literal[Tone2.HIGH])  # E?
assert_type(Tone3.HIGH, Literal[Tone3.HIGH])  # E?
assert_type(Tone4.HIGH, Literal[Tone4.HIGH])  # E?
assert_type(Tone5.HIGH, Literal[Tone5.HIGH])  # E?
assert_type(Tone6.HIGH, Literal[Tone6.HIGH])  # E?
assert_type(Tone7.HIGH, Literal[Tone7.HIGH])  # E?
assert_type(Tone8.HIGH, Literal[Tone8.HIGH])  # E?

# A subclass of a member-less enum class is an enum.


class Described(Enum):
    def describe(self) -> str:
        return self.name.lower()


class Shade(Described):
    LIGHT = 1
    DARK = 2


assert_type(Shade.DARK, Literal[Shade.DARK])
assert_type(Shade.LIGHT.describe(), str)

# So is a class whose metaclass is EnumType or a subclass of it.


class RegistryMeta(EnumType):
    pass


class Registered(metaclass=RegistryMeta):
    pass


class Engine(Registered):
    STEAM = 1
    DIESEL = 2


assert_type(Engine.STEAM, Literal[Engine.STEAM])
assert_type(Engine.DIESEL, Literal[Engine.DIESEL])

# Members may depend on conditions the checker evaluates statically
# (the suite runs with Python 3.12 as the target).


class Feature(Enum):
    BASE = 1
    if sys.version_info >= (3, 12):
        MODERN = 2
    else:
        LEGACY = 3
    if sys.version_info >= (5, 0):
        FUTURE = 4


assert_type(Feature.MODERN, Literal[Feature.MODERN])
Feature.LEGACY  # E: only defined before 3.12
Feature.FUTURE  # E: only defined in Python 5
