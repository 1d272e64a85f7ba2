"""``name`` and ``_name_`` of members: the member's name, optionally as a literal.

Written for typed_enum from the typing specification's Enums chapter, "Member Names"
(https://typing.python.org/en/latest/spec/enums.html).
"""

from enum import Enum
from typing import Literal, assert_type


class Metal(Enum):
    IRON = "Fe"
    GOLD = "Au"
    LEAD = "Pb"


# A str in any case; a literal of the name is allowed.
iron_name: str = Metal.IRON.name
iron_sunder: str = Metal.IRON._name_
assert_type(Metal.GOLD.name, Literal["GOLD"])  # E?
assert_type(Metal.GOLD._name_, Literal["GOLD"])  # E?
not_the_name: Literal["IRON"] = Metal.GOLD.name  # E: "GOLD" or str, never "IRON"


def precious(metal: Literal[Metal.GOLD, Metal.LEAD]) -> str:
    assert_type(metal.name, Literal["GOLD", "LEAD"])  # E?
    return metal.name


def any_metal(metal: Metal) -> str:
    assert_type(metal.name, Literal["IRON", "GOLD", "LEAD"])  # E?
    as_int: int = metal.name  # E: a name is a str
    return metal.name
