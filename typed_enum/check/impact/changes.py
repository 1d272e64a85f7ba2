"""The members added and removed between two revisions, per enum of the new one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from typed_enum.check.snapshot import EnumRecord, Snapshot

__all__ = ["Change", "changes"]


@dataclass(frozen=True)
class Change:
    """One enum of both revisions that gained or lost members."""

    enum: str
    """Its dotted path in the new revision."""
    old: frozenset[str]
    """The old revision's members (canonical names, no aliases)."""
    added: tuple[str, ...]
    """Members of the new revision whose name was no member nor alias before."""
    removed: tuple[str, ...]
    """Old members no name of the new revision keeps."""
    names: dict[str, str]
    """Every name of the new revision (aliases too) -> its canonical member."""
    file: str
    line: int
    added_lines: tuple[int, ...] = ()
    """The line of each added member's statement in ``file`` (as ``added``)."""

    def canonical(self, name: str) -> str | None:
        """The member ``name`` means in the new revision (None: no such name)."""
        return self.names.get(name)


def _members(record: EnumRecord) -> list[str]:
    return [m.name for m in record.members if not m.is_alias]


def changes(
    old: Snapshot, new: Snapshot, ignored: Callable[[str], bool] | None = None
) -> list[Change]:
    """Each enum present in both revisions with a member added or removed; an enum
    added with the new revision has nothing to list (no code could cover it before)."""
    found = []
    for path, now in sorted(new.enums.items()):
        before = old.enums.get(path)
        if before is None or (ignored is not None and ignored(path)):
            continue
        old_names = {m.name for m in before.members}
        added = tuple(n for n in _members(now) if n not in old_names)
        new_names = {m.name for m in now.members}
        removed = tuple(n for n in _members(before) if n not in new_names)
        if not added and not removed:
            continue
        names = {m.name: m.canonical for m in now.members}
        first = {m.name: m.line for m in now.members}
        line = first[added[0]] if added else now.line
        found.append(
            Change(
                path,
                frozenset(_members(before)),
                added,
                removed,
                names,
                now.file,
                line,
                tuple(first[n] for n in added),
            )
        )
    return found
