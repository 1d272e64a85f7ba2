"""pydantic v2 validates typed_enum fields by value and serialises them by value.

pydantic-core treats any ``enum.Enum`` subclass as an enum, so typed_enum
members behave as stdlib's do: input values become members, ``model_dump()``
keeps members, ``mode="json"`` and ``model_dump_json()`` give values, and the
JSON schema lists the values.  An open enum's members added by ``extend()``
validate in models built before the call; the JSON schema of such a model
lists the members known when it was built, until ``model_rebuild(force=True)``.
"""

from __future__ import annotations

import enum
import json

import pytest
from _enums import Level, Mode
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from typed_enum import Enum, IntFlag, StrEnum, alias


class Color(Enum):
    red = 1
    green = 2


class Perm(IntFlag):
    R = 4
    W = 2
    X = 1


class Order(BaseModel):
    color: Color
    level: Level
    mode: Mode
    perm: Perm


def test_fields_validate_from_values() -> None:
    order = Order.model_validate({"color": 1, "level": 2, "mode": "w", "perm": 6})
    assert order.color is Color.red
    assert order.level is Level.high
    assert order.mode is Mode.write
    assert order.perm == Perm.R | Perm.W
    assert type(order.perm) is Perm


def test_fields_validate_from_json() -> None:
    order = Order.model_validate_json('{"color": 2, "level": 1, "mode": "r", "perm": 1}')
    assert (order.color, order.level, order.mode, order.perm) == (
        Color.green,
        Level.low,
        Mode.read,
        Perm.X,
    )


def test_members_are_accepted_as_themselves() -> None:
    order = Order(color=Color.green, level=Level.low, mode=Mode.read, perm=Perm.R)
    assert order.color is Color.green
    assert order.perm is Perm.R


def test_unknown_values_are_refused_listing_the_valid_ones() -> None:
    with pytest.raises(ValidationError) as caught:
        Order.model_validate({"color": 3, "level": 1, "mode": "x", "perm": 1})
    errors = {error["loc"][0]: error for error in caught.value.errors()}
    assert set(errors) == {"color", "mode"}
    assert errors["color"]["type"] == "enum"
    assert errors["color"]["msg"] == "Input should be 1 or 2"
    assert errors["mode"]["msg"] == "Input should be 'r' or 'w'"


def test_serialised_by_value() -> None:
    order = Order(color=Color.red, level=Level.high, mode=Mode.write, perm=Perm.R | Perm.X)
    assert order.model_dump() == {
        "color": Color.red,
        "level": Level.high,
        "mode": Mode.write,
        "perm": Perm.R | Perm.X,
    }
    assert order.model_dump(mode="json") == {"color": 1, "level": 2, "mode": "w", "perm": 5}
    assert json.loads(order.model_dump_json()) == {"color": 1, "level": 2, "mode": "w", "perm": 5}


def test_round_trip_through_json() -> None:
    order = Order(color=Color.green, level=Level.low, mode=Mode.read, perm=Perm.W)
    assert Order.model_validate_json(order.model_dump_json()) == order


def test_use_enum_values_stores_the_values() -> None:
    class Settings(BaseModel):
        model_config = ConfigDict(use_enum_values=True)
        mode: Mode
        color: Color

    settings = Settings.model_validate({"mode": "r", "color": 2})
    assert settings.mode == "r"
    assert type(settings.mode) is str
    assert settings.color == 2


def test_json_schema_lists_the_members() -> None:
    definitions = Order.model_json_schema()["$defs"]
    assert definitions["Color"] == {"enum": [1, 2], "title": "Color", "type": "integer"}
    assert definitions["Level"] == {"enum": [1, 2], "title": "Level", "type": "integer"}
    assert definitions["Mode"] == {"enum": ["r", "w"], "title": "Mode", "type": "string"}
    assert definitions["Perm"] == {"enum": [4, 2, 1], "title": "Perm", "type": "integer"}


def test_json_schema_matches_stdlib() -> None:
    """Field for field, the schema is the one the stdlib namesakes get."""

    class StdColor(enum.Enum):
        red = 1
        green = 2
        crimson = 1  # noqa: PIE796  (stdlib's implicit alias)

    class TeColor(Enum):
        red = 1
        green = 2
        crimson = alias(red)

    class StdMode(enum.StrEnum):
        read = "r"
        write = "w"

    def untitled(enum_cls: type[enum.Enum]) -> dict[str, object]:
        return {k: v for k, v in TypeAdapter(enum_cls).json_schema().items() if k != "title"}

    # pydantic lists __members__, so an alias repeats its value for both.
    assert untitled(TeColor) == untitled(StdColor) == {"enum": [1, 2, 1], "type": "integer"}
    assert untitled(Mode) == untitled(StdMode) == {"enum": ["r", "w"], "type": "string"}


def test_alias_values_validate_to_the_canonical_member() -> None:
    class Shade(Enum):
        dark = 1
        dim = alias(dark)

    adapter = TypeAdapter(Shade)
    assert adapter.validate_python(1) is Shade.dark
    assert adapter.dump_python(Shade.dim, mode="json") == 1


def test_string_input_as_a_query_parameter_gets_it() -> None:
    """FastAPI-style: path and query parameters arrive as strings."""
    assert TypeAdapter(Mode).validate_strings("w") is Mode.write
    assert TypeAdapter(Level).validate_strings("2") is Level.high
    with pytest.raises(ValidationError):
        TypeAdapter(Mode).validate_strings("write")  # by value, not by name


def test_intflag_combinations_validate() -> None:
    adapter = TypeAdapter(Perm)
    assert adapter.validate_python(7) == Perm.R | Perm.W | Perm.X
    assert adapter.dump_python(Perm.R | Perm.W, mode="json") == 6


def test_open_enum_extended_members_validate_and_serialise() -> None:
    class Plugin(StrEnum, open=True):
        core = "core"

    class Loaded(BaseModel):
        plugin: Plugin

    # Built before extend(): values of new members still validate, because
    # pydantic falls back on the enum itself for values it did not list.
    extra = Plugin.extend("extra", "extra")
    loaded = Loaded.model_validate({"plugin": "extra"})
    assert loaded.plugin is extra
    assert loaded.model_dump(mode="json") == {"plugin": "extra"}
    assert Loaded.model_validate_json(loaded.model_dump_json()).plugin is extra
    # Its error message, like its schema, lists the members of its build.
    with pytest.raises(ValidationError, match=r"Input should be 'core' \[type=enum"):
        Loaded.model_validate({"plugin": "nope"})

    class LoadedLater(BaseModel):
        plugin: Plugin

    assert LoadedLater.model_json_schema()["$defs"]["Plugin"]["enum"] == ["core", "extra"]


def test_open_enum_schema_lists_the_members_of_its_build() -> None:
    class Plugin(StrEnum, open=True):
        core = "core"

    class Loaded(BaseModel):
        plugin: Plugin

    Loaded.model_json_schema()
    Plugin.extend("extra", "extra")
    assert Loaded.model_json_schema()["$defs"]["Plugin"]["enum"] == ["core"]
    Loaded.model_rebuild(force=True)
    assert Loaded.model_json_schema()["$defs"]["Plugin"]["enum"] == ["core", "extra"]


def test_strict_mode_wants_members_in_python_and_values_in_json() -> None:
    adapter = TypeAdapter(Color)
    with pytest.raises(ValidationError):
        adapter.validate_python(1, strict=True)
    assert adapter.validate_python(Color.red, strict=True) is Color.red
    assert adapter.validate_json("2", strict=True) is Color.green
