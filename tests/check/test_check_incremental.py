"""The check at the cost of the change equals the full reading, on real release history.

python-telegram-bot 21.0, 22.0 and 22.8 from the package index (tests/check/history.py), plus
a harmless commit (a comment) on top: each pair is checked with ``--full`` (every file parsed
by each revision, no cache) and without it, first with an empty cache and then with the
cache the first run filled.  The outputs must be equal finding for finding and note for note
(the whole JSON report, and stderr with ``--all-notes``), while the runs without ``--full``
parse each blob once and the second run parses nothing that the first one did.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from history import check, releases

DISTRIBUTION, PACKAGE = "python-telegram-bot", "telegram"
VERSIONS = ("21.0", "22.0", "22.8")
_COUNTS = re.compile(
    r"timings: (?P<files>\d+) files read, (?P<modules>\d+) that can define an enum: "
    r"(?P<parsed>\d+) parsed .*?, (?P<shared>\d+) shared by the two revisions, "
    r"(?P<cached>\d+) taken from the cache"
)


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("incremental")
    root = releases(DISTRIBUTION, PACKAGE, VERSIONS, base / "repo", base / "wheels")
    constants = root / PACKAGE / "constants.py"
    constants.write_text(constants.read_text(encoding="utf-8") + "# a comment\n")
    for args in (("add", "-A"), ("commit", "-q", "-m", "a comment"), ("tag", "vharmless")):
        subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)
    return root


def _run(root: Path, old: str, new: str, *options: str) -> tuple[int, str, list[str]]:
    """Exit status, the JSON report, stderr of ``--all-notes`` without the timings lines."""
    shown = check(root, old, new, PACKAGE, "--format", "json", *options)
    noted = check(root, old, new, PACKAGE, "--all-notes", "--timings", *options)
    assert shown.returncode == noted.returncode
    assert "Traceback" not in shown.stderr + noted.stderr
    err = [line for line in noted.stderr.splitlines() if "timings:" not in line]
    return shown.returncode, shown.stdout, [*err, noted.stdout]


def _counts(root: Path, old: str, new: str, *options: str) -> dict[str, int]:
    done = check(root, old, new, PACKAGE, "--timings", *options)
    found = _COUNTS.search(done.stderr)
    assert found is not None, done.stderr
    return {key: int(value) for key, value in found.groupdict().items()}


@pytest.mark.parametrize("mode", [(), ("--no-import",)], ids=["importing", "no-import"])
@pytest.mark.parametrize(("old", "new"), [("21.0", "22.0"), ("22.0", "22.8"), ("22.8", "harmless")])
def test_the_incremental_reading_equals_the_full_one(
    history: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    old: str,
    new: str,
    mode: tuple[str, ...],
) -> None:
    monkeypatch.setenv("TYPED_ENUM_CACHE_DIR", str(tmp_path / "cache"))
    full = _run(history, old, new, "--full", *mode)
    assert json.loads(full[1])["old"]["enums"] > 50  # the releases' enums were compared
    cold = _run(history, old, new, *mode)
    warm = _run(history, old, new, *mode)
    assert cold == full
    assert warm == full


def _readings(root: Path, old: str, new: str, *options: str) -> str:
    done = check(root, old, new, PACKAGE, "--timings", *options)
    found = re.search(r"; revisions: (.*?); nothing imported", done.stderr)
    assert found is not None, done.stderr
    return found.group(1)


def test_each_blob_is_parsed_once_and_a_second_run_parses_nothing(
    history: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TYPED_ENUM_CACHE_DIR", str(tmp_path / "cache"))
    cold = _counts(history, "22.8", "harmless", "--no-import")
    # One file differs between the two revisions: the old one is read whole, the new one
    # from it, parsing only that file.
    assert cold["cached"] == 0
    assert cold["parsed"] == cold["modules"] // 2 + 1
    assert cold["shared"] == 0
    # A second run takes both revisions' readings from the cache: nothing is parsed or
    # even loaded module by module.
    warm = _counts(history, "22.8", "harmless", "--no-import")
    assert (warm["parsed"], warm["cached"], warm["shared"]) == (0, 0, 0)
    assert _readings(history, "22.8", "harmless", "--no-import") == (
        "v22.8 kept from an earlier run, vharmless kept from an earlier run"
    )
    uncached = _counts(history, "22.8", "harmless", "--no-import", "--no-cache")
    assert uncached["parsed"] == cold["parsed"]
    assert uncached["cached"] == 0
    assert _readings(history, "22.8", "harmless", "--no-import", "--no-cache") == (
        "v22.8 whole, vharmless from the other revision (1 file differs)"
    )
    # A cache whose readings are gone (trimmed) still has each module's census.
    for kept in (tmp_path / "cache").glob("census/*/revisions/*"):
        kept.unlink()
    censuses = _counts(history, "22.8", "harmless", "--no-import")
    assert censuses["parsed"] == 0
    assert censuses["cached"] == cold["parsed"]


def test_against_the_working_tree_the_incremental_reading_equals_the_full_one(
    history: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The pre-commit hook's case: the old side is read without a checkout.
    monkeypatch.setenv("TYPED_ENUM_CACHE_DIR", str(tmp_path / "cache"))
    subprocess.run(["git", "checkout", "-q", "v22.8"], cwd=history, check=True)
    constants = history / PACKAGE / "constants.py"
    constants.write_text(constants.read_text(encoding="utf-8").replace("MAX_PRICE", "MAX_COST"))
    try:
        runs = [
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "typed_enum",
                    "check",
                    "--no-progress",
                    "--all-notes",
                    "--no-import",
                    "--against",
                    "v22.0",
                    *options,
                    PACKAGE,
                ],
                cwd=history,
                capture_output=True,
                text=True,
                check=False,
            )
            for options in ((), ("--full",), ())
        ]
    finally:
        subprocess.run(["git", "checkout", "-q", "--", "."], cwd=history, check=True)
        subprocess.run(["git", "checkout", "-q", "vharmless"], cwd=history, check=True)
    assert runs[0].returncode == 1
    assert "member-removed: member ChatSubscriptionLimit.MAX_PRICE was removed" in runs[0].stdout
    for run in runs[1:]:
        assert (run.returncode, run.stdout, run.stderr) == (
            runs[0].returncode,
            runs[0].stdout,
            runs[0].stderr,
        )
