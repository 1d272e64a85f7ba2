"""End to end: ``typed-enum migrate`` on real packages installed from PyPI.

Also zigpy (a Zigbee stack, downloaded at test time): enums behind a star
re-export and a module alias, each of which must be named.

Pinned in the ``test`` extra (all three are small, pure Python, without
dependencies): dnspython (IntEnum/IntFlag subclasses of its own base in
another module, six implicit duplicate-value aliases), click (enums next to
``isinstance(x, enum.Enum)`` checks that must keep accepting any enum, and
``object()`` sentinel values) and enum-properties (an ``EnumMeta`` subclass
used as the metaclass of its enum bases).  Each package is copied twice from
site-packages; one copy is migrated.  Then both copies are compared: every
module imports as before, every enum has the same members, values, aliases,
iteration order and lookups, the packages behave the same on a few probes,
and mypy with the plugin reports nothing new.
"""

from __future__ import annotations

import contextlib
import difflib
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from migrate_helpers import snapshot, summary, unaccounted

from typed_enum.migrate.cli import main

PACKAGES = ("dns", "click", "enum_properties")
_HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def trees(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """(unmigrated copy, migrated copy, the command's report)."""
    base = tmp_path_factory.mktemp("packages")
    orig, new = base / "orig", base / "new"
    for package in PACKAGES:
        spec = importlib.util.find_spec(package)
        assert spec is not None, package
        assert spec.submodule_search_locations, package
        source = Path(next(iter(spec.submodule_search_locations)))
        ignore = shutil.ignore_patterns("__pycache__")
        shutil.copytree(source, orig / package, ignore=ignore)
        shutil.copytree(source, new / package, ignore=ignore)
    cwd = Path.cwd()
    os.chdir(new)
    try:
        read, write = os.pipe()
        with os.fdopen(read) as reader, os.fdopen(write, "w") as writer:
            saved = sys.stdout
            sys.stdout = writer
            try:
                status = main(["--no-progress", *PACKAGES])
            finally:
                sys.stdout = saved
            writer.close()
            report = reader.read()
    finally:
        os.chdir(cwd)
    assert status == 0, report
    return orig, new, report


def test_the_report_lists_every_implicit_alias_and_what_was_left(
    trees: tuple[Path, Path, str],
) -> None:
    *_, report = trees
    lines = report.splitlines()
    assert [line for line in lines if ": alias: " in line or ": left alone: " in line] == [
        "dns/query.py:424: alias: HTTPVersion.H1 = alias(HTTP_1): its value 1 repeats HTTP_1's",
        "dns/query.py:426: alias: HTTPVersion.H2 = alias(HTTP_2): its value 2 repeats HTTP_2's",
        "dns/query.py:428: alias: HTTPVersion.H3 = alias(HTTP_3): its value 3 repeats HTTP_3's",
        "dns/rcode.py:52: alias: Rcode.BADSIG = alias(BADVERS): its value 16 repeats BADVERS's",
        "dns/rdatatype.py:28: alias: RdataType.NONE = alias(TYPE0): its value 0 repeats TYPE0's",
        "dns/rdtypes/ANY/KEY.py:55: alias: LegacyFlag.SIG0 = alias(USER): its value 0 repeats "
        "USER's",
        "enum_properties/__init__.py:990: left alone: class StrEnumProperties: dynamic base "
        "'*str_enum_bases' left alone; if it is a stdlib enum class, write typed_enum's "
        "counterpart in the class statement by hand",
    ]
    assert summary(report).startswith("16 of ")


def test_every_module_imports_and_every_enum_behaves_as_before(
    trees: tuple[Path, Path, str],
) -> None:
    orig, new, report = trees
    before, after = snapshot(orig, PACKAGES), snapshot(new, PACKAGES)
    # Every enum class at run time, nested ones too, is moved or reported.
    assert unaccounted(after, report) == []
    classes = after["classes"]
    assert isinstance(classes, dict)
    assert sum(not typed for typed in classes.values()) == 0
    assert after["imports"] == before["imports"]
    imports = before["imports"]
    assert isinstance(imports, dict)
    # The modules that fail, fail on a missing optional dependency, before and after.
    assert sum(status == "ok" for status in imports.values()) >= 160
    assert after["enums"] == before["enums"]
    assert before["typed"] == []
    typed = after["typed"]
    assert isinstance(typed, list)
    enums = before["enums"]
    assert isinstance(enums, dict)
    # Every enum of the three packages is now typed_enum's.
    assert sorted(typed) == sorted(enums)
    assert len(typed) == 36


_PROBE = r"""
import enum, json, click
import dns.rdatatype, dns.rcode, dns.flags, dns.message
from enum_properties import EnumProperties, s
from typed_enum import TypedEnumType

class Stdlib(enum.Enum):  # a caller's own stdlib enum, as before
    a = "x"
    b = "y"

class Color(EnumProperties, s("rgb"), s("hex", case_fold=True)):
    RED = 1, (1, 0, 0), "ff0000"
    GREEN = 2, (0, 1, 0), "00ff00"

message = dns.message.make_query("example.com", "A")
choice = click.Choice(Stdlib)
print(json.dumps({
    "none": [dns.rdatatype.from_text("NONE"), dns.rdatatype.to_text(0),
             dns.rdatatype.RdataType.NONE is dns.rdatatype.RdataType.TYPE0],
    "rcode": [dns.rcode.to_text(16), dns.rcode.from_text("BADSIG")],
    "flags": dns.flags.to_text(dns.flags.QR | dns.flags.RD),
    "query": message.to_text().splitlines()[1:],
    "choice": [choice.convert("a", None, None).name, list(choice.choices) == list(Stdlib)],
    "props": [Color("ff0000").name, Color((0, 1, 0)).name, Color.RED.rgb, Color.GREEN.hex],
    "typed": [type(Color).__name__, isinstance(Color, TypedEnumType)],
}))
"""


def test_the_packages_behave_as_before(trees: tuple[Path, Path, str]) -> None:
    orig, new, _ = trees
    outputs = []
    for tree in (orig, new):
        result = subprocess.run(
            [sys.executable, "-c", _PROBE],
            cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)},
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.append(json.loads(result.stdout))
    before, after = outputs
    assert before.pop("typed") == ["EnumPropertiesMeta", False]
    assert after.pop("typed") == ["EnumPropertiesMeta", True]
    assert after == before
    assert before["choice"] == ["a", True]
    assert before["props"] == ["RED", "GREEN", [1, 0, 0], "00ff00"]


_LINE = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+):(?P<rest>.*)$")


def _mypy(tree: Path) -> list[str]:
    config = tree / "mypy.ini"
    config.write_text(
        "[mypy]\nplugins = mypy_plugin\nignore_missing_imports = True\nfollow_imports = silent\n"
    )
    args = [sys.executable, "-m", "mypy", "--config-file", str(config), "--no-incremental"]
    args += ["--cache-dir", os.devnull, "--hide-error-context", "--no-error-summary"]
    for package in PACKAGES:
        args += ["-p", package]
    result = subprocess.run(args, cwd=tree, capture_output=True, text=True, check=False)
    assert result.returncode in (0, 1), result.stderr
    return result.stdout.splitlines()


def _line_map(old: Path, new: Path) -> dict[int, int]:
    """Old line number -> new, for the lines the migration kept."""
    a, b = old.read_text().splitlines(), new.read_text().splitlines()
    mapping: dict[int, int] = {}
    for tag, i1, i2, j1, _ in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            mapping.update({i1 + k + 1: j1 + k + 1 for k in range(i2 - i1)})
    return mapping


def test_mypy_with_the_plugin_reports_nothing_new(trees: tuple[Path, Path, str]) -> None:
    orig, new, _ = trees
    maps: dict[str, dict[int, int]] = {}
    moved = []
    for line in _mypy(orig):
        match = _LINE.match(line)
        if match is None:
            moved.append(line)
            continue
        path = match["path"]
        if path not in maps:
            maps[path] = _line_map(orig / path, new / path)
        lines = maps[path]
        number = lines.get(int(match["line"]), int(match["line"]))
        rest = re.sub(
            r"on line (\d+)",
            lambda m, lines=lines: f"on line {lines.get(int(m[1]), int(m[1]))}",
            match["rest"],
        )
        moved.append(f"{path}:{number}:{rest}")
    after = _mypy(new)
    new_findings = sorted(set(after) - set(moved))
    assert new_findings == []
    assert sorted(set(moved) - set(after)) == []


# zigpy 2.4.0 (a Zigbee stack): its enumN/bitmapN bases live in
# zigpy/types/basic.py, zigpy/types/__init__.py re-exports them with ``from
# .basic import *`` (and never mentions enum), and most modules write
# ``class PowerSource(t.enum8)`` after ``import zigpy.types as t``.  The bases
# share a metaclass with ReprEnum classes (the bitmaps), so the whole group
# stays stdlib: every one of those classes must be named.  Before issue 53,
# 242 of them were left stdlib without a word.  The sdist is downloaded at
# test time (pip's configured index); its dependencies are not installed, so
# the run reads the source only (--no-import).
ZIGPY = ("zigpy", "2.4.0")
# A class derived from a base of basic.py through any name (t.enum8,
# basic.bitmap16, enum8, types.enum8_be, ...), written on one line.
_ZIGPY_SUBCLASS = re.compile(
    r"^(?P<indent>[ \t]*)class (?P<name>\w+)\((?:[\w.]+\.)?(?:enum|bitmap)\d+(?:_be)?\):",
    re.MULTILINE,
)


@pytest.fixture(scope="module")
def zigpy(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """(the migrated sdist's tree, the command's report)."""
    work = tmp_path_factory.mktemp("zigpy")
    name, version = ZIGPY
    done = subprocess.run(
        [
            sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", name,
            f"{name}=={version}", "-d", str(work), "--disable-pip-version-check",
        ],
        capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, (
        f"pip download {name}=={version} failed (this test needs the package index that "
        f"pip is configured with):\n{done.stdout}\n{done.stderr}"
    )
    (archive,) = work.glob("*.tar.gz")
    with tarfile.open(archive) as tar:
        tar.extractall(work, filter="data")
    tree = work / f"{name}-{version}"
    cwd = Path.cwd()
    os.chdir(tree)
    out = io.StringIO()  # a report of ~60 kB: more than a pipe holds
    try:
        with contextlib.redirect_stdout(out):
            status = main(["--no-progress", "--no-import", "zigpy"])
    finally:
        os.chdir(cwd)
    report = out.getvalue()
    assert status == 0, report
    return tree, report


def test_zigpy_every_enum_behind_a_star_reexport_is_named(zigpy: tuple[Path, str]) -> None:
    tree, report = zigpy
    lines = report.splitlines()
    left = {
        (path, rest.split(" stays a stdlib enum", 1)[0].rpartition(".")[2])
        for path, _, rest in (line.partition(": left alone: ") for line in lines)
        if " stays a stdlib enum" in rest
    }
    expected = set()
    for path in sorted((tree / "zigpy").rglob("*.py")):
        relative = path.relative_to(tree).as_posix()
        for match in _ZIGPY_SUBCLASS.finditer(path.read_text()):
            expected.add((relative, match["name"]))
    # Read from the source by the pattern above: the subclasses in 20 modules
    # besides basic.py's own.
    assert len({path for path, _ in expected}) >= 20
    assert len(expected) >= 250
    missing = sorted(
        (path, name)
        for path, name in expected
        if not any(p.startswith(f"{path}:") and n == name for p, n in left)
    )
    assert missing == []
    # Two read by hand: zigpy/zcl/clusters/general.py line 23 is
    # ``class PowerSource(t.enum8):``, zigpy/types/basic.py line 681 opens
    # ``class bitmap16(`` on ``enum.ReprEnum``: its group's first blocker.
    assert (
        "zigpy/zcl/clusters/general.py:23: left alone: PowerSource stays a stdlib enum with "
        "bitmap16 (zigpy/types/basic.py:681), which it shares a base or metaclass with"
    ) in lines
    # The package's own source is unchanged where the group stays: the
    # subclass modules are not rewritten.
    general = (tree / "zigpy/zcl/clusters/general.py").read_text()
    assert "class PowerSource(t.enum8):" in general
    assert "typed_enum" not in general
