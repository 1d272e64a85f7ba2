"""Each file's census (what ``source.parse`` says of it), parsed once per blob.

A file is identified by its git blob id (the SHA-1 of ``b"blob <size>\\0" +
content``, what ``git hash-object`` prints), computed from its bytes: a
module that is the same in both revisions is parsed once, whichever revision
reads it first, and the other takes that census (``shared``).  Between runs
the censuses are kept in a cache directory (``taken from the cache``): the
user's cache directory (``$XDG_CACHE_HOME/typed-enum``, else
``~/.cache/typed-enum``), or ``TYPED_ENUM_CACHE_DIR``; under it one
directory per tool version, census format and Python version, so that a
census is only ever read by the code that wrote it.

- Two runs may share the cache: each entry is written to a temporary file
  and renamed into place (``os.replace``, atomic), so a reader sees a whole
  entry or none; a damaged or unreadable entry is parsed again.
- Bounded: past ``LIMIT_BYTES``, the least recently used entries are removed
  (a hit refreshes an entry's time).
- The entries are pickles of ``ModuleSource`` (the member values are ``ast``
  nodes); a pickle runs code when loaded, so the cache is used only in a
  directory owned by the user running the tool and not writable by others.
- ``--no-cache`` keeps the sharing between the two revisions and leaves the
  directory alone; ``--full`` parses every file of each revision itself.

Only the census of each module is kept, never its syntax tree.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TypeVar

from typed_enum.check.source import ModuleSource

__all__ = [
    "LIMIT_BYTES",
    "Census",
    "Counts",
    "active",
    "blob_id",
    "default_directory",
    "file_blob",
    "load_state",
    "parse",
    "remember",
    "store_state",
    "tell",
]

#: The cache's size bound; the least recently used entries go first.
LIMIT_BYTES: Final = 256 * 1024 * 1024
#: The most text-test results kept (``remember``): about 100 bytes each.
FACTS_LIMIT: Final = 500_000
#: Kinds whose results are larger (a module's import statements: about a kilobyte).
_KIND_LIMITS: Final = {"imports": 50_000}
#: The file of one kind of kept text tests (``remember``): each kind is loaded only by
#: the runs that use it.
_FACTS: Final = "facts-{kind}.pickle"
#: Where the revisions' readings are kept (``revision.State``), one file per key.
_STATES: Final = "revisions"
#: Files of the tool whose change makes every census stale (what ``parse`` gives).
_FORMAT_FILES: Final = (
    "source.py",
    "census.py",
    "_child.py",
    "tree.py",
    "revision.py",
    "snapshot.py",
    "generate.py",
    "note_groups.py",
)

T = TypeVar("T")
Parsed = ModuleSource | str
Parser = Callable[[bytes], Parsed]


def blob_id(data: bytes) -> str:
    """git's blob id of ``data`` (``git hash-object``)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


def _format() -> str:
    from typed_enum import __version__

    digest = hashlib.sha1(usedforsecurity=False)
    here = Path(__file__).parent
    for name in _FORMAT_FILES:
        digest.update((here / name).read_bytes())
    python = f"py{sys.version_info[0]}.{sys.version_info[1]}"
    return f"{__version__}-{digest.hexdigest()[:12]}-{python}"


def default_directory() -> Path:
    """Where the cache lives: ``TYPED_ENUM_CACHE_DIR``, else the user's cache directory."""
    given = os.environ.get("TYPED_ENUM_CACHE_DIR")
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
    return base / "typed-enum"


def _private(directory: Path) -> bool:
    """The directory is the user's and nobody else can write to it."""
    try:
        found = directory.stat()
    except OSError:
        return False
    mine = not hasattr(os, "getuid") or found.st_uid == os.getuid()
    return mine and not found.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


@dataclass
class Counts:
    """What ``--timings`` reports of the parsing."""

    parsed: int = 0
    """Files parsed by this run."""
    shared: int = 0
    """Files the other revision had parsed (the same blob)."""
    cached: int = 0
    """Files taken from the cache directory."""
    parse_seconds: float = 0.0
    cache_seconds: float = 0.0
    states: int = 0
    """Revisions whose whole reading was taken from the cache."""
    readings: list[str] = field(default_factory=list)
    """How each revision was read from the source (``revision.read``), in order."""


@dataclass
class Census:
    """The censuses of one run; ``directory`` None: no cache between runs."""

    directory: Path | None = None
    limit: int = LIMIT_BYTES
    counts: Counts = field(default_factory=Counts)
    _known: dict[str, Future[Parsed]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _wrote: bool = False
    _facts: dict[str, dict[str, Any]] = field(default_factory=dict)
    """kind -> blob id -> what a cheap text test of that kind said of it (``remember``),
    for the kinds loaded."""
    _new_facts: dict[str, dict[str, Any]] = field(default_factory=dict)
    _memory: dict[tuple[str, str], Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.directory is not None:
            self.directory = self._prepare(self.directory / "census" / _format())

    def _prepare(self, directory: Path) -> Path | None:
        try:
            directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError:
            return None
        return directory if _private(directory) else None

    def _entry(self, blob: str) -> Path:
        assert self.directory is not None
        return self.directory / blob[:2] / blob[2:]

    def _load(self, blob: str) -> Parsed | None:
        if self.directory is None:
            return None
        entry = self._entry(blob)
        try:
            with entry.open("rb") as file:
                found = pickle.load(file)
            os.utime(entry)  # recently used: kept by the size bound
        except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError):
            return None
        except Exception:  # a damaged entry: parsed again
            return None
        return found if isinstance(found, ModuleSource | str) else None

    def load_state(self, key: str) -> object | None:
        """A revision's kept reading (``revision.State``), None when there is none."""
        if self.directory is None:
            return None
        entry = self.directory / _STATES / key
        try:
            with entry.open("rb") as file:
                found: object = pickle.load(file)
            os.utime(entry)
        except Exception:  # none, or damaged: read again
            return None
        self.counts.states += 1
        return found

    def store_state(self, key: str, state: object) -> None:
        if self.directory is not None:
            self._write(self.directory / _STATES / key, state)

    def _store(self, blob: str, parsed: Parsed) -> None:
        if self.directory is not None:
            self._write(self._entry(blob), parsed)

    def _write(self, entry: Path, parsed: object) -> None:
        try:
            entry.parent.mkdir(exist_ok=True, mode=0o700)
            handle, temporary = tempfile.mkstemp(dir=entry.parent, prefix=".tmp-")
        except OSError:
            return
        try:
            with os.fdopen(handle, "wb") as file:
                pickle.dump(parsed, file, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, entry)  # atomic: a reader sees a whole entry or none
            self._wrote = True
        except (OSError, pickle.PicklingError, RecursionError):
            with suppress(OSError):
                os.unlink(temporary)

    def parse(self, data: bytes, parser: Parser) -> Parsed:
        """The census of a file of content ``data``: from this run, the cache, or ``parser``."""
        blob = blob_id(data)
        with self._lock:
            pending = self._known.get(blob)
            mine = pending is None
            if pending is None:
                pending = self._known[blob] = Future()
        if not mine:
            self.counts.shared += 1
            return pending.result()
        try:
            start = time.perf_counter()
            found = self._load(blob)
            if found is not None:
                self.counts.cached += 1
                self.counts.cache_seconds += time.perf_counter() - start
            else:
                start = time.perf_counter()
                found = parser(data)
                self.counts.parsed += 1
                self.counts.parse_seconds += time.perf_counter() - start
                start = time.perf_counter()
                self._store(blob, found)
                self.counts.cache_seconds += time.perf_counter() - start
        except BaseException as exc:
            pending.set_exception(exc)
            raise
        pending.set_result(found)
        return found

    def _load_facts(self, kind: str) -> dict[str, Any]:
        if kind not in self._facts:
            found: Any = {}
            if self.directory is not None:
                try:
                    with (self.directory / _FACTS.format(kind=kind)).open("rb") as file:
                        found = pickle.load(file)
                except Exception:  # none yet, or damaged: computed again
                    found = {}
            self._facts[kind] = found if isinstance(found, dict) else {}
        return self._facts[kind]

    def remember(self, kind: str, data: bytes, compute: Callable[[bytes], T], keep: bool) -> T:
        """``compute(data)`` once per blob in this run (both revisions share it); ``keep``:
        kept between runs too (a small value: the cheap text tests of a file)."""
        blob = blob_id(data)
        with self._lock:
            if (kind, blob) in self._memory:
                found: T = self._memory[kind, blob]
                return found
            facts = self._load_facts(kind) if keep else {}
            if blob in facts:
                found = self._memory[kind, blob] = facts[blob]
                return found
        found = compute(data)
        with self._lock:
            self._memory[kind, blob] = found
            if keep:
                self._new_facts.setdefault(kind, {})[blob] = found
        return found

    def _save_facts(self) -> None:
        for kind, new in self._new_facts.items():
            self._save_kind(kind, new)

    def _save_kind(self, kind: str, new: dict[str, Any]) -> None:
        if self.directory is None or not new:
            return
        target = self.directory / _FACTS.format(kind=kind)
        try:
            with target.open("rb") as file:
                merged = pickle.load(file)  # another run's additions are kept
        except Exception:
            merged = {}
        if not isinstance(merged, dict):
            merged = {}
        merged.update(new)
        while len(merged) > _KIND_LIMITS.get(kind, FACTS_LIMIT):  # the oldest go first
            merged.pop(next(iter(merged)))
        try:
            handle, temporary = tempfile.mkstemp(dir=self.directory, prefix=".tmp-")
        except OSError:
            return
        try:
            with os.fdopen(handle, "wb") as file:
                pickle.dump(merged, file, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, target)
        except (OSError, pickle.PicklingError):
            with suppress(OSError):
                os.unlink(temporary)

    def trim(self) -> None:
        """Save the text tests; remove the least recently used entries past the size bound."""
        self._save_facts()
        if self.directory is None or not self._wrote:
            return
        entries: list[tuple[float, int, Path]] = []
        for path in self.directory.glob("*/*"):
            try:
                found = path.stat()
            except OSError:
                continue
            entries.append((found.st_mtime, found.st_size, path))
        total = sum(size for _, size, _ in entries)
        for _, size, path in sorted(entries):
            if total <= self.limit:
                break
            try:
                path.unlink()
            except OSError:
                continue
            total -= size


_ACTIVE: Census | None = None


@contextmanager
def active(census: Census | None) -> Iterator[Census | None]:
    """Make ``census`` the one ``parse`` uses (None: every file parsed where it is read)."""
    global _ACTIVE
    before, _ACTIVE = _ACTIVE, census
    try:
        yield census
    finally:
        _ACTIVE = before
        if census is not None:
            census.trim()


def remember(kind: str, data: bytes, compute: Callable[[bytes], T], keep: bool = False) -> T:
    """``compute(data)``, once per blob through the active census if there is one."""
    if _ACTIVE is None:
        return compute(data)
    return _ACTIVE.remember(kind, data, compute, keep)


def parse(data: bytes, parser: Parser) -> Parsed:
    """``parser(data)``, through the active census if there is one."""
    if _ACTIVE is None:
        return parser(data)
    return _ACTIVE.parse(data, parser)


def file_blob(path: Path) -> str:
    """The blob id of the file at ``path`` (that of no content when it cannot be read)."""
    try:
        return blob_id(path.read_bytes())
    except OSError:
        return blob_id(b"")


def tell(reading: str) -> None:
    """Say how a revision was read (``--timings``), through the active census."""
    if _ACTIVE is not None:
        _ACTIVE.counts.readings.append(reading)


def load_state(key: str) -> object | None:
    """A revision's reading kept by the active census under ``key``, if any."""
    return None if _ACTIVE is None else _ACTIVE.load_state(key)


def store_state(key: str, state: object) -> None:
    """Keep a revision's reading under ``key`` (through the active census, if any)."""
    if _ACTIVE is not None:
        _ACTIVE.store_state(key, state)
