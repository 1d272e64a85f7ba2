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
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from typed_enum.check import census
from typed_enum.check.census import Census
from typed_enum.check.git import GitError, environment
from typed_enum.check.snapshot import Snapshot
from typed_enum.check.storage.finder import READERS
from typed_enum.check.tree import listed_default_paths, python_files, skipped

__all__ = ["Overlay", "lazy_overlay", "overlay", "reading", "storage_files"]

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
    readings = f"; revisions: {', '.join(counts.readings)}" if counts.readings else ""
    return (
        f"{files} files read, {modules} that can define an enum: {counts.parsed} parsed "
        f"({counts.parse_seconds:.2f} s), {counts.shared} shared by the two revisions, "
        f"{cache} (cache {counts.cache_seconds:.2f} s){readings}; {imported}"
    )


#: A name bound again to what an import or assignment names: ``X as Y``, ``Y = X``.
_AS = r"\b(?:{names})\s+as\s+(\w+)"
_ASSIGNED = r"^[ \t]*(\w+)[ \t]*(?::[^=\n]*)?=[ \t]*(?:[\w.]*\.)?(?:{names})[ \t]*$"


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _names_library(data: bytes) -> bool:
    return bool(_LIBRARIES.search(data.decode("utf-8", "replace")))


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
    contents = {path: _read(path) for path in dict.fromkeys(python_files(root, paths))}
    libraries = {
        path
        for path, data in contents.items()
        if census.remember("libraries", data, _names_library, keep=True)
    }
    if not names:
        return sorted(p.relative_to(root).as_posix() for p in libraries)
    texts = {path: data.decode("utf-8", "replace") for path, data in contents.items()}
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
    return sorted(p.relative_to(root).as_posix() for p in chosen | libraries)


def _git_out(repo: Path, *args: str) -> bytes:
    done = subprocess.run(["git", *args], cwd=repo, env=environment(), capture_output=True)
    if done.returncode != 0:
        why = " ".join(done.stderr.decode("utf-8", "replace").split()) or f"exit {done.returncode}"
        raise GitError(f"git {args[0]} failed: {why}")
    return done.stdout


def _wanted(path: str) -> bool:
    """A file the reading from the source can use: Python files and pyproject.toml."""
    return path.endswith(".py") or path == "pyproject.toml"


class Overlay:
    """The Python files of ``commit``, listed from git's objects at once and written to a
    temporary directory (``path``) only when something reads them (``materialize``):
    a file the working tree holds unchanged since ``commit`` (``git diff`` does not list
    it) is a symbolic link to the working tree's file, the others are written from git's
    objects.  For ``--no-import`` against the working tree (the pre-commit hook): a
    worktree of a large repository writes every file of it, this writes the changed
    Python files only, and nothing when the revision's reading is kept from an earlier
    run (``revision.read``)."""

    def __init__(self, repo: Path, commit: str) -> None:
        self.repo, self.commit = repo, commit
        self._parent = Path(tempfile.mkdtemp(prefix="typed-enum-check-"))
        self.path = self._parent / "tree"
        self.path.mkdir()
        self._lock = threading.Lock()
        self._made = False
        listed = _git_out(repo, "ls-tree", "-r", "-z", "--full-tree", commit).split(b"\0")
        self.files: dict[str, str] = {}
        """Every Python file (and pyproject.toml) of the commit -> its blob id."""
        for entry in filter(None, listed):
            info, _, name = entry.partition(b"\t")
            mode, kind, blob_id = info.split()
            path = name.decode("utf-8", "surrogateescape")
            if kind == b"blob" and mode != b"120000" and _wanted(path):
                self.files[path] = blob_id.decode()

    def listing(self, paths: Sequence[str]) -> dict[str, str]:
        """The Python files ``tree.python_files`` finds under ``paths`` in this revision,
        with their blob ids, read from git's objects only."""
        found: dict[str, str] = {}
        for relative in paths:
            if relative in self.files:
                if relative.endswith(".py"):
                    found[relative] = self.files[relative]
                continue
            prefix = "" if relative in ("", ".") else relative.rstrip("/") + "/"
            for file, blob in self.files.items():
                inside = file.startswith(prefix) and file.endswith(".py")
                if inside and not any(map(skipped, file[len(prefix) :].split("/")[:-1])):
                    found.setdefault(file, blob)
        return found

    def exists(self, relative: str) -> bool:
        """``relative`` is a Python file of the revision, or a folder holding one."""
        prefix = relative.rstrip("/") + "/"
        return relative in self.files or any(file.startswith(prefix) for file in self.files)

    def default_paths(self, here: str) -> list[str]:
        """``tree.default_paths`` of the revision's folder ``here``, from the listing."""
        return listed_default_paths(self.files, here)

    def materialize(self) -> Path:
        """The files written (once); their directory."""
        with self._lock:
            if not self._made:
                self._write()
                self._made = True
        return self.path

    def _write(self) -> None:
        changed = {
            name.decode("utf-8", "surrogateescape")
            for name in _git_out(
                self.repo, "diff", "--name-only", "-z", "--no-renames", self.commit, "--"
            ).split(b"\0")
            if name
        }
        files, repo, where = self.files, self.repo, self.path
        written = {path for path in files if path in changed or not (repo / path).is_file()}
        contents = _blobs(repo, sorted({files[path] for path in written}))
        made: set[Path] = set()
        for path, blob in files.items():
            target = where / path
            if target.parent not in made:
                target.parent.mkdir(parents=True, exist_ok=True)
                made.add(target.parent)
            if path in written:
                target.write_bytes(contents[blob])
                continue
            try:
                target.symlink_to(repo / path)
            except OSError:  # no symbolic links here (Windows without the privilege): a copy
                shutil.copyfile(repo / path, target)

    def close(self) -> None:
        shutil.rmtree(self._parent, ignore_errors=True)


@contextmanager
def lazy_overlay(repo: Path, commit: str) -> Iterator[Overlay]:
    """An ``Overlay`` of ``commit``, removed on exit."""
    made = Overlay(repo, commit)
    try:
        yield made
    finally:
        made.close()


@contextmanager
def overlay(repo: Path, commit: str) -> Iterator[Path]:
    """The Python files of ``commit`` in a temporary directory, written at once (an
    ``Overlay`` materialized); removed on exit."""
    with lazy_overlay(repo, commit) as made:
        yield made.materialize()


def _blobs(repo: Path, blobs: Sequence[str]) -> dict[str, bytes]:
    """The content of each blob (``git cat-file --batch``)."""
    if not blobs:
        return {}
    out = subprocess.run(
        ["git", "cat-file", "--batch"],
        cwd=repo,
        env=environment(),
        input="".join(f"{blob}\n" for blob in blobs).encode(),
        capture_output=True,
        check=False,
    ).stdout
    found: dict[str, bytes] = {}
    at = 0
    for blob in blobs:
        end = out.index(b"\n", at)
        header = out[at:end].split()
        if len(header) != 3:  # "<blob> missing"
            raise GitError(f"git cat-file: blob {blob} missing")
        size = int(header[2])
        found[blob] = out[end + 1 : end + 1 + size]
        at = end + 1 + size + 1
    return found
