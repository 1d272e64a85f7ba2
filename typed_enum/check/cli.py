"""``typed-enum check --against REF [--new REF] [PATH...]``: arguments, the run, exit status.

The run is three steps: reading both revisions (``_read``), comparing them
(``_compare``), reporting (``_report``).

Exit 0 when nothing breaks, 1 when something does, 2 when the check cannot
run (not a git repository, unknown revision, unreadable configuration), with a
one-line reason, 3 when nothing read breaks but a module could not be read
(newer syntax, a syntax error: ``syntax``).
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
from typed_enum.check.accept import Acceptance
from typed_enum.check.census import Census, default_directory
from typed_enum.check.census import active as census_active
from typed_enum.check.decision import AcceptCall, settle
from typed_enum.check.git import GitError, NoCommit, resolve, short, toplevel, worktree
from typed_enum.check.incremental import Overlay, lazy_overlay, overlay, reading, storage_files
from typed_enum.check.note_groups import grouped
from typed_enum.check.output import FORMATS, Report, Side, render
from typed_enum.check.policy import STORAGE, Policy, PolicyError, load, override, read_file
from typed_enum.check.revision import read as read_source
from typed_enum.check.rule_records import RULES
from typed_enum.check.rules import DECLARED, Finding, added_enum, compare_enum, removed_enum
from typed_enum.check.snapshot import Snapshot, one_reading, only_added, run_notes, take
from typed_enum.check.snapshot import resolve as resolve_paths
from typed_enum.check.storage import find as find_storage
from typed_enum.check.storage.places import StorageMap
from typed_enum.check.storage.report import show
from typed_enum.check.syntax import INCOMPLETE, set_aside
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
            "report the changes that break stored and sent data: "
            + ", ".join(rule.id for rule in RULES.values() if rule.kind == "breaking")
            + "; "
            + ", ".join(rule.id for rule in RULES.values() if rule.kind == "declared")
            + " (declared with reserved()) are listed and fail only with --strict. Each "
            "change is judged by where its enum is stored (the policy, else the models that "
            "store it); each finding says its verdict: fails, listed or compatible. Each "
            "revision is read by importing its modules in a child process (--no-import: from "
            "the source only, nothing run). Exit 0 when nothing breaks, 1 when something "
            "does, 2 when the check cannot run, 3 when nothing breaks but a module could not "
            "be read (the check is incomplete)."
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
    parser.add_argument(
        "--all-notes",
        action="store_true",
        help="print every note on stderr; by default the notes of one cause (classes whose "
        "enum-like base the source reading cannot resolve) are one line with a count per base "
        "(json and sarif always carry every note)",
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="neither read nor write the cache of each file's reading (kept in "
        "$XDG_CACHE_HOME/typed-enum, else ~/.cache/typed-enum, or TYPED_ENUM_CACHE_DIR)",
    )
    parser.add_argument(
        "--full",
        action="store_true",
        help="read every file of each revision itself: no cache, nothing shared between the "
        "revisions (the answer is the same; for checking that it is)",
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


def _paths(
    given: list[str] | None, cwd: Path, repo: Path, roots: Sequence[Path | Overlay]
) -> list[str]:
    if given is None:
        here = cwd.resolve().relative_to(repo)
        found: dict[str, None] = {}
        for root in roots:
            listed = (
                root.default_paths(here.as_posix())
                if isinstance(root, Overlay)
                else default_paths(root / here)
            )
            for path in listed:
                found[(here / path).as_posix()] = None
        return sorted(found)
    missing = [
        p
        for p in given
        if not any(
            root.exists(p) if isinstance(root, Overlay) else (root / p).exists() for root in roots
        )
    ]
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
    old: Snapshot,
    new: Snapshot,
    policy: Policy,
    storage: StorageMap | None,
    show_compatible: bool,
    strict: bool = False,
    accept: AcceptCall | None = None,
) -> list[Finding]:
    """Every enum's findings, each judged by the enum's storage, settled first (and
    ``accept``: the acknowledged ones, typed_enum.check.accept)."""
    missing = [p for p in old.enums if p not in new.enums and not policy.ignored(p)]
    moved = resolve_paths(new, missing)
    findings: list[Finding] = []
    for path, record in sorted(old.enums.items()):
        if policy.ignored(path):
            continue
        stored = settle(path, policy, storage)
        now = new.enums.get(path) or moved.get(path)
        if now is None:
            findings.append(removed_enum(record, stored, accept))
            continue
        findings.extend(compare_enum(record, now, stored, show_compatible, strict, accept))
    if show_compatible:
        kept = {record.path for record in moved.values()}
        for path, record in sorted(new.enums.items()):
            if path in old.enums or path in kept or policy.ignored(path):
                continue
            findings.append(added_enum(record, settle(path, policy, storage)))
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
    incomplete: bool = False
    """A module of either revision could not be read (``syntax.set_aside``)."""


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
    # issue 52: under --no-import a revision's Python files are read without a checkout
    # (those the working tree holds unchanged are the working tree's own).
    fast = args.no_import and not args.full
    tree = overlay if fast else worktree
    new_tree = tree(repo, new_commit) if new_commit else nullcontext(repo)
    run_code = not args.no_import
    # The old revision's files are written out only if its reading is not kept.
    old_tree = lazy_overlay(repo, old_commit) if fast else worktree(repo, old_commit)
    with old_tree as old_side, new_tree as new_root:
        old_root = old_side.path if isinstance(old_side, Overlay) else old_side
        spent["git"] = time.perf_counter() - started
        policy, policy_revision, overrides = _policy(args, new_root, new_label)
        if given is None and policy.paths:  # the policy's paths, from the repository's top
            given = list(policy.paths)
        paths = _paths(given, cwd, repo, (new_root, old_side))
        what = f"reading {old_label} and {new_label}"
        reading = time.perf_counter()
        with _progress(what, err, not args.no_progress and err.isatty()):
            if fast:
                # issue 52: one revision, then the other from it (only the files that
                # differ are read; a revision read by an earlier run is not read again).
                old = _timed(spent, "old", lambda: read_source(old_side, paths, old_label))
                new = _timed(
                    spent, "new", lambda: read_source(new_root, paths, new_label, old.state)
                )
            else:
                reader = take if run_code else read_source
                with ThreadPoolExecutor(2) as pool:
                    old_future = pool.submit(
                        _timed, spent, "old", lambda: reader(old_root, paths, old_label)
                    )
                    new_future = pool.submit(
                        _timed, spent, "new", lambda: reader(new_root, paths, new_label)
                    )
                    old, new = old_future.result(), new_future.result()
        spent["reading"] = time.perf_counter() - reading
        if not old.files and not new.files:
            raise CheckError(
                f"no Python file under {', '.join(paths) or 'the current directory'} in "
                f"either revision; give the PATH of your package"
            )
        # issue 52: a module that cannot be parsed (newer syntax, a syntax error) is a note;
        # the other modules are compared, and the exit status says the check is incomplete.
        incomplete = set_aside(old, new, old_root, new_root)
        one_reading(old, new)  # a module imported on one side only: from the source on both
        notes = run_notes(old, new)  # a note both revisions give, once
        if given is None:
            notes += _left_out(cwd, repo, new_root, paths)
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
            incomplete,
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
    incomplete: bool = False,
    grouping: tuple[dict[tuple[str, str], str], set[str]] | None = None,
) -> int:
    """Write the report (the findings to ``out``, notes and summary to ``err``); the
    exit status."""
    # issue 52: notes of one cause grouped (--all-notes: each); json and sarif carry each.
    shown = [f"{file}: note: {text}" for file, text in report.notes]
    if grouping is not None and not args.all_notes:
        shown = grouped(report.notes, *grouping, report.run_code)
    for line in shown:
        print(line, file=err)
    out.write(render(report, args.format))
    impact_fails = impact.summary(report.impact, err, args)
    findings = report.findings
    breaking = sum(f.breaking for f in findings)
    # The summary goes to stderr in every format (json, github, sarif too).
    enums = len({f.enum for f in findings if f.breaking})
    declared = sum(f.rule in DECLARED and f.verdict == "listed" for f in findings)
    review = sum(f.rule not in DECLARED and f.verdict == "listed" for f in findings)
    accepted = sum(f.verdict == "accepted" for f in findings)
    listed = (
        (
            f"; {declared} declared with reserved(), listed only (--strict fails on "
            f"{'them' if declared != 1 else 'it'})"
            if declared
            else ""
        )
        + (
            f"; {review} listed for review, not failing (by where the enum is stored)"
            if review
            else ""
        )
        + (f"; {accepted} accepted in {report.policy.file}, listed only" if accepted else "")
    )
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
    if incomplete and not breaking:
        print(
            f"typed-enum check: incomplete: a module could not be read (its note says why); "
            f"exit {INCOMPLETE}",
            file=err,
        )
    return 1 if breaking or impact_fails else INCOMPLETE if incomplete else 0


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Read both revisions, compare them, report."""
    started = time.perf_counter()
    spent: dict[str, float] = {}
    # issue 52: each blob parsed once (--full: every file by each revision), kept between
    # runs in the cache (--no-cache: not).
    parsed = None if args.full else Census(None if args.no_cache else default_directory())
    with census_active(parsed), _read(args, err, spent, started) as read:
        comparing = time.perf_counter()
        # Where each enum is stored (the new revision's models), settled before the
        # comparison judges each change by it; under --no-import nothing of the tree is
        # imported for it either.
        # issue 52: in text output (no --show-storage), only the files that can mention a
        # changed enum (its record differs, or it is gone) are read for the map; json and
        # sarif carry the whole map.
        models = read.models
        if args.format == "text" and not args.show_storage and not args.full:
            changed = {p for p, r in read.old.enums.items() if read.new.enums.get(p) != r}
            if not args.show_compatible:
                # What only adds members is compatible however it is stored: its storage
                # is not looked for (a release pair adds members to most of its enums).
                changed = {
                    p for p in changed if not only_added(read.old.enums[p], read.new.enums.get(p))
                }
            models = storage_files(read.new_root, read.models, changed)
        storage = find_storage(read.new_root, models, read.new.enums, not args.no_import)
        # The breaks the new revision lands on purpose ([[tool.typed_enum.check.accept]]):
        # accepted when each finding is made.
        acceptance = Acceptance(read.policy.accept)
        findings = _compare(
            read.old,
            read.new,
            read.policy,
            storage,
            args.show_compatible,
            args.strict,
            acceptance,
        )
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
        read.incomplete,
    )
    if args.show_storage and args.format == "text":
        out.write(show(storage, read.new.enums, read.new_label))
    bases = {**read.old.bases, **read.new.bases}
    project = {module.partition(".")[0] for module in (*read.old.modules, *read.new.modules)}
    status = _report(report, args, out, err, spent, started, read.incomplete, (bases, project))
    if args.timings:
        print(f"typed-enum check: timings: {reading(parsed, read.old, read.new)}", file=err)
    return status


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
