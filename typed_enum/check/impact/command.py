"""The impact's part of ``typed-enum check``: its options, and the run between the
comparison and the report (the hook of ``typed_enum.check.cli``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from typed_enum.check.git import toplevel
from typed_enum.check.impact.kinds import KINDS
from typed_enum.check.impact.policy import TYPES, parse_kinds, read_kinds, read_types
from typed_enum.check.impact.render import Shown, failing
from typed_enum.check.impact.run import find_impact
from typed_enum.check.snapshot import Snapshot

__all__ = ["add_options", "run", "summary", "unparsed_notes"]


def add_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "impact",
        "for each member added, the sites of the new revision that now receive it through a "
        "catch-all (case _, else, a table without its key, a membership test); listed, "
        "failing nothing unless chosen",
    )
    group.add_argument(
        "--fail-on-impact",
        metavar="KIND,...",
        help=f"sites of these kinds fail the check ({', '.join(KINDS)}, or all); replaces the "
        "file's fail-on-impact",
    )
    group.add_argument(
        "--no-impact", action="store_true", help="do not look for the sites of new members"
    )
    group.add_argument(
        "--impact-types",
        choices=TYPES,
        help="auto (the default): also ask mypy's types which blocks the new members reach, "
        "when mypy is installed (its cache kept in the check's cache directory); off: the "
        "syntax alone; replaces the file's impact-types",
    )


def run(
    args: argparse.Namespace,
    old: Snapshot,
    new: Snapshot,
    root: Path,
    paths: Sequence[str],
    ignored: Callable[[str], bool],
) -> Shown | None:
    """The impact of the change, with the kinds that fail it; None under --no-impact."""
    file, shown = (
        (Path(args.config), args.config)
        if args.config
        else (root / "pyproject.toml", "pyproject.toml")
    )
    if args.fail_on_impact is not None:
        fail_on = parse_kinds(args.fail_on_impact, "--fail-on-impact")
    else:
        fail_on = read_kinds(file, shown)
    types = args.impact_types or read_types(file, shown)
    if args.no_impact:
        return None
    found = find_impact(
        old,
        new,
        root,
        paths,
        ignored,
        types=types == "auto",
        repo=toplevel(Path.cwd()),
        no_import=args.no_import,
        cache=not args.no_cache,
    )
    return Shown(found, fail_on)


def summary(shown: Shown | None, err: TextIO, args: argparse.Namespace) -> bool:
    """The impact's summary line on ``err`` (in every format, as the check's summary; with
    its time under --timings); whether a chosen kind fails the check."""
    if shown is None:
        return False
    impact = shown.impact
    if args.timings and impact.changes:
        print(
            f"typed-enum check: timings: impact {impact.seconds:.2f} s ({impact.modules} "
            f"module{'s' if impact.modules != 1 else ''} examined, {impact.parsed} of them "
            f"parsed whole)"
            + (
                f"; mypy {impact.types_seconds:.2f} s ({impact.types_modules} modules checked, "
                f"{impact.types_sites} site{'s' if impact.types_sites != 1 else ''} found by "
                f"types alone)"
                if impact.types == "used"
                else f"; mypy not used ({'; '.join(impact.types_notes) or impact.types})"
            ),
            file=err,
        )
    if not impact.sites:
        return False
    added = sum(len(change.added) for change in impact.changes)
    failed = len(failing(shown))
    n = len(impact.sites)  # on stderr in every format, as the check's own summary
    print(
        f"typed-enum check: impact: {n} site{'s' if n != 1 else ''} reached by "
        f"{added} new member{'s' if added != 1 else ''} through a catch-all "
        f"({impact.modules} module{'s' if impact.modules != 1 else ''} examined)"
        f"{f'; {failed} fail (--fail-on-impact)' if failed else ''}",
        file=err,
    )
    print(f"typed-enum check: note: {impact.not_looked_at()}", file=err)
    if impact.types == "used":
        for note in impact.types_notes:
            print(f"typed-enum check: note: impact: {note}", file=err)
    return failed > 0


def unparsed_notes(shown: Shown | None) -> list[tuple[str, str]]:
    """(file, note) of each module of the new revision the search could not parse."""
    if shown is None:
        return []
    return [
        (file, f"not examined for the impact of new members: cannot be parsed ({why})")
        for file, why in shown.impact.unparsed
    ]
