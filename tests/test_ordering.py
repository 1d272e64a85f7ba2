"""No ordering outside IntEnum, IntFlag and OrderedEnum; OrderedEnum by declaration."""

from __future__ import annotations

import enum
import functools
import operator
import re
from collections.abc import Callable

import pytest

import typed_enum as te

_OPERATORS: list[tuple[str, Callable[[object, object], bool]]] = [
    ("<", operator.lt),
    ("<=", operator.le),
    (">", operator.gt),
    (">=", operator.ge),
]
_REFLECTED = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


class Color(te.Enum):
    red = 1
    green = 2


class Word(te.StrEnum):
    a = "a"
    b = "b"


class Ratio(float, te.Enum):
    half = 0.5
    whole = 1.0


class Text(str, te.Enum):
    x = "x"
    y = "y"


class Perm(te.Flag):
    R = 1
    W = 2


class Number(te.IntEnum):
    one = 1
    two = 2


class Bits(te.IntFlag):
    R = 1
    W = 2


class Size(te.OrderedEnum):
    large = 3
    small = 1
    medium = 2


class Mood(te.OrderedEnum):
    happy = 1
    sad = 2


def _refusal(symbol: str, cls: str, other: str) -> str:
    return "^" + re.escape(
        f"'{symbol}' not supported between instances of {cls!r} and {other!r}: {cls} is not "
        f"ordered; derive it from typed_enum.OrderedEnum to order members by declaration, "
        f"or from typed_enum.IntEnum to order them by value"
    )


_UNORDERED = [
    (Word.a, Word.b),
    (Ratio.half, Ratio.whole),
    (Text.x, Text.y),
]

# Plain Enum and Flag: nothing installed, object refuses with stdlib's message
# (a Python-level __lt__ would make every == on their members ~8x slower).
_PLAIN = [(Color.red, Color.green), (Perm.R, Perm.W)]


@pytest.mark.parametrize(("symbol", "compare"), _OPERATORS)
@pytest.mark.parametrize(("a", "b"), _UNORDERED, ids=lambda m: type(m).__name__)
def test_unordered_kinds_refuse_comparison_naming_the_fix(
    a: enum.Enum, b: enum.Enum, symbol: str, compare: Callable[[object, object], bool]
) -> None:
    name = type(a).__qualname__
    with pytest.raises(TypeError, match=_refusal(symbol, name, name)):
        compare(a, b)


@pytest.mark.parametrize(("symbol", "compare"), _OPERATORS)
@pytest.mark.parametrize(("a", "b"), _PLAIN, ids=lambda m: type(m).__name__)
def test_plain_enum_and_flag_refuse_comparison_as_stdlib_does(
    a: enum.Enum, b: enum.Enum, symbol: str, compare: Callable[[object, object], bool]
) -> None:
    name = type(a).__qualname__
    expected = f"'{symbol}' not supported between instances of {name!r} and {name!r}"
    with pytest.raises(TypeError, match="^" + re.escape(expected) + "$"):
        compare(a, b)
    assert "__lt__" not in vars(type(a)), "a Python-level __lt__ slows == on every member"


@pytest.mark.parametrize(("symbol", "compare"), _OPERATORS)
@pytest.mark.parametrize(
    ("member", "plain"),
    [(Word.a, "zzz"), (Text.x, "zzz"), (Ratio.half, 2.0)],
    ids=lambda v: type(v).__name__,
)
def test_comparison_with_plain_value_refuses_both_ways(
    member: enum.Enum, plain: object, symbol: str, compare: Callable[[object, object], bool]
) -> None:
    name = type(member).__qualname__
    other = type(plain).__qualname__
    with pytest.raises(TypeError, match=_refusal(symbol, name, other)):
        compare(member, plain)
    # "x" < member: Python asks the member (the subclass) for the reflected operator.
    with pytest.raises(TypeError, match=_refusal(_REFLECTED[symbol], name, other)):
        compare(plain, member)


def test_stdlib_strenum_would_have_compared_the_strings() -> None:
    class Loose(enum.StrEnum):
        a = "a"
        b = "b"

    assert Loose.a < Loose.b  # what typed_enum.StrEnum refuses


@pytest.mark.parametrize("members", [list(Word), list(Ratio)])
def test_sorted_refuses_unordered_enums(members: list[enum.Enum]) -> None:
    with pytest.raises(TypeError, match=r"is not ordered; derive it from typed_enum\.OrderedEnum"):
        sorted(members)
    with pytest.raises(TypeError, match="is not ordered"):
        max(members)


@pytest.mark.parametrize("members", [list(Color), list(Perm)])
def test_sorted_refuses_plain_enums_as_stdlib_does(members: list[enum.Enum]) -> None:
    with pytest.raises(TypeError, match=r"^'<' not supported between instances of"):
        sorted(members)


def test_equality_and_hashing_still_work_when_unordered() -> None:
    assert Color.red == Color.red
    assert Color.red != Color.green
    assert Word.a == "a"
    assert {Color.red: 1}[Color.red] == 1


def test_intenum_and_intflag_order_as_ints() -> None:
    assert Number.one < Number.two
    assert Number.two >= 2
    assert Number.one > 0
    assert sorted([Number.two, Number.one, 0]) == [0, Number.one, Number.two]
    assert Bits.R < Bits.W
    assert Bits.W > 1
    assert Bits.R | Bits.W > Bits.W


def test_int_mixin_enum_orders_as_ints() -> None:
    class Level(int, te.Enum):
        low = 1
        high = 9

    assert Level.low < Level.high
    assert Level.high > 5


def test_ordered_enum_orders_by_declaration_not_value() -> None:
    assert Size.large < Size.small < Size.medium
    assert Size.medium > Size.large
    assert Size.small <= Size.small
    assert Size.large >= Size.large
    assert not Size.medium < Size.small
    assert sorted([Size.medium, Size.large, Size.small]) == [Size.large, Size.small, Size.medium]
    assert max(Size) is Size.medium
    assert min(Size) is Size.large


@pytest.mark.parametrize(("symbol", "compare"), _OPERATORS)
@pytest.mark.parametrize("other", [Mood.happy, 1, "large", Color.red], ids=repr)
def test_ordered_enum_refuses_members_of_other_classes(
    other: object, symbol: str, compare: Callable[[object, object], bool]
) -> None:
    message = "^" + re.escape(
        f"'{symbol}' not supported between instances of 'Size' and "
        f"{type(other).__qualname__!r}: OrderedEnum members compare only with members of "
        f"the same enum"
    )
    with pytest.raises(TypeError, match=message):
        compare(Size.large, other)


def test_ordered_enum_ignores_values_for_order_even_when_orderable() -> None:
    class Rank(te.OrderedEnum):
        b = "b"
        a = "a"

    assert Rank.b < Rank.a


def test_own_lt_in_the_class_body_is_kept() -> None:
    class Shirt(te.Enum):
        small = 1
        large = 2

        def __lt__(self, other: object) -> bool:
            assert isinstance(other, Shirt)
            return self.value > other.value  # reversed on purpose

    assert Shirt.large < Shirt.small
    assert not Shirt.small < Shirt.large
    assert sorted(Shirt) == [Shirt.large, Shirt.small]


class Name(te.StrEnum):
    b = "b"
    a = "a"

    def __lt__(self, other: object) -> bool:
        return True


def test_own_lt_in_a_strenum_is_kept_and_the_rest_still_refuse() -> None:
    assert Name.a < Name.b
    with pytest.raises(TypeError, match=_refusal("<=", "Name", "Name")):
        Name.a <= Name.b  # noqa: B015


def test_own_lt_in_a_member_less_base_is_inherited() -> None:
    class ByValue(te.Enum):
        def __lt__(self, other: object) -> bool:
            assert isinstance(other, te.Enum)
            return bool(self.value < other.value)

    class Grade(ByValue):
        top = 1
        low = 2

    assert Grade.top < Grade.low
    assert sorted([Grade.low, Grade.top]) == [Grade.top, Grade.low]


def test_own_lt_in_a_mixin_is_kept() -> None:
    class ByValue:
        value: int

        def __lt__(self, other: ByValue) -> bool:
            return self.value < other.value

    class Grade(ByValue, te.Enum):
        low = 2
        top = 1

    assert Grade.top < Grade.low


def test_total_ordering_fills_in_the_rest_of_a_plain_enums_own_order() -> None:
    @functools.total_ordering
    class Shirt(te.Enum):
        small = 1
        large = 2

        def __lt__(self, other: object) -> bool:
            if not isinstance(other, Shirt):
                return NotImplemented
            return bool(self.value < other.value)

    assert Shirt.small <= Shirt.large
    assert Shirt.large >= Shirt.small
    assert Shirt.large > Shirt.small
    assert not Shirt.large <= Shirt.small


class Describe(te.Enum):
    def describe(self) -> str:
        return self.name


class Shade(Describe):
    dark = 1
    light = 2


def test_member_less_base_without_comparisons_keeps_subclasses_unordered() -> None:
    with pytest.raises(TypeError, match=r"^'<' not supported between instances of 'Shade'"):
        Shade.dark < Shade.light  # noqa: B015


def test_subclass_of_a_member_less_ordered_enum_is_ordered() -> None:
    class Ranked(te.OrderedEnum):
        def label(self) -> str:
            return self.name

    class Medal(Ranked):
        gold = 3
        silver = 2

    assert Medal.gold < Medal.silver


# ValueOrdered: stdlib's ordering through the data type, kept on purpose
# (what ``typed-enum migrate`` writes for an enum whose members stdlib ordered).


class KeptWord(te.ValueOrdered, te.StrEnum):
    b = "b"
    a = "a"


class KeptReal(te.ValueOrdered, float, te.Enum):
    big = 2.5
    small = 0.5


class StdWord(enum.StrEnum):
    b = "b"
    a = "a"


@pytest.mark.parametrize(("symbol", "op"), _OPERATORS)
def test_value_ordered_compares_as_stdlib_does(
    symbol: str, op: Callable[[object, object], bool]
) -> None:
    for left, right in ((KeptWord.a, KeptWord.b), (KeptWord.b, KeptWord.a), (KeptWord.a, "z")):
        std_left = StdWord(left) if isinstance(left, te.Enum) else left
        std_right = StdWord(right) if isinstance(right, te.Enum) else right
        assert op(left, right) is op(std_left, std_right), symbol
    assert sorted(KeptReal) == [KeptReal.small, KeptReal.big]
    assert max(KeptWord) is KeptWord.b


def test_value_ordered_refuses_what_the_data_type_refuses() -> None:
    with pytest.raises(
        TypeError, match="'<' not supported between instances of 'KeptWord' and 'int'"
    ):
        KeptWord.a < 1  # noqa: B015


def test_value_ordered_is_inherited_and_yields_to_the_classes_own_methods() -> None:
    class Base(te.ValueOrdered, str, te.Enum):
        pass

    class Sub(Base):
        z = "z"
        y = "y"

    class Own(te.ValueOrdered, str, te.Enum):
        a = "a"

        def __lt__(self, other: object) -> bool:
            return False

    assert sorted(Sub) == [Sub.y, Sub.z]
    assert not Own.a < Own.a
    assert Own.a <= Own.a  # from str, through ValueOrdered
