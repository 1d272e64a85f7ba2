"""The ``typed-enum`` console script and ``python -m typed_enum``: commands, help, version."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import typed_enum

SCRIPT = str(Path(sys.executable).with_name("typed-enum"))


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=False)


def test_help_lists_every_command(tmp_path: Path) -> None:
    done = _run(SCRIPT, "--help", cwd=tmp_path)
    assert done.returncode == 0
    commands = done.stdout.split("commands:\n")[1].split("\n\n")[0].splitlines()
    assert [line.split()[0] for line in commands] == ["check", "migrate"]


def test_version_prints_the_package_version(tmp_path: Path) -> None:
    done = _run(sys.executable, "-m", "typed_enum", "--version", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, f"typed-enum {typed_enum.__version__}\n")


def test_an_unknown_command_is_one_line_with_a_suggestion(tmp_path: Path) -> None:
    done = _run(SCRIPT, "chek", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines()[1] == (
        "typed-enum: unknown command 'chek'; did you mean 'check'? "
        "(the commands are check, migrate; see typed-enum --help)"
    )
    assert "Traceback" not in done.stderr


def test_no_command_is_a_usage_error(tmp_path: Path) -> None:
    done = _run(SCRIPT, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.endswith("typed-enum: give a command (check, migrate)\n")


def test_each_command_has_its_own_help(tmp_path: Path) -> None:
    for name in ("check", "migrate"):
        done = _run(SCRIPT, name, "--help", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(f"usage: typed-enum {name} ")
