"""One revision read from the source only (``--no-import``), module by module, kept
between runs and brought up to date from the other revision (issue 52).

A revision's reading is a function of its files' contents: its ``key`` is a digest
of every file's path and git blob id (and of the PATHs read).  What each module
gives the snapshot (its enums, notes, the bases it resolves) is one ``Part``; a ``State`` is every part plus what ties them together: which files can
define an enum, the class names that chose them, the bases resolved across modules.

- A state is kept in the census cache under its key: a revision read before (the
  commit the last run checked as its working tree) is not read again; a commit's
  key comes from git's listing, so its files are not even written out then.
- Re-exports are not kept: ``snapshot.resolve`` reads a module's imports when it
  follows a moved enum through it (a state of a large tree stays a few megabytes).
- A revision whose files differ from an already read one by a few files is read
  from that one (``advance``): only the changed files are parsed.  The answer is
  the whole reading's, because every way a changed file could change another
  module's reading sends the revision to the whole reading instead: a file that
  can define an enum appears, disappears or changes the class names it defines; a
  file that could not define one now can (it mentions enum, or a class the tree's
  enum modules define); an ``__init__.py`` appears or goes (module names); a
  changed module resolves its classes to other bases than before (the modules
  deriving from them would read differently).
- ``--full`` reads every module of each revision itself (no census, no base):
  tests/check/test_check_incremental.py holds the two readings equal.
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from typed_enum.check import census
from typed_enum.check.incremental import Overlay
from typed_enum.check.note_groups import resolved_base
from typed_enum.check.snapshot import (
    EnumRecord,
    Snapshot,
    auto_notes,
    enum_record,
    parse_file,
    read_sources,
)
from typed_enum.check.source import Base, ModuleSource, source_enums, unresolved
from typed_enum.check.tree import (
    Facts,
    can_define,
    enum_classes,
    enum_facts,
    may_be_enums,
    module_names,
    python_files,
)

__all__ = ["Part", "State", "read"]

#: The layout of a kept state (the census directory names the tool's version and
#: source digest already; this names what a state holds).
_LAYOUT = "revision-1"


@dataclass
class Part:
    """What one module that can define an enum gives its revision's snapshot."""

    file: str
    records: dict[str, EnumRecord] = field(default_factory=dict)
    notes: list[tuple[str, str]] = field(default_factory=list)
    """(file, text) without the revision's label."""
    bases: dict[tuple[str, str], str] = field(default_factory=dict)
    known: dict[str, Base] = field(default_factory=dict)
    """The bases its classes are to the tree's other modules (``_read_sources``)."""
    unreadable: str | None = None
    """Why it could not be parsed; None: parsed."""


@dataclass
class State:
    """One revision read from the source: every module's part and what ties them."""

    key: str
    listing: dict[str, str]
    """Every file read (relative posix path) -> its blob id."""
    chosen: list[str]
    """The files that can define an enum, in reading order."""
    modules: dict[str, str]
    """file -> module, for the chosen files."""
    other_files: dict[str, str]
    """module -> file, for the others."""
    facts: dict[str, Facts]
    """file -> what it says of enums (``tree.enum_facts``), for the chosen files."""
    names: frozenset[str]
    """The tree's classes that may be enums or enum bases (``tree.enum_classes``)."""
    parts: dict[str, Part]
    """file -> its part, for the chosen files."""
    known: dict[str, Base]

    def snapshot(self, root: Path, label: str) -> Snapshot:
        """The snapshot of this state (fresh containers: the caller may change them)."""
        snapshot = Snapshot(root, label=label, imported=False, state=self)
        snapshot.files = len(self.listing)
        snapshot.other_files = {module: root / file for module, file in self.other_files.items()}
        for file in self.chosen:
            module, part = self.modules[file], self.parts[file]
            snapshot.modules[module] = file
            if part.unreadable is not None:
                snapshot.unreadable[module] = (file, part.unreadable)
                continue
            snapshot.read[module] = "source"
            snapshot.not_imported[module] = "not imported"
        for file in self.chosen:
            part = self.parts[file]
            snapshot.enums.update(part.records)
            snapshot.notes += [(where, f"{label}: {text}") for where, text in part.notes]
            snapshot.bases.update(part.bases)
        return snapshot


def _key(listing: dict[str, str], paths: Sequence[str]) -> str:
    digest = hashlib.sha1(usedforsecurity=False)
    digest.update(f"{_LAYOUT}\0{chr(0).join(paths)}\0\0".encode())
    for file in sorted(listing):
        digest.update(f"{file}\0{listing[file]}\0".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _package(module: str, file: str) -> str:
    return module if file.endswith("__init__.py") else module.rpartition(".")[0]


def _part(module: str, file: str, source: ModuleSource, found: dict[str, Any]) -> Part:
    """A parsed module's part, from its classes read with the tree's bases (``found``)."""
    part = Part(file)
    for qualname, described in found.items():
        dotted = f"{module}.{qualname}"
        part.records[dotted] = enum_record(described, dotted, file, source, True)
        part.known[dotted] = Base(
            described["kind"],
            tuple(described["traits"]),
            False,
            described["generate"],
            described["new"],
        )
    return part


def _noted(
    part: Part, module: str, source: ModuleSource, found: dict[str, Any], known: dict[str, Base]
) -> Part:
    """``part`` with the notes of its module (``known``: every base the tree resolves)."""
    file, package = part.file, _package(module, part.file)
    part.notes += auto_notes(None, file, source, found)
    for qualname, line, base in unresolved(source, found, known, package):
        part.bases[file, qualname] = resolved_base(base, source.imported, package)
        part.notes.append(
            (
                file,
                f"class {qualname} (line {line}) derives from {base}, which reading the "
                f"source cannot resolve to an enum: it was not compared (--no-import)",
            )
        )
    for qualname, lines in source.redefined.items():
        if f"{module}.{qualname}" in part.records:
            part.notes.append(
                (
                    file,
                    f"enum {qualname} is defined {len(lines)} times (lines "
                    f"{', '.join(map(str, lines))}); the last definition is the one "
                    f"importable, and the one compared",
                )
            )
    return part


def _whole(root: Path, files: list[Path], listing: dict[str, str], key: str) -> State:
    """Every module of the revision read, bases resolved across all of them."""
    every = {path: enum_facts(path) for path in files}
    classes = enum_classes(every.values())
    wanted = [path for path in files if can_define(every[path], classes)]
    names = module_names(files)
    chosen = set(wanted)
    relative = {path: path.relative_to(root).as_posix() for path in files}
    parsed: list[tuple[str, str, ModuleSource]] = []
    sources: dict[str, ModuleSource | str] = {}
    for path in wanted:
        module, file = names[path], relative[path]
        source = sources[file] = parse_file(path)
        if isinstance(source, ModuleSource):
            parsed.append((module, _package(module, file), source))
    known: dict[str, Base] = {}
    found = read_sources(parsed, known, set())
    parts: dict[str, Part] = {}
    for path in wanted:
        module, file = names[path], relative[path]
        source = sources[file]
        if isinstance(source, str):
            parts[file] = Part(file, unreadable=source)
            continue
        parts[file] = _noted(
            _part(module, file, source, found[module]), module, source, found[module], known
        )
    return State(
        key,
        listing,
        [relative[path] for path in wanted],
        {relative[path]: names[path] for path in wanted},
        {names[path]: relative[path] for path in files if path not in chosen},
        {relative[path]: every[path] for path in wanted},
        classes,
        parts,
        known,
    )


def _same_bases(one: dict[str, Base], other: dict[str, Base]) -> bool:
    """The two modules' classes resolve to equal bases (a generator by its syntax)."""

    def key(base: Base) -> tuple[object, ...]:
        generate = base.generate
        made = (
            None
            if generate is None
            else (
                generate.owner,
                None if generate.returns is None else ast.dump(generate.returns),
                generate.params,
                generate.read,
            )
        )
        return (base.kind, base.traits, base.django, made, base.new)

    return one.keys() == other.keys() and all(key(one[k]) == key(other[k]) for k in one)


def _stays_other(path: Path, classes: frozenset[str]) -> bool:
    """A file that cannot define an enum and adds no enum class to the tree's ``classes``
    (so that every other file is chosen as before)."""
    facts = enum_facts(path)
    return not may_be_enums(facts, classes) and not can_define(facts, classes)


def advance(
    base: State, root: Path, files: list[Path], listing: dict[str, str], key: str
) -> State | None:
    """The state of the revision ``files`` are, from ``base`` (another revision's): only
    the files whose blob differs are read.  None when a difference may change the reading
    of a file that did not change (the whole revision is then read)."""
    old = base.listing
    added = listing.keys() - old.keys()
    removed = old.keys() - listing.keys()
    changed = {file for file in listing.keys() & old.keys() if listing[file] != old[file]}
    if any(file.rpartition("/")[2] == "__init__.py" for file in added | removed):
        return None
    at = {path.relative_to(root).as_posix(): path for path in files}
    modules = dict(base.modules)
    other_files = dict(base.other_files)
    facts = dict(base.facts)
    parts = dict(base.parts)
    known = dict(base.known)
    for file in removed:
        if file in base.modules:
            if base.facts[file][1] or base.parts[file].known:
                return None  # its classes may be the bases of others
            del modules[file], facts[file], parts[file]
        else:
            other_files = {m: f for m, f in other_files.items() if f != file}
    reread: list[str] = []
    for file in sorted(changed | added):
        path = at[file]
        if file not in base.modules:
            if not _stays_other(path, base.names):
                return None
            other_files.update(dict.fromkeys(module_names([path]).values(), file))
            continue
        if enum_facts(path) != base.facts[file]:
            return None  # the tree's enum classes may differ: which files are chosen
        reread.append(file)
    for file in reread:
        module = modules[file]
        source = parse_file(at[file])
        if isinstance(source, str):
            if base.parts[file].known:
                return None
            parts[file] = Part(file, unreadable=source)
            continue
        found = source_enums(source, known, _package(module, file), module)
        part = _part(module, file, source, found)
        if not _same_bases(part.known, base.parts[file].known):
            return None
        parts[file] = _noted(part, module, source, found, known)
    order = [path.relative_to(root).as_posix() for path in files]
    return State(
        key,
        listing,
        [file for file in order if file in modules],
        modules,
        other_files,
        facts,
        base.names,
        parts,
        known,
    )


def read(
    tree: Path | Overlay, paths: Sequence[str], label: str, base: State | None = None
) -> Snapshot:
    """Every enum under ``paths`` (relative to ``tree``) of one revision, read from the
    source: from the kept state of these files if there is one, else from ``base`` (the
    other revision's state) if only a few files differ, else every module read.  An
    ``Overlay`` is written out only when its kept state (found by its git listing) is
    not enough."""
    if isinstance(tree, Overlay):
        kept = census.load_state(_key(tree.listing(paths), paths))
        if isinstance(kept, State) and all(p.unreadable is None for p in kept.parts.values()):
            census.tell(f"{label} kept from an earlier run")
            snapshot = kept.snapshot(tree.path, label)
            snapshot.tree = tree
            return snapshot
        root = tree.materialize()
    else:
        root = tree
    files = list(dict.fromkeys(python_files(root, paths)))
    listing = {path.relative_to(root).as_posix(): census.file_blob(path) for path in files}
    key = _key(listing, paths)
    state = census.load_state(key)
    if isinstance(state, State):
        census.tell(f"{label} kept from an earlier run")
        return state.snapshot(root, label)
    state = advance(base, root, files, listing, key) if base is not None else None
    if state is not None:
        assert base is not None
        differ = sum(
            listing.get(file) != base.listing.get(file) for file in listing.keys() | base.listing
        )
        census.tell(
            f"{label} from the other revision ({differ} file{'s' if differ != 1 else ''} "
            f"differ{'s' if differ == 1 else ''})"
        )
    else:
        state = _whole(root, files, listing, key)
        census.tell(f"{label} whole")
    census.store_state(key, state)
    return state.snapshot(root, label)
