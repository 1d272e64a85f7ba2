"""The repository under check: its top directory, revisions, temporary worktrees.

Every git command runs without git's repository variables (``GIT_INDEX_FILE``,
``GIT_DIR``, ``GIT_WORK_TREE``, ``GIT_PREFIX``...: ``git rev-parse
--local-env-vars`` lists them).  Inside a hook git sets them for the command it
is running (``git commit`` points ``GIT_INDEX_FILE`` at its own index, relative to
the top directory), and a ``git worktree add`` that inherits them writes the new
worktree's index where the hook's index is, or fails ("index file open failed:
Not a directory").  The repository is the one the directory is in; hooks run
in the top directory of the repository (or linked worktree) being committed to.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = [
    "GitError",
    "NoCommit",
    "environment",
    "has_commits",
    "resolve",
    "short",
    "toplevel",
    "worktree",
]


class GitError(Exception):
    """The check cannot run: the message is the one-line reason."""


class NoCommit(Exception):
    """The repository has no commit yet (before the first one): nothing to compare."""


#: git's repository variables, should ``git rev-parse --local-env-vars`` not answer (git 2.39).
_LOCAL_ENV_VARS = (
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_CONFIG",
    "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_COUNT",
    "GIT_OBJECT_DIRECTORY",
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_IMPLICIT_WORK_TREE",
    "GIT_GRAFT_FILE",
    "GIT_INDEX_FILE",
    "GIT_NO_REPLACE_OBJECTS",
    "GIT_REPLACE_REF_BASE",
    "GIT_PREFIX",
    "GIT_INTERNAL_SUPER_PREFIX",
    "GIT_SHALLOW_FILE",
    "GIT_COMMON_DIR",
)


@functools.cache
def _local_env_vars() -> frozenset[str]:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--local-env-vars"], capture_output=True, text=True, check=False
        )
    except OSError:
        return frozenset(_LOCAL_ENV_VARS)
    named = done.stdout.split() if done.returncode == 0 else []
    return frozenset(_LOCAL_ENV_VARS).union(named)


def environment() -> dict[str, str]:
    """This process's environment less git's repository variables (a hook's ``GIT_INDEX_FILE``...).

    For every git command of the check, and for the children that import a
    revision (code that asks git at import time, a version from ``git
    describe``, must see its own worktree, not the hook's repository).
    """
    unset = _local_env_vars()
    # GIT_CONFIG_KEY_<n>/GIT_CONFIG_VALUE_<n> go with GIT_CONFIG_COUNT.
    return {
        key: value
        for key, value in os.environ.items()
        if key not in unset and not key.startswith(("GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_"))
    }


def _git(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            ["git", *args], cwd=cwd, env=environment(), capture_output=True, text=True, check=False
        )
    except FileNotFoundError:
        raise GitError("git is not installed (or not on PATH); install it and run again") from None


def toplevel(cwd: Path) -> Path:
    """The top directory of the repository ``cwd`` is in."""
    done = _git(cwd, "rev-parse", "--show-toplevel")
    if done.returncode != 0:
        raise GitError(
            f"{cwd} is not in a git repository; run typed-enum check inside one "
            f"(it compares the tree with a git revision)"
        )
    return Path(done.stdout.strip()).resolve()


def has_commits(repo: Path) -> bool:
    """Whether any commit exists in the repository (False before the first commit)."""
    done = _git(repo, "rev-list", "-n", "1", "--all")
    return done.returncode == 0 and bool(done.stdout.strip())


def _is_shallow(repo: Path) -> bool:
    done = _git(repo, "rev-parse", "--is-shallow-repository")
    return done.stdout.strip() == "true"


def resolve(repo: Path, ref: str) -> str:
    """The commit ``ref`` names (a tag, branch, commit or expression).

    Raises NoCommit when the repository has no commit at all (a first commit's
    hook runs before HEAD exists), GitError when ``ref`` names nothing.
    """
    done = _git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}")
    if done.returncode != 0 or not done.stdout.strip():
        if not has_commits(repo):
            raise NoCommit(ref)
        hint = (
            " (this clone is shallow: fetch the history with git fetch --unshallow, or "
            "actions/checkout with fetch-depth: 0)"
            if _is_shallow(repo)
            else ""
        )
        raise GitError(
            f"unknown revision {ref!r}: no branch, tag or commit of this repository has that "
            f"name{hint}"
        )
    return done.stdout.strip()


def short(label: str) -> str:
    """A revision as people read it: a full commit hash cut to 12 digits, other names kept."""
    if len(label) == 40 and all(c in "0123456789abcdef" for c in label):
        return label[:12]
    return label


@contextmanager
def worktree(repo: Path, commit: str) -> Iterator[Path]:
    """A temporary detached worktree of ``commit``; removed (and pruned) on exit."""
    parent = Path(tempfile.mkdtemp(prefix="typed-enum-check-"))
    where = parent / "tree"
    try:
        done = _git(repo, "worktree", "add", "--detach", "--quiet", str(where), commit)
        if done.returncode != 0:
            why = " ".join(done.stderr.split()) or f"exit {done.returncode}"
            raise GitError(f"cannot check out {commit[:12]} in a temporary worktree: {why}")
        yield where
    finally:
        _git(repo, "worktree", "remove", "--force", str(where))
        shutil.rmtree(parent, ignore_errors=True)
        _git(repo, "worktree", "prune")
