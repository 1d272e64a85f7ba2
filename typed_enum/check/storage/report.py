"""The storage map for a reader: ``--show-storage`` as text, and in the JSON and SARIF
outputs (a ``storage`` object beside the findings, ``stored`` on each finding)."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from typed_enum.check.storage.places import HOW, StorageMap

__all__ = ["attach", "show"]


def show(storage: StorageMap, enums: Collection[str], label: str) -> str:
    """Every enum of ``enums`` with where it is stored; those stored nowhere last."""
    lines = [f"storage of the enums in {label} (read from the source of its models):\n"]
    for enum in sorted(storage.places):
        how = storage.how(enum)
        said = "by name and by value" if how == "both" else HOW[how or "name"]
        lines.append(f"{enum}: stored {said}\n")
        lines.extend(
            f"  {place.described}  {place.file}:{place.line}\n" for place in storage.of(enum)
        )
    nowhere = sorted(set(enums) - set(storage.places))
    if nowhere:
        lines.append(f"stored nowhere the check found ({len(nowhere)}): {', '.join(nowhere)}\n")
    lines.extend(
        f"{unread.file}:{unread.line}: not read: {unread.what}: {unread.why}\n"
        for unread in storage.unread
    )
    return "".join(lines)


def attach(rendered: str, format: str, storage: StorageMap) -> str:
    """``rendered`` (the output in ``format``) with the storage map in it, for json and
    sarif; other formats as they are."""
    if format not in ("json", "sarif"):
        return rendered
    data: dict[str, Any] = json.loads(rendered)
    carried = storage.as_json()
    if format == "json":
        data["storage"] = carried
        for row in data["findings"]:
            row["stored"] = storage.how(row["enum"])
    else:
        run = data["runs"][0]
        run.setdefault("properties", {})["storage"] = carried
        for result in run["results"]:
            result["properties"]["stored"] = storage.how(result["properties"]["enum"])
    return json.dumps(data, indent=2) + "\n"
