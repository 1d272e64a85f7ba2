"""Exhaustive maps: immutable mappings with an entry for every member."""

from __future__ import annotations

import copy
import enum
import pickle
import re
from collections.abc import Mapping

import pytest

import typed_enum as te
from typed_enum import EnumMap, alias, exhaustive_map


class Color(te.Enum):
    red = 1
    green = 2
    blue = 3
    crimson = alias(red)


class Number(te.IntEnum):
    one = 1
    two = 2


class Digit(te.IntEnum):
    uno = 1
    dos = 2


class Perm(te.Flag):
    R = 1
    W = 2
    RW = R | W


class Plugin(te.Enum, open=True):
    core = 1


class StdColor(enum.Enum):
    red = 1
    green = 2


HEX = exhaustive_map(Color, {Color.blue: "#00f", Color.red: "#f00", Color.green: "#0f0"})


def _error(enum_name: str, problems: str) -> str:
    return (
        "^"
        + re.escape(
            f"exhaustive_map({enum_name}) has {problems}; give every {enum_name} member exactly "
            f"one entry"
        )
        + "$"
    )


def test_map_is_a_mapping_in_member_order() -> None:
    assert isinstance(HEX, Mapping)
    assert isinstance(HEX, EnumMap)
    assert list(HEX) == [Color.red, Color.green, Color.blue]
    assert list(HEX.values()) == ["#f00", "#0f0", "#00f"]
    assert len(HEX) == 3
    assert HEX[Color.green] == "#0f0"
    assert HEX[Color.crimson] == "#f00"
    assert HEX.get(Color.red) == "#f00"
    assert Color.blue in HEX
    assert HEX.enum is Color
    assert dict(HEX) == {Color.red: "#f00", Color.green: "#0f0", Color.blue: "#00f"}
    assert dict(HEX) == HEX  # Mapping equality


def test_map_repr_names_the_enum_and_entries() -> None:
    assert (
        repr(HEX)
        == "exhaustive_map(Color, {Color.red: '#f00', Color.green: '#0f0', Color.blue: '#00f'})"
    )


def test_map_is_immutable() -> None:
    with pytest.raises(TypeError, match="does not support item assignment"):
        HEX[Color.red] = "#fff"  # type: ignore[index]
    with pytest.raises(TypeError):
        del HEX[Color.red]  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match=r"^EnumMap is immutable; cannot set '_entries'$"):
        HEX._entries = {}  # type: ignore[misc]
    with pytest.raises(AttributeError, match=r"^EnumMap is immutable; cannot delete '_entries'$"):
        del HEX._entries
    with pytest.raises(AttributeError):
        HEX.extra = 1  # type: ignore[attr-defined]
    assert HEX[Color.red] == "#f00"


def test_map_does_not_share_the_callers_dict() -> None:
    entries = {Color.red: 1, Color.green: 2, Color.blue: 3}
    made = exhaustive_map(Color, entries)
    entries[Color.red] = 99
    del entries[Color.blue]
    assert made[Color.red] == 1
    assert made[Color.blue] == 3


def test_missing_members_are_named() -> None:
    with pytest.raises(ValueError, match=_error("Color", "missing Color.green, Color.blue")):
        exhaustive_map(Color, {Color.red: 1})


def test_empty_map_misses_every_member() -> None:
    with pytest.raises(
        ValueError, match=_error("Color", "missing Color.red, Color.green, Color.blue")
    ):
        exhaustive_map(Color, {})


def test_foreign_plain_int_key_is_named_and_its_member_still_missing() -> None:
    with pytest.raises(
        ValueError,
        match=_error("Number", "missing Number.two; and keys that are not Number members: 2"),
    ):
        exhaustive_map(Number, {Number.one: "a", 2: "b"})  # type: ignore[dict-item]


def test_foreign_member_of_another_intenum_with_an_equal_value_is_named() -> None:
    problems = "missing Number.two; and keys that are not Number members: <Digit.dos: 2>"
    with pytest.raises(ValueError, match=_error("Number", problems)):
        exhaustive_map(Number, {Number.one: "a", Digit.dos: "b"})  # type: ignore[dict-item]


def test_foreign_key_in_a_complete_map_is_still_refused() -> None:
    problems = "keys that are not Color members: 'purple', <StdColor.red: 1>"
    entries = {Color.red: 1, Color.green: 2, Color.blue: 3, "purple": 4, StdColor.red: 5}
    with pytest.raises(ValueError, match=_error("Color", problems)):
        exhaustive_map(Color, entries)  # type: ignore[arg-type]


def test_open_enum_is_refused() -> None:
    message = (
        "exhaustive_map(Plugin): Plugin is open, so no map can cover all of its members; "
        "use a dict with a default for members added by extend()"
    )
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        exhaustive_map(Plugin, {Plugin.core: 1})


@pytest.mark.parametrize("first", [{Color.red: 1}, Color.red, int, "Color", None], ids=repr)
def test_non_enum_first_argument_is_refused(first: object) -> None:
    with pytest.raises(
        TypeError, match=r"^exhaustive_map\(\) needs an enum class as its first argument, not "
    ):
        exhaustive_map(first, {})  # type: ignore[call-overload]


def test_stdlib_enum_works_too() -> None:
    made = exhaustive_map(StdColor, {StdColor.green: 2, StdColor.red: 1})
    assert list(made) == [StdColor.red, StdColor.green]
    with pytest.raises(ValueError, match=_error("StdColor", "missing StdColor.green")):
        exhaustive_map(StdColor, {StdColor.red: 1})


def test_flag_needs_its_bits_and_allows_named_combinations() -> None:
    bits = exhaustive_map(Perm, {Perm.R: "r", Perm.W: "w"})
    assert list(bits) == [Perm.R, Perm.W]
    with_combo = exhaustive_map(Perm, {Perm.RW: "rw", Perm.W: "w", Perm.R: "r"})
    assert list(with_combo) == [Perm.R, Perm.W, Perm.RW]
    assert with_combo[Perm.R | Perm.W] == "rw"
    with pytest.raises(ValueError, match=_error("Perm", "missing Perm.W")):
        exhaustive_map(Perm, {Perm.R: "r", Perm.RW: "rw"})


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_map_pickles(protocol: int) -> None:
    restored = pickle.loads(pickle.dumps(HEX, protocol))
    assert type(restored) is EnumMap
    assert restored == HEX
    assert list(restored) == list(HEX)
    assert restored.enum is Color


def test_map_copies() -> None:
    assert copy.copy(HEX) == HEX
    assert copy.deepcopy(HEX) == HEX
    assert list(copy.deepcopy(HEX)) == [Color.red, Color.green, Color.blue]


def test_map_is_not_hashable_like_other_mappings() -> None:
    with pytest.raises(TypeError, match="unhashable"):
        hash(HEX)


@pytest.mark.parametrize(
    "entries",
    [
        {Number.one: "a", Number.two: "b"},
        {Number.two: "b", Number.one: "a"},
    ],
    ids=["member order", "another order"],
)
def test_complete_table_in_any_order_is_kept_in_member_order(
    entries: dict[Number, str],
) -> None:
    made = exhaustive_map(Number, entries)
    assert list(made.items()) == [(Number.one, "a"), (Number.two, "b")]
    assert all(type(key) is Number for key in made)


def test_equal_ints_in_the_members_places_are_not_the_members() -> None:
    # Each key equals the member in its place (IntEnum), none is one.
    problems = "missing Number.one, Number.two; and keys that are not Number members: 1, 2"
    with pytest.raises(ValueError, match=_error("Number", problems)):
        exhaustive_map(Number, {1: "a", 2: "b"})  # type: ignore[dict-item]


def test_enum_map_constructor_checks_as_exhaustive_map_does() -> None:
    assert list(EnumMap(Number, {Number.two: "b", Number.one: "a"})) == [Number.one, Number.two]
    with pytest.raises(ValueError, match=_error("Number", "missing Number.two")):
        EnumMap(Number, {Number.one: "a"})
