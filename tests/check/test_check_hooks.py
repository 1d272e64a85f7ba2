"""typed-enum check inside git's own hooks, wired as users wire it: ``pre-commit install``, then ``git commit``.

Inside a hook git sets ``GIT_INDEX_FILE`` (``git commit -a``, a linked worktree), ``GIT_DIR``,
``GIT_PREFIX``... for its own command.  Calling the command directly never sees them, so
these tests go through real commits and pushes:

- the hook as docs/check.md prints it (``repo: local``, the command of the user's environment);
- the hook this repository ships (``.pre-commit-hooks.yaml``), installed by pre-commit from a
  clone of this checkout into pre-commit's own environment, as ``repo:`` + ``rev:`` install it;
- each one through ``git commit`` (a harmless change passes, a removed member is blocked),
  ``git commit -a`` from a subdirectory, a commit in a linked worktree, and the pre-push stage.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

MODELS = """\
from enum import Enum


class Status(Enum):
    pending = "pending"
    paid = "paid"
    shipped = "shipped"
"""

HARMLESS = MODELS.replace("class Status", "# Stored in orders.status.\nclass Status")
REMOVED = MODELS.replace('    paid = "paid"\n', "")


def _env(home: Path) -> dict[str, str]:
    """The user's shell: this environment's scripts on PATH, a git identity, no inherited git state."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))}
    env.update(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        HOME=str(home),
        PRE_COMMIT_HOME=str(home / "pre-commit-cache"),
        GIT_AUTHOR_NAME="test",
        GIT_AUTHOR_EMAIL="test@example.com",
        GIT_COMMITTER_NAME="test",
        GIT_COMMITTER_EMAIL="test@example.com",
    )
    return env


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False
    )


def _ok(args: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = _run(args, cwd, env)
    assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"
    return done.stdout


def _shipped_hooks(tmp: Path, env: dict[str, str]) -> tuple[str, str]:
    """A git repository of this checkout's files (tracked and untracked), as pre-commit clones it."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    if listed.returncode == 0:
        names = [n for n in listed.stdout.decode().split("\0") if n and (ROOT / n).is_file()]
    else:  # a copy without .git (the newest-pythons root): every file but caches
        names = [
            str(p.relative_to(ROOT))
            for p in ROOT.rglob("*")
            if p.is_file() and not {"__pycache__", ".nox", ".git", "site"} & set(p.parts)
        ]
    clone = tmp / "typed_enum-clone"
    for name in names:
        target = clone / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    _ok(["git", "init", "-q", "-b", "main"], clone, env)
    _ok(["git", "add", "-A"], clone, env)
    _ok(["git", "commit", "-q", "--no-verify", "-m", "snapshot"], clone, env)
    sha = _ok(["git", "rev-parse", "HEAD"], clone, env).strip()
    return str(clone), sha


def _docs_snippet() -> str:
    """The ``.pre-commit-config.yaml`` docs/check.md prints."""
    text = (ROOT / "docs" / "check.md").read_text()
    found = re.search(r'```yaml title="\.pre-commit-config\.yaml"\n(.*?)```', text, re.S)
    assert found, "docs/check.md shows no .pre-commit-config.yaml"
    return found.group(1)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, Path]:
    """The shipped hook's repository and rev, and a pre-commit cache shared by the tests."""
    home = tmp_path_factory.mktemp("home")
    env = _env(home)
    repo, sha = _shipped_hooks(tmp_path_factory.mktemp("src"), env)
    return repo, sha, home


CONFIGS = ["docs-snippet", "shipped-hook"]


def _config(which: str, shipped: tuple[str, str, Path]) -> str:
    repo, sha, _ = shipped
    if which == "docs-snippet":
        return _docs_snippet()
    return textwrap.dedent(
        f"""\
        repos:
          - repo: {repo}
            rev: {sha}
            hooks:
              - id: typed-enum-check
              - id: typed-enum-check-push
        """
    )


def _new_repository(root: Path, env: dict[str, str], config: str) -> None:
    """A repository with no commit yet: the package and the hook's configuration."""
    (root / "shop").mkdir(parents=True)
    (root / "shop" / "__init__.py").write_text("")
    (root / "shop" / "models.py").write_text(MODELS)
    (root / ".pre-commit-config.yaml").write_text(config)
    _ok(["git", "init", "-q", "-b", "main"], root, env)
    _ok(["git", "config", "commit.gpgsign", "false"], root, env)


@pytest.mark.parametrize("which", CONFIGS)
def test_the_first_commit_has_nothing_to_compare(
    which: str, tmp_path: Path, shipped: tuple[str, str, Path]
) -> None:
    env = _env(shipped[2])
    root = tmp_path / "shop"
    _new_repository(root, env, _config(which, shipped))
    _ok(
        [sys.executable, "-m", "pre_commit", "install", "-t", "pre-commit", "-t", "pre-push"],
        root,
        env,
    )
    _ok(["git", "add", "-A"], root, env)
    # What the hook prints (pre-commit shows a passing hook's output with --verbose).
    shown = _run(
        [sys.executable, "-m", "pre_commit", "run", "--verbose", "typed-enum-check"], root, env
    )
    out = shown.stdout + shown.stderr
    assert shown.returncode == 0, out
    assert (
        "typed-enum check: nothing to compare: the repository has no commit yet (HEAD names "
        "none); the first commit is checked by the next one" in out
    ), out
    assert "unknown revision" not in out, out
    # The first commit itself, through git's hook.
    done = _run(["git", "commit", "-m", "first"], root, env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert 'paid = "paid"' in _ok(["git", "show", "HEAD:shop/models.py"], root, env)
    # The next commit compares with it.
    _blocked_for_paid(_commit(root, env, REMOVED))


@pytest.fixture(params=CONFIGS)
def project(
    request: pytest.FixtureRequest, tmp_path: Path, shipped: tuple[str, str, Path]
) -> tuple[Path, dict[str, str]]:
    """A user's repository with the hook installed for commits and pushes, and the user's env."""
    repo, sha, home = shipped
    env = _env(home)
    root = tmp_path / "shop"
    (root / "shop").mkdir(parents=True)
    (root / "shop" / "__init__.py").write_text("")
    (root / "shop" / "models.py").write_text(MODELS)
    if request.param == "docs-snippet":
        config = _docs_snippet()
    else:
        config = textwrap.dedent(
            f"""\
            repos:
              - repo: {repo}
                rev: {sha}
                hooks:
                  - id: typed-enum-check
                  - id: typed-enum-check-push
            """
        )
    (root / ".pre-commit-config.yaml").write_text(config)
    _ok(["git", "init", "-q", "-b", "main"], root, env)
    _ok(["git", "config", "commit.gpgsign", "false"], root, env)
    _ok(["git", "add", "-A"], root, env)
    _ok(["git", "commit", "-q", "-m", "first"], root, env)
    _ok(
        [sys.executable, "-m", "pre_commit", "install", "-t", "pre-commit", "-t", "pre-push"],
        root,
        env,
    )
    return root, env


def _commit(
    root: Path, env: dict[str, str], source: str, *extra: str, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    (root / "shop" / "models.py").write_text(source)
    if "-a" not in extra:
        _ok(["git", "add", "shop/models.py"], root, env)
    return _run(["git", "commit", "-m", "change", *extra], cwd or root, env)


def _blocked_for_paid(done: subprocess.CompletedProcess[str]) -> None:
    out = done.stdout + done.stderr
    assert done.returncode != 0, out
    assert re.search(r"^shop/models\.py:\d+: member-removed: member Status\.paid ", out, re.M), out
    assert "cannot check out" not in out, out
    assert "index file" not in out, out


def test_a_harmless_commit_passes_and_a_removed_member_is_blocked(
    project: tuple[Path, dict[str, str]],
) -> None:
    root, env = project
    done = _commit(root, env, HARMLESS)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"typed-enum check.*Passed", done.stdout + done.stderr), done.stdout
    _blocked_for_paid(_commit(root, env, REMOVED))
    # Blocked means not committed: HEAD still has the member.
    assert 'paid = "paid"' in _ok(["git", "show", "HEAD:shop/models.py"], root, env)


def test_commit_all_from_a_subdirectory(project: tuple[Path, dict[str, str]]) -> None:
    root, env = project
    sub = root / "shop"
    done = _commit(root, env, HARMLESS, "-a", cwd=sub)
    assert done.returncode == 0, done.stdout + done.stderr
    _blocked_for_paid(_commit(root, env, REMOVED, "-a", cwd=sub))


def test_a_commit_in_a_linked_worktree(
    project: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    root, env = project
    linked = tmp_path / "linked"
    _ok(["git", "worktree", "add", "-q", "-b", "feature", str(linked)], root, env)
    done = _commit(linked, env, HARMLESS, "-a")
    assert done.returncode == 0, done.stdout + done.stderr
    _blocked_for_paid(_commit(linked, env, REMOVED, "-a"))
    # The hook's temporary worktrees are gone: only the two the user made are listed.
    listed = _ok(["git", "worktree", "list", "--porcelain"], root, env)
    assert listed.count("worktree ") == 2, listed


def test_the_pre_push_stage(project: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    root, env = project
    remote = tmp_path / "remote.git"
    _ok(["git", "init", "-q", "--bare", "-b", "main", str(remote)], root, env)
    _ok(["git", "remote", "add", "origin", str(remote)], root, env)
    pushed = _run(["git", "push", "-q", "origin", "main"], root, env)
    assert pushed.returncode == 0, pushed.stdout + pushed.stderr
    # A commit that skips the pre-commit stage (--no-verify) is caught when it is pushed.
    _ok(["git", "add", "-A"], root, env)
    (root / "shop" / "models.py").write_text(REMOVED)
    _ok(["git", "commit", "-q", "-a", "--no-verify", "-m", "drop paid"], root, env)
    _blocked_for_paid(_run(["git", "push", "origin", "main"], root, env))
    remote_head = _ok(["git", "rev-parse", "main"], remote, env).strip()
    assert remote_head != _ok(["git", "rev-parse", "HEAD"], root, env).strip()


ACCEPT_PAID = """\
[[tool.typed_enum.check.accept]]
enum = "shop.models.Status"
member = "paid"
rule = "member-removed"
reason = "paid rows converted to shipped by migration 0042"
"""


def test_a_break_accepted_in_the_policy_lands_and_then_goes_stale(
    project: tuple[Path, dict[str, str]],
) -> None:
    root, env = project
    (root / "pyproject.toml").write_text(ACCEPT_PAID)
    _ok(["git", "add", "pyproject.toml"], root, env)
    done = _commit(root, env, REMOVED)
    assert done.returncode == 0, done.stdout + done.stderr
    assert 'paid = "paid"' not in _ok(["git", "show", "HEAD:shop/models.py"], root, env)
    # The next commit compares with the one that has the break: the entry is stale.
    (root / "shop" / "models.py").write_text(REMOVED + "# note\n")
    _ok(["git", "add", "-A"], root, env)
    shown = _run(
        [sys.executable, "-m", "pre_commit", "run", "--verbose", "typed-enum-check"], root, env
    )
    out = shown.stdout + shown.stderr
    assert shown.returncode == 0, out
    assert (
        "pyproject.toml: note: stale accept entry (member-removed of shop.models.Status.paid): "
        "no such change against HEAD, which already has it or never had it; remove the entry"
    ) in out
