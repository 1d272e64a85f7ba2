"""``typed-enum check --against REF [PATH...]``: arguments, the run, exit status.

Exit 0 when nothing breaks, 1 when something does, 2 when the check cannot
run (not a git repository, unknown revision, unreadable configuration, a
module of the new revision that cannot be read), with a one-line reason.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TextIO

from typed_enum.check.git import GitError, resolve, toplevel, worktree
from typed_enum.check.output import FORMATS, render
from typed_enum.check.policy import Policy, PolicyError, load
from typed_enum.check.rules import DECLARED, Finding, compare_enum, removed_enum
from typed_enum.check.snapshot import Snapshot, run_notes, take
from typed_enum.check.snapshot import resolve as resolve_paths
from typed_enum.check.storage import find as find_storage
from typed_enum.check.storage.judge import judge
from typed_enum.check.storage.report import attach, show
from typed_enum.check.tree import default_paths

__all__ = ["main"]

#: Seconds before a progress line is shown on stderr.
PROGRESS_AFTER = 1.0


class CheckError(Exception):
    """The check cannot run: the message is the one-line reason."""


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description=(
            "Compare every enum class (stdlib and typed_enum, nested too) under PATH with the "
            "same tree at git revision REF, and report the changes that break stored and sent "
            "data: enum-removed, member-removed, member-renamed, value-changed, value-reused, "
            "alias-removed, open-changed, base-changed; a member retired with reserved() is "
            "listed (member-retired) and fails only with --strict. Each revision is read by "
            "importing its "
            "modules in a child process. Exit 0 when nothing breaks, 1 when something does, "
            "2 when the check cannot run."
        ),
    )
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="files or directories to check (default: the packages and modules of the "
        "current directory, and of its src/)",
    )
    parser.add_argument(
        "--against",
        required=True,
        metavar="REF",
        help="the old revision: a tag, branch or commit (checked out in a temporary worktree)",
    )
    parser.add_argument(
        "--base",
        metavar="REF2",
        help="read the new side from revision REF2 instead of the working tree",
    )
    parser.add_argument(
        "--format", choices=list(FORMATS), default="text", help="output format (default: text)"
    )
    parser.add_argument(
        "--show-compatible",
        action="store_true",
        help="also list compatible changes (additions, reordering); they never fail the check",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="declared changes fail the check too: a member retired with reserved() "
        "(member-retired) and a dropped reserved() (reserved-removed)",
    )
    parser.add_argument(
        "--show-storage",
        action="store_true",
        help="print where each enum is stored (SQLAlchemy columns, Django fields, pydantic "
        "models, msgspec structs) and how: by name or by value; each change is judged by it",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress line")
    parser.add_argument(
        "--timings",
        action="store_true",
        help="print where the time went on stderr: git (worktrees), reading each revision "
        "(imports, in parallel), comparison",
    )
    return parser


@contextmanager
def _progress(what: str, err: TextIO, enabled: bool) -> Iterator[None]:
    """``typed-enum check: reading ...`` on stderr if the reading takes over a second."""
    timer = threading.Timer(PROGRESS_AFTER, lambda: print(f"typed-enum check: {what}", file=err))
    if enabled:
        timer.start()
    try:
        yield
    finally:
        timer.cancel()


def _relative_paths(given: Sequence[str], cwd: Path, repo: Path) -> list[str] | None:
    """The PATHs relative to the repository's top (None: the default)."""
    if not given:
        return None
    found = []
    for path in given:
        absolute = (cwd / path).resolve()
        try:
            found.append(absolute.relative_to(repo).as_posix())
        except ValueError:
            raise CheckError(f"{path} is outside the repository {repo}") from None
    return found


def _paths(given: list[str] | None, cwd: Path, repo: Path, roots: Sequence[Path]) -> list[str]:
    if given is None:
        here = cwd.resolve().relative_to(repo)
        found: dict[str, None] = {}
        for root in roots:
            for path in default_paths(root / here):
                found[(here / path).as_posix()] = None
        return sorted(found)
    missing = [p for p in given if not any((root / p).exists() for root in roots)]
    if missing:
        names = ", ".join(repr(p) for p in missing)
        raise CheckError(f"no such file or directory in either revision: {names}")
    return given


def _compare(
    old: Snapshot, new: Snapshot, policy: Policy, show_compatible: bool, strict: bool = False
) -> list[Finding]:
    missing = [p for p in old.enums if p not in new.enums and not policy.ignored(p)]
    moved = resolve_paths(new, missing)
    findings: list[Finding] = []
    for path, record in sorted(old.enums.items()):
        if policy.ignored(path):
            continue
        now = new.enums.get(path) or moved.get(path)
        if now is None:
            findings.append(removed_enum(record))
            continue
        findings.extend(compare_enum(record, now, policy.storage_of(path), show_compatible, strict))
    if show_compatible:
        kept = {record.path for record in moved.values()}
        for path, record in sorted(new.enums.items()):
            if path in old.enums or path in kept or policy.ignored(path):
                continue
            findings.append(
                Finding(
                    "enum-added",
                    path,
                    None,
                    None,
                    path,
                    record.file,
                    record.line,
                    f"{path} was added ({record.kind}, {len(record.members)} names)",
                )
            )
    return findings


def _timed(spent: dict[str, float], key: str, read: Callable[[], Snapshot]) -> Snapshot:
    start = time.perf_counter()
    try:
        return read()
    finally:
        spent[key] = time.perf_counter() - start


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    started = time.perf_counter()
    spent: dict[str, float] = {}
    cwd = Path.cwd()
    repo = toplevel(cwd)
    given = _relative_paths(args.paths, cwd, repo)
    old_commit = resolve(repo, args.against)
    new_commit = resolve(repo, args.base) if args.base else None
    new_label = args.base if args.base else "the working tree"
    new_tree = worktree(repo, new_commit) if new_commit else nullcontext(repo)
    with worktree(repo, old_commit) as old_root, new_tree as new_root:
        spent["git"] = time.perf_counter() - started
        policy = load(new_root)
        paths = _paths(given, cwd, repo, (new_root, old_root))
        what = f"reading {args.against} and {new_label}"
        reading = time.perf_counter()
        with _progress(what, err, not args.no_progress), ThreadPoolExecutor(2) as pool:
            old_future = pool.submit(
                _timed, spent, "old", lambda: take(old_root, paths, args.against)
            )
            new_future = pool.submit(_timed, spent, "new", lambda: take(new_root, paths, new_label))
            old, new = old_future.result(), new_future.result()
        spent["reading"] = time.perf_counter() - reading
        if not old.files and not new.files:
            raise CheckError(
                f"no Python file under {', '.join(paths) or 'the current directory'} in "
                f"either revision; give the PATH of your package"
            )
        for module, (file, why) in sorted(new.unreadable.items()):
            if any(record.file == file for record in old.enums.values()):
                raise CheckError(
                    f"{file} cannot be read in {new_label} ({why}); its enums cannot be "
                    f"compared: fix it and run again"
                )
            del module
        notes = run_notes(old, new)  # one note for what both revisions say (checksrc44)
        notes += [
            (file, f"{args.against}: cannot be read ({why}); its enums there were not compared")
            for _, (file, why) in sorted(old.unreadable.items())
        ]
        comparing = time.perf_counter()
        findings = _compare(old, new, policy, args.show_compatible, args.strict)
        # Models may live outside the PATHs checked: the whole default tree is read too.
        models = sorted({*paths, *_paths(None, cwd, repo, (new_root,))})
        storage = find_storage(new_root, models, new.enums)
        findings = judge(findings, storage, policy, args.show_compatible)
        notes += [(u.file, f"not read for storage: {u.what}: {u.why}") for u in storage.unread]
        spent["comparison"] = time.perf_counter() - comparing
        cleanup = time.perf_counter()
    spent["git"] += time.perf_counter() - cleanup
    for file, text in sorted(notes):
        print(f"{file}: note: {text}", file=err)
    if args.show_storage and args.format == "text":
        out.write(show(storage, new.enums, new_label))
    out.write(attach(render(findings, args.format), args.format, storage))
    breaking = sum(f.breaking for f in findings)
    if args.format == "text":
        enums = len({f.enum for f in findings if f.breaking})
        declared = sum(f.rule in DECLARED and not f.breaking for f in findings)
        listed = (
            f"; {declared} declared with reserved(), listed only (--strict fails on "
            f"{'them' if declared != 1 else 'it'})"
            if declared
            else ""
        )
        print(
            f"typed-enum check: {breaking} breaking change{'s' if breaking != 1 else ''} "
            f"in {enums} enum{'s' if enums != 1 else ''} ({len(old.enums)} "
            f"enum{'s' if len(old.enums) != 1 else ''} compared with {args.against})"
            f"{listed}",
            file=err,
        )
    if args.timings:
        print(
            f"typed-enum check: timings: total {time.perf_counter() - started:.2f} s; git "
            f"(revisions, worktrees, cleanup) {spent['git']:.2f} s; reading both revisions "
            f"{spent['reading']:.2f} s (in parallel: {args.against} {spent['old']:.2f} s, "
            f"{new_label} {spent['new']:.2f} s; each an import in a child process); "
            f"comparison {spent['comparison']:.3f} s",
            file=err,
        )
    return 1 if breaking else 0


def main(argv: Sequence[str] | None = None, prog: str = "python -m typed_enum check") -> int:
    """``typed-enum check --against REF [PATH...]``; returns the exit status."""
    args = _parser(prog).parse_args(argv)
    try:
        return _run(args, sys.stdout, sys.stderr)
    except (GitError, PolicyError, CheckError) as exc:
        print(f"typed-enum check: {exc}", file=sys.stderr)
        return 2
