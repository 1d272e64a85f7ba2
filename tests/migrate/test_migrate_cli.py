"""The command itself: --diff, --check, bad input, progress, entry points."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from migrate_helpers import Migrate, Tree

from typed_enum.migrate import cli
from typed_enum.migrate.report import next_step

_SOURCE = """
from enum import Enum


class Color(Enum):
    red = 1
    crimson = 1
"""


def test_diff_shows_the_change_and_writes_nothing(tree: Tree, migrate: Migrate) -> None:
    root = tree({"m.py": _SOURCE})
    before = (root / "m.py").read_text()
    result = migrate("--diff", "m.py")
    assert result.status == 0
    assert (root / "m.py").read_text() == before
    assert result.out.startswith(
        "--- a/m.py\n"
        "+++ b/m.py\n"
        "@@ -1,6 +1,6 @@\n"
        "-from enum import Enum\n"
        "+from typed_enum import Enum, alias\n"
        " \n"
        " \n"
        " class Color(Enum):\n"
        "     red = 1\n"
        "-    crimson = 1\n"
        "+    crimson = alias(red)\n"
        "m.py:6: alias: Color.crimson = alias(red): its value 1 repeats red's\n"
    )
    # The summary, then the next step, which ends the report.
    summary, _, step = result.out.partition(
        "1 of 1 files would be rewritten; implicit aliases declared with alias(): 1; "
        "left alone: 0; files that could not be read or parsed: 0\n"
    )
    assert summary
    assert step == next_step(["m.py"]) + "\n"


def test_the_report_ends_with_the_next_step(tree: Tree, migrate: Migrate) -> None:
    tree({"pkg/__init__.py": "", "pkg/m.py": _SOURCE})
    result = migrate("pkg")
    last = result.out.splitlines()[-4:]
    assert last[0] == "Next step: enable typed_enum's mypy plugin and run mypy."
    assert "plugins = typed_enum.mypy under [mypy]" in last[1]
    assert 'plugins = ["typed_enum.mypy"] under [tool.mypy] in pyproject.toml' in last[1]
    assert last[2] == "  2. Run: mypy pkg"
    assert last[3].startswith("  3. Its new errors carry typed-enum-* codes")
    assert "typed-enum-ordering" in last[3]
    assert "ValueOrdered" in last[3]
    # Nothing to do: no next step.
    again = migrate("pkg")
    assert "Next step" not in again.out


def test_check_exits_1_while_something_is_left_and_0_after(tree: Tree, migrate: Migrate) -> None:
    root = tree({"m.py": _SOURCE})
    before = (root / "m.py").read_text()
    assert migrate("--check", "m.py").status == 1
    assert (root / "m.py").read_text() == before
    assert migrate("m.py").status == 0
    after = (root / "m.py").read_text()
    second = migrate("--check", "m.py")
    assert second.status == 0
    assert second.out == (
        "0 of 1 files would be rewritten; implicit aliases declared with alias(): 0; "
        "left alone: 0; files that could not be read or parsed: 0\n"
    )
    assert migrate("m.py").status == 0
    assert (root / "m.py").read_text() == after  # a second run changes nothing


def test_check_exits_1_for_a_place_left_alone(tree: Tree, migrate: Migrate) -> None:
    tree({"m.py": "from enum import *\n"})
    result = migrate("--check", "m.py")
    assert result.status == 1
    assert result.out.startswith("m.py:1: left alone: from enum import * left alone")


def test_a_missing_path_is_an_error_before_anything_is_written(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree({"m.py": _SOURCE})
    before = (root / "m.py").read_text()
    result = migrate("m.py", "nowhere", "gone.py")
    assert result.status == 2
    assert result.err == "typed-enum migrate: no such file or directory: 'nowhere', 'gone.py'\n"
    assert (root / "m.py").read_text() == before


def test_a_syntax_error_is_reported_and_the_other_files_are_migrated(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree({"bad.py": "import enum\ndef f(:\n", "good.py": _SOURCE})
    result = migrate(".")
    assert result.status == 1
    # libcst's own wording of the parse error sits in the middle.
    first = result.out.splitlines()[0]
    assert first.startswith("bad.py:2: error: syntax error, file skipped: parser error: ")
    assert first.endswith("; fix it and run again")
    assert "crimson = alias(red)" in (root / "good.py").read_text()
    assert (root / "bad.py").read_text() == "import enum\ndef f(:\n"


def test_a_file_nested_deeper_than_pythons_limit_is_migrated(tree: Tree, migrate: Migrate) -> None:
    # CPython's pydoc_data/topics.py: values of a thousand adjacent string
    # literals (one nested node each) that mention enum; the analysis recursed
    # past Python's limit and the run ended in a RecursionError traceback.
    deep = "TEXT = (\n" + "".join(f'    "enum {i} "\n' for i in range(1000)) + ")\n"
    root = tree({"deep.py": deep + _SOURCE})
    limit = sys.getrecursionlimit()
    result = migrate(".")
    assert sys.getrecursionlimit() == limit
    if sys.version_info[:2] == (3, 12):
        # 3.12 caps calls through C at a constant no setting raises: the file
        # is reported, with the way out (3.11 and 3.13+ migrate it).
        assert result.status == 1
        assert result.out.splitlines()[0] == (
            "deep.py:1: error: nested too deeply to analyse (Python's recursion limit), file "
            "skipped: move its enums by hand, or run typed-enum migrate under Python 3.13+"
        )
        assert (root / "deep.py").read_text() == deep + _SOURCE
        return
    assert result.status == 0, result.out
    assert "crimson = alias(red)" in (root / "deep.py").read_text()


def test_a_file_nested_deeper_than_the_raised_limit_is_an_error(
    tree: Tree, migrate: Migrate, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "DEEP_RECURSION_LIMIT", 1500)
    deep = "TEXT = (\n" + "".join(f'    "enum {i} "\n' for i in range(1000)) + ")\n"
    root = tree({"deep.py": deep + _SOURCE, "good.py": _SOURCE})
    result = migrate(".")
    assert result.status == 1
    assert result.out.splitlines()[0].startswith(
        "deep.py:1: error: nested too deeply to analyse (Python's recursion limit), file "
        "skipped: move its enums by hand"
    )
    assert "crimson = alias(red)" in (root / "good.py").read_text()
    assert (root / "deep.py").read_text() == deep + _SOURCE


def test_where_the_platform_refuses_a_large_stack_the_run_goes_on_without(
    tree: Tree, migrate: Migrate, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    def refuse(size: int = 0) -> int:
        raise ValueError("size not valid")

    monkeypatch.setattr(threading, "stack_size", refuse)
    root = tree({"m.py": _SOURCE})
    assert migrate(".").status == 0
    assert "crimson = alias(red)" in (root / "m.py").read_text()


def test_progress_on_a_large_tree_goes_to_stderr(
    tree: Tree, migrate: Migrate, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "PROGRESS_FROM", 20)
    tree({f"m{i:02}.py": _SOURCE if i == 0 else "x = 1\n" for i in range(20)})
    result = migrate(".")
    # Not a terminal (a CI log): one line per tenth of the files read, then rewritten.
    lines = result.err.splitlines()
    assert lines[:2] == ["migrate: reading 2/20 files", "migrate: reading 4/20 files"]
    assert lines[-2:] == ["migrate: reading 20/20 files", "migrate: rewriting 1/1 files"]
    assert result.status == 0
    quiet = migrate("--no-progress", ".")
    assert quiet.err == ""


def test_a_small_tree_has_no_progress_line(tree: Tree, migrate: Migrate) -> None:
    tree({"m.py": _SOURCE})
    assert migrate("m.py").err == ""


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=False)


def test_console_script_and_module_run_the_command(tree: Tree) -> None:
    root = tree({"a.py": _SOURCE, "b.py": _SOURCE})
    script = Path(sys.executable).with_name("typed-enum")
    first = _run(str(script), "migrate", "a.py", cwd=root)
    assert first.returncode == 0, first.stderr
    second = _run(sys.executable, "-m", "typed_enum.migrate", "b.py", cwd=root)
    assert second.returncode == 0, second.stderr
    assert (root / "a.py").read_text() == (root / "b.py").read_text()
    assert "crimson = alias(red)" in (root / "a.py").read_text()
    wrong = _run(str(script), "a.py", cwd=root)
    assert wrong.returncode == 2
    # typed-enum is typed_enum.cli now (several commands): a file is no command.
    assert wrong.stderr.splitlines()[-1].startswith("typed-enum: unknown command 'a.py'")


def test_without_libcst_it_says_how_to_install_it(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['libcst'] = None\n"
        "from typed_enum.migrate import main\n"
        "sys.exit(main(['.']))\n"
    )
    result = _run(sys.executable, "-c", code, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "typed-enum migrate needs libcst, which is not installed; install it with "
        "pip install 'libcst>=1.9' 'tomlkit>=0.15.3' (what typed_enum's [migrate] extra "
        "installs; in a typed_enum clone: pip install -e '.[migrate]') and run again\n"
    )


def test_a_mypy_configuration_that_would_hide_typed_enum_is_reported(
    tree: Tree, migrate: Migrate
) -> None:
    tree({"m.py": _SOURCE, "mypy.ini": "[mypy]\nfollow_imports = skip\n"})
    result = migrate("m.py")
    assert result.status == 0
    assert (
        "mypy.ini:1: note: mypy's follow_imports = skip applies to typed_enum here, so mypy "
        "will read every migrated enum as Any; add [mypy-typed_enum.*] follow_imports = normal "
        '(in pyproject.toml: [[tool.mypy.overrides]] module = ["typed_enum.*"] follow_imports '
        '= "normal")'
    ) in result.out.splitlines()


def test_a_mypy_configuration_that_follows_typed_enum_is_not_reported(
    tree: Tree, migrate: Migrate
) -> None:
    tree(
        {
            "m.py": _SOURCE,
            "pyproject.toml": '[tool.mypy]\nfollow_imports = "skip"\n\n[[tool.mypy.overrides]]\n'
            'module = ["typed_enum.*"]\nfollow_imports = "normal"\n',
        }
    )
    assert "follow_imports" not in migrate("m.py").out


def test_a_mistyped_option_names_the_closest_one(tmp_path: Path) -> None:
    result = _run(sys.executable, "-m", "typed_enum", "migrate", "--dff", ".", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        "typed-enum migrate: error: unknown option --dff; did you mean --diff? "
        "(see typed-enum migrate --help)"
    )
