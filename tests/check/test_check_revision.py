"""A revision read from another one (``revision.advance``) equals its whole reading, and
each change that could alter the reading of an unchanged file sends it to the whole
reading (issue 52).  Hand-written trees; the real history is tests/check/
test_check_incremental.py's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from typed_enum.check import census, revision
from typed_enum.check.snapshot import EnumRecord, Member, Snapshot, only_added

BASE = """\
from enum import Enum


class Base(str, Enum):
    pass
"""
MODELS = """\
from enum import Enum, auto

from app.base import Base


class Color(Base):
    red = "r"
    green = "g"


class Size(Enum):
    small = auto()
    large = auto()


class Shape(Unknown.Enum):
    round = 1
"""
HELPERS = "def helper():\n    return 1\n"


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _what(snapshot: Snapshot) -> dict[str, Any]:
    """Everything a snapshot read from the source gives the comparison and the notes."""
    return {
        "enums": snapshot.enums,
        "order": list(snapshot.enums),
        "notes": sorted(snapshot.notes),
        "bases": snapshot.bases,
        "modules": snapshot.modules,
        "unreadable": snapshot.unreadable,
        "other": {
            m: p.relative_to(snapshot.root).as_posix() for m, p in snapshot.other_files.items()
        },
        "files": snapshot.files,
    }


OLD = {
    "app/__init__.py": "",
    "app/base.py": BASE,
    "app/models.py": MODELS,
    "app/helpers.py": HELPERS,
}


@pytest.mark.parametrize(
    ("change", "how"),
    [
        ({"app/models.py": MODELS + "# a comment\n"}, "from the other revision"),
        (
            {"app/models.py": MODELS.replace('green = "g"', 'green = "g"\n    blue = "b"')},
            "from the other revision",
        ),
        ({"app/models.py": MODELS.replace('    green = "g"\n', "")}, "from the other revision"),
        ({"app/models.py": MODELS[: MODELS.index("\n\nclass Shape")] + "\n"}, "whole"),
        ({"app/helpers.py": HELPERS + "X = 2\n"}, "from the other revision"),
        ({"app/extra.py": HELPERS}, "from the other revision"),
        ({"app/models.py": "def broken(:\n" + MODELS}, "whole"),
        ({"app/extra.py": "from enum import Enum\nclass Kind(Enum):\n    a = 1\n"}, "whole"),
        ({"app/helpers.py": HELPERS + "from app.models import Color\n"}, "from the other revision"),
        (
            {
                "app/helpers.py": HELPERS
                + "from app.base import Base as B\nclass Extra(B):\n    x = '1'\n"
            },
            "whole",
        ),
        ({"app/base.py": BASE.replace("str, Enum", "int, Enum")}, "whole"),
        ({"app/models.py": MODELS.replace("class Size", "class Dimension")}, "whole"),
        ({"app/sub/__init__.py": "", "app/sub/more.py": HELPERS}, "whole"),
    ],
    ids=[
        "comment",
        "member-added",
        "member-removed",
        "class-gone",
        "other-file-changed",
        "other-file-added",
        "now-unreadable",
        "enum-module-added",
        "other-file-names-an-enum",
        "other-file-derives-from-an-enum-base",
        "base-changed",
        "class-renamed",
        "package-added",
    ],
)
def test_a_revision_read_from_the_other_equals_its_whole_reading(
    tmp_path: Path, change: dict[str, str], how: str
) -> None:
    old = _tree(tmp_path / "old", OLD)
    new = _tree(tmp_path / "new", {**OLD, **change})
    running = census.Census(None)
    with census.active(running):
        before = revision.read(old, ["app"], "HEAD")
        after = revision.read(new, ["app"], "the working tree", before.state)
    assert running.counts.readings[1].startswith(f"the working tree {how}")
    whole = revision.read(new, ["app"], "the working tree")  # no census: read whole
    assert _what(after) == _what(whole)


def test_a_removed_file_that_defines_no_class_is_read_from_the_other(tmp_path: Path) -> None:
    old = _tree(tmp_path / "old", {**OLD, "app/extra.py": "import enum\n"})
    new = _tree(tmp_path / "new", OLD)
    running = census.Census(None)
    with census.active(running):
        after = revision.read(new, ["app"], "new", revision.read(old, ["app"], "old").state)
    assert running.counts.readings[1] == "new from the other revision (1 file differs)"
    assert _what(after) == _what(revision.read(new, ["app"], "new"))


def test_a_kept_reading_is_taken_by_the_files_blob_ids(tmp_path: Path) -> None:
    tree = _tree(tmp_path / "tree", OLD)
    first = census.Census(tmp_path / "cache")
    with census.active(first):
        read = revision.read(tree, ["app"], "HEAD")
    again = census.Census(tmp_path / "cache")
    with census.active(again):
        kept = revision.read(tree, ["app"], "the working tree")
    assert again.counts.readings == ["the working tree kept from an earlier run"]
    assert (again.counts.parsed, again.counts.cached) == (0, 0)
    # The label is the reader's, not the writer's.
    assert all(text.startswith("the working tree: ") for _, text in kept.notes)
    assert [t.removeprefix("HEAD: ") for _, t in read.notes] == [
        t.removeprefix("the working tree: ") for _, t in kept.notes
    ]
    (tree / "app/models.py").write_text(MODELS + "# changed\n", encoding="utf-8")
    changed = census.Census(tmp_path / "cache")
    with census.active(changed):
        revision.read(tree, ["app"], "the working tree")
    assert changed.counts.readings == ["the working tree whole"]


def _record(*members: tuple[str, str], reserved: tuple[tuple[str, str], ...] = ()) -> EnumRecord:
    def member(name: str, value: str) -> Member:
        return Member(name, name, repr(value), value, 1, False)

    return EnumRecord(
        "app.models.Color",
        "Color",
        "app/models.py",
        1,
        "Enum",
        frozenset(),
        False,
        tuple(member(*m) for m in members),
        True,
        tuple(member(*m) for m in reserved),
    )


def test_only_added_is_what_no_storage_can_judge() -> None:
    old = _record(("red", "r"), ("green", "g"))
    assert only_added(old, _record(("red", "r"), ("green", "g"), ("blue", "b")))
    assert only_added(old, _record(("blue", "b"), ("red", "r"), ("green", "g")))
    assert not only_added(old, None)
    assert not only_added(old, _record(("red", "r")))
    assert not only_added(old, _record(("red", "r"), ("green", "G")))
    assert not only_added(old, _record(("red", "r"), ("lime", "g")))
    retired = _record(("red", "r"), reserved=(("green", "g"),))
    assert not only_added(retired, _record(("red", "r"), ("lime", "g"), reserved=(("green", "g"),)))
    assert only_added(retired, _record(("red", "r"), ("blue", "b"), reserved=(("green", "g"),)))
