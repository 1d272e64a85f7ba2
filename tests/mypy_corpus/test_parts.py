"""The corpus harness's own parts: the .test reader, the fetcher offline, the comparison."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from . import compare, runner, sdist, testdata

SAMPLE = """\
-- a comment line
[case testPlain]
# flags: --strict-equality --warn-unreachable
from enum import Enum
x = [1, \\
     2]
\\[not a header]
---- a line that starts with two dashes
[builtins fixtures/enum.pyi]
[out]
main:1: error: whatever

[case testWithFiles-skip]
import m
[file m.py]
from enum import Enum
[file pkg/__init__.pyi]
X: int

[case testSteps]
import m
[file m.py]
A = 1
[file m.py.2]
A = 2
[out2]
"""


def test_parse_reads_sections_flags_and_markers() -> None:
    plain, skipped, steps = testdata.parse("check-x.test", SAMPLE)
    assert (plain.name, plain.line, plain.not_run) == ("testPlain", 2, None)
    assert plain.flags == ("--strict-equality", "--warn-unreachable")
    assert plain.main.splitlines()[1:] == [
        "from enum import Enum",
        "x = [1, 2]",
        "[not a header]",
        "-- a line that starts with two dashes",
    ]
    assert plain.files == ()
    assert skipped.name == "testWithFiles"
    assert skipped.not_run == "marked -skip in mypy's test file"
    assert skipped.files == (("m.py", "from enum import Enum\n"), ("pkg/__init__.pyi", "X: int\n"))
    assert steps.not_run is not None
    assert steps.not_run.startswith("incremental")
    assert "[file m.py.2]" in steps.not_run
    assert [case.key for case in testdata.parse("check-x.test", SAMPLE) if case.uses_enum()] == [
        "check-x.test::testPlain",
        "check-x.test::testWithFiles",
    ]


def test_offline_fails_with_a_clear_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TYPED_ENUM_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("TYPED_ENUM_MYPY_SDIST", raising=False)
    monkeypatch.setattr(sdist, "INDEX", "http://127.0.0.1:9/simple/mypy/")
    with pytest.raises(sdist.CorpusUnavailable, match="needs network access once"):
        sdist.corpus_files("1.14.1")


def test_local_sdist_of_another_version_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wrong = tmp_path / "mypy-0.1.tar.gz"
    wrong.write_bytes(b"")
    monkeypatch.setenv("TYPED_ENUM_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("TYPED_ENUM_MYPY_SDIST", str(wrong))
    with pytest.raises(sdist.CorpusUnavailable, match=re.escape("named mypy-1.14.1.tar.gz")):
        sdist.corpus_files("1.14.1")


def test_difference_is_a_multiset_difference() -> None:
    alone = runner.Outcome(("main:2: error: b  [misc]", "main:1: note: a", "main:1: note: a"))
    plugin = runner.Outcome(("main:1: note: a", "main:2: error: b  [typed-enum-x]"))
    assert compare.difference(alone, plugin) == (
        "- main:1: note: a",
        "- main:2: error: b  [misc]",
        "+ main:2: error: b  [typed-enum-x]",
    )
    assert compare.unmatched(["+ x", "- y"], ["- y", "- z"]) == (["+ x"], ["- z"])


def test_a_crash_is_reported_as_one() -> None:
    # A case that crashes mypy alone (an AssertionError in checker.check_final,
    # mypy's own: see the project's plugin notes) must come back as a crash.
    case = testdata.Case(
        "check-x.test",
        "testCrash",
        1,
        "from enum import Enum\nclass E(Enum):\n    def f(self) -> None: ...\n    f = g = 1\n",
    )
    for plugin in (False, True):
        outcome = runner.check([case], plugin)[case.key]
        assert outcome.crash is not None, outcome
        assert "AssertionError" in outcome.crash or "INTERNAL ERROR" in outcome.crash


def test_a_crash_in_a_group_is_pinned_on_its_case() -> None:
    crash = testdata.Case(
        "check-x.test",
        "testCrash",
        1,
        "from enum import Enum\nclass E(Enum):\n    def f(self) -> None: ...\n    f = g = 1\n",
    )
    fine = testdata.Case("check-x.test", "testFine", 9, "reveal_type(1)\n")
    outcomes = runner.check([fine, crash], plugin=True)
    assert outcomes[crash.key].crash is not None
    assert outcomes[fine.key] == runner.Outcome(('main:1: note: Revealed type is "Literal[1]?"',))
