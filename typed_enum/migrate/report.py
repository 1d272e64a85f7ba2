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


def print_report(
    findings: list[Finding],
    changed: int,
    scanned: int,
    out: TextIO,
    *,
    written: bool,
    unread: int | None = None,
) -> None:
    """Every finding (sorted by file and line), then the advice and a summary.

    ``unread``: how many of the errors are files that could not be read or
    parsed (all of them when not given); the others (the project's metadata
    could not be edited) are counted apart.
    """
    ordered = sorted(findings, key=lambda f: (str(f.path), f.line, f.kind.value, f.message))
    for finding in ordered:
        print(finding, file=out)
    counts = {kind: sum(f.kind is kind for f in findings) for kind in Kind}
    if counts[Kind.ALIAS]:
        print(_ALIAS_ADVICE, file=out)
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
