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

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from typed_enum.check.census import Census
from typed_enum.check.snapshot import Snapshot
from typed_enum.check.storage.finder import READERS
from typed_enum.check.tree import python_files

__all__ = ["reading", "storage_files"]

_LIBRARIES = re.compile(r"\b(?:" + "|".join(map(re.escape, READERS)) + r")\b")


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


#: A name bound again to what an import or assignment names: ``X as Y``, ``Y = X``.
_AS = r"\b(?:{names})\s+as\s+(\w+)"
_ASSIGNED = r"^[ \t]*(\w+)[ \t]*(?::[^=\n]*)?=[ \t]*(?:[\w.]*\.)?(?:{names})[ \t]*$"


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return ""


def storage_files(root: Path, paths: Sequence[str], enums: Iterable[str]) -> list[str]:
    """The files of ``paths`` (under ``root``) that can mention one of ``enums``: the
    storage map of the changed enums reads only these (a text filter before any parsing).

    A file can mention an enum when it names the enum's class (``Status``; an import,
    ``shop.models.Status``, a re-export), or a name the class was bound to elsewhere
    (``from .models import Status as OrderStatus``, ``Kind = Status``), or imports a
    library whose models the map reads (SQLAlchemy, Django, pydantic, msgspec: where the
    model bases and column helpers are).
    """
    names = {enum.rpartition(".")[2] for enum in enums}
    texts = {path: _read(path) for path in dict.fromkeys(python_files(root, paths))}
    chosen: set[Path] = set()
    while names:
        alternatives = "|".join(map(re.escape, sorted(names)))
        pattern = re.compile(rf"\b(?:{alternatives})\b")
        chosen = {path for path, text in texts.items() if pattern.search(text)}
        bound = re.compile(_AS.format(names=alternatives))
        assigned = re.compile(_ASSIGNED.format(names=alternatives), re.MULTILINE)
        more = {
            name
            for path in chosen
            for regex in (bound, assigned)
            for name in regex.findall(texts[path])
        }
        if more <= names:
            break
        names |= more
    libraries = {p for p, text in texts.items() if _LIBRARIES.search(text)}
    return sorted(p.relative_to(root).as_posix() for p in chosen | libraries)
