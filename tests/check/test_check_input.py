"""Bad input: each a one-line reason and the right exit status, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from check_helpers import Repo

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


def test_outside_a_git_repository_exits_2(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(COLOR)
    done = subprocess.run(
        [sys.executable, "-m", "typed_enum", "check", "--against", "HEAD"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"typed-enum check: {tmp_path} is not in a git repository; run typed-enum check "
        f"inside one (it compares the tree with a git revision)\n"
    )
    assert done.stdout == ""


def test_an_unknown_revision_exits_2(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR})
    result = repo.check("--against", "v9.9")
    assert result.status == 2
    assert result.err == (
        "typed-enum check: unknown revision 'v9.9': no branch, tag or commit of this "
        "repository has that name\n"
    )


def test_an_unknown_revision_of_a_shallow_clone_names_the_fix(repo: Repo, tmp_path: Path) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR}, "first")
    repo.commit({"app/models.py": RED_ONLY}, "second")
    clone = tmp_path / "shallow"
    subprocess.run(
        ["git", "clone", "-q", "--depth", "1", f"file://{repo.root}", str(clone)], check=True
    )
    result = repo.check("--against", "HEAD~1", cwd=clone)
    assert result.status == 2
    assert result.err == (
        "typed-enum check: unknown revision 'HEAD~1': no branch, tag or commit of this "
        "repository has that name (this clone is shallow: fetch the history with git fetch "
        "--unshallow, or actions/checkout with fetch-depth: 0)\n"
    )


def test_before_the_first_commit_there_is_nothing_to_compare(repo: Repo) -> None:
    (repo.root / "app").mkdir()
    (repo.root / "app" / "models.py").write_text(COLOR)
    for fmt in ("text", "json"):
        result = repo.check("--against", "HEAD", "--format", fmt)
        assert result.status == 0
        assert result.out == ""
        assert result.err == (
            "typed-enum check: nothing to compare: the repository has no commit yet (HEAD "
            "names none); the first commit is checked by the next one\n"
        )


def test_a_missing_path_exits_2(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR})
    result = repo.check("--against", "HEAD", "nowhere")
    assert result.status == 2
    assert result.err == (
        "typed-enum check: no such file or directory in either revision: 'nowhere'\n"
    )


def test_no_python_file_exits_2(repo: Repo) -> None:
    repo.commit({"README.md": "hello\n"})
    result = repo.check("--against", "HEAD")
    assert result.status == 2
    assert result.err == (
        "typed-enum check: no Python file under the current directory in either revision; "
        "give the PATH of your package\n"
    )


def test_a_module_raising_on_import_in_the_new_revision_is_read_from_source(
    repo: Repo,
) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR})
    repo.write({"app/models.py": RED_ONLY + "raise RuntimeError('no database')\n"})
    result = repo.check("--against", "HEAD")
    assert result.status == 1
    assert result.lines == [
        "app/models.py:2: member-removed: member Color.green was removed and no name "
        "accepts its value 2 any more: Color(2) and Color['green'] raise on stored data"
        "; keep it loading: restore it, or make its name an alias() of the member that now means the same"
    ]
    assert result.err.splitlines()[:2] == [
        # Read the same way on both sides (issue 51): HEAD from the source too.
        "app/models.py: note: HEAD: read from the source, not imported, as in the working "
        "tree (where importing it failed: RuntimeError: no database), so that both revisions "
        "are read the same way",
        "app/models.py: note: the working tree: not imported (RuntimeError: no database); "
        "its enums were read from the source",
    ]


def test_a_module_raising_on_import_in_the_old_revision_is_read_from_source(
    repo: Repo,
) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR + "import not_installed\n"})
    repo.write({"app/models.py": RED_ONLY})
    result = repo.check("--against", "HEAD")
    assert result.status == 1
    assert [line.split(": ")[1] for line in result.lines] == ["member-removed"]
    assert result.err.splitlines()[0] == (
        "app/models.py: note: HEAD: not imported (ModuleNotFoundError: No module named "
        "'not_installed'); its enums were read from the source"
    )


def test_a_syntax_error_in_the_old_revision_is_a_note_not_a_failure(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR + "def broken(:\n"})
    repo.write({"app/models.py": RED_ONLY})
    result = repo.check("--against", "HEAD")
    assert result.status == 0
    assert result.out == ""
    assert result.err.splitlines()[0] == (
        "app/models.py: note: HEAD: cannot be read (SyntaxError: invalid syntax (line 5)); "
        "its enums there were not compared"
    )


def test_a_module_nested_too_deeply_to_parse_is_a_note_not_a_traceback(repo: Repo) -> None:
    # Python neither imports nor parses it (RecursionError in both).
    deep = COLOR + "TOTAL = 1" + " + 1" * 100_000 + "\n"
    repo.commit({"app/__init__.py": "", "app/models.py": deep})
    repo.write({"app/models.py": RED_ONLY})
    result = repo.check("--against", "HEAD")
    assert result.status == 0
    assert "Traceback" not in result.err
    assert (
        "app/models.py: note: HEAD: cannot be read (RecursionError: nested too deeply to "
        "parse); its enums there were not compared"
    ) in result.err.splitlines()


def test_a_syntax_error_in_the_new_revision_exits_2(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR})
    repo.write({"app/models.py": COLOR + "def broken(:\n"})
    result = repo.check("--against", "HEAD")
    assert result.status == 2
    assert result.err == (
        "typed-enum check: app/models.py cannot be read in the working tree (SyntaxError: "
        "invalid syntax (line 5)); its enums cannot be compared: fix it and run again\n"
    )
    assert "Traceback" not in result.err


def test_an_enum_defined_twice_under_one_path_is_noted_and_the_last_compared(
    repo: Repo,
) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR})
    repo.write({"app/models.py": COLOR + RED_ONLY})
    result = repo.check("--against", "HEAD")
    assert result.status == 1
    assert [line.split(": ")[1] for line in result.lines] == ["member-removed"]
    assert result.err.splitlines()[0] == (
        "app/models.py: note: the working tree: enum Color is defined 2 times (lines 2, 7); "
        "the last definition is the one importable, and the one compared"
    )


def test_the_temporary_worktree_is_removed(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR})
    repo.write({"app/models.py": RED_ONLY})
    assert repo.check("--against", "HEAD").status == 1
    listed = subprocess.run(
        ["git", "worktree", "list", "--porcelain"],
        cwd=repo.root,
        capture_output=True,
        text=True,
        check=True,
    )
    assert listed.stdout.count("worktree ") == 1
    # Nor does importing the working tree leave bytecode in it.
    assert not list(repo.root.rglob("__pycache__"))


def test_a_subdirectory_checks_its_own_packages(repo: Repo) -> None:
    repo.commit(
        {
            "one/app/__init__.py": "",
            "one/app/models.py": COLOR,
            "two/other/__init__.py": "",
            "two/other/models.py": COLOR,
        }
    )
    repo.write({"one/app/models.py": RED_ONLY, "two/other/models.py": RED_ONLY})
    result = repo.check("--against", "HEAD", cwd=repo.root / "one")
    assert result.status == 1
    # Paths stay relative to the repository's top: what GitHub annotations need.
    assert [line.split(": ")[0] for line in result.lines] == ["one/app/models.py:2"]


def test_a_slow_tree_gets_a_progress_line(
    repo: Repo, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from typed_enum.check import cli

    repo.commit({"app/__init__.py": "", "app/models.py": COLOR})
    monkeypatch.chdir(repo.root)
    monkeypatch.setattr(cli, "PROGRESS_AFTER", 0.0)
    # Not on a terminal (a hook inside git commit, CI, a pipe): no progress line.
    assert cli.main(["--against", "HEAD"]) == 0
    assert "reading" not in capsys.readouterr().err
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert cli.main(["--against", "HEAD"]) == 0
    assert capsys.readouterr().err.startswith(
        "typed-enum check: reading HEAD and the working tree\n"
    )
    assert cli.main(["--against", "HEAD", "--no-progress"]) == 0
    assert "reading" not in capsys.readouterr().err


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif"])
def test_the_summary_is_on_stderr_in_every_format(repo: Repo, fmt: str) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR})
    repo.write({"app/models.py": RED_ONLY})
    result = repo.check("--against", "HEAD", "--format", fmt)
    assert result.status == 1
    assert result.err.splitlines() == [
        "typed-enum check: 1 breaking change in 1 enum (1 enum compared with HEAD); policy: "
        "the defaults (no pyproject.toml in the working tree)"
    ]


def test_a_full_commit_hash_is_shown_short(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR}, "first")
    repo.commit({"app/models.py": RED_ONLY}, "second")
    old, new = (
        subprocess.run(
            ["git", "rev-parse", ref], cwd=repo.root, capture_output=True, text=True, check=True
        ).stdout.strip()
        for ref in ("HEAD~1", "HEAD")
    )
    # What the pre-push hook passes: PRE_COMMIT_FROM_REF and PRE_COMMIT_TO_REF, 40 digits.
    result = repo.check("--against", old, "--new", new)
    assert result.status == 1
    assert result.err.splitlines()[-1] == (
        f"typed-enum check: 1 breaking change in 1 enum (1 enum compared with {old[:12]}); "
        f"policy: the defaults (no pyproject.toml in {new[:12]})"
    )
    assert old not in result.err
