"""The enums the ecosystem tests share: one of each common kind."""

from __future__ import annotations

from typed_enum import Enum, IntEnum, StrEnum, alias


class Color(Enum):
    red = 1
    green = 2
    crimson = alias(red)


class Level(IntEnum):
    low = 1
    high = 2


class Mode(StrEnum):
    read = "r"
    write = "w"
