"""Which names in an enum class body are members, which are not, and which are aliases.

Written for typed_enum from the typing specification's Enums chapter, "Defining Members"
(https://typing.python.org/en/latest/spec/enums.html).  A name that is not a member must
not take part in exhaustiveness: each ``assert_never`` below fails if the checker
counted one as a member.
"""

from enum import Enum, member, nonmember
from typing import Literal, assert_never, assert_type

from _spec_members_stub import Gas

# An annotation without a value declares a non-member attribute.


class Bird(Enum):
    wingspan: float
    call: str

    ROBIN = (0.25, "tweet")
    CROW = (0.9, "caw")

    def __init__(self, wingspan: float, call: str) -> None:
        self.wingspan = wingspan
        self.call = call


def bird_facts(bird: Bird) -> float:
    assert_type(bird.wingspan, float)
    assert_type(bird.call, str)
    if bird is Bird.ROBIN or bird is Bird.CROW:
        return bird.wingspan
    assert_never(bird)


wingspan_literal: Literal[Bird.wingspan]  # E: not a member

# In a stub, "..." stands for a member's value; annotated names stay non-members.
assert_type(Gas.NEON, Literal[Gas.NEON])


def gas_facts(gas: Gas) -> str:
    assert_type(gas.symbol, str)
    if gas is Gas.NEON or gas is Gas.ARGON:
        return gas.symbol
    assert_never(gas)


# A member must not be annotated.


class Coin(Enum):
    PENNY = 1
    NICKEL: int = 5  # E: annotated member


# Methods, callables, descriptors and nested classes are not members.


def double(x: int) -> int:
    return 2 * x


class Tool(Enum):
    HAMMER = 1
    SAW = 2

    scale = lambda x: x * 2  # noqa: E731
    wrapped = staticmethod(double)

    @property
    def heavy(self) -> bool:
        return self is Tool.HAMMER

    def use(self) -> str:
        return self.name

    @staticmethod
    def helper() -> None:
        pass


def tool_name(tool: Tool) -> str:
    if tool is Tool.HAMMER:
        return "hammer"
    if tool is Tool.SAW:
        return "saw"
    assert_never(tool)


scale_literal: Literal[Tool.scale]  # E: a lambda is not a member
wrapped_literal: Literal[Tool.wrapped]  # E: a staticmethod is not a member
heavy_literal: Literal[Tool.heavy]  # E: a property is not a member
use_literal: Literal[Tool.use]  # E: a method is not a member


# A nested class is not a member under the spec's rule (nor at run time from Python 3.13;
# 3.11 and 3.12 still make it one, with a DeprecationWarning).  No exhaustiveness check
# here, since a checker may follow the older run time.


class Crate(Enum):
    SMALL = 1

    class Lid:
        pass


lid_literal: Literal[Crate.Lid]  # E: a nested class is not a member

# A name assigned another member of the class is an alias of that member.


class Signal(Enum):
    STOP = 1
    GO = 2
    HALT = STOP


assert_type(Signal.HALT, Literal[Signal.STOP])


def signal_name(signal: Signal) -> str:
    if signal is Signal.STOP:
        return "stop"
    if signal is Signal.GO:
        return "go"
    assert_never(signal)


# member() and nonmember() decide explicitly, also for a method.


class Mode(Enum):
    FAST = member(1)
    LIMIT = nonmember(100)

    @member
    def CUSTOM(self) -> None:
        pass


assert_type(Mode.FAST, Literal[Mode.FAST])
assert_type(Mode.CUSTOM, Literal[Mode.CUSTOM])
limit_literal: Literal[Mode.LIMIT]  # E: nonmember() is not a member
limit: int = Mode.LIMIT


def mode_name(mode: Mode) -> str:
    if mode is Mode.FAST:
        return "fast"
    if mode is Mode.CUSTOM:
        return "custom"
    assert_never(mode)


# A private (mangled) name is not a member.


class Secret(Enum):
    OPEN = 1
    __hidden = 2

    def peek(self) -> None:
        hidden_literal: Literal[Secret.__hidden]  # E: a private name is not a member


def secret_name(secret: Secret) -> str:
    if secret is Secret.OPEN:
        return "open"
    assert_never(secret)


# Names listed in _ignore_ are deleted from the class (optional).


class Scratch(Enum):
    _ignore_ = "tmp counter"
    KEEP = 1
    tmp = 2
    counter = 3


assert_type(Scratch.KEEP, Literal[Scratch.KEEP])
Scratch.tmp  # E?: deleted at run time


def scratch_name(scratch: Scratch) -> str:
    if scratch is Scratch.KEEP:
        return "keep"
    assert_never(scratch)  # E?: a checker without _ignore_ sees two more members
