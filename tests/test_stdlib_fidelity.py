"""Where typed_enum once differed from stdlib without saying so (issue 18), one test each.

Each test builds the same thing with stdlib ``enum`` where it can and asserts
typed_enum behaves alike, or asserts the documented typed_enum behaviour.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import inspect
import pickle
import sys
import types
from enum import auto
from typing import Any

import pytest

import typed_enum as te
from typed_enum import alias

# The duplicate-value message is worded elsewhere (and may change); these
# tests only need to know a duplicate was refused.
DUPLICATE = r"duplicate value"


# 1 ---------------------------------------------------------------------------


def test_functional_api_alias_of_an_auto_object() -> None:
    t = auto()
    made = te.Enum("Made", {"a": auto(), "t": t, "dupe": alias(t)})
    assert [(m.name, m.value) for m in made] == [("a", 1), ("t", 2)]
    assert made.dupe is made.t
    assert made._te_aliases_ == frozenset({"dupe"})


def test_functional_api_alias_of_an_unused_auto_object_is_refused() -> None:
    with pytest.raises(ValueError, match=r"alias 'dupe' in Made: .* is not a member defined above"):
        te.Enum("Made", {"a": auto(), "dupe": alias(auto())})


# 2 ---------------------------------------------------------------------------


def test_metaclass_that_builds_a_new_namespace_with_type_of_classdict() -> None:
    # The auto-numbering metaclass of CPython's test_multiple_mixin_mro.
    class Numbering(te.TypedEnumType):
        def __new__(metacls, cls, bases, classdict, **kwds):  # type: ignore[no-untyped-def]
            fresh = type(classdict)()
            fresh._cls_name = cls
            names = set(classdict._member_names)
            i = 0
            for k in classdict._member_names:
                v = classdict[k]
                if v is Ellipsis:
                    v = i
                else:
                    i = v
                i += 1
                fresh[k] = v
            for k, v in classdict.items():
                if k not in names:
                    fresh[k] = v
            return super().__new__(metacls, cls, bases, fresh, **kwds)

    class Numbered(te.Enum, metaclass=Numbering):
        pass

    class Counted(Numbered):
        a = ...
        b = 3
        c = ...

    assert [m.value for m in Counted] == [0, 3, 4]
    assert type(Counted) is Numbering


# 3 ---------------------------------------------------------------------------


class Color(te.Enum):
    red = 1
    green = 2


class Perm(te.Flag):
    R = 4
    W = 2


def test_failed_value_lookup_has_no_context() -> None:
    with pytest.raises(ValueError, match=r"^3 is not a valid Color; valid values are") as caught:
        Color(3)
    assert caught.value.__context__ is None


def test_flag_lookup_of_a_wrong_type_has_no_context() -> None:
    with pytest.raises(ValueError, match=r"^'R' is not a valid Perm") as caught:
        Perm("R")
    assert caught.value.__context__ is None


def test_failed_name_lookup_has_no_context() -> None:
    with pytest.raises(KeyError) as caught:
        Color["blue"]
    assert caught.value.__context__ is None


def test_missing_returning_none_has_no_context() -> None:
    class Lenient(te.Enum):
        a = 1

        @classmethod
        def _missing_(cls, value: object) -> None:
            return None

    with pytest.raises(ValueError, match=r"^5 is not a valid") as caught:
        Lenient(5)
    assert caught.value.__context__ is None


# 4 ---------------------------------------------------------------------------


def _keep_pseudo_member_repr(flag: type[enum.IntFlag]) -> str:
    class Iron(flag, boundary=enum.KEEP):  # type: ignore[misc, valid-type]
        ONE = 1
        TWO = 2
        EIGHT = 8

    class Simple(flag, boundary=enum.KEEP):  # type: ignore[misc, valid-type]
        SINGLE = 1

    return repr(Simple.SINGLE | Iron.TWO)


def test_int_flag_keep_pseudo_member_repr_shows_the_value() -> None:
    ours = _keep_pseudo_member_repr(te.IntFlag)
    assert ours == _keep_pseudo_member_repr(enum.IntFlag)
    assert ours == "<Simple.SINGLE|<Iron.TWO: 2>: 3>"


# 5 ---------------------------------------------------------------------------


def _extend_error(base: type[enum.Enum]) -> str:
    class Colour(base):  # type: ignore[misc, valid-type]
        red = 1

    with pytest.raises(TypeError) as caught:

        class More(Colour):  # type: ignore[misc, valid-type]
            blue = 2

    return str(caught.value)


def test_subclassing_an_enum_with_members_keeps_stdlibs_words_first() -> None:
    stdlib = _extend_error(enum.Enum)
    ours = _extend_error(te.Enum)
    assert stdlib == "<enum 'More'> cannot extend <enum 'Colour'>"
    assert ours.startswith(stdlib + "; ")
    assert "member-less base class" in ours


# 6 ---------------------------------------------------------------------------


def test_auto_after_an_alias_sees_the_alias_in_last_values() -> None:
    def ten_per_value(name: str, start: int, count: int, last_values: list[Any]) -> int:
        return len(last_values) * 10

    class Ours(te.Enum):
        _generate_next_value_ = staticmethod(ten_per_value)
        a = auto()
        b = alias(a)
        c = auto()

    class Theirs(enum.Enum):
        _generate_next_value_ = staticmethod(ten_per_value)
        a = auto()
        b = a
        c = auto()

    assert Ours.c.value == Theirs.c.value == 20
    assert Ours.b is Ours.a


# 7 ---------------------------------------------------------------------------


class _Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def test_value_error_survives_a_value_whose_repr_raises() -> None:
    class Odd(te.Enum):
        a = _Unprintable()
        b = 2

    with pytest.raises(
        ValueError,
        match=r"^5 is not a valid \S*Odd; valid values are <_Unprintable object> \(a\), 2 \(b\)$",
    ):
        Odd(5)


def test_value_error_survives_a_value_past_the_int_digit_limit() -> None:
    class Huge(te.IntEnum):
        big = 10**5000
        small = 1

    with pytest.raises(
        ValueError,
        match=r"^3 is not a valid \S*Huge; valid values are <int object> \(big\), 1 \(small\)$",
    ):
        Huge(3)


# 8 ---------------------------------------------------------------------------


def _functional_in_exec(module_name: str) -> Any:
    namespace: dict[str, Any] = {}
    exec(f"import {module_name}\nMade = {module_name}.Enum('Made', 'a b')", namespace)
    return namespace["Made"]


def test_functional_api_without_a_caller_module_is_unpicklable_as_in_stdlib() -> None:
    ours = _functional_in_exec("typed_enum")
    theirs = _functional_in_exec("enum")
    assert ours.__module__ == theirs.__module__
    assert ours.__module__ != "typed_enum._meta"
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(ours.a)


def test_functional_api_names_the_callers_module() -> None:
    made = te.Enum("Made", "a b")
    assert made.__module__ == __name__


# 9 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [(te.IntEnum, enum.IntEnum), (te.StrEnum, enum.StrEnum), (te.IntFlag, enum.IntFlag)],
)
def test_value_repr_is_stdlibs(ours: type[enum.Enum], theirs: type[enum.Enum]) -> None:
    assert ours._value_repr_ is theirs._value_repr_  # type: ignore[attr-defined]


def test_int_enum_repr_with_a_custom_new_is_stdlibs() -> None:
    def make(base: type[enum.IntEnum]) -> str:
        class Switch(base):  # type: ignore[misc, valid-type]
            def __new__(cls, value: int) -> Switch:
                obj = int.__new__(cls, value)
                obj._value_ = bool(value)
                return obj

            on = 1

        return repr(Switch.on)

    assert make(te.IntEnum) == make(enum.IntEnum) == "<Switch.on: 1>"


# 10 --------------------------------------------------------------------------


def test_signature_of_an_enum_class_is_stdlibs() -> None:
    class Ours(te.Enum):
        a = 1

    class Theirs(enum.Enum):
        a = 1

    assert str(inspect.signature(Ours)) == str(inspect.signature(Theirs))
    if sys.version_info < (3, 12):
        assert "names=None" in str(inspect.signature(Ours))


# 11 --------------------------------------------------------------------------


def test_a_users_missing_keeps_its_own_message() -> None:
    class Picky(te.Enum):
        a = 1

        @classmethod
        def _missing_(cls, value: object) -> Picky:
            raise ValueError(f"{value!r} is not a valid {cls.__qualname__}")

    # The user's own error, word for word, even in stdlib's words.
    with pytest.raises(ValueError, match=r"is not a valid") as caught:
        Picky(5)
    assert str(caught.value) == f"5 is not a valid {Picky.__qualname__}"


def test_a_users_missing_with_another_message_is_unchanged() -> None:
    class Picky(te.Enum):
        a = 1

        @classmethod
        def _missing_(cls, value: object) -> Picky:
            raise ValueError(f"no Picky for {value!r}")

    with pytest.raises(ValueError, match=r"^no Picky for 5$"):
        Picky(5)


def test_ordering_refusal_for_a_date_mixin_does_not_suggest_int_enum() -> None:
    class Day(datetime.date, te.Enum):
        first = (2026, 1, 1)
        second = (2026, 1, 2)

    with pytest.raises(TypeError) as caught:
        Day.first < Day.second  # noqa: B015
    message = str(caught.value)
    assert message.startswith(f"'<' not supported between instances of {Day.__qualname__!r}")
    assert "IntEnum" not in message
    assert "define __lt__" in message


# 12 --------------------------------------------------------------------------


def test_call_returning_an_earlier_member_value_is_a_duplicate() -> None:
    with pytest.raises(ValueError, match=DUPLICATE):

        class Sizes(te.IntEnum):
            a = 1
            b = 2
            c = max(a, b)


def test_literal_after_reading_a_member_is_a_duplicate() -> None:
    with pytest.raises(ValueError, match=DUPLICATE):

        class Shades(te.Enum):
            red = 1
            print_me = red.bit_length()
            blue = 1


def test_chained_assignment_is_a_duplicate() -> None:
    with pytest.raises(ValueError, match=DUPLICATE):

        class Twice(te.Enum):
            first = primero = auto()


def test_bare_name_alone_is_an_alias() -> None:
    class Shades(te.Enum):
        red = 1
        green = 2
        crimson = red
        scarlet = crimson

    assert Shades.crimson is Shades.scarlet is Shades.red
    assert Shades._te_aliases_ == frozenset({"crimson", "scarlet"})


def test_name_bound_bare_in_one_branch_only_is_a_duplicate() -> None:
    # Every assignment to the name must be the bare form: here one is a literal.
    flag = False
    with pytest.raises(ValueError, match=DUPLICATE):

        class Branches(te.Enum):
            red = 1
            if flag:  # noqa: SIM108 - the branches are the test
                crimson = 1
            else:
                crimson = red


def test_bare_name_in_both_branches_is_an_alias() -> None:
    flag = False

    class Branches(te.Enum):
        red = 1
        blue = 2
        if flag:  # noqa: SIM108 - the branches are the test
            crimson = blue
        else:
            crimson = red

    assert Branches.crimson is Branches.red


def _mixin_bases() -> list[type]:
    """One-base class statements of every kind stdlib's _find_data_type_ tells apart."""

    class WithNew:
        def __new__(cls, *args: object) -> WithNew:
            return object.__new__(cls)

    class Plain:
        pass

    @dataclasses.dataclass
    class Point:
        x: int = 0

    class PlainThenInt(Plain, int):
        pass

    bases: list[type] = []
    for data in (None, int, str, float, WithNew, Plain, Point, PlainThenInt):
        for root in (te.Enum, te.Flag):
            if data is None:
                bases.append(root)
                continue
            try:
                bases.append(types.new_class(f"{data.__name__}{root.__name__}", (data, root)))
            except TypeError:
                continue  # a combination neither stdlib nor typed_enum allows
    bases += [te.IntEnum, te.StrEnum, te.IntFlag, te.OrderedEnum]
    return bases


@pytest.mark.parametrize("base", _mixin_bases(), ids=lambda base: base.__name__)
def test_one_base_mixins_are_stdlibs(base: type) -> None:
    """TypedEnumType's one-base _get_mixins_ (issue 18) returns what stdlib's code does.

    stdlib's classmethod is run with typed_enum's metaclass and the same
    bases, so only the shortcut can make them differ.
    """
    stdlib = enum.EnumType._get_mixins_.__func__  # type: ignore[attr-defined]
    ours = te.TypedEnumType._get_mixins_("Sub", (base,))
    assert ours == stdlib(te.TypedEnumType, "Sub", (base,))
    assert ours[1] is base


# The class-body namespace's fast path (issue 46) -------------------------------


def _namespace_state(namespace: enum._EnumDict) -> tuple[dict[str, Any], dict[str, Any]]:
    """What a class body leaves for ``EnumType.__new__``: the bindings, and stdlib's own
    bookkeeping (every instance attribute but typed_enum's ``te_*``)."""
    own = {k: v for k, v in vars(namespace).items() if not k.startswith("te_")}
    return dict(namespace), own


@pytest.mark.parametrize(
    "bindings",
    [
        [("red", 1), ("green", 2)],
        [("read", "r"), ("write", "w"), ("other", 3)],
        [("one", 1), ("uno", 1)],  # stdlib's alias by value: typed_enum refuses it later
        [("flag", True), ("big", 2**70), ("neg", -1)],  # bool takes stdlib's own path
    ],
)
def test_the_namespace_fast_path_leaves_what_stdlibs_setitem_leaves(
    bindings: list[tuple[str, object]],
) -> None:
    # TypedEnumDict binds a plain int or str member without stdlib's __setitem__,
    # writing stdlib's private state itself; a Python whose _EnumDict keeps more
    # state, or keeps it otherwise, fails here before any class does.
    stdlib_ns = enum.EnumType.__prepare__("C", (enum.Enum,))
    ours = te.TypedEnumType.__prepare__("C", (te.Enum,))
    for key, value in [("__module__", __name__), ("__qualname__", "C"), *bindings]:
        stdlib_ns[key] = value
        ours[key] = value
    assert _namespace_state(ours) == _namespace_state(stdlib_ns)
