"""Findings: what the run did that needs a look, and what it left alone."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

__all__ = ["Finding", "Kind", "print_report"]


class Kind(enum.Enum):
    # Rewritten, listed for review.
    ALIAS = "alias"
    # Rewritten keeping a stdlib behaviour typed_enum drops, visibly: remove it
    # once nothing relies on it.
    KEPT = "kept"
    # Rewritten so a check that tells stdlib's enum classes apart by identity
    # (``bases[0] == enum.IntEnum``) accepts typed_enum's too (identity.py).
    IDENTITY = "identity"
    # Rewritten, and something the code pins changes with it, which no source
    # change keeps (a test's ``assert type(C) is enum.EnumMeta``): it may fail.
    CHANGED = "changed"
    # Not rewritten: the run could not do it safely; the user must.
    LEFT_ALONE = "left alone"
    # The file could not be read or parsed.
    ERROR = "error"
    # How the run read a module (not imported: values from the source).
    NOTE = "note"


@dataclass(frozen=True, order=True)
class Finding:
    path: Path
    line: int
    kind: Kind
    message: str

    def __str__(self) -> str:
        # One finding, one line (a value written over several lines is quoted in it).
        message = " ".join(self.message.split())
        return f"{self.path}:{self.line}: {self.kind.value}: {message}"


_ALIAS_ADVICE = (
    "Each implicit alias above (a member whose value repeats an earlier member's, which "
    "stdlib silently makes the same member) is now declared with alias(), so behaviour is "
    "unchanged. Review them: where two names are separate constants that happen to be equal, "
    "not one member, give each a value of its own or use typed_enum.Constants for the group."
)


_KEPT_ADVICE = (
    "The {count} marked kept above keep{s} a behaviour of stdlib enum that typed_enum "
    "drops (ValueOrdered: members order by their values), so behaviour is unchanged. Remove "
    "it once nothing relies on it; run again with --typed-enum-semantics to adopt "
    "typed_enum's rule at once and have the uses mypy can see listed."
)


_IDENTITY_ADVICE = (
    "Each identity check above compared a class with a stdlib enum class by ==, is or in; a "
    "class the migration moved is built on typed_enum's counterpart (a subclass of it), so "
    "the check now accepts both and behaves as before."
)

_CHANGED_ADVICE = (
    "Each assertion marked changed above pins stdlib's own class (its type, its bases, its "
    "exact __mro__) for a class the migration may have moved: it may now fail, and no source "
    "change keeps it. Update it to what the test is about (issubclass, the members)."
)


def next_step(paths: list[str]) -> str:
    """What to do after the run: the plugin, the mypy command, what its errors mean."""
    where = " ".join(paths) or "."
    return (
        "Next step: enable typed_enum's mypy plugin and run mypy.\n"
        "  1. Add the plugin: plugins = typed_enum.mypy under [mypy] in mypy.ini or "
        'setup.cfg, or plugins = ["typed_enum.mypy"] under [tool.mypy] in pyproject.toml.\n'
        f"  2. Run: mypy {where}\n"
        "  3. Its new errors carry typed-enum-* codes, each a place where typed_enum's rules "
        "differ from stdlib's: typed-enum-ordering (members of a StrEnum or str/float mixin "
        "enum ordered with <, sorted(), min(), max(): raises TypeError at run time unless "
        "the class keeps ValueOrdered), typed-enum-cross-enum-ordering, "
        "typed-enum-duplicate-value (a repeated value not declared with alias()), "
        "typed-enum-metaclass-conflict; each code's page in typed_enum's documentation "
        "(errors/<code>) gives the fix. Uses through values typed Any are not seen: run "
        "the project's tests too (a failed lookup, Color(99) or Color['x'], raises the same "
        "ValueError or KeyError with another text: a test comparing that text needs updating)."
    )


def print_report(
    findings: list[Finding],
    changed: int,
    scanned: int,
    out: TextIO,
    *,
    written: bool,
    unread: int | None = None,
    paths: list[str] | None = None,
) -> None:
    """Every finding (sorted by file and line), then the advice, a summary and,
    when something changed, the next step.

    ``unread``: how many of the errors are files that could not be read or
    parsed (all of them when not given); the others (the project's metadata
    could not be edited) are counted apart.  ``paths``: the run's arguments,
    for the mypy command of the next step.
    """
    ordered = sorted(findings, key=lambda f: (str(f.path), f.line, f.kind.value, f.message))
    for finding in ordered:
        print(finding, file=out)
    counts = {kind: sum(f.kind is kind for f in findings) for kind in Kind}
    if counts[Kind.ALIAS]:
        print(_ALIAS_ADVICE, file=out)
    if counts[Kind.KEPT]:
        kept = counts[Kind.KEPT]
        what = "class" if kept == 1 else f"{kept} classes"
        print(_KEPT_ADVICE.format(count=what, s="s" if kept == 1 else ""), file=out)
    if counts[Kind.IDENTITY]:
        print(_IDENTITY_ADVICE, file=out)
    if counts[Kind.CHANGED]:
        print(_CHANGED_ADVICE, file=out)
    verb = "rewritten" if written else "would be rewritten"
    print(
        f"{changed} of {scanned} files {verb}; implicit aliases declared with alias(): "
        f"{counts[Kind.ALIAS]}; left alone: {counts[Kind.LEFT_ALONE]}; "
        f"files that could not be read or parsed: {counts[Kind.ERROR] if unread is None else unread}"
        + (
            f"; other errors: {counts[Kind.ERROR] - unread}"
            if unread is not None and counts[Kind.ERROR] > unread
            else ""
        ),
        file=out,
    )
    if changed:
        print(next_step(paths or []), file=out)
