"""Unique values by default; a second name for a member must be declared."""

from __future__ import annotations

import enum
import re

import pytest

import typed_enum as te
from typed_enum import alias, auto


def _duplicate(enum_name: str, name: str, canonical: str, value: object) -> str:
    """The whole duplicate-value message; a class made in a test has a <locals> qualname."""
    head = re.escape(f"duplicate value {value!r} in enum ")
    tail = re.escape(
        f"{enum_name}: {name!r} and {canonical!r}; declare {name} = alias({canonical}) "
        f"if it is meant as the same member, give {name} a value of its own, or use "
        f"typed_enum.Constants for separate constants that happen to be equal"
    )
    return f"^{head}(?:\\S+\\.<locals>\\.)?{tail}$"


# -- duplicates are errors ----------------------------------------------------


def test_duplicate_value_names_both_members_the_value_and_alias_fix() -> None:
    with pytest.raises(ValueError, match=_duplicate("Color", "crimson", "red", 1)):

        class Color(te.Enum):
            red = 1
            green = 2
            crimson = 1


@pytest.mark.parametrize(
    ("kind", "first", "second"),
    [
        (te.Enum, "x", "x"),
        (te.Enum, 1.5, 1.5),
        (te.Enum, (1, 2), (1, 2)),
        (te.IntEnum, 3, 3),
        (te.IntEnum, 1, True),
        (te.StrEnum, "same", "same"),
        (te.Flag, 4, 4),
        (te.IntFlag, 2, 2),
        (te.OrderedEnum, "o", "o"),
    ],
)
def test_duplicate_value_raises_for_every_kind(
    kind: type[enum.Enum], first: object, second: object
) -> None:
    namespace = type(kind).__prepare__("Dup", (kind,))
    namespace["one"] = first
    namespace["two"] = second
    with pytest.raises(ValueError, match=_duplicate("Dup", "two", "one", first)):
        type(kind)("Dup", (kind,), namespace)


def test_duplicate_from_auto_in_strenum_raises() -> None:
    with pytest.raises(ValueError, match=_duplicate("Case", "a", "A", "a")):

        class Case(te.StrEnum):
            A = auto()
            a = auto()


def test_functional_api_duplicates_raise() -> None:
    with pytest.raises(ValueError, match=_duplicate("Pairs", "b", "a", 1)):
        te.Enum("Pairs", [("a", 1), ("b", 1)])
    with pytest.raises(ValueError, match=_duplicate("Bits", "READ", "R", 1)):
        te.IntFlag("Bits", [("R", 1), ("READ", 1)])
    with pytest.raises(ValueError, match=_duplicate("Words", "a", "A", "a")):
        te.StrEnum("Words", ["A", "a"])


def test_every_duplicate_of_a_class_is_reported_in_one_error() -> None:
    # One round of fixes, not one per import: all duplicates, in definition order.
    with pytest.raises(ValueError, match=r"^3 duplicate values in enum ") as caught:

        class Limits(te.IntEnum):
            low = 1
            high = 10
            max_retries = 1
            max_depth = 10
            timeout = 30
            soft_cap = 1

    assert str(caught.value).endswith(
        "3 duplicate values in enum "
        "test_every_duplicate_of_a_class_is_reported_in_one_error.<locals>.Limits: "
        "1 for 'max_retries' and 'low', 10 for 'max_depth' and 'high', 1 for 'soft_cap' "
        "and 'low'; declare max_retries = alias(low), max_depth = alias(high), "
        "soft_cap = alias(low) for those meant as the same member, give the others values "
        "of their own, or use typed_enum.Constants for separate constants that happen to be "
        "equal"
    )
    assert "\n" not in str(caught.value)


def test_declared_aliases_are_left_out_of_the_list_of_duplicates() -> None:
    with pytest.raises(ValueError, match=_duplicate("Mixed", "c", "a", 1)):

        class Mixed(te.Enum):
            a = 1
            b = alias(a)
            c = 1
            d = a


def test_stdlib_enum_still_allows_silent_aliases() -> None:
    # The check is typed_enum's, not a change to stdlib.
    class Loose(enum.Enum):
        red = 1
        crimson = 1  # noqa: PIE796

    assert Loose.crimson is Loose.red


# -- declared aliases ------------------------------------------------------


class Color(te.Enum):
    red = 1
    green = 2
    crimson = alias(red)
    scarlet = alias("red")
    verdant = green


@pytest.mark.parametrize("name", ["crimson", "scarlet", "verdant"])
def test_declared_alias_resolves_to_the_canonical_member(name: str) -> None:
    canonical = Color.green if name == "verdant" else Color.red
    assert getattr(Color, name) is canonical
    assert Color[name] is canonical
    assert Color.__members__[name] is canonical
    assert canonical.name != name


def test_declared_aliases_are_listed_but_not_iterated() -> None:
    assert list(Color) == [Color.red, Color.green]
    assert len(Color) == 2
    assert list(Color.__members__) == ["red", "green", "crimson", "scarlet", "verdant"]
    assert Color._te_aliases_ == frozenset({"crimson", "scarlet", "verdant"})


def test_alias_returns_a_marker_outside_a_class_body() -> None:
    marker = alias("red")
    assert repr(marker) == "alias('red')"


def test_alias_of_an_alias_resolves_to_the_canonical_member() -> None:
    class Chain(te.Enum):
        a = 1
        b = alias(a)
        c = alias(b)

    assert Chain.c is Chain.a
    assert list(Chain) == [Chain.a]


@pytest.mark.parametrize("style", ["alias()", 'alias("name")'])
def test_auto_after_an_alias_continues_from_the_last_real_member(style: str) -> None:
    namespace = type(te.Enum).__prepare__("Steps", (te.Enum,))
    namespace["a"] = auto()
    namespace["b"] = auto()
    if style == "alias()":
        namespace["again"] = alias(namespace["b"])
    else:
        namespace["again"] = alias("b")
    namespace["c"] = auto()
    steps = type(te.Enum)("Steps", (te.Enum,), namespace)
    assert [(m.name, m.value) for m in steps] == [("a", 1), ("b", 2), ("c", 3)]
    assert steps["again"] is steps["b"]


def test_auto_after_an_alias_in_a_class_statement() -> None:
    class Steps(te.Enum):
        a = auto()
        b = alias(a)
        c = auto()
        d = c
        e = auto()

    assert [m.value for m in Steps] == [1, 2, 3]
    assert Steps.d is Steps.c


def test_auto_after_an_alias_in_strenum_and_flag() -> None:
    class Words(te.StrEnum):
        a = auto()
        b = alias(a)
        c = auto()

    class Bits(te.Flag):
        R = auto()
        READ = alias(R)
        W = auto()

    assert [m.value for m in Words] == ["a", "c"]
    assert [m.value for m in Bits] == [1, 2]
    assert Bits.READ is Bits.R


def test_alias_in_functional_api() -> None:
    made = te.Enum("Made", [("a", 1), ("b", alias("a"))])
    assert made["b"] is made["a"]
    assert list(made) == [made["a"]]


def test_flag_combinations_are_members_not_duplicates() -> None:
    class Perm(te.Flag):
        R = 1
        W = 2
        RW = R | W
        ALL = 7

    assert Perm.RW.name == "RW"
    assert Perm(3) is Perm.RW
    assert Perm(7) is Perm.ALL
    assert Perm._te_aliases_ == frozenset()


def test_repeated_flag_combination_is_a_duplicate() -> None:
    with pytest.raises(ValueError, match=_duplicate("Perm", "WR", "RW", 3)):

        class Perm(te.Flag):
            R = 1
            W = 2
            RW = R | W
            WR = W | R


def test_value_computed_from_a_member_is_not_an_alias() -> None:
    class Sizes(te.Enum):
        small = 1
        medium = small + 1
        large = medium * 2

    assert [m.value for m in Sizes] == [1, 2, 4]
    assert Sizes._te_aliases_ == frozenset()


# -- alias mistakes ------------------------------------------------------


def test_alias_to_unknown_name_suggests_the_closest_member() -> None:
    message = (
        "alias 'crimson' in Color: 'rde' is not a member defined above it; write "
        "crimson = alias(name) after the member it names; did you mean 'red'?"
    )
    with pytest.raises(ValueError, match=re.escape(message)):

        class Color(te.Enum):
            red = 1
            crimson = alias("rde")


def test_alias_to_unknown_value_lists_the_members_so_far() -> None:
    with pytest.raises(
        ValueError, match=r"5 is not a member defined above it; .*members so far are red, green$"
    ):

        class Color(te.Enum):
            red = 1
            green = 2
            crimson = alias(5)


def test_alias_before_its_member_is_an_error() -> None:
    with pytest.raises(
        ValueError,
        match=r"'red' is not a member defined above it; write crimson = alias\(name\) after the member it names$",
    ):

        class Color(te.Enum):
            crimson = alias("red")
            red = 1
