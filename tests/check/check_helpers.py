"""A small git repository built by a test, and ``typed-enum check`` run on it as a user runs it."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass
class Result:
    status: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()

    @property
    def findings(self) -> list[str]:
        """The first line of each finding of the text output
        (``path:line: verdict: rule: message``), without its fix line."""
        return [line for line in self.lines if not line.startswith(" ")]

    @property
    def rules(self) -> list[str]:
        """The rule of each finding of the text output."""
        return [line.split(": ")[2] for line in self.findings]

    @property
    def verdicts(self) -> list[str]:
        """The verdict of each finding of the text output: fails, listed, compatible."""
        return [line.split(": ")[1] for line in self.findings]

    @property
    def fixes(self) -> list[str]:
        """The fix line of each finding that has one (``    fix: ...``)."""
        return [
            line.removeprefix("    fix: ") for line in self.lines if line.startswith("    fix: ")
        ]


#: Two enums before a change (tests of the policy and the command line) ...
BEFORE = """
from enum import Enum
class Color(Enum):
    red = 1
    green = 2
class Limit(Enum):
    low = 10
"""
#: ... and after it: Color's green renamed lime (member-renamed), Limit's low 10 -> 20
#: (value-changed).
AFTER = """
from enum import Enum
class Color(Enum):
    red = 1
    lime = 2
class Limit(Enum):
    low = 20
"""


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@dataclass
class Repo:
    root: Path

    def write(self, files: dict[str, str]) -> None:
        """Write ``{relative path: source}`` (dedented); a None source deletes the file."""
        for name, source in files.items():
            path = self.root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(source).lstrip("\n"))

    def commit(self, files: dict[str, str], message: str = "change") -> None:
        self.write(files)
        _git(self.root, "add", "-A")
        _git(self.root, "commit", "-q", "-m", message)

    def check(self, *args: str, cwd: Path | None = None, seed: str = "0") -> Result:
        """``python -m typed_enum check ARGS`` in the repository."""
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-m", "typed_enum", "check", "--no-progress", *args],
            cwd=cwd or self.root,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        return Result(done.returncode, done.stdout, done.stderr)

    def rename_and_revalue(self, files: dict[str, str] | None = None) -> None:
        """Commit ``app.models`` as BEFORE (with ``files``), then write AFTER to the working
        tree: ``check --against HEAD`` sees a rename and a changed value."""
        self.commit({"app/__init__.py": "", "app/models.py": BEFORE, **(files or {})})
        self.write({"app/models.py": AFTER})


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    """An empty git repository (with an ``app`` package once a test commits one)."""
    root = tmp_path / "repo"
    root.mkdir()
    _git(root, "init", "-q", "-b", "main")
    _git(root, "config", "user.email", "test@example.com")
    _git(root, "config", "user.name", "test")
    _git(root, "config", "commit.gpgsign", "false")
    return Repo(root)
