"""The impact of one change: for each member added, every site that now receives it
through a catch-all; for each member removed, the sites that still name it."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from typed_enum.check.impact.changes import Change, changes
from typed_enum.check.impact.modules import read_tree
from typed_enum.check.impact.sites import Candidate, Mention, Table, find_sites, find_tables
from typed_enum.check.impact.typed import find_typed, mypy_version
from typed_enum.check.snapshot import Snapshot

__all__ = ["NOT_LOOKED_AT", "NOT_LOOKED_AT_TYPED", "Impact", "Site", "find_impact"]

#: What the syntactic finder does not look at (said in every report that lists sites).
NOT_LOOKED_AT = (
    "impact: read from the syntax of the modules that import the enum's module; not looked "
    "at: catch-alls whose other arms name no member (a comparison of .value, isinstance), "
    "the else of a chain that names only some old members or tests other conditions, "
    "comparisons in helper functions (docs/check-impact.md)"
)

#: What the search does not look at when mypy's types were used too.
NOT_LOOKED_AT_TYPED = (
    "impact: read from the syntax of the modules that import the enum's module, and with "
    "mypy {version} from the blocks its types reach only once the new member exists; not "
    "looked at: catch-alls that hold no expression (pass, break, a chain ending its "
    "function), what mypy does not narrow (a comparison of .value, a test in a helper "
    "function) (docs/check-impact.md)"
)


@dataclass(frozen=True)
class Site:
    """One place of the new revision that a new member now reaches through a catch-all."""

    kind: str
    """A key of ``kinds.KINDS``: ``else-raises`` is an ``else`` whose first statement raises."""
    enum: str
    member: str
    path: str
    line: int
    what: str
    """What the member meets there: the arm's first statement, the default, ..."""

    def sort_key(self) -> tuple[str, str, str, int, str]:
        return (self.enum, self.member, self.path, self.line, self.kind)


@dataclass
class Impact:
    sites: list[Site] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    modules: int = 0
    """How many modules were examined (the importers of the changed enums' modules)."""
    parsed: int = 0
    """How many of them were parsed whole (the others name no member looked for)."""
    unparsed: list[tuple[str, str]] = field(default_factory=list)
    seconds: float = 0.0
    candidates: list[Candidate] = field(default_factory=list)
    """Every catch-all of a changed enum seen, listed or not (those naming the new
    member are not): what a measurement checks by hand."""
    types: str = "off"
    """How mypy's types were used: ``used``, ``off`` (not asked), ``unused`` (asked,
    but mypy is missing or failed: ``types_notes`` says why), ``none`` (no member
    added: nothing to ask)."""
    types_seconds: float = 0.0
    types_modules: int = 0
    """How many modules mypy checked (the examined ones; the rest from its cache)."""
    types_notes: list[str] = field(default_factory=list)
    types_sites: int = 0
    """How many of the sites only the types found."""

    def not_looked_at(self) -> str:
        """What the search did not look at, as the report says it."""
        if self.types == "used":
            return NOT_LOOKED_AT_TYPED.format(version=mypy_version())
        if self.types == "none":
            return NOT_LOOKED_AT
        if self.types == "off":
            return NOT_LOOKED_AT + "; mypy's types were not asked for (--impact-types off)"
        why = "; ".join(self.types_notes) or "mypy failed"
        return NOT_LOOKED_AT + f"; mypy's types were not used ({why})"


def _sites(candidate: Candidate, change: Change) -> list[Site]:
    required = change.old & set(change.names.values())
    if candidate.complete and not required <= candidate.named:
        return []
    kind = candidate.kind + (
        "-raises" if candidate.raises and candidate.kind in ("wildcard", "else", "branch") else ""
    )
    return [
        Site(
            kind,
            change.enum,
            member,
            candidate.file,
            candidate.line,
            candidate.what.replace("{member}", member),
        )
        for member in change.added
        if member not in candidate.named
    ]


def _word(words: set[str]) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, words))) + r")\b")


def _words(found: list[Change]) -> re.Pattern[str]:
    """What a module that can name a changed enum's member writes: ``.member`` (an
    attribute, whatever names the class) or the class's own name."""
    members = {name for change in found for name in (*change.names, *change.removed)}
    classes = {change.enum.rpartition(".")[2] for change in found}
    return re.compile(
        r"\.(?:" + "|".join(sorted(map(re.escape, members))) + r")\b|" + _word(classes).pattern
    )


def find_impact(
    old: Snapshot,
    new: Snapshot,
    root: Path,
    paths: Sequence[str],
    ignored: Callable[[str], bool] | None = None,
    types: bool = False,
    repo: Path | None = None,
    no_import: bool = True,
    cache: bool = True,
) -> Impact:
    """The sites of the new revision (checked out at ``root``) that the changed enums'
    new members reach, in the modules that import the enums' modules; with ``types``,
    also those mypy's types reach (``typed.find_typed``: its cache is kept per
    ``repo``; under ``no_import`` no plugin of the repository is loaded)."""
    started = time.perf_counter()
    found = changes(old, new, ignored)
    impact = Impact(changes=found, types="none" if types else "off")
    if not found:
        return impact
    # issue 52: every module read for its imports only (kept between runs by blob), then
    # the importers of the changed enums' modules that can name them parsed whole.
    tree = read_tree(root, paths, whole=False)
    impact.unparsed = tree.unparsed
    by_enum = {change.enum: change for change in found}
    module_of = {
        change.enum: next(
            (m.name for m in tree.modules.values() if m.file == change.file),
            change.enum.rpartition(".")[0],
        )
        for change in found
    }
    examined = {m.name: m for name in set(module_of.values()) for m in tree.importers(name)}
    tree.deepen(_words(found), examined.values())
    for module in examined.values():
        if module.file in {change.file for change in found}:
            tree.deepen(re.compile(""), [module])
    tables: dict[str, Table] = {}
    todo = [m for m in examined.values() if m.whole]
    while todo:  # a table bound in one module and read in another by its name
        before = set(tables)
        for module in todo:
            tables.update(find_tables(module, tree, by_enum))
        names = {path.rpartition(".")[2] for path in tables if path not in before}
        todo = tree.deepen(_word(names), examined.values()) if names else []
    seen: set[Site] = set()
    places: set[tuple[str, str, str, int]] = set()

    def add(candidates: list[Candidate], typed: bool = False) -> int:
        """Each site once; a site the types find at a place the syntax listed is the
        same site.  How many were added."""
        impact.candidates.extend(candidates)
        before = len(impact.sites)
        for candidate in candidates:
            for site in _sites(candidate, by_enum[candidate.enum]):
                place = (site.enum, site.member, site.path, site.line)
                if site in seen or (typed and place in places):
                    continue
                seen.add(site)
                places.add(place)
                impact.sites.append(site)
        return len(impact.sites) - before

    for module in (m for m in examined.values() if m.whole):
        candidates, mentions = find_sites(module, tree, by_enum, tables)
        impact.mentions.extend(mentions)
        add(candidates)
    if types and any(change.added for change in found):
        typed = find_typed(root, repo or root, list(examined.values()), found, no_import, cache)
        impact.types = "used" if typed.used else "unused"
        impact.types_seconds, impact.types_modules = typed.seconds, typed.modules
        impact.types_notes = typed.notes
        impact.types_sites = add(typed.candidates, typed=True)
    impact.sites.sort(key=Site.sort_key)
    impact.mentions.sort(key=lambda m: (m.enum, m.member, m.file, m.line))
    impact.modules = len(examined)
    impact.parsed = sum(m.whole for m in examined.values())
    impact.seconds = time.perf_counter() - started
    return impact
