"""The storage map for a reader: ``--show-storage`` as text.  (The JSON and SARIF
outputs carry it too: ``Report.storage``, rendered by ``typed_enum.check.output``.)"""

from __future__ import annotations

from collections.abc import Collection

from typed_enum.check.storage.places import HOW, StorageMap

__all__ = ["show"]


def show(storage: StorageMap, enums: Collection[str], label: str) -> str:
    """Every enum of ``enums`` with where it is stored; those stored nowhere last."""
    lines = [f"storage of the enums in {label} (read from the source of its models):\n"]
    for enum in sorted({*storage.places, *storage.unknown}):
        how = storage.how(enum)
        if how == "both":
            said = "stored by name and by value"
        elif how == "unknown":
            said = "storage unknown"
        else:
            said = f"stored {HOW[how or 'name']}"
        lines.append(f"{enum}: {said}\n")
        lines.extend(
            f"  {place.described}  {place.file}:{place.line}\n" for place in storage.of(enum)
        )
        lines.extend(
            f"  not read: {u.what}  {u.file}:{u.line}: {u.why}\n"
            for u in storage.unknown_because(enum)
        )
    nowhere = sorted(set(enums) - set(storage.places) - set(storage.unknown))
    if nowhere:
        lines.append(f"stored nowhere the check found ({len(nowhere)}): {', '.join(nowhere)}\n")
    lines.extend(
        f"{unread.file}:{unread.line}: not read: {unread.what}: {unread.why}\n"
        for unread in storage.unread
    )
    return "".join(lines)
