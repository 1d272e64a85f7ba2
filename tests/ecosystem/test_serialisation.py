"""json, orjson, pickle, copy and deepcopy with typed_enum members.

``json`` writes IntEnum/StrEnum/IntFlag members as their values (they are
ints and strs) and refuses plain Enum and Flag members, as for stdlib.
orjson writes the same values, but recognises an enum by its metaclass
being exactly ``enum.EnumType``: typed_enum's plain Enum and Flag members
(whose metaclass is a subclass) need ``default=`` there, where stdlib's do
not.  Pickles hold the class and value, so they load in a fresh interpreter.
"""

from __future__ import annotations

import copy
import enum
import importlib.util
import json
import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import orjson
import pytest
from _enums import Color, Level, Mode

from typed_enum import Flag, IntFlag


class Perm(IntFlag):
    R = 4
    W = 2


class Style(Flag):
    bold = 1
    italic = 2


class StdColor(enum.Enum):
    red = 1


def by_value(obj: object) -> object:
    """The ``default=`` for json/orjson: an enum member is written as its value."""
    if isinstance(obj, enum.Enum):
        return obj.value
    raise TypeError(f"{type(obj).__qualname__} is not JSON serialisable")


def test_json_writes_int_and_str_kinds_as_values() -> None:
    data = {"level": Level.high, "mode": Mode.read, "perm": Perm.R | Perm.W, "list": [Level.low]}
    text = json.dumps(data)
    assert text == '{"level": 2, "mode": "r", "perm": 6, "list": [1]}'
    assert json.loads(text) == {"level": 2, "mode": "r", "perm": 6, "list": [1]}


def test_json_keys_are_values_too() -> None:
    assert json.dumps({Mode.write: 1, Level.low: 2}) == '{"w": 1, "1": 2}'


@pytest.mark.parametrize("value", [Color.red, Style.bold, StdColor.red])
def test_json_refuses_plain_enum_and_flag_as_for_stdlib(value: enum.Enum) -> None:
    with pytest.raises(TypeError, match="is not JSON serializable"):
        json.dumps(value)
    assert json.dumps(value, default=by_value) == "1"


def test_values_load_back_into_members() -> None:
    text = json.dumps({"level": Level.high, "mode": Mode.write})
    loaded = json.loads(text)
    assert Level(loaded["level"]) is Level.high
    assert Mode.from_value(loaded["mode"]) is Mode.write


def test_orjson_writes_int_and_str_kinds_as_values() -> None:
    data = {"level": Level.high, "mode": Mode.read, "perm": Perm.R | Perm.W}
    assert orjson.dumps(data) == b'{"level":2,"mode":"r","perm":6}'
    assert orjson.dumps([Level.low, Mode.write]) == b'[1,"w"]'
    assert orjson.dumps({Mode.read: 1}, option=orjson.OPT_NON_STR_KEYS) == b'{"r":1}'


def test_orjson_needs_default_for_plain_enum_and_flag() -> None:
    """stdlib's plain Enum is native to orjson; typed_enum's is not (metaclass check)."""
    assert orjson.dumps(StdColor.red) == b"1"
    for value in (Color.red, Style.bold):
        with pytest.raises(TypeError, match="not JSON serializable"):
            orjson.dumps(value)
    data = {"color": Color.crimson, "style": Style.bold | Style.italic}
    assert orjson.dumps(data, default=by_value) == b'{"color":1,"style":3}'


MEMBERS = [
    Color.red,
    Color.crimson,
    Level.high,
    Mode.write,
    Perm.R,
    Perm.R | Perm.W,
    Style.bold | Style.italic,
]


@pytest.mark.parametrize("value", MEMBERS, ids=repr)
@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_gives_back_the_member(value: enum.Enum, protocol: int) -> None:
    assert pickle.loads(pickle.dumps(value, protocol)) is value


@pytest.mark.parametrize("value", MEMBERS, ids=repr)
def test_copy_and_deepcopy_give_back_the_member(value: enum.Enum) -> None:
    assert copy.copy(value) is value
    assert copy.deepcopy(value) is value
    nested = {"members": [value], "by": {value: (value,)}}
    copied = copy.deepcopy(nested)
    assert copied["members"][0] is value
    assert next(iter(copied["by"])) is value


def test_pickles_load_in_a_fresh_interpreter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As multiprocessing and caches use them: the child imports the enum's module."""
    (tmp_path / "palette.py").write_text(
        textwrap.dedent(
            """
            from typed_enum import Enum, IntFlag, StrEnum, alias

            class Color(Enum):
                red = 1
                crimson = alias(red)

            class Mode(StrEnum):
                read = "r"

            class Perm(IntFlag):
                R = 4
                W = 2

            class Plugin(StrEnum, open=True):
                core = "core"

            # Added at import time, so a fresh interpreter has it too.
            EXTRA = Plugin.extend("extra", "extra")
            """
        )
    )
    spec = importlib.util.spec_from_file_location("palette", tmp_path / "palette.py")
    assert spec is not None
    assert spec.loader is not None
    palette = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "palette", palette)  # pickle names it; gone after the test
    spec.loader.exec_module(palette)
    members = [palette.Color.crimson, palette.Mode.read, palette.Perm(6), palette.EXTRA]
    (tmp_path / "members.pickle").write_bytes(pickle.dumps(members))
    child = textwrap.dedent(
        """
        import pickle, sys
        import palette
        loaded = pickle.loads(open(sys.argv[1], "rb").read())
        expected = [palette.Color.red, palette.Mode.read, palette.Perm(6), palette.Plugin.extra]
        print([a is b for a, b in zip(loaded, expected, strict=True)], loaded)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", child, str(tmp_path / "members.pickle")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    assert result.stdout.strip() == (
        "[True, True, True, True] "
        "[<Color.red: 1>, <Mode.read: 'r'>, <Perm.R|W: 6>, <Plugin.extra: 'extra'>]"
    )
