"""The repository under check: its top directory, revisions, temporary worktrees."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["GitError", "resolve", "toplevel", "worktree"]


class GitError(Exception):
    """The check cannot run: the message is the one-line reason."""


def _git(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
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


def resolve(repo: Path, ref: str) -> str:
    """The commit ``ref`` names (a tag, branch, commit or expression)."""
    done = _git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}")
    if done.returncode != 0 or not done.stdout.strip():
        raise GitError(
            f"unknown revision {ref!r}: no branch, tag or commit of this repository has that "
            f"name (a shallow clone needs its history: git fetch --unshallow, or "
            f"actions/checkout with fetch-depth: 0)"
        )
    return done.stdout.strip()


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
