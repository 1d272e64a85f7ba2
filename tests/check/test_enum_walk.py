"""typed_enum._enum_walk: the one listing of an imported module's enums (check and migrate)."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from typed_enum._enum_walk import enum_classes
from typed_enum.check.snapshot import take
from typed_enum.migrate.runtime import read

SOURCE = """
import enum
from enum import Enum, IntFlag as Imported

class Color(Enum):
    red = 1

Colour = Color                      # a second name: listed once, at home
Mode = Enum("Mode", "fast slow")    # functional API
Kind = Enum("Kinds", "a b")         # bound under another name than its own
class Plain:
    class Inner(enum.IntEnum):
        a = 1
"""


@pytest.fixture
def module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "walked.py"
    path.write_text(textwrap.dedent(SOURCE))
    monkeypatch.syspath_prepend(str(tmp_path))
    return path


def test_the_walk_lists_each_class_once_where_it_is_defined(module: Path) -> None:
    import walked  # type: ignore[import-not-found]

    try:
        assert list(enum_classes(walked)) == ["Color", "Mode", "Kind", "Plain.Inner"]
    finally:
        sys.modules.pop("walked", None)


def test_check_and_migrate_list_the_same_classes(module: Path) -> None:
    checked = take(module.parent, ["walked.py"], "here")
    migrated = read([("walked", module)])
    assert sorted(q.removeprefix("walked.") for q in checked.enums) == sorted(
        migrated.classes["walked"]
    )
    assert json.dumps(migrated.classes["walked"]["Mode"]) == json.dumps(
        [["fast", "fast", "1"], ["slow", "slow", "2"]]
    )
