"""Named constants: values with a name and a readable repr, grouped in Constants."""

from __future__ import annotations

import copy
import json
import pickle
import re

import pytest

import typed_enum as te
from typed_enum import constant


class HTTP(te.Constants):
    OK = 200
    NOT_FOUND = 404
    AGAIN = 200  # values may repeat (errno has EAGAIN == EWOULDBLOCK)

    _private = 1

    def helper(self) -> int:
        return 1


class Units(te.Constants):
    METRE = "m"
    PI = 3.14159
    MAGIC = b"\x89PNG"
    PAIR = (1, 2)


# -- a constant is its value, with a name ---------------------------------------


def test_group_constants_are_instances_of_the_value_type() -> None:
    assert isinstance(HTTP.OK, int)
    assert isinstance(Units.METRE, str)
    assert isinstance(Units.PI, float)
    assert isinstance(Units.MAGIC, bytes)
    assert isinstance(Units.PAIR, tuple)
    assert isinstance(HTTP.OK, te.IntConstant)
    assert isinstance(HTTP.OK, te.NamedConstant)


def test_constants_equal_and_hash_like_their_values() -> None:
    assert HTTP.OK == 200
    assert hash(HTTP.OK) == hash(200)
    assert {200: "ok"}[HTTP.OK] == "ok"
    assert HTTP.OK + 1 == 201
    assert type(HTTP.OK + 1) is int
    assert Units.METRE + "s" == "ms"
    assert Units.PAIR[1] == 2


def test_repr_shows_group_name_and_value() -> None:
    assert repr(HTTP.OK) == "<HTTP.OK: 200>"
    assert repr(Units.METRE) == "<Units.METRE: 'm'>"
    assert repr(Units.MAGIC) == "<Units.MAGIC: b'\\x89PNG'>"
    assert repr(constant("ANSWER", 42)) == "<ANSWER: 42>"


def test_name_and_value_attributes() -> None:
    assert HTTP.NOT_FOUND.name == "NOT_FOUND"
    assert HTTP.NOT_FOUND.value == 404
    assert type(HTTP.NOT_FOUND.value) is int
    assert type(Units.METRE.value) is str


def test_str_and_format_are_the_values() -> None:
    assert str(HTTP.OK) == "200"
    assert f"{HTTP.OK}" == "200"
    assert f"{HTTP.OK:05d}" == "00200"
    assert f"{HTTP.OK:x}" == "c8"
    assert "%d" % HTTP.OK == "200"  # noqa: UP031
    assert str(Units.METRE) == "m"
    assert f"{Units.METRE:>3}" == "  m"
    assert f"{Units.PI:.2f}" == "3.14"
    assert json.dumps({"code": HTTP.OK, "unit": Units.METRE}) == '{"code": 200, "unit": "m"}'


def test_constant_function_makes_a_single_named_constant() -> None:
    ok = constant("OK", 200)
    assert ok == 200
    assert ok.name == "OK"
    assert isinstance(ok, int)
    assert constant("AGAIN", ok).value == 200  # a constant of a constant is of its value
    assert type(constant("AGAIN", ok).value) is int


def test_constant_of_nan_is_allowed() -> None:
    nan = constant("NAN", float("nan"))
    assert nan.value != nan.value
    assert repr(nan) == "<NAN: nan>"


@pytest.mark.parametrize("name", ["1st", "two words", "", 3])
def test_constant_name_must_be_an_identifier(name: object) -> None:
    with pytest.raises(ValueError, match=r"^constant\(\): name must be an identifier, not "):
        constant(name, 1)  # type: ignore[arg-type]


# -- values that cannot be constants -------------------------------------------


@pytest.mark.parametrize(("value", "type_name"), [(True, "bool"), (None, "NoneType")])
def test_bool_and_none_are_refused_clearly(value: object, type_name: str) -> None:
    message = re.escape(
        f"{type_name} values cannot be named constants: a constant is an instance of a "
        f"subclass of its value's type, and {type_name} cannot be subclassed; use an Enum, "
        f"or a value of another type"
    )
    with pytest.raises(TypeError, match=f"^X: {message}$"):
        constant("X", value)
    with pytest.raises(TypeError, match=f"^HTTP.FLAG: {message}$"):
        HTTP.add("FLAG", value)
    assert "FLAG" not in HTTP.__dict__
    with pytest.raises(TypeError, match=f"Flags.ON: {message}$"):

        class Flags(te.Constants):
            ON = value


def test_value_its_type_cannot_copy_is_refused() -> None:
    class Point:
        def __init__(self, x: int) -> None:
            self.x = x

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Point) and other.x == self.x

        __hash__ = None  # type: ignore[assignment]

        def __repr__(self) -> str:
            return f"Point({self.x})"

    with pytest.raises(TypeError, match=r"^ORIGIN: Point\(0\) cannot be a named constant: "):
        constant("ORIGIN", Point(0))


# -- lookups, iteration, containment ------------------------------------------


def test_from_name_finds_the_constant() -> None:
    assert HTTP.from_name("OK") is HTTP.OK
    with pytest.raises(
        KeyError, match=re.escape("'OKK' is not a constant of HTTP; did you mean 'OK'?")
    ):
        HTTP.from_name("OKK")
    with pytest.raises(
        KeyError,
        match=re.escape("'zzz' is not a constant of HTTP; its constants are OK, NOT_FOUND, AGAIN"),
    ):
        HTTP.from_name("zzz")
    with pytest.raises(KeyError, match="'helper' is not a constant of HTTP"):
        HTTP.from_name("helper")


def test_from_value_finds_the_first_constant_with_that_value() -> None:
    assert HTTP.from_value(404) is HTTP.NOT_FOUND
    assert HTTP.from_value(200) is HTTP.OK
    assert HTTP.AGAIN == HTTP.OK
    assert HTTP.AGAIN.name == "AGAIN"
    with pytest.raises(
        ValueError,
        match=re.escape(
            "418 is not a value of HTTP; its values are 200 (OK), 404 (NOT_FOUND), 200 (AGAIN)"
        ),
    ):
        HTTP.from_value(418)


def test_iteration_len_and_containment() -> None:
    assert list(HTTP) == [HTTP.OK, HTTP.NOT_FOUND, HTTP.AGAIN]
    assert [c.name for c in Units] == ["METRE", "PI", "MAGIC", "PAIR"]
    assert len(HTTP) == 3
    assert HTTP.OK in HTTP
    assert 404 in HTTP
    assert 418 not in HTTP
    assert "OK" not in HTTP


def test_private_names_and_methods_are_not_constants() -> None:
    assert HTTP._private == 1
    assert not isinstance(HTTP._private, te.NamedConstant)
    assert callable(HTTP.helper)
    assert "helper" not in [c.name for c in HTTP]


def test_a_subgroup_inherits_its_bases_constants() -> None:
    class MoreHTTP(HTTP):
        TEAPOT = 418

    assert [c.name for c in MoreHTTP] == ["OK", "NOT_FOUND", "AGAIN", "TEAPOT"]
    assert MoreHTTP.from_value(418) is MoreHTTP.TEAPOT
    assert repr(MoreHTTP.TEAPOT).endswith("MoreHTTP.TEAPOT: 418>")
    assert "TEAPOT" not in [c.name for c in HTTP]


# -- adding at run time; no assignment -----------------------------------------


def test_add_makes_a_new_constant_of_the_group() -> None:
    class Codes(te.Constants):
        A = 1

    made = Codes.add("B", 2)
    assert made is Codes.B
    assert repr(Codes.B) == f"<{Codes.__qualname__}.B: 2>"
    assert Codes.from_name("B") is made
    assert Codes.from_value(2) is made
    assert list(Codes) == [Codes.A, made]
    assert len(Codes) == 2


def test_add_refuses_a_taken_name() -> None:
    with pytest.raises(
        ValueError, match=r"^HTTP\.add\(\): HTTP\.OK already exists; choose another name$"
    ):
        HTTP.add("OK", 201)
    with pytest.raises(ValueError, match=r"HTTP\.from_name already exists"):
        HTTP.add("from_name", 1)
    assert HTTP.OK == 200


@pytest.mark.parametrize("name", ["_hidden", "__dunder__", "not valid", 5])
def test_add_refuses_private_and_invalid_names(name: object) -> None:
    with pytest.raises(
        ValueError,
        match=r"is not a public identifier; constant names cannot start with an underscore$",
    ):
        HTTP.add(name, 1)  # type: ignore[arg-type]


def test_reassigning_a_constant_is_refused_pointing_to_add() -> None:
    message = (
        "cannot reassign constant HTTP.OK; constants never change: add one under a new "
        "name with HTTP.add(name, value)"
    )
    with pytest.raises(AttributeError, match=f"^{re.escape(message)}$"):
        HTTP.OK = 201  # type: ignore[misc]
    assert HTTP.OK == 200


def test_assigning_a_new_constant_is_refused_pointing_to_add() -> None:
    with pytest.raises(
        AttributeError,
        match=re.escape("cannot set HTTP.TEAPOT by assignment; use HTTP.add('TEAPOT', 418)"),
    ):
        HTTP.TEAPOT = 418  # type: ignore[attr-defined]
    assert not hasattr(HTTP, "TEAPOT")


def test_deleting_a_constant_is_refused() -> None:
    with pytest.raises(AttributeError, match=r"^cannot delete constant HTTP\.OK$"):
        del HTTP.OK
    assert HTTP.OK == 200


def test_private_and_callable_attributes_may_still_be_set() -> None:
    class Codes(te.Constants):
        A = 1

    Codes._cache = {}  # type: ignore[attr-defined]
    Codes.hook = print  # type: ignore[attr-defined]
    assert Codes._cache == {}  # type: ignore[attr-defined]
    assert len(Codes) == 1


# -- the group itself --------------------------------------------------------


@pytest.mark.parametrize(("args", "kwargs"), [((), {}), ((200,), {}), ((), {"x": 1})])
def test_group_is_not_instantiable(args: tuple[object, ...], kwargs: dict[str, object]) -> None:
    message = (
        "HTTP is a group of constants and is not instantiated; use its constants, e.g. HTTP.OK"
    )
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        HTTP(*args, **kwargs)


def test_group_repr() -> None:
    assert repr(HTTP) == "<constants 'HTTP'>"


# -- pickling and copying -------------------------------------------------------


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
@pytest.mark.parametrize(
    "value",
    [HTTP.OK, Units.METRE, Units.PI, Units.MAGIC, Units.PAIR, constant("ANSWER", 42)],
    ids=repr,
)
def test_constants_pickle_with_name_and_value(
    value: te.NamedConstant[object], protocol: int
) -> None:
    restored = pickle.loads(pickle.dumps(value, protocol))
    assert restored == value
    assert type(restored) is type(value)
    assert restored.name == value.name
    assert restored.value == value.value
    assert repr(restored) == repr(value)


def test_constants_copy_with_name_and_value() -> None:
    for made in (copy.copy(HTTP.OK), copy.deepcopy(HTTP.OK)):
        assert made == 200
        assert repr(made) == "<HTTP.OK: 200>"
