"""typed_enum is stdlib enum underneath: same types, same behaviour, same text."""

from __future__ import annotations

import copy
import enum
import pickle

import pytest

import typed_enum as te
from typed_enum import alias, auto, member, nonmember


class Color(te.Enum):
    red = 1
    green = 2
    blue = 3
    crimson = alias(red)


class Number(te.IntEnum):
    one = 1
    two = 2
    ten = 10


class Word(te.StrEnum):
    alpha = auto()
    Beta = auto()


class Perm(te.Flag):
    R = auto()
    W = auto()
    X = auto()
    RW = R | W


class IntPerm(te.IntFlag):
    R = auto()
    W = auto()
    X = auto()


class Coord(te.Enum):
    """Custom ``__new__``: the value is the first item of the tuple."""

    def __new__(cls, value: int, label: str) -> Coord:
        obj = object.__new__(cls)
        obj._value_ = value
        obj.label = label  # type: ignore[attr-defined]
        return obj

    X = (1, "ex")
    Y = (2, "why")


class Planet(te.Enum):
    MERCURY = (3.3e23, 2.4e6)
    EARTH = (6.0e24, 6.4e6)

    def __init__(self, mass: float, radius: float) -> None:
        self.mass = mass
        self.radius = radius


class Lenient(te.Enum):
    one = 1
    two = 2

    @classmethod
    def _missing_(cls, value: object) -> Lenient | None:
        if isinstance(value, str) and value.isdigit():
            return cls(int(value))
        return None


Functional = te.Enum("Functional", "red green blue")
FunctionalFlag = te.IntFlag("FunctionalFlag", "R W X")
FunctionalStr = te.StrEnum("FunctionalStr", "Ab Cd")


# -- built on stdlib ----------------------------------------------------------


def test_members_are_stdlib_enum_instances() -> None:
    assert isinstance(Color.red, enum.Enum)
    assert isinstance(Color.red, te.Enum)
    assert not isinstance(Color.red, enum.Flag)
    assert issubclass(Color, enum.Enum)


def test_metaclass_is_a_subclass_of_stdlib_enumtype() -> None:
    for cls in (Color, Number, Word, Perm, IntPerm, te.OrderedEnum):
        assert type(cls) is te.TypedEnumType
        assert issubclass(type(cls), enum.EnumType)
    assert type(enum.Enum) is enum.EnumType  # stdlib's own classes are untouched


def test_intenum_members_are_ints_and_stdlib_intenum() -> None:
    assert isinstance(Number.two, int)
    assert isinstance(Number.two, enum.IntEnum)
    assert Number.two == 2
    assert Number.two + 1 == 3
    assert not isinstance(Color.red, int)


def test_strenum_members_are_strs_and_stdlib_strenum() -> None:
    assert isinstance(Word.alpha, str)
    assert isinstance(Word.alpha, enum.StrEnum)
    assert Word.alpha == "alpha"
    assert Word.alpha.upper() == "ALPHA"


def test_flag_and_intflag_members_are_stdlib_flags() -> None:
    assert isinstance(Perm.R, enum.Flag)
    assert not isinstance(Perm.R, int)
    assert isinstance(IntPerm.R, enum.IntFlag)
    assert isinstance(IntPerm.R, int)
    assert IntPerm.R | 8 == 9


# -- stdlib behaviour unchanged ----------------------------------------------


def test_iteration_is_in_definition_order_without_aliases() -> None:
    assert list(Color) == [Color.red, Color.green, Color.blue]
    assert len(Color) == 3
    assert [m.name for m in Number] == ["one", "two", "ten"]


def test_lookup_by_value_and_by_name() -> None:
    assert Color(1) is Color.red
    assert Color["green"] is Color.green
    assert Color["crimson"] is Color.red
    assert Number(10) is Number.ten


def test_members_mapping_lists_aliases_but_iteration_does_not() -> None:
    assert list(Color.__members__) == ["red", "green", "blue", "crimson"]
    assert Color.__members__["crimson"] is Color.red
    assert [m.name for m in Color] == ["red", "green", "blue"]


def test_auto_gives_ints_for_enum() -> None:
    class Step(te.Enum):
        a = auto()
        b = auto()
        c = auto()

    assert [m.value for m in Step] == [1, 2, 3]


def test_auto_gives_lower_cased_names_for_strenum() -> None:
    assert [m.value for m in Word] == ["alpha", "beta"]
    assert [m.value for m in FunctionalStr] == ["ab", "cd"]


def test_auto_gives_powers_of_two_for_flags() -> None:
    assert [m.value for m in Perm] == [1, 2, 4]
    assert [m.value for m in IntPerm] == [1, 2, 4]


def test_member_and_nonmember_work_as_in_stdlib() -> None:
    def helper() -> int:
        return 7

    class Tools(te.Enum):
        a = 1
        b = member(helper)
        limit = nonmember(3)

    assert [m.name for m in Tools] == ["a", "b"]
    assert Tools.b.value is helper
    assert Tools.limit == 3
    assert not isinstance(Tools.limit, Tools)


def test_missing_hook_is_honoured() -> None:
    assert Lenient("2") is Lenient.two
    assert Lenient.from_value("1") is Lenient.one
    with pytest.raises(
        ValueError, match=r"^'x' is not a valid Lenient; valid values are 1 \(one\), 2 \(two\)$"
    ):
        Lenient("x")
    assert Lenient.try_from_value("x") is None
    assert Lenient.try_from_value("2") is Lenient.two


def test_custom_new_sets_value_from_a_tuple() -> None:
    assert Coord(1) is Coord.X
    assert Coord.Y.value == 2
    assert Coord.Y.label == "why"  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(Coord.Y)) is Coord.Y


def test_tuple_values_are_passed_to_init() -> None:
    assert Planet.EARTH.mass == 6.0e24
    assert Planet((6.0e24, 6.4e6)) is Planet.EARTH


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
@pytest.mark.parametrize(
    "value",
    [Color.red, Color.crimson, Number.ten, Word.Beta, Perm.RW, Perm.R | Perm.X, IntPerm(9)],
    ids=repr,
)
def test_members_pickle_to_themselves(value: enum.Enum, protocol: int) -> None:
    assert pickle.loads(pickle.dumps(value, protocol)) == value
    if not isinstance(value, int):
        assert pickle.loads(pickle.dumps(value, protocol)) is value


def test_functional_api_enum_belongs_to_the_calling_module_and_pickles() -> None:
    assert Functional.__module__ == __name__
    assert FunctionalFlag.__module__ == __name__
    assert [m.value for m in Functional] == [1, 2, 3]
    assert pickle.loads(pickle.dumps(Functional.green)) is Functional.green
    assert pickle.loads(pickle.dumps(FunctionalFlag.R | FunctionalFlag.X)) == 5


def test_functional_api_with_module_none_still_guesses_the_caller() -> None:
    made = te.Enum("Made", "a b", module=None)
    assert made.__module__ == __name__


def test_functional_api_with_explicit_module_keeps_it() -> None:
    made = te.Enum("Made", "a b", module="somewhere.else")
    assert made.__module__ == "somewhere.else"


def test_functional_api_takes_pairs_and_mappings() -> None:
    pairs = te.Enum("Pairs", [("x", 10), ("y", 20)])
    mapping = te.IntEnum("Mapping", {"x": 10, "y": 20})
    assert pairs(20).name == "y"
    assert mapping.x == 10
    assert isinstance(mapping.x, te.IntEnum)


@pytest.mark.parametrize("value", [Color.red, Number.one, Word.alpha, Perm.RW, IntPerm.W])
def test_copy_and_deepcopy_return_the_member(value: enum.Enum) -> None:
    assert copy.copy(value) is value
    assert copy.deepcopy(value) is value
    assert copy.deepcopy({"k": [value]})["k"][0] is value


def test_flag_is_strict_and_intflag_keeps_unknown_bits() -> None:
    assert Perm._boundary_ is enum.STRICT
    assert IntPerm._boundary_ is enum.KEEP
    with pytest.raises(ValueError, match="invalid value 8"):
        Perm(8)
    assert IntPerm(8) == 8
    assert IntPerm(9) == IntPerm.R | 8


def test_flag_combinations_and_iteration() -> None:
    assert list(Perm) == [Perm.R, Perm.W, Perm.X]  # named combinations are not iterated
    assert Perm(3) is Perm.RW
    assert Perm.R | Perm.W is Perm.RW
    assert list(Perm.R | Perm.X) == [Perm.R, Perm.X]
    assert Perm.RW & Perm.W is Perm.W
    assert ~Perm.R == Perm.W | Perm.X
    assert Perm.R in Perm.RW
    assert Perm.X not in Perm.RW


def test_flag_boundary_keyword_is_passed_to_stdlib() -> None:
    class Conform(te.Flag, boundary=enum.CONFORM):
        A = 1
        B = 2

    assert Conform(7) is Conform.A | Conform.B


# -- text: identical to the equivalent stdlib class ---------------------------

_KINDS = [
    (te.Enum, enum.Enum, [("x", 1), ("y", 2)]),
    (te.IntEnum, enum.IntEnum, [("x", 1), ("y", 20)]),
    (te.StrEnum, enum.StrEnum, [("x", "ex"), ("y", "why")]),
    (te.Flag, enum.Flag, [("x", 1), ("y", 2), ("xy", 3)]),
    (te.IntFlag, enum.IntFlag, [("x", 1), ("y", 2), ("xy", 3)]),
]


def _build(kind: type[enum.Enum], pairs: list[tuple[str, object]]) -> type[enum.Enum]:
    """The same class statement, written against ``kind``."""
    namespace = type(kind).__prepare__("Same", (kind,))
    namespace["__module__"] = __name__
    namespace["__qualname__"] = "Same"
    for name, value in pairs:
        namespace[name] = value
    return type(kind)("Same", (kind,), namespace)  # type: ignore[return-value]


def _samples(cls: type[enum.Enum]) -> list[enum.Enum]:
    found = list(cls.__members__.values())
    if issubclass(cls, enum.Flag):
        found += [cls(0), cls(3)]
        if issubclass(cls, enum.IntFlag):
            found += [cls(8), cls(9)]
    return found


@pytest.mark.parametrize(
    ("ours", "theirs", "pairs"), _KINDS, ids=lambda k: getattr(k, "__name__", "")
)
def test_str_repr_and_format_match_stdlib(
    ours: type[enum.Enum], theirs: type[enum.Enum], pairs: list[tuple[str, object]]
) -> None:
    mine, stdlib = _build(ours, pairs), _build(theirs, pairs)
    assert isinstance(mine, te.TypedEnumType)
    assert not isinstance(stdlib, te.TypedEnumType)
    specs = ["", ">12", "<12", "^12"]
    if issubclass(theirs, int):
        specs += ["03d", "x", "+d"]
    for a, b in zip(_samples(mine), _samples(stdlib), strict=True):
        assert str(a) == str(b)
        assert repr(a) == repr(b)
        for spec in specs:
            assert format(a, spec) == format(b, spec), spec
        assert f"{a}|{a!s}|{a!r}" == f"{b}|{b!s}|{b!r}"


def test_intenum_format_spec_formats_the_int() -> None:
    assert f"{Number.one:03d}" == "001"
    assert f"{Number.ten}" == "10"
    assert str(Number.ten) == "10"
    assert repr(Number.ten) == "<Number.ten: 10>"
    assert f"{Word.alpha:>7}" == "  alpha"
    assert str(Color.red) == "Color.red"
    assert repr(Color.crimson) == "<Color.red: 1>"
    assert str(Perm.R | Perm.X) == "Perm.R|X"


def test_class_repr_matches_stdlib() -> None:
    assert repr(Color) == "<enum 'Color'>"
    assert repr(Perm) == "<flag 'Perm'>"


# -- subclassing ------------------------------------------------------------


def test_subclassing_an_enum_with_members_names_the_fix() -> None:
    with pytest.raises(TypeError) as info:

        class More(Color):  # type: ignore[misc]
            purple = 4

    message = str(info.value)
    # stdlib's words first, then the fix.
    assert message.startswith("<enum 'More'> cannot extend <enum 'Color'>; ")
    assert "member-less base class" in message


def test_subclassing_a_member_less_enum_shares_its_methods() -> None:
    class Describe(te.Enum):
        def describe(self) -> str:
            return f"{self.name}={self.value}"

    class Shade(Describe):
        dark = 1

    class Tone(Describe):
        loud = 2

    assert Shade.dark.describe() == "dark=1"
    assert Tone.loud.describe() == "loud=2"
    assert isinstance(Shade.dark, Describe)


def test_stdlib_unique_decorator_is_reexported() -> None:
    assert te.unique is enum.unique
    assert te.auto is enum.auto
