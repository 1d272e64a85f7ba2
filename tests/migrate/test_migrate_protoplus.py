"""proto-plus from PyPI, migrated: it still imports, its aliases still alias, its suite agrees.

proto-plus 1.29.0 (a protobuf wrapper; its tests ship in the sdist) is the
shape issue 53 found broken: its metaclass ``ProtoEnumMeta`` recognises the
package's own base with ``if bases[0] == enum.IntEnum:``, and its users'
enums declare aliases through protobuf's ``allow_alias`` option, which
``TypedEnumType`` would refuse.  The sdist is downloaded at test time with
``pip download`` (pip's own configuration names the index), and protobuf, its
one dependency, is installed with pip into a directory of the test's own.

Expectations, read by hand from the sdist's source:

- ``proto/enums.py`` line 28, ``if bases[0] == enum.IntEnum:``, is the one
  identity check, and ``proto/primitives.py``'s ``ProtoType(enum.IntEnum)``
  is the one enum that moves;
- migrated with its tests (``proto tests``), ``ProtoEnumMeta`` stays stdlib's:
  ``tests/test_fields_enum.py`` line 366 declares ``GoodEnum`` through
  ``proto.Enum`` with ``UNKNOWN = 0`` and ``DEFAULT = 0``;
- migrated alone (``proto``), nothing in the tree shows an alias: the
  metaclass moves (and the package imports, the identity check accepting
  ``typed_enum.IntEnum``), and the report warns that its users' aliases now
  fail, which ``test_enum_alias_good`` then does.

The suite runs without ``tests/test_datetime_helpers.py``, which needs pytz
(it has no enum); ``test_unwrapped_enum_fields`` needs googleapis-common-protos
and fails before and after alike.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

NAME, VERSION = "proto-plus", "1.29.0"
PROTOBUF = "protobuf==7.36.2"
_ROOT = Path(__file__).resolve().parents[2]  # the checkout whose typed_enum is tested


def _run(
    args: list[str], cwd: Path, path: list[Path] | None = None
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join(str(p) for p in path)
    return subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, check=False, timeout=600
    )


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the unpacked sdist, the directory protobuf is installed in)."""
    work = tmp_path_factory.mktemp("protoplus")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    done = _run(
        [*pip, "download", "--no-deps", "--no-binary", NAME, f"{NAME}=={VERSION}", "-d",
         str(work / "dist")],
        work,
    )  # fmt: skip
    assert done.returncode == 0, (
        f"pip download {NAME}=={VERSION} failed (this test needs the package index that "
        f"pip is configured with):\n{done.stdout}\n{done.stderr}"
    )
    deps = work / "deps"
    done = _run([*pip, "install", "--no-deps", "--target", str(deps), PROTOBUF], work)
    assert done.returncode == 0, f"pip install {PROTOBUF} failed:\n{done.stdout}\n{done.stderr}"
    (archive,) = (work / "dist").glob("*.tar.gz")
    with tarfile.open(archive) as tar:
        tar.extractall(work / "src", filter="data")
    (tree,) = (work / "src").iterdir()
    return tree, deps


def _suite(tree: Path, deps: Path) -> dict[str, str]:
    """Each test's outcome (passed, failed, skipped), by name."""
    junit = tree / "junit.xml"
    done = _run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
         "-p", "no:randomly", "-o", "addopts=", f"--junitxml={junit}", "tests",
         "--ignore", "tests/test_datetime_helpers.py"],
        tree,
        [tree, deps, _ROOT],
    )  # fmt: skip
    assert junit.exists(), done.stdout[-3000:] + done.stderr[-3000:]
    outcomes = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        failed = case.find("failure") is not None or case.find("error") is not None
        skipped = case.find("skipped") is not None
        outcomes[name] = "failed" if failed else "skipped" if skipped else "passed"
    junit.unlink()
    return outcomes


def _migrated(sdist: tuple[Path, Path], where: Path, *paths: str) -> tuple[Path, str]:
    """A copy of the sdist migrated on ``paths`` (importing the tree, as by default)."""
    tree, deps = sdist
    shutil.copytree(tree, where)
    done = _run(
        [sys.executable, "-m", "typed_enum.migrate", "--no-progress", *paths],
        where,
        [_ROOT, deps],
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return where, done.stdout


_PROBE = """
import enum

import proto
from proto.primitives import ProtoType


class Code(proto.Enum):
    _pb_options = {"allow_alias": True}
    UNKNOWN = 0
    DEFAULT = 0


print(Code.DEFAULT is Code.UNKNOWN, list(Code.__members__), type(Code).__name__)
print(type(ProtoType).__name__, ProtoType.DOUBLE == 1, type(proto.Enum).__mro__[1].__name__)
"""


def _probe(tree: Path, deps: Path) -> list[str]:
    done = _run([sys.executable, "-c", textwrap.dedent(_PROBE)], tree, [tree, deps, _ROOT])
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def _lines(report: str, kind: str) -> list[str]:
    return [line for line in report.splitlines() if f": {kind}: " in line]


def test_with_its_tests_the_metaclass_stays_stdlib_and_nothing_changes(
    sdist: tuple[Path, Path], tmp_path: Path
) -> None:
    tree, deps = sdist
    new, report = _migrated(sdist, tmp_path / "new", "proto", "tests")
    assert _lines(report, "identity") == [
        "proto/enums.py:28: identity: bases[0] == enum.IntEnum became bases[0] in "
        "(enum.IntEnum, typed_enum.IntEnum): a class the migration moved is built on "
        "typed_enum.IntEnum now, not enum.IntEnum, and the check tells them apart by "
        "identity; it accepts both, as before the migration"
    ]
    assert (
        "proto/enums.py:23: left alone: ProtoEnumMeta stays a stdlib enum metaclass: it makes "
        "test_enum_alias_good.<locals>.GoodMessage.GoodEnum (tests/test_fields_enum.py:366), "
        "whose DEFAULT repeats UNKNOWN's value 0: stdlib makes such a member an alias"
    ) in report
    # ProtoEnumMeta and the 34 enums it makes (proto.Enum, 33 declared in tests/), each named.
    left = _lines(report, "left alone")
    assert len(left) == 35
    assert (
        sum("stays a stdlib enum with ProtoEnumMeta (proto/enums.py:23)" in x for x in left) == 34
    )
    assert "class ProtoType(typed_enum.IntEnum):" in (new / "proto/primitives.py").read_text()
    assert "class ProtoEnumMeta(enum.EnumMeta):" in (new / "proto/enums.py").read_text()
    before = _probe(tree, deps)
    assert before == [
        "True ['UNKNOWN', 'DEFAULT'] ProtoEnumMeta",
        "EnumType True EnumType",
    ]
    assert _probe(new, deps) == [
        "True ['UNKNOWN', 'DEFAULT'] ProtoEnumMeta",
        "TypedEnumType True EnumType",
    ]
    outcomes = _suite(tree, deps)
    assert len(outcomes) == 244
    assert sum(o == "passed" for o in outcomes.values()) > 200
    assert _suite(new, deps) == outcomes


def test_alone_the_package_imports_and_the_report_warns_of_its_users_aliases(
    sdist: tuple[Path, Path], tmp_path: Path
) -> None:
    tree, deps = sdist
    new, report = _migrated(sdist, tmp_path / "alone", "proto")
    assert [line.split(" became ")[0] for line in _lines(report, "identity")] == [
        "proto/enums.py:28: identity: bases[0] == enum.IntEnum"
    ]
    assert (
        "proto/enums.py:23: note: ProtoEnumMeta now derives from TypedEnumType: every enum it "
        "makes follows typed_enum's rules, also its users' enums outside this tree"
    ) in report
    assert _lines(report, "left alone") == []
    # The package imports (the identity check kept), its own base is built as before...
    probe = _run(
        [sys.executable, "-c", "import proto; print(type(proto.Enum).__name__)"],
        new,
        [new, deps, _ROOT],
    )
    assert probe.stdout == "ProtoEnumMeta\n", probe.stderr[-3000:]
    # ... and the one test whose enum the report warned of is the one that changes.
    before, after = _suite(tree, deps), _suite(new, deps)
    changed = {
        name: (before[name], after.get(name)) for name in before if before[name] != after.get(name)
    }
    assert changed == {
        "tests.test_fields_enum::test_enum_alias_good": ("passed", "failed"),
    }
