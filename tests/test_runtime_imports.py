"""What ``import typed_enum`` loads, and what the names it loads on first use still do (issue 46).

The runtime takes nothing from ``typing`` at run time (typed_enum._static
stands in for ``Generic``, ``TypeVar`` and ``overload``), and the named
constants and member maps are imported on first use.  The perf gate measures
the cost; these tests hold the behaviour: a later ``from typing import ...``
at the top of a runtime module fails here, with the module that brought it.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import typing
from collections.abc import Mapping
from pathlib import Path

import pytest

import typed_enum

ROOT = Path(__file__).resolve().parents[1]

#: Modules that ``import enum`` does not load on every supported Python and
#: ``import typed_enum`` must not load either.
NOT_AT_IMPORT = ("typing", "opcode", "collections.abc", "importlib", "keyword")


def _loaded_by(code: str) -> dict[str, list[str]]:
    """In a fresh interpreter without site: the modules loaded by ``import enum``
    and those ``code`` loads after it."""
    script = (
        "import json, sys\n"
        "import enum\n"
        "before = set(sys.modules)\n"
        f"{code}\n"
        "print(json.dumps({'enum': sorted(before), 'added': sorted(set(sys.modules) - before)}))\n"
    )
    # -S: no site, so no .pth file (an editable install's finder) loads anything first;
    # the checkout is found through PYTHONPATH, whatever the current directory.
    done = subprocess.run(
        [sys.executable, "-S", "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    loaded: dict[str, list[str]] = json.loads(done.stdout)
    return loaded


def test_import_typed_enum_loads_only_its_own_modules_beyond_enum() -> None:
    loaded = _loaded_by("import typed_enum")
    foreign = [m for m in loaded["added"] if m.split(".")[0] != "typed_enum"]
    # ``from __future__ import annotations`` imports the (small) __future__ module.
    assert foreign == ["__future__"]
    for name in NOT_AT_IMPORT:
        if name not in loaded["enum"]:
            assert name not in loaded["added"]
    assert "typed_enum._constants" not in loaded["added"]
    assert "typed_enum._maps" not in loaded["added"]


def test_using_an_enum_loads_nothing_more() -> None:
    loaded = _loaded_by(
        "from typed_enum import Enum, alias\n"
        "class Color(Enum):\n    red = 1\n    crimson = alias(red)\n"
        "assert Color.from_name('red') is Color.crimson\n"
    )
    assert not [m for m in loaded["added"] if m.split(".")[0] not in ("typed_enum", "__future__")]


@pytest.mark.parametrize(
    ("name", "module"),
    [
        ("Constants", "typed_enum._constants"),
        ("constant", "typed_enum._constants"),
        ("IntConstant", "typed_enum._constants"),
        ("EnumMap", "typed_enum._maps"),
        ("exhaustive_map", "typed_enum._maps"),
    ],
)
def test_a_lazy_name_loads_its_module_on_first_use(name: str, module: str) -> None:
    loaded = _loaded_by(f"import typed_enum\nassert typed_enum.{name}.__module__ == {module!r}")
    assert module in loaded["added"]
    assert "typing" not in loaded["added"]


def test_every_public_name_is_there_and_star_import_binds_them_all() -> None:
    namespace: dict[str, object] = {}
    exec("from typed_enum import *", namespace)
    assert set(typed_enum.__all__) <= set(namespace)
    for name in typed_enum.__all__:
        assert namespace[name] is getattr(typed_enum, name)
    assert set(typed_enum.__all__) <= set(dir(typed_enum))


def test_an_unknown_name_is_an_attribute_error_naming_it() -> None:
    with pytest.raises(AttributeError, match="module 'typed_enum' has no attribute 'Enumm'"):
        typed_enum.Enumm  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(ImportError, match="cannot import name 'Constant'"):
        exec("from typed_enum import Constant", {})


class Color(typed_enum.Enum):
    red = 1
    green = 2


class HTTP(typed_enum.Constants):
    OK = 200


def test_generic_classes_still_subscript_at_run_time() -> None:
    alias = typed_enum.EnumMap[Color, int]
    assert typing.get_origin(alias) is typed_enum.EnumMap
    assert typing.get_args(alias) == (Color, int)
    constant_alias = typed_enum.IntConstant[int, str]
    assert typing.get_origin(constant_alias) is typed_enum.IntConstant
    assert typing.get_args(typed_enum.NamedConstant[bytes, str]) == (bytes, str)


def test_annotations_with_the_generic_classes_resolve_at_run_time() -> None:
    class Table:
        colors: typed_enum.EnumMap[Color, int]
        code: typed_enum.IntConstant[int, str]

    hints = typing.get_type_hints(Table)
    assert typing.get_args(hints["colors"]) == (Color, int)
    assert typing.get_origin(hints["code"]) is typed_enum.IntConstant
    # A user's enums and groups, and the generic classes themselves, as before.
    for cls in (Color, HTTP, typed_enum.EnumMap, typed_enum.IntConstant, typed_enum.Enum):
        assert isinstance(typing.get_type_hints(cls), dict)


def test_a_subclass_of_a_generic_class_is_still_one() -> None:
    T = typing.TypeVar("T")

    class Named(typed_enum.NamedConstant[int, str], typing.Generic[T]):
        __slots__ = ()

    assert issubclass(Named, typed_enum.NamedConstant)
    assert typing.get_args(Named[str]) == (str,)


def test_member_maps_are_still_mappings_and_pickle() -> None:
    table = typed_enum.exhaustive_map(Color, {Color.red: 1, Color.green: 2})
    assert isinstance(table, Mapping)
    assert pickle.loads(pickle.dumps(table)) == table


def test_constants_still_pickle_to_their_own_group() -> None:
    assert pickle.loads(pickle.dumps(HTTP.OK)) is HTTP.OK


def test_overloaded_functions_run_their_implementation() -> None:
    assert typed_enum.constant("OK", 200) == 200
    assert Color.try_from_value(3, "none") == "none"
    assert Color.try_from_name("red") is Color.red
