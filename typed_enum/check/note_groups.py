"""Notes of one cause said once, with a count per base: what stderr shows by default.

Reading the source names each class whose enum-like base it cannot resolve
(``class Mode(APIIntEnum)``, the base imported from an installed library) in
a note of its own: right, but on a large tree dozens of lines a reviewer
cannot weigh.  Shown on stderr, they are grouped by cause (a base of an
installed library, a base of the tree, a functional-API call whose names are
not literal) and by the revisions that give them, each group one line with
the bases and how many classes derive from each::

    typed-enum check: note: v1 and v2: 56 classes derive from enum-like bases in installed
    libraries that reading the source cannot resolve: aioesphomeapi.APIIntEnum (1), ...;
    they were not compared: run in the importing mode (without --no-import) ...

``--all-notes`` prints every note instead, and the JSON and SARIF outputs
always carry every note.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import Final

__all__ = ["SHOWN_BASES", "grouped", "resolved_base"]

#: Bases named in a group's line; the others are counted.
SHOWN_BASES: Final = 12

_UNRESOLVED: Final = re.compile(
    r"^(?P<labels>.+?): class (?P<qualname>\S+) \(line \d+\) derives from (?P<written>.+?), "
    r"which reading the source cannot resolve to an enum: it was not compared "
    r"\((?P<why>.*)\)$"
)


def resolved_base(written: str, imported: Mapping[str, str], package: str) -> str:
    """A base as written (``models.Thing``), with the name it imports resolved to a dotted path."""
    head, dot, rest = written.partition(".")
    target = imported.get(head, head)
    dots = len(target) - len(target.lstrip("."))
    if dots:
        parts = package.split(".")
        kept = parts[: len(parts) - dots + 1] if dots > 1 else parts
        target = ".".join([*kept, target.lstrip(".")]).strip(".")
    return target + dot + rest


def _advice(where: str, imports: bool) -> str:
    if where == "library":
        return (
            "install those libraries, so that the modules deriving from them import, to "
            "compare them"
            if imports
            else "run in the importing mode (without --no-import), with those libraries "
            "installed, to compare them"
        )
    if where == "tree":
        return (
            "the modules defining them were not imported (see their notes)"
            if imports
            else "the importing mode (without --no-import) compares them"
        )
    return "the importing mode (without --no-import) compares them"


_WHAT: Final = {
    "library": "derive from enum-like bases in installed libraries that reading the source "
    "cannot resolve",
    "tree": "derive from enum-like bases of the tree that reading the source cannot resolve "
    "to an enum",
    "functional": "are made by functional-API calls whose names are not literal",
}


def grouped(
    notes: Sequence[tuple[str, str]],
    bases: Mapping[tuple[str, str], str],
    project: Collection[str],
    imports: bool,
) -> list[str]:
    """The lines stderr shows for ``notes`` (``(file, text)``): each note not of a grouped
    cause as ``file: note: text``, then one line per group.  ``bases``: (file, qualified
    name) -> the resolved base; ``project``: the tree's top-level packages."""
    lines: list[str] = []
    groups: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for file, text in notes:
        found = _UNRESOLVED.match(text)
        if found is None:
            lines.append(f"{file}: note: {text}")
            continue
        written = found["written"]
        if written.endswith("(...) with names not literal"):
            where, base = "functional", written.removesuffix(" with names not literal")
        else:
            base = bases.get((file, found["qualname"]), written)
            where = "tree" if base.partition(".")[0] in project else "library"
        groups.setdefault((found["labels"], where), []).append((base, f"{file}: note: {text}"))
    for (labels, where), members in sorted(groups.items()):
        if len(members) == 1:  # one class: its own note says more (file and line)
            lines.append(members[0][1])
            continue
        counts = Counter(base for base, _ in members)
        total = len(members)
        ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        shown = ", ".join(f"{base} ({n})" for base, n in ranked[:SHOWN_BASES])
        more = len(ranked) - SHOWN_BASES
        if more > 0:
            shown += f" and {more} other base{'s' if more != 1 else ''}"
        classes = f"{total} class{'es' if total != 1 else ''}"
        lines.append(
            f"typed-enum check: note: {labels}: {classes} {_WHAT[where]}: {shown}; "
            f"{'they were' if total != 1 else 'it was'} not compared: {_advice(where, imports)} "
            f"(--all-notes lists each)"
        )
    return lines
