"""Syntax newer than the running Python: a note naming the Python that reads it, the other
modules compared, exit 3 (incomplete); a real syntax error: a note with file and line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from check_helpers import Repo

from typed_enum.check.syntax import allowed_newer, newer_construct

COLOR = """
from enum import Enum
class Color(Enum):
    red = 1
    green = 2
"""
RED_ONLY = """
from enum import Enum
class Color(Enum):
    red = 1
"""
DOCS = Path(__file__).resolve().parents[2] / "docs" / "check.md"
RUNNING = sys.version_info[:2]
#: A construct the running Python cannot parse, what the note calls it, and its Python.
if RUNNING < (3, 12):
    NEWER = ("type Alias = int | str\n", "the type statement", "3.12")
elif RUNNING < (3, 14):
    NEWER = (
        "try:\n    pass\nexcept ValueError, TypeError:\n    pass\n",
        "an except clause without parentheses",
        "3.14",
    )
else:  # pragma: no cover - no construct newer than 3.14 is known yet
    NEWER = ("", "", "")
needs_newer = pytest.mark.skipif(not NEWER[0], reason="no syntax newer than this Python known")


def _line_of_newer(prefix: str) -> int:
    """The line the newer construct's error is on, after ``prefix``."""
    first = NEWER[0].splitlines()
    offset = next(i for i, line in enumerate(first) if "except" in line or "type" in line)
    return prefix.count("\n") + offset + 1


@needs_newer
def test_newer_syntax_is_a_note_naming_the_python_and_the_other_modules_are_compared(
    repo: Repo,
) -> None:
    aliases = "from enum import Enum\nclass Mode(Enum):\n    fast = 1\n" + NEWER[0]
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR, "app/aliases.py": aliases})
    repo.write({"app/models.py": RED_ONLY})
    result = repo.check("--against", "HEAD", "--no-import")
    # app/models.py is still compared: its removed member is found, so the exit is 1.
    assert result.status == 1
    assert result.rules == ["member-removed"]
    line = _line_of_newer("from enum import Enum\nclass Mode(Enum):\n    fast = 1\n")
    version = NEWER[2]
    assert result.err.splitlines()[0] == (
        f"app/aliases.py: note: HEAD and the working tree: cannot be read by Python "
        f"{RUNNING[0]}.{RUNNING[1]}: line {line} uses {NEWER[1]}, which Python {version} reads; "
        f"run the check with Python {version} or newer (python{version} -m typed_enum check "
        f"..., typed-enum installed for it; or uvx --python {version} typed-enum check ...); "
        f"its enums there were not compared"
    )
    assert "fix it" not in result.err
    assert "Traceback" not in result.err
    if RUNNING == (3, 11):  # the note docs/check.md shows, word for word
        assert result.err.splitlines()[0] in DOCS.read_text(encoding="utf-8").splitlines()


@needs_newer
def test_newer_syntax_alone_exits_3_incomplete_in_the_importing_mode_too(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR + NEWER[0]})
    repo.write({"app/models.py": RED_ONLY + NEWER[0]})
    result = repo.check("--against", "HEAD")
    # Neither revision's Color can be read: nothing is reported removed, and the exit
    # status says the check is incomplete.
    assert result.status == 3
    assert result.out == ""
    assert f"which Python {NEWER[2]} reads" in result.err
    assert result.err.splitlines()[-1] == (
        "typed-enum check: incomplete: a module could not be read (its note says why); exit 3"
    )


def test_a_real_syntax_error_names_file_and_line_and_requires_python_is_offered(
    repo: Repo,
) -> None:
    pyproject = '[project]\nname = "app"\nrequires-python = ">=3.11"\n'
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR, "pyproject.toml": pyproject})
    repo.write({"app/models.py": COLOR + "def broken(:\n"})
    result = repo.check("--against", "HEAD")
    assert result.status == 3
    note = result.err.splitlines()[0]
    assert note.startswith(
        "app/models.py: note: the working tree: cannot be read by Python "
        f"{RUNNING[0]}.{RUNNING[1]} (SyntaxError: invalid syntax (line 5)); the project's "
        "requires-python (>=3.11) allows newer Pythons, which may read it: run the check with "
        f"Python 3.{RUNNING[1] + 1} or newer"
    )
    assert note.endswith(", or fix line 5; its enums there were not compared")


def test_a_real_syntax_error_without_a_newer_python_allowed_is_file_and_line(
    repo: Repo,
) -> None:
    running = f"{RUNNING[0]}.{RUNNING[1]}"
    pyproject = f'[project]\nname = "app"\nrequires-python = "=={running}.*"\n'
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR, "pyproject.toml": pyproject})
    repo.write({"app/models.py": COLOR + "def broken(:\n"})
    result = repo.check("--against", "HEAD")
    assert result.status == 3
    assert result.err.splitlines()[0] == (
        "app/models.py: note: the working tree: cannot be read (SyntaxError: invalid syntax "
        "(line 5)); its enums there were not compared"
    )


@pytest.mark.parametrize(
    ("line", "message", "running", "expected"),
    [
        ("type Alias = int", "invalid syntax", (3, 11), ("the type statement", (3, 12))),
        ("type Alias = int", "invalid syntax", (3, 12), None),
        ("def first[T](items: list[T]) -> T:", "expected '('", (3, 11), (3, 12)),
        ("class Box[T]:", "invalid syntax", (3, 11), (3, 12)),
        ("class Box[T = int]:", "invalid syntax", (3, 12), (3, 13)),
        ("except ValueError, TypeError:", "multiple exception types", (3, 13), (3, 14)),
        ('x = f"{"a"}"', "f-string: expecting '}'", (3, 11), (3, 12)),
        ("def broken(:", "invalid syntax", (3, 11), None),
        ("types = 1 +", "invalid syntax", (3, 11), None),
    ],
)
def test_newer_constructs_are_recognised_on_their_line(
    line: str,
    message: str,
    running: tuple[int, int],
    expected: tuple[str, tuple[int, int]] | tuple[int, int] | None,
) -> None:
    found = newer_construct(f"import os\n{line}\n", 2, message, running)
    if expected is None or isinstance(expected[0], str):
        assert found == expected
    else:
        assert found is not None
        assert found[1] == expected


@pytest.mark.parametrize(
    ("spec", "running", "expected"),
    [
        (">=3.11", (3, 11), (3, 12)),
        (">=3.13.2", (3, 11), (3, 13)),
        (">=3.11,<3.12", (3, 11), None),
        ("==3.11.*", (3, 11), None),
        ("~=3.11", (3, 11), (3, 12)),
        (">=3.10, !=3.12.*", (3, 11), (3, 13)),
        ("not a version", (3, 11), None),
    ],
)
def test_requires_python_allows_a_newer_python(
    spec: str, running: tuple[int, int], expected: tuple[int, int] | None
) -> None:
    assert allowed_newer(spec, running) == expected


def test_an_incomplete_check_says_so_in_json_and_sarif_and_again_from_a_kept_reading(
    repo: Repo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TYPED_ENUM_CACHE_DIR", str(tmp_path / "cache"))
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR + "def broken(:\n"})
    repo.write({"app/models.py": RED_ONLY + "def broken(:\n"})
    # The second run takes both revisions' readings from the cache (issue 52): the note
    # and the status must be the same.
    runs = [repo.check("--against", "HEAD", "--no-import", "--format", "json") for _ in "ab"]
    for result in runs:
        assert result.status == 3
        assert json.loads(result.out)["complete"] is False
        assert "app/models.py: note: HEAD: cannot be read (SyntaxError" in result.err
        assert "app/models.py: note: the working tree: cannot be read (SyntaxError" in result.err
    assert runs[0].out == runs[1].out
    assert runs[0].err == runs[1].err
    sarif = repo.check("--against", "HEAD", "--no-import", "--format", "sarif")
    invocation = json.loads(sarif.out)["runs"][0]["invocations"][0]
    assert invocation["properties"] == {"complete": False}
    repo.write({"app/models.py": COLOR})
    repo.commit({"app/models.py": COLOR})
    fine = repo.check("--against", "HEAD", "--no-import", "--format", "json")
    assert (fine.status, json.loads(fine.out)["complete"]) == (0, True)
