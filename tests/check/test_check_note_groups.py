"""Notes of one cause on stderr: one line with a count per base; --all-notes and json: each."""

from __future__ import annotations

import json
from pathlib import Path

from check_helpers import Repo

DOCS = Path(__file__).resolve().parents[2] / "docs" / "check.md"
#: Three classes on a base of a library that is not installed (``esphome_lib``: no such
#: package), in two modules, and one on another library's base.
DEVICES = """
from enum import Enum
from esphome_lib import APIIntEnum
class Color(Enum):
    red = 1
class Power(APIIntEnum):
    on = 1
class Fan(APIIntEnum):
    low = 1
"""
SENSORS = """
from esphome_lib import APIIntEnum
from miele_lib.enums import MieleEnum
class Unit(APIIntEnum):
    celsius = 1
class Program(MieleEnum):
    wash = 1
"""


def _repo(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/devices.py": DEVICES, "app/sensors.py": SENSORS})


def test_unresolved_bases_are_one_line_per_cause_with_a_count_per_base(repo: Repo) -> None:
    _repo(repo)
    result = repo.check("--against", "HEAD", "--no-import")
    assert result.status == 0
    assert result.err.splitlines()[0] == (
        "typed-enum check: note: HEAD and the working tree: 4 classes derive from enum-like "
        "bases in installed libraries that reading the source cannot resolve: "
        "esphome_lib.APIIntEnum (3), miele_lib.enums.MieleEnum (1); they were not compared: "
        "run in the importing mode (without --no-import), with those libraries installed, to "
        "compare them (--all-notes lists each)"
    )
    assert len(result.err.splitlines()) == 2  # the group and the summary line
    # docs/check.md shows this line, between two tags
    shown = result.err.splitlines()[0].replace("HEAD and the working tree", "v1.0 and v1.1")
    assert shown in DOCS.read_text(encoding="utf-8").splitlines()


def test_all_notes_lists_each_class_and_json_carries_each(repo: Repo) -> None:
    _repo(repo)
    result = repo.check("--against", "HEAD", "--no-import", "--all-notes")
    notes = [line for line in result.err.splitlines() if ": note: " in line]
    assert notes == [
        "app/devices.py: note: HEAD and the working tree: class Fan (line 7) derives from "
        "APIIntEnum, which reading the source cannot resolve to an enum: it was not compared "
        "(--no-import)",
        "app/devices.py: note: HEAD and the working tree: class Power (line 5) derives from "
        "APIIntEnum, which reading the source cannot resolve to an enum: it was not compared "
        "(--no-import)",
        "app/sensors.py: note: HEAD and the working tree: class Program (line 5) derives from "
        "MieleEnum, which reading the source cannot resolve to an enum: it was not compared "
        "(--no-import)",
        "app/sensors.py: note: HEAD and the working tree: class Unit (line 3) derives from "
        "APIIntEnum, which reading the source cannot resolve to an enum: it was not compared "
        "(--no-import)",
    ]
    shown = repo.check("--against", "HEAD", "--no-import", "--format", "json")
    messages = [note["message"] for note in json.loads(shown.out)["notes"]]
    assert messages == [note.split(": note: ", 1)[1] for note in notes]


def test_in_the_importing_mode_the_advice_is_to_install_the_libraries(repo: Repo) -> None:
    _repo(repo)
    result = repo.check("--against", "HEAD")
    grouped = [line for line in result.err.splitlines() if "classes derive" in line]
    assert grouped == [
        "typed-enum check: note: HEAD and the working tree: 4 classes derive from enum-like "
        "bases in installed libraries that reading the source cannot resolve: "
        "esphome_lib.APIIntEnum (3), miele_lib.enums.MieleEnum (1); they were not compared: "
        "install those libraries, so that the modules deriving from them import, to compare "
        "them (--all-notes lists each)"
    ]


def test_a_single_class_keeps_its_own_note(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/sensors.py": SENSORS})
    repo.write(
        {
            "app/sensors.py": "from esphome_lib import APIIntEnum\nclass Unit(APIIntEnum):\n    c = 1\n"
        }
    )
    result = repo.check("--against", "HEAD", "--no-import")
    # HEAD: two classes, one group; the working tree: one class (on another line), its note.
    assert result.err.splitlines()[:2] == [
        "typed-enum check: note: HEAD: 2 classes derive from enum-like bases in installed "
        "libraries that reading the source cannot resolve: esphome_lib.APIIntEnum (1), "
        "miele_lib.enums.MieleEnum (1); they were not compared: run in the importing mode "
        "(without --no-import), with those libraries installed, to compare them (--all-notes "
        "lists each)",
        "app/sensors.py: note: the working tree: class Unit (line 2) derives from APIIntEnum, "
        "which reading the source cannot resolve to an enum: it was not compared (--no-import)",
    ]
