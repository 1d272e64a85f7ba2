"""``typed-enum check --against REF [--new REF] [PATH...]``: arguments, the run, exit status.

The run is three steps: reading both revisions (``_read``), comparing them
(``_compare``), reporting (``_report``).

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
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from typed_enum._options import unknown_option
from typed_enum.check import impact
from typed_enum.check.accept import Acceptance, is_accepted, mark
from typed_enum.check.git import GitError, NoCommit, resolve, short, toplevel, worktree
from typed_enum.check.output import FORMATS, Report, Side, render
from typed_enum.check.policy import STORAGE, Policy, PolicyError, load, override, read_file
from typed_enum.check.rules import DECLARED, Finding, compare_enum, removed_enum
from typed_enum.check.snapshot import Snapshot, one_reading, run_notes, take
from typed_enum.check.snapshot import resolve as resolve_paths
from typed_enum.check.storage import find as find_storage
from typed_enum.check.storage.judge import judge
from typed_enum.check.storage.report import show
from typed_enum.check.tree import default_paths, left_out

__all__ = ["main"]

#: Seconds before a progress line is shown on stderr.
PROGRESS_AFTER = 1.0


class CheckError(Exception):
    """The check cannot run: the message is the one-line reason."""


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description=(
            "Compare every enum class (stdlib and typed_enum, nested too) under PATH at the old "
            "revision (--against REF) with the new one (the working tree, or --new REF), and "
            "report the changes that break stored and sent data: enum-removed, member-removed, "
            "member-renamed, value-changed, value-reused, alias-removed, open-changed, "
            "base-changed; a member retired with reserved() is listed (member-retired) and "
            "fails only with --strict. Each revision is read by importing its modules in a "
            "child process (--no-import: from the source only, nothing run). Exit 0 when "
            "nothing breaks, 1 when something does, 2 when the check cannot run."
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
        help="the OLD side: a tag, branch or commit (checked out in a temporary worktree)",
    )
    parser.add_argument(
        "--new",
        metavar="REF",
        help="the NEW side: a tag, branch or commit (default: the working tree)",
    )
    parser.add_argument(
        "--no-import",
        action="store_true",
        help="read both revisions from their source only, running none of their code (for CI "
        "jobs that hold secrets or check code from a fork); values that are not literals, "
        "auto() or alias() are compared by name only",
    )
    policy = parser.add_argument_group(
        "policy",
        "override [tool.typed_enum.check] of the new side's pyproject.toml (or of --config)",
    )
    policy.add_argument(
        "--config",
        metavar="FILE",
        help="read [tool.typed_enum.check] from FILE (a pyproject.toml or any TOML file) "
        "instead of the new side's pyproject.toml",
    )
    policy.add_argument(
        "--storage",
        choices=STORAGE,
        help="how every enum is stored, replacing the file's storage: value (renames are "
        "listed, not failing), name (value changes are compatible) or both",
    )
    policy.add_argument(
        "--ignore",
        action="append",
        default=[],
        metavar="GLOB",
        help="leave out the enums whose dotted path (pkg.module.Class) matches GLOB, besides "
        "the file's ignore; repeatable",
    )
    policy.add_argument(
        "--private",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="--no-private leaves out enums under a module or class whose name starts with _ "
        "(the file's private = false); --private keeps them (the default)",
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
    impact.add_options(parser)
    parser.add_argument("--no-progress", action="store_true", help="no progress line")
    parser.add_argument(
        "--timings",
        action="store_true",
        help="print where the time went on stderr: git (worktrees), reading each revision "
        "(imports, in parallel), comparison",
    )
    return parser


def _option_error(parser: argparse.ArgumentParser, argv: Sequence[str]) -> str | None:
    """The one-line error for an option the parser does not know, with the closest one;
    argparse would report it only after a missing required option, or take its value
    for a PATH."""
    for arg in argv:
        if arg == "--":
            break
        if arg.partition("=")[0] == "--base":
            return (
                "--base is now --new: --against REF is the old side, --new REF the new one "
                "(default: the working tree)"
            )
    return unknown_option(parser, argv)


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


def _left_out(cwd: Path, repo: Path, root: Path, paths: list[str]) -> list[tuple[str, str]]:
    """One note naming the folders with enums that the default paths leave out."""
    here = cwd.resolve().relative_to(repo)
    folders = [(here / folder).as_posix() for folder in left_out(root / here)]
    if not folders:
        return []
    every = ", ".join(f'"{path}"' for path in [*paths, *folders])
    return [
        (
            ", ".join(f"{folder}/" for folder in folders),
            f"not checked: {'these folders define' if len(folders) > 1 else 'this folder defines'} "
            f"enums but {'have' if len(folders) > 1 else 'has'} no __init__.py, and the default "
            f"paths are the packages and modules; to check {'them' if len(folders) > 1 else 'it'}, "
            f"give {'them' if len(folders) > 1 else 'it'} as a PATH or set "
            f"paths = [{every}] in [tool.typed_enum.check]",
        )
    ]


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


@dataclass
class _Read:
    """Both revisions as read, with the policy that applies to them."""

    old: Snapshot
    new: Snapshot
    old_label: str
    new_label: str
    policy: Policy
    policy_revision: str | None
    overrides: tuple[str, ...]
    notes: list[tuple[str, str]]
    new_root: Path
    models: list[str]
    """The files read for the storage map: the PATHs checked and the default tree."""


def _policy(
    args: argparse.Namespace, new_root: Path, new_label: str
) -> tuple[Policy, str | None, tuple[str, ...]]:
    """The policy, the revision whose pyproject.toml holds it, the options that changed it."""
    if args.config:
        policy, revision = read_file(Path(args.config), args.config), None
    else:
        policy, revision = load(new_root), new_label
    overrides = (
        *(f"--ignore {pattern}" for pattern in args.ignore),
        *([f"--storage {args.storage}"] if args.storage else []),
        *([f"--{'' if args.private else 'no-'}private"] if args.private is not None else []),
    )
    return override(policy, args.ignore, args.storage, args.private), revision, overrides


@contextmanager
def _read(
    args: argparse.Namespace, err: TextIO, spent: dict[str, float], started: float
) -> Iterator[_Read]:
    """Both revisions read (the temporary worktrees live until the comparison is done)."""
    cwd = Path.cwd()
    repo = toplevel(cwd)
    given = _relative_paths(args.paths, cwd, repo)
    old_commit = resolve(repo, args.against)
    new_commit = resolve(repo, args.new) if args.new else None
    old_label = short(args.against)
    new_label = short(args.new) if args.new else "the working tree"
    new_tree = worktree(repo, new_commit) if new_commit else nullcontext(repo)
    run_code = not args.no_import
    with worktree(repo, old_commit) as old_root, new_tree as new_root:
        spent["git"] = time.perf_counter() - started
        policy, policy_revision, overrides = _policy(args, new_root, new_label)
        if given is None and policy.paths:  # the policy's paths, from the repository's top
            given = list(policy.paths)
        paths = _paths(given, cwd, repo, (new_root, old_root))
        what = f"reading {old_label} and {new_label}"
        reading = time.perf_counter()
        with (
            _progress(what, err, not args.no_progress and err.isatty()),
            ThreadPoolExecutor(2) as pool,
        ):
            old_future = pool.submit(
                _timed, spent, "old", lambda: take(old_root, paths, old_label, run_code)
            )
            new_future = pool.submit(
                _timed, spent, "new", lambda: take(new_root, paths, new_label, run_code)
            )
            old, new = old_future.result(), new_future.result()
        spent["reading"] = time.perf_counter() - reading
        if not old.files and not new.files:
            raise CheckError(
                f"no Python file under {', '.join(paths) or 'the current directory'} in "
                f"either revision; give the PATH of your package"
            )
        for _, (file, why) in sorted(new.unreadable.items()):
            if any(record.file == file for record in old.enums.values()):
                raise CheckError(
                    f"{file} cannot be read in {new_label} ({why}); its enums cannot be "
                    f"compared: fix it and run again"
                )
        one_reading(old, new)  # a module imported on one side only: from the source on both
        notes = run_notes(old, new)  # a note both revisions give, once
        if given is None:
            notes += _left_out(cwd, repo, new_root, paths)
        notes += [
            (file, f"{old_label}: cannot be read ({why}); its enums there were not compared")
            for _, (file, why) in sorted(old.unreadable.items())
        ]
        # Models may live outside the PATHs checked: the whole default tree is read too.
        models = sorted({*paths, *_paths(None, cwd, repo, (new_root,))})
        yield _Read(
            old,
            new,
            old_label,
            new_label,
            policy,
            policy_revision,
            overrides,
            sorted(notes),
            new_root,
            models,
        )
        cleanup = time.perf_counter()
    spent["git"] += time.perf_counter() - cleanup


def _side(label: str, snapshot: Snapshot, policy: Policy) -> Side:
    ignored = sum(policy.ignored(path) for path in snapshot.enums)
    return Side(label, len(snapshot.enums) - ignored, ignored)


def _report(
    report: Report,
    args: argparse.Namespace,
    out: TextIO,
    err: TextIO,
    spent: dict[str, float],
    started: float,
) -> int:
    """Write the report (the findings to ``out``, notes and summary to ``err``); the
    exit status."""
    for file, text in report.notes:
        print(f"{file}: note: {text}", file=err)
    out.write(render(report, args.format))
    impact_fails = impact.summary(report.impact, err, args)
    findings = report.findings
    breaking = sum(f.breaking for f in findings)
    # The summary goes to stderr in every format (json, github, sarif too).
    enums = len({f.enum for f in findings if f.breaking})
    declared = sum(f.rule in DECLARED and not f.breaking for f in findings)
    listed = (
        f"; {declared} declared with reserved(), listed only (--strict fails on "
        f"{'them' if declared != 1 else 'it'})"
        if declared
        else ""
    )
    accepted = sum(map(is_accepted, findings))
    if accepted:
        listed += f"; {accepted} accepted in {report.policy.file}, listed only"
    compared = report.old.enums
    source = "" if report.run_code else ", read from the source only"
    print(
        f"typed-enum check: {breaking} breaking change{'s' if breaking != 1 else ''} "
        f"in {enums} enum{'s' if enums != 1 else ''} ({compared} "
        f"enum{'s' if compared != 1 else ''} compared with {report.old.revision}{source})"
        f"{listed}; policy: {report.policy_source()}",
        file=err,
    )
    if args.timings:
        how = "an import in a child process" if report.run_code else "read from the source"
        print(
            f"typed-enum check: timings: total {time.perf_counter() - started:.2f} s; git "
            f"(revisions, worktrees, cleanup) {spent['git']:.2f} s; reading both revisions "
            f"{spent['reading']:.2f} s (in parallel: {report.old.revision} {spent['old']:.2f} "
            f"s, {report.new.revision} {spent['new']:.2f} s; each {how}); "
            f"comparison {spent['comparison']:.3f} s",
            file=err,
        )
    return 1 if breaking or impact_fails else 0


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Read both revisions, compare them, report."""
    started = time.perf_counter()
    spent: dict[str, float] = {}
    with _read(args, err, spent, started) as read:
        comparing = time.perf_counter()
        findings = _compare(read.old, read.new, read.policy, args.show_compatible, args.strict)
        # Where each enum is stored (the new revision's models), and each finding judged by it;
        # under --no-import nothing of the tree is imported for it either.
        storage = find_storage(read.new_root, read.models, read.new.enums, not args.no_import)
        findings = judge(findings, storage, read.policy, args.show_compatible)
        # The breaks the new revision lands on purpose ([[tool.typed_enum.check.accept]]).
        acceptance = Acceptance(read.policy.accept)
        findings = mark(findings, acceptance, read.policy.file or "pyproject.toml")
        notes = sorted(
            [
                *read.notes,
                *acceptance.notes(read.policy.file or "pyproject.toml", read.old_label),
                *((u.file, f"not read for storage: {u.what}: {u.why}") for u in storage.unread),
            ]
        )
        spent["comparison"] = time.perf_counter() - comparing
        shown = impact.run(
            args, read.old, read.new, read.new_root, read.models, read.policy.ignored
        )
        notes = sorted([*notes, *impact.unparsed_notes(shown)])
    report = Report(
        findings,
        _side(read.old_label, read.old, read.policy),
        _side(read.new_label, read.new, read.policy),
        read.policy,
        read.policy_revision,
        read.overrides,
        notes,
        not args.no_import,
        storage,
        shown,
    )
    if args.show_storage and args.format == "text":
        out.write(show(storage, read.new.enums, read.new_label))
    return _report(report, args, out, err, spent, started)


def main(argv: Sequence[str] | None = None, prog: str = "python -m typed_enum check") -> int:
    """``typed-enum check --against REF [PATH...]``; returns the exit status."""
    parser = _parser(prog)
    argv = sys.argv[1:] if argv is None else list(argv)
    error = _option_error(parser, argv)
    if error:
        parser.error(error)
    args = parser.parse_args(argv)
    try:
        return _run(args, sys.stdout, sys.stderr)
    except NoCommit as exc:
        print(
            f"typed-enum check: nothing to compare: the repository has no commit yet "
            f"({exc} names none); the first commit is checked by the next one",
            file=sys.stderr,
        )
        return 0
    except (GitError, PolicyError, CheckError) as exc:
        print(f"typed-enum check: {exc}", file=sys.stderr)
        return 2
