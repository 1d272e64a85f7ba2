"""Lookups by value and by name: stdlib's results, typed_enum's error messages."""

from __future__ import annotations

import enum
import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import typed_enum as te
from typed_enum import alias


class Color(te.Enum):
    red = 1
    green = 2
    blue = 3
    crimson = alias(red)


class Perm(te.Flag):
    R = 1
    W = 2
    X = 4
    RW = R | W


class IntPerm(te.IntFlag):
    R = 1
    W = 2


class Number(te.IntEnum):
    one = 1
    two = 2


class Other(te.IntEnum):
    uno = 1


class Listy(te.Enum):
    pair = [1, 2]  # noqa: RUF012
    single = [3]  # noqa: RUF012


class Lenient(te.Enum):
    one = 1

    @classmethod
    def _missing_(cls, value: object) -> Lenient | None:
        return cls.one if value == "1" else None


class Empty(te.Enum):
    pass


_NOT_VALID_COLOR = "valid values are 1 (red), 2 (green), 3 (blue)"


# -- by value ---------------------------------------------------------------


def test_unknown_value_lists_the_valid_values() -> None:
    message = f"^99 is not a valid Color; {re.escape(_NOT_VALID_COLOR)}$"
    with pytest.raises(ValueError, match=message):
        Color(99)
    with pytest.raises(ValueError, match=message):
        Color.from_value(99)


def test_unknown_value_error_has_no_context_as_in_stdlib() -> None:
    # stdlib guarantees a failed lookup's error is not chained to anything.
    with pytest.raises(ValueError, match=r"^99 is not a valid Color; valid values are") as info:
        Color(99)
    assert info.value.__context__ is None
    assert info.value.__cause__ is None


def test_unknown_value_of_a_long_enum_lists_the_first_twelve() -> None:
    many = te.Enum("Many", [(f"m{i}", i) for i in range(20)])
    listed = ", ".join(f"{i} (m{i})" for i in range(12))
    with pytest.raises(ValueError, match=re.escape(f"valid values are {listed} and 8 more")):
        many(99)


def test_value_lookup_on_a_member_less_enum_is_stdlibs_type_error() -> None:
    # stdlib refuses the call itself ("has no members defined" on 3.11,
    # "has no members; specify `names=()` ..." on 3.12+), before any lookup.
    with pytest.raises(TypeError, match=r"^<enum 'Empty'> has no members"):
        Empty(1)
    with pytest.raises(TypeError, match=r"^<enum 'Empty'> has no members"):
        Empty.from_value(1)


def test_unknown_value_repr_is_used_in_the_message() -> None:
    with pytest.raises(ValueError, match=r"^'red' is not a valid Color; "):
        Color("red")


def test_from_value_finds_members_and_aliases_share_the_value() -> None:
    assert Color.from_value(1) is Color.red
    assert Color.from_value(3) is Color.blue
    assert Color.from_value(Color.green) is Color.green


def test_try_from_value_returns_none_or_the_default() -> None:
    assert Color.try_from_value(2) is Color.green
    assert Color.try_from_value(99) is None
    assert Color.try_from_value(99, Color.red) is Color.red
    assert Color.try_from_value(99, "fallback") == "fallback"
    assert Color.try_from_value([1]) is None  # unhashable, and no member has it


def test_lookups_by_value_honour_missing() -> None:
    assert Lenient("1") is Lenient.one
    assert Lenient.from_value("1") is Lenient.one
    assert Lenient.try_from_value("1") is Lenient.one
    assert Lenient.try_from_value("2") is None
    with pytest.raises(
        ValueError, match=r"^'2' is not a valid Lenient; valid values are 1 \(one\)$"
    ):
        Lenient.from_value("2")


def test_missing_returning_garbage_is_stdlibs_type_error() -> None:
    class Broken(te.Enum):
        one = 1

        @classmethod
        def _missing_(cls, value: object) -> object:
            return "not a member"

    with pytest.raises(TypeError, match=r"error in Broken\._missing_"):
        Broken(2)


def test_flag_values_give_named_members_and_pseudo_members() -> None:
    assert Perm.from_value(3) is Perm.RW
    combo = Perm.from_value(5)
    assert combo == Perm.R | Perm.X
    assert combo.name == "R|X"
    assert Perm.try_from_value(8) is None  # STRICT: an unknown bit is no member
    with pytest.raises(ValueError, match="invalid value 8"):
        Perm.from_value(8)
    assert IntPerm.from_value(8) == 8  # KEEP: unknown bits are kept
    assert IntPerm.try_from_value(3) == IntPerm.R | IntPerm.W


def test_true_and_one_are_the_same_value_as_in_stdlib() -> None:
    class Std(enum.IntEnum):
        one = 1

    assert Number(True) is Number.one
    assert Std(True) is Std.one
    assert Number(1.0) is Number.one
    assert Std(1.0) is Std.one

    class Truth(te.Enum):
        yes = True
        no = False

    assert Truth(1) is Truth.yes
    assert Truth(0) is Truth.no


def test_unhashable_values_are_found_by_equality() -> None:
    assert Listy([1, 2]) is Listy.pair
    assert Listy.from_value([3]) is Listy.single
    assert Listy.try_from_value([4]) is None
    with pytest.raises(
        ValueError,
        match=r"^\[4\] is not a valid Listy; valid values are \[1, 2\] \(pair\), \[3\] \(single\)$",
    ):
        Listy([4])


def test_member_passed_as_value_is_returned() -> None:
    assert Color(Color.red) is Color.red
    assert Number(Number.two) is Number.two
    assert Number(Other.uno) is Number.one  # an equal int, as in stdlib


def test_member_of_another_plain_enum_is_not_a_value() -> None:
    class Shade(te.Enum):
        red = 1

    with pytest.raises(ValueError, match=r"^<Shade\.red: 1> is not a valid Color"):
        Color(Shade.red)


def test_member_with_eq_hash_tricks_still_returns_itself() -> None:
    class Odd(te.Enum):
        a = 1
        b = 2

        def __hash__(self) -> int:
            return hash(2)

        def __eq__(self, other: object) -> bool:
            return other == 2 or self is other

    class StdOdd(enum.Enum):
        a = 1
        b = 2

        def __hash__(self) -> int:
            return hash(2)

        def __eq__(self, other: object) -> bool:
            return other == 2 or self is other

    assert StdOdd(StdOdd.a) is StdOdd.a
    assert Odd(Odd.a) is Odd.a


# -- by name ------------------------------------------------------------------


def test_unknown_name_suggests_the_closest_member() -> None:
    message = re.escape("'rde' is not a member of Color; did you mean 'red'?")
    with pytest.raises(KeyError, match=message):
        Color["rde"]
    with pytest.raises(KeyError, match=message):
        Color.from_name("rde")


def test_unknown_name_differing_in_case_suggests_the_member() -> None:
    with pytest.raises(KeyError, match=re.escape("did you mean 'green'?")):
        Color["GREEN"]


def test_unknown_name_without_a_close_match_lists_the_names() -> None:
    message = re.escape("'zzz' is not a member of Color; members are red, green, blue, crimson")
    with pytest.raises(KeyError, match=message):
        Color["zzz"]
    with pytest.raises(KeyError, match=re.escape("1 is not a member of Color; members are")):
        Color.from_name(1)  # type: ignore[arg-type]
    with pytest.raises(KeyError, match="'x' is not a member of Empty; it has no members"):
        Empty["x"]


def test_from_name_finds_members_and_aliases() -> None:
    assert Color.from_name("green") is Color.green
    assert Color.from_name("crimson") is Color.red
    assert Perm.from_name("RW") is Perm.RW


def _fresh_color() -> type[te.Enum]:
    """A class of its own: from_name's first call stores its fast path on the class."""

    class Shade(te.Enum):
        red = 1
        green = 2
        crimson = alias(red)

    return Shade


def test_from_name_answers_alike_before_and_after_its_first_hit() -> None:
    Shade = _fresh_color()
    message = r"'rde' is not a member of \S*Shade; did you mean 'red'\?"
    with pytest.raises(KeyError, match=message):
        Shade.from_name("rde")  # a miss stores nothing
    assert "from_name" not in vars(Shade)
    assert Shade.from_name("crimson") is Shade.red  # type: ignore[attr-defined]
    assert "from_name" in vars(Shade)  # the fast path, from now on
    assert Shade.from_name("green") is Shade.green  # type: ignore[attr-defined]
    assert Shade.from_name("crimson") is Shade.red  # type: ignore[attr-defined]
    assert Shade.red.from_name("green") is Shade.green  # type: ignore[attr-defined]
    with pytest.raises(KeyError, match=message):
        Shade.from_name("rde")
    with pytest.raises(
        KeyError, match=r"'zzz' is not a member of \S*Shade; members are red, green, crimson"
    ):
        Shade.from_name("zzz")
    assert list(Shade) == [Shade.red, Shade.green]  # type: ignore[attr-defined]


def test_from_name_of_an_unhashable_name_raises_type_error_as_indexing_does() -> None:
    Shade = _fresh_color()
    for _ in range(2):  # before and after the fast path is stored
        with pytest.raises(TypeError, match="unhashable"):
            Shade.from_name([1])  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="unhashable"):
            Shade[[1]]  # type: ignore[index]
        assert Shade.from_name("red") is Shade.red  # type: ignore[attr-defined]


def test_from_name_finds_members_an_open_enum_gains_later() -> None:
    class Reg(te.Enum, open=True):
        a = 1

    assert Reg.from_name("a") is Reg.a
    made = Reg.extend("b", 2)
    assert Reg.from_name("b") is made
    with pytest.raises(KeyError, match=r"'c' is not a member of \S*Reg; members are a, b"):
        Reg.from_name("c")


def test_from_name_of_the_users_own_is_kept() -> None:
    class Base(te.Enum):
        @classmethod
        def from_name(cls, name: str) -> te.Enum:
            return super().from_name(name.lower())

    class Shade(Base):
        red = 1

    assert Shade.from_name("RED") is Shade.red
    assert "from_name" not in vars(Shade)
    assert Shade.from_name("Red") is Shade.red


def test_from_name_of_a_memberless_base_is_not_inherited() -> None:
    class Base(te.Enum):
        pass

    with pytest.raises(KeyError, match=r"'red' is not a member of \S*Base; it has no members"):
        Base.from_name("red")

    class Shade(Base):
        red = 1

    assert Shade.from_name("red") is Shade.red
    assert Shade.from_name("red") is Shade.red
    assert "from_name" not in vars(Base)


def test_a_member_named_from_name_stays_a_member() -> None:
    class Odd(te.Enum):
        from_name = 1
        other = 2

    assert isinstance(Odd.from_name, Odd)
    assert Odd.from_name.value == 1
    assert te.Enum.from_name.__func__(Odd, "other") is Odd.other  # type: ignore[attr-defined]
    assert isinstance(Odd.from_name, Odd)


def test_try_from_name_returns_none_or_the_default() -> None:
    assert Color.try_from_name("blue") is Color.blue
    assert Color.try_from_name("crimson") is Color.red
    assert Color.try_from_name("rde") is None
    assert Color.try_from_name("rde", Color.red) is Color.red
    assert Color.try_from_name([1]) is None  # type: ignore[arg-type]


def test_name_lookup_does_not_see_non_members() -> None:
    with pytest.raises(KeyError, match="'from_value' is not a member of Color"):
        Color["from_value"]
    assert Color.try_from_name("__class__") is None


# -- the fast path gives stdlib's results --------------------------------------

_KINDS = {
    "Enum": (
        te.Enum,
        enum.Enum,
        st.one_of(
            st.integers(-3, 20),
            st.text(max_size=2),
            st.floats(allow_nan=False, width=16),
            st.tuples(st.integers(0, 2)),
            st.booleans(),
        ),
    ),
    "IntEnum": (te.IntEnum, enum.IntEnum, st.integers(-3, 40)),
    "StrEnum": (te.StrEnum, enum.StrEnum, st.text(max_size=2)),
    "IntFlag": (te.IntFlag, enum.IntFlag, st.sampled_from([1, 2, 4, 8, 16, 3, 6])),
}


def _outcome(call: Callable[[], enum.Enum]) -> tuple[object, ...]:
    """What a lookup gave, comparable across the two classes: a name and value, or an error."""
    try:
        result = call()
    except Exception as exc:
        return ("error", type(exc))
    return ("member", result._name_, result._value_)


@settings(max_examples=60, deadline=None, database=None)
@given(data=st.data(), kind=st.sampled_from(sorted(_KINDS)))
def test_value_lookup_matches_stdlib(data: st.DataObject, kind: str) -> None:
    ours_base, std_base, values = _KINDS[kind]
    member_values = data.draw(st.lists(values, min_size=1, max_size=6, unique=True), "values")
    pairs = [(f"m{i}", v) for i, v in enumerate(member_values)]
    ours = ours_base("Probe", pairs)
    std = std_base("Probe", pairs)
    probes: list[tuple[object, object]] = []
    for value in data.draw(st.lists(values, max_size=6), "raw probes") + member_values:
        probes.append((value, value))
        probes.append(([value], [value]))  # unhashable
    probes += [(True, True), (1, 1), (1.0, 1.0), (None, None), (Other.uno, Other.uno)]
    for name in ours.__members__:
        probes.append((ours[name], std[name]))  # a member of the class itself
    for mine, theirs in probes:
        expected = _outcome(lambda: std(theirs))  # noqa: B023
        got = _outcome(lambda: ours(mine))  # noqa: B023
        assert got == expected, (pairs, mine)
        found = ours.try_from_value(mine)
        if expected[0] == "member":
            assert found is not None
            assert found._name_ == expected[1]
        elif expected[1] is ValueError:
            assert found is None
