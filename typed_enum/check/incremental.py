"""The check at the cost of the change: what the reading of both revisions did.

Each file is read by its content: a module whose blob is the same in both
revisions is parsed once (``census``), and a run after another takes each
unchanged module's census from the cache, parsing only what changed.
``--full`` reads every file of each revision itself, as the tool did
before; the answer is the same (tests/check/test_check_incremental.py holds
the two readings equal, finding for finding and note for note, on real
release histories).  ``reading`` is the line ``--timings`` prints of it.
"""

from __future__ import annotations

from typed_enum.check.census import Census
from typed_enum.check.snapshot import Snapshot

__all__ = ["reading"]


def reading(census: Census | None, old: Snapshot, new: Snapshot) -> str:
    """``files read ..., parsed ..., imported ..., taken from the cache ...`` with the time
    of each step."""
    files = old.files + new.files
    modules = len(old.modules) + len(new.modules)
    imported = (
        f"{modules} modules imported (or read from the source where that failed)"
        if old.imported
        else "nothing imported (--no-import)"
    )
    if census is None:
        return (
            f"{files} files read, the {modules} that can define an enum each parsed by its "
            f"revision (--full); {imported}"
        )
    counts = census.counts
    where = census.directory if census.directory is not None else "--no-cache: none used"
    cache = f"{counts.cached} taken from the cache ({where})"
    return (
        f"{files} files read, {modules} that can define an enum: {counts.parsed} parsed "
        f"({counts.parse_seconds:.2f} s), {counts.shared} shared by the two revisions, "
        f"{cache} (cache {counts.cache_seconds:.2f} s); {imported}"
    )
