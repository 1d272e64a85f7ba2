"""Open enums: declared with open=True, they gain members with extend()."""

from __future__ import annotations

import enum
import pickle
import re

import pytest

import typed_enum as te


class Plugin(te.Enum, open=True):
    builtin = 1


class Code(te.IntEnum, open=True):
    ok = 0


class Tag(te.StrEnum, open=True):
    core = "core"


class Cap(te.Flag, open=True):
    READ = 1
    WRITE = 2


class Mask(te.IntFlag, open=True):
    A = 1
    B = 2


class Closed(te.Enum):
    only = 1


class OpenBase(te.Enum, open=True):
    def describe(self) -> str:
        return f"{self.name}:{self.value}"


class Vendor(OpenBase):
    acme = 1


class Sealed(OpenBase, open=False):
    one = 1


# Members added at import time, so pickle finds them by value in a fresh lookup.
Plugin.extend("thirdparty", 2)
Code.extend("teapot", 418)
Tag.extend("extra", "extra")
Cap.extend("EXEC", 4)
Vendor.extend("globex", 2)


def test_open_flag_is_recorded_and_inherited() -> None:
    assert Plugin._te_open_ is True
    assert Closed._te_open_ is False
    assert te.Enum._te_open_ is False
    assert Vendor._te_open_ is True  # subclass of a member-less open base
    assert Sealed._te_open_ is False


@pytest.mark.parametrize(
    ("cls", "name", "value"),
    [
        (Plugin, "thirdparty", 2),
        (Code, "teapot", 418),
        (Tag, "extra", "extra"),
        (Cap, "EXEC", 4),
        (Vendor, "globex", 2),
    ],
)
def test_extended_member_is_a_full_member(cls: type[enum.Enum], name: str, value: object) -> None:
    added = cls[name]
    assert isinstance(added, cls)
    assert added.name == name
    assert added.value == value
    assert list(cls)[-1] is added
    assert cls(value) is added
    assert getattr(cls, name) is added
    assert cls.__members__[name] is added
    assert added in cls
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(added, protocol)) is added


def test_extend_returns_the_member_and_it_is_looked_up_every_way() -> None:
    class Reg(te.Enum, open=True):
        a = 1

    made = Reg.extend("b", 2)
    assert made is Reg.b
    assert Reg.from_value(2) is made
    assert Reg.from_name("b") is made
    assert Reg.try_from_value(2) is made
    assert Reg.try_from_name("b") is made
    assert list(Reg) == [Reg.a, made]
    assert len(Reg) == 2


def test_extended_kinds_keep_their_data_type() -> None:
    assert isinstance(Code.teapot, int)
    assert Code.teapot == 418
    assert Code.teapot > Code.ok
    assert isinstance(Tag.extra, str)
    assert Tag.extra == "extra"
    assert Vendor.globex.describe() == "globex:2"


def test_extended_members_have_stdlib_text() -> None:
    class Std(enum.IntEnum):
        ok = 0
        teapot = 418

    assert repr(Code.teapot) == repr(Std.teapot).replace("Std", "Code")
    assert str(Code.teapot) == str(Std.teapot)
    assert f"{Code.teapot:05d}" == "00418"


def test_extended_flag_combines_like_a_declared_bit() -> None:
    combo = Cap.READ | Cap.EXEC
    assert combo.value == 5
    assert Cap(5) == combo
    assert list(combo) == [Cap.READ, Cap.EXEC]
    assert ~Cap.READ == Cap.WRITE | Cap.EXEC
    assert str(combo) == "Cap.READ|EXEC"


def test_extended_flag_matches_a_flag_declared_with_the_bit() -> None:
    class Live(te.Flag, open=True):
        A = 1
        B = 2

    class Declared(enum.Flag):
        A = 1
        B = 2
        C = 4

    before = ~Live.A, Live.A | Live.B  # cached by stdlib before the bit exists
    assert before[0] == Live.B
    Live.extend("C", 4)
    for value in range(8):
        assert repr(Live(value)).replace("Live", "X") == repr(Declared(value)).replace(
            "Declared", "X"
        )
    assert repr(~Live.A) == "<Live.B|C: 6>"
    assert list(Live) == [Live.A, Live.B, Live.C]


def test_extending_intflag_replaces_a_cached_pseudo_member_of_that_value() -> None:
    class Bits(te.IntFlag, open=True):
        A = 1
        B = 2

    assert repr(Bits(8)) == "<Bits: 8>"
    assert repr(Bits(9)) == "<Bits.A|8: 9>"
    assert ~Bits.A is Bits.B
    added = Bits.extend("E", 8)
    assert Bits(8) is added
    assert repr(Bits(9)) == "<Bits.A|E: 9>"
    assert repr(~Bits.A) == "<Bits.B|E|4: 14>"
    assert list(Bits) == [Bits.A, Bits.B, added]


def test_extending_flag_with_a_cached_combination_makes_it_a_named_member() -> None:
    class Bits(te.Flag, open=True):
        A = 1
        B = 2

    assert (Bits.A | Bits.B).name == "A|B"
    both = Bits.extend("AB", 3)
    assert Bits.A | Bits.B is both
    assert both.name == "AB"
    assert list(Bits) == [Bits.A, Bits.B]  # a combination, as if declared


# -- refusals ----------------------------------------------------------------


def test_extend_on_a_closed_enum_names_the_fix() -> None:
    message = (
        "Closed is closed, so extend() cannot add members to it; declare it with "
        "class Closed(..., open=True) if members may be added at run time"
    )
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        Closed.extend("two", 2)
    with pytest.raises(TypeError, match="Sealed is closed"):
        Sealed.extend("two", 2)
    assert "two" not in Closed.__members__


class Reg(te.Enum, open=True):
    a = 1


def test_extend_refuses_a_duplicate_value_and_leaves_the_enum_unchanged() -> None:
    message = (
        "duplicate value 1 in enum Reg: Reg.extend() was given 'b' with the value of 'a'; "
        "values are unique, so give b a value of its own"
    )
    with pytest.raises(ValueError, match=f"{re.escape(message)}$"):
        Reg.extend("b", 1)
    assert list(Reg.__members__) == ["a"]
    assert not hasattr(Reg, "b")
    assert Reg.extend("b", 2).value == 2  # the name is free again


def test_extend_refuses_a_duplicate_unhashable_value_cleanly() -> None:
    class Reg(te.Enum, open=True):
        a = [1]  # noqa: RUF012

    with pytest.raises(ValueError, match="duplicate value"):
        Reg.extend("b", [1])
    assert Reg([1]) is Reg.a
    assert list(Reg.__members__) == ["a"]
    assert Reg.extend("b", [2]) is Reg([2])


def test_extend_refuses_a_taken_name() -> None:
    with pytest.raises(
        ValueError, match=r"^Plugin\.extend\(\): 'builtin' is already a member of Plugin$"
    ):
        Plugin.extend("builtin", 99)
    with pytest.raises(
        ValueError,
        match=r"'from_value' would shadow the attribute Plugin\.from_value; choose another name$",
    ):
        Plugin.extend("from_value", 99)
    assert Plugin.builtin.value == 1


@pytest.mark.parametrize("name", ["_private", "__dunder__", "_sunder_"])
def test_extend_refuses_underscore_names(name: str) -> None:
    with pytest.raises(
        ValueError, match=f"^Plugin\\.extend\\(\\): '{name}' starts with an underscore; "
    ):
        Plugin.extend(name, 99)


@pytest.mark.parametrize("name", ["two words", "1st", "", "class", "a-b"])
def test_extend_refuses_invalid_identifiers(name: str) -> None:
    with pytest.raises(
        ValueError,
        match=f"^Plugin\\.extend\\(\\): {re.escape(repr(name))} is not a valid identifier$",
    ):
        Plugin.extend(name, 99)


def test_extend_refuses_a_non_str_name() -> None:
    with pytest.raises(
        TypeError, match=r"^Plugin\.extend\(\): member name must be a str, not int$"
    ):
        Plugin.extend(5, 99)  # type: ignore[arg-type]


class Num(te.IntEnum, open=True):
    one = 1


class Word(te.StrEnum, open=True):
    a = "a"


def test_extend_explains_a_value_the_kind_cannot_take_and_changes_nothing() -> None:
    with pytest.raises(
        ValueError,
        match=re.escape(
            "Num.extend('x', 'abc'): cannot make a Num member from 'abc' (invalid literal for int() with base 10: 'abc'); pass a value of the kind its members have, such as 1"
        ),
    ):
        Num.extend("x", "abc")
    with pytest.raises(
        TypeError,
        match=re.escape(
            "Word.extend('b', 5): cannot make a Word member from 5 (5 is not a string); pass a value of the kind its members have, such as 'a'"
        ),
    ):
        Word.extend("b", 5)
    assert list(Num.__members__) == ["one"]
    assert list(Word.__members__) == ["a"]
    assert Num.extend("x", 2) is Num(2)
    assert Word.extend("b", "b") is Word("b")


class Bits(te.Flag, open=True):
    A = 1


def test_extend_refuses_a_non_int_flag_value() -> None:
    with pytest.raises(
        TypeError,
        match=re.escape(
            "Bits.extend('B', 'two'): Bits is a Flag, whose members are bits; pass an int value, such as 1"
        ),
    ):
        Bits.extend("B", "two")
    assert list(Bits.__members__) == ["A"]


def test_open_keyword_must_be_a_bool() -> None:
    with pytest.raises(TypeError, match=r"^Bad: open= must be True or False, not 'yes'$"):

        class Bad(te.Enum, open="yes"):  # type: ignore[arg-type]
            a = 1


def test_subclassing_an_extended_open_enum_is_refused() -> None:
    with pytest.raises(
        TypeError, match="cannot extend <enum 'Plugin'>; an enum with members cannot be subclassed"
    ):

        class More(Plugin):  # type: ignore[misc]
            pass


def test_exhaustive_map_refuses_open_enums() -> None:
    with pytest.raises(TypeError, match="Plugin is open"):
        te.exhaustive_map(Plugin, dict.fromkeys(Plugin, 1))
