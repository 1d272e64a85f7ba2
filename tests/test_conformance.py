"""Typing-spec enum conformance: our own files in the suite's format, and the scorer itself.

``conformance/enums`` holds enum conformance files written for this project from the
typing specification's Enums chapter, marked like python/typing's conformance suite.
Each must pass with mypy and the plugin, as written (stdlib ``enum``) and with the
imports re-pointed at typed_enum.  The same scorer runs on a checkout of upstream:
``python -m conformance <typing>/conformance/tests --pattern 'enums_*.py'``.
"""

from __future__ import annotations

import ast
import textwrap
from importlib.metadata import version
from pathlib import Path

import pytest

from conformance import MODES, parse_expectations, repoint_source, score_directory
from conformance.score import diff_errors, parse_errors

OWN_FILES = Path(__file__).resolve().parent.parent / "conformance" / "enums"


@pytest.mark.parametrize("mode", MODES)
def test_own_enum_conformance_files_pass(mode: str) -> None:
    results = score_directory(OWN_FILES, mode)
    assert len(results) == 6, [r.name for r in results]
    failures = [
        f"{r.name} [{mode}]:\n" + "\n".join(f"    {d}" for d in r.differences)
        for r in results
        if not r.passed
    ]
    assert not failures, f"mypy {version('mypy')} + plugin:\n" + "\n".join(failures)


# --- the scorer's rules, checked on small inputs ----------------------------------


def test_markers_are_read_like_upstream() -> None:
    text = textwrap.dedent(
        """\
        a = 1  # E
        b = 2  # E?
        c = 3  # E: with a reason
        d = 4  # E?: optional, with a reason
        # e = 5  # E  (commented out: ignored)
        f = 6  # E[pair]
        g = 7  # E[pair]
        h = 8  # E[many+]
        i = 9  # E[many+]
        j = 10  # Everything else is no marker
        """
    )
    expected = parse_expectations(text)
    assert expected.required == {1, 3}
    assert expected.optional == {2, 4}
    assert expected.groups == {"pair": ((6, 7), False), "many": ((8, 9), True)}


def test_a_group_on_one_line_is_rejected() -> None:
    with pytest.raises(ValueError, match="'lonely' appears on line 1 only"):
        parse_expectations("x = 1  # E[lonely]\n", "f.py")


def test_differences() -> None:
    text = "a = 1  # E\nb = 2  # E?\nc = 3\nd = 4  # E[g]\ne = 5  # E[g]\n"
    expected = parse_expectations(text)

    def errors(*lines: int) -> dict[int, list[str]]:
        return {n: [f"f.py:{n}: error: boom  [misc]"] for n in lines}

    assert diff_errors(expected, errors(1, 4)) == []
    assert diff_errors(expected, errors(1, 2, 5)) == []
    assert diff_errors(expected, errors(4)) == ["line 1: expected an error, mypy reported none"]
    assert diff_errors(expected, errors(1, 3, 4)) == [
        "line 3: unexpected f.py:3: error: boom  [misc]"
    ]
    assert diff_errors(expected, errors(1)) == [
        "lines 4, 5: expected an error on one of them (group 'g')"
    ]
    assert diff_errors(expected, errors(1, 4, 5)) == [
        "lines 4, 5: expected an error on exactly one (group 'g')",
        "line 4: unexpected f.py:4: error: boom  [misc]",
        "line 5: unexpected f.py:5: error: boom  [misc]",
    ]


def test_mypy_output_is_parsed_by_file_and_line() -> None:
    output = (
        "a.py:3: error: one  [misc]\n"
        "a.py:3: note: a note never counts\n"
        "sub/b.pyi:10: error: two  [valid-type]\n"
        "Found 2 errors in 2 files (checked 2 source files)\n"
    )
    assert parse_errors(output) == {
        "a.py": {3: ["a.py:3: error: one  [misc]"]},
        "b.pyi": {10: ["sub/b.pyi:10: error: two  [valid-type]"]},
    }


def test_repointing_keeps_lines_and_moves_only_typed_enum_names() -> None:
    source = textwrap.dedent(
        """\
        import enum
        from enum import (
            Enum,
            EnumType,
            ReprEnum,
            auto as make,
        )  # E?
        class A(enum.Flag): ...
        x = enum.verify
        """
    )
    result = repoint_source(source)
    assert result.count("\n") == source.count("\n")
    lines = result.splitlines()
    assert lines[0] == "import enum; import typed_enum"
    assert lines[1] == (
        "from enum import (ReprEnum); "
        "from typed_enum import (Enum, TypedEnumType as EnumType, auto as make"
    )
    assert lines[6] == ")  # E?"
    assert lines[7] == "class A(typed_enum.Flag): ..."
    assert lines[8] == "x = enum.verify"
    ast.parse(result)


def test_scorer_fails_a_file_that_breaks_the_rules(tmp_path: Path) -> None:
    (tmp_path / "good.py").write_text(
        "from enum import Enum\nclass C(Enum):\n    A = 1\nC.B  # E\nx: int = C.A.value\n"
    )
    (tmp_path / "bad.py").write_text(
        "from enum import Enum\nclass C(Enum):\n    A = 1\nC.A  # E\nx: str = C.A.value\n"
    )
    (tmp_path / "_helper.py").write_text("y: int = 'not scored'\n")
    results = {r.name: r for r in score_directory(tmp_path, "typed_enum")}
    assert set(results) == {"bad.py", "good.py"}
    assert results["good.py"].passed
    assert results["bad.py"].differences[0] == "line 4: expected an error, mypy reported none"
    assert results["bad.py"].differences[1].startswith("line 5: unexpected bad.py:5: error:")
