"""Named-constant combinations, names and export under every type checker.

``constants_fixtures/combinations.py`` is correct code using ``|``, ``&``,
``^``, ``has_name()``, ``names()`` and ``@global_constants``; every checker
must accept it without a diagnostic: mypy with the plugin and without it,
and pyright, basedpyright, pyrefly and ty, which read typed_enum's
annotations only.  ``mistakes.py`` is the negative control: each checker
must report exactly its lines marked ``# error``, so a checker that did not
run, or read nothing, fails the test instead of passing it.

The checkers are test extras (wheels); one that is not installed is skipped
with the reason, not passed.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "constants_fixtures"
FILES = ("combinations.py", "mistakes.py")
MYPY_INI = "[mypy]\nplugins = mypy_plugin\nstrict = true\n"

#: checker -> (module that must be importable, command after ``python -m``).
COMMANDS: dict[str, tuple[str, list[str]]] = {
    "mypy+plugin": ("mypy", ["mypy", "--no-incremental", "--config-file", "plugin.ini"]),
    "mypy": ("mypy", ["mypy", "--no-incremental", "--strict", "--config-file", "none.ini"]),
    "pyright": ("pyright", ["pyright", "--pythonpath", sys.executable]),
    "basedpyright": ("basedpyright", ["basedpyright", "--pythonpath", sys.executable]),
    "pyrefly": (
        "pyrefly",
        [
            "pyrefly",
            "check",
            "--output-format",
            "min-text",
            "--python-interpreter-path",
            sys.executable,
        ],
    ),
    "ty": ("ty", ["ty", "check", "--output-format", "concise", "--python", sys.executable]),
}

# ``mistakes.py:9: error:`` (mypy), ``/…/mistakes.py:9:14 - error:`` (pyright),
# ``ERROR mistakes.py:9:14-22:`` (pyrefly), ``mistakes.py:9:14: error[…]`` (ty).
_WHERE = re.compile(r"(?P<file>[\w.-]+\.py):(?P<line>\d+)\b")
_SEVERITY = re.compile(r"\b(error|warning)\b", re.IGNORECASE)


def diagnostics(output: str) -> dict[str, list[int]]:
    """Lines with an error or warning, per fixture file."""
    found: dict[str, list[int]] = {name: [] for name in FILES}
    for text in output.splitlines():
        match = _WHERE.search(text)
        if match is not None and match["file"] in found and _SEVERITY.search(text):
            found[match["file"]].append(int(match["line"]))
    return found


def marked_lines(name: str) -> list[int]:
    source = (FIXTURES / name).read_text().splitlines()
    return [number for number, text in enumerate(source, start=1) if text.endswith("# error")]


@pytest.mark.parametrize("checker", list(COMMANDS))
def test_checker_accepts_correct_code_and_reports_the_mistakes(
    checker: str, tmp_path: Path
) -> None:
    module, command = COMMANDS[checker]
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed: pip install -e '.[test]' installs it")
    for name in (*FILES, "pyrightconfig.json"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    # Not mypy.ini, which pyrefly would read as its own configuration.
    (tmp_path / "plugin.ini").write_text(MYPY_INI)
    (tmp_path / "none.ini").write_text("[mypy]\n")
    done = subprocess.run(
        [sys.executable, "-m", *command, *FILES],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    output = done.stdout + done.stderr
    assert "Traceback" not in output, output
    seen = diagnostics(output)
    assert seen["combinations.py"] == [], f"{checker} on correct code:\n{output}"
    assert sorted(seen["mistakes.py"]) == marked_lines("mistakes.py"), f"{checker}:\n{output}"
    assert marked_lines("mistakes.py")  # the control has mistakes to find
