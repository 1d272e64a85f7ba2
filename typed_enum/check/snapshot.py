"""Every enum of one revision of a tree, by the dotted path it is importable under.

The tree's modules that can define an enum are imported in one child
process (``_child``), as ``typed-enum migrate`` does: a module's side
effects, ``sys.path`` and ``sys.modules`` stay out of the tool's own
process, and every class says itself which names are members and which are
aliases, whatever computed the values.  A module that cannot be imported is
read from its source (``source``) with a note; one that cannot even be
parsed is listed in ``unreadable``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from typed_enum import _enum_walk
from typed_enum.check import _child, census, child_process
from typed_enum.check.generate import Generator
from typed_enum.check.note_groups import resolved_base
from typed_enum.check.source import Base, ModuleSource, absolute, parse, source_enums, unresolved
from typed_enum.check.tree import enum_modules, import_root, module_names, python_files

__all__ = [
    "EnumRecord",
    "Member",
    "Snapshot",
    "auto_notes",
    "enum_record",
    "one_reading",
    "only_added",
    "parse_file",
    "read_sources",
    "resolve",
    "run_notes",
    "take",
]

_CHILD_SOURCE = Path(_child.__file__).read_text(encoding="utf-8")


@dataclass(frozen=True)
class Member:
    """One name of ``__members__``: a member (``canonical == name``) or an alias."""

    name: str
    canonical: str
    value: str
    """The value's repr."""
    form: Any
    """The value's JSON form (``_child.canonical``); ``{"unknown": ...}`` when the
    source did not tell it."""
    line: int
    auto: bool

    @property
    def is_alias(self) -> bool:
        return self.name != self.canonical

    @property
    def known(self) -> bool:
        return not isinstance(self.form, dict)

    @property
    def key(self) -> str:
        """What two values are compared by."""
        return json.dumps(self.form, sort_keys=True)


@dataclass(frozen=True)
class EnumRecord:
    path: str
    """module + "." + qualified name: where the class is importable."""
    qualname: str
    file: str
    """Path of its module, relative to the tree's root (posix)."""
    line: int
    kind: str
    traits: frozenset[str]
    open: bool
    members: tuple[Member, ...]
    from_source: bool
    reserved: tuple[Member, ...] = ()
    """Names retired with typed_enum's ``reserved()``, each with its value."""

    def get(self, name: str) -> Member | None:
        return next((m for m in self.members if m.name == name), None)

    def retired(self, name: str) -> Member | None:
        return next((m for m in self.reserved if m.name == name), None)


def only_added(old: EnumRecord, new: EnumRecord | None) -> bool:
    """``new`` is ``old`` with members or aliases added and nothing else changed that a
    rule judges (every old name with its value and canonical, the kind, the traits,
    openness, the retired values; no new name takes a retired value): each finding
    between the two is compatible whatever the storage."""
    if new is None or (old.kind, old.traits, old.open) != (new.kind, new.traits, new.open):
        return False
    retired = {(m.name, m.canonical, m.value, m.key) for m in old.reserved}
    if retired != {(m.name, m.canonical, m.value, m.key) for m in new.reserved}:
        return False
    kept = {m.name: (m.canonical, m.value, m.key) for m in new.members}
    if any(kept.get(m.name) != (m.canonical, m.value, m.key) for m in old.members):
        return False
    taken = {m.key for m in old.reserved}
    return not any(m.key in taken for m in new.members)


@dataclass
class Snapshot:
    root: Path
    enums: dict[str, EnumRecord] = field(default_factory=dict)
    notes: list[tuple[str, str]] = field(default_factory=list)
    """(file, text) notes: modules read from the source, ..."""
    unreadable: dict[str, tuple[str, str]] = field(default_factory=dict)
    """module -> (file, why): neither imported nor parsed."""
    modules: dict[str, str] = field(default_factory=dict)
    """module -> file, for every module that was read."""
    files: int = 0
    reexports: dict[str, str] = field(default_factory=dict)
    """In modules read from the source: dotted path -> the path it imports."""
    label: str = ""
    """The revision's name in notes (``take``'s label): every note starts ``label: ``."""
    imported: bool = True
    """False: read from the source only (``revision.read``), nothing run."""
    bases: dict[tuple[str, str], str] = field(default_factory=dict)
    """(file, qualified name) -> the dotted base of each class named in an unresolved-base
    note (``note_groups`` groups those notes by it)."""
    stars: dict[str, list[str]] = field(default_factory=dict)
    """module -> the modules it star-imports (``from .x import *``), absolute."""
    read: dict[str, str] = field(default_factory=dict)
    """module -> how its enums were read: "imported" or "source"."""
    not_imported: dict[str, str] = field(default_factory=dict)
    """module -> why it was not imported (modules read from the source while others ran)."""
    sources: dict[str, tuple[ModuleSource, dict[str, dict[str, Any]]]] = field(default_factory=dict)
    """module -> its parsed source and what reading its enums from the source gives
    (kept for imported modules too: ``one_reading`` reads them as the other side did)."""
    other_files: dict[str, Path] = field(default_factory=dict)
    """module -> file of the tree's modules that cannot define an enum (not read unless
    a re-export is followed through them)."""
    state: Any = None
    """Read from the source only: the ``revision.State`` it was made of (the other
    revision is read from it when only a few files differ).  Such a snapshot has no
    ``reexports`` or ``stars`` of its own: ``resolve`` reads them when it follows one."""
    tree: Any = None
    """An ``incremental.Overlay`` not written out yet (its reading was kept): written
    before ``resolve`` reads a file of it."""


def _relative(root: Path, file: str | None) -> str | None:
    if file is None:
        return None
    try:
        return Path(file).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return None


def enum_record(
    described: dict[str, Any], path: str, file: str, source: ModuleSource | None, from_source: bool
) -> EnumRecord:
    qualname = described["qualname"]
    info = source.classes.get(qualname) if source else None
    if info is not None:
        line = info.line
    elif source is not None:
        line = source.assigned.get(qualname, 1)
    else:
        line = 1

    def read(rows: list[list[Any]]) -> tuple[Member, ...]:
        found = []
        for name, canonical, value, form in rows:
            written = info.members.get(name) if info else None
            found.append(
                Member(
                    name,
                    canonical,
                    value,
                    form,
                    written.line if written else line,
                    written.auto if written else False,
                )
            )
        return tuple(found)

    return EnumRecord(
        path,
        qualname,
        file,
        line,
        described["kind"],
        frozenset(described["traits"]),
        described["open"],
        read(described["members"]),
        from_source,
        read(described.get("reserved", [])),
    )


def _run_child(
    roots: Sequence[str], modules: Sequence[str], paths: Sequence[str], cwd: Path
) -> Any:
    request = {
        "roots": list(roots),
        "modules": list(modules),
        "resolve": list(paths),
        "walk": _enum_walk.__file__,
    }
    try:
        return child_process.run(_CHILD_SOURCE, request, cwd)
    except child_process.ChildFailed as exc:
        return {"failed": str(exc)}


def parse_file(path: Path) -> ModuleSource | str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        return f"cannot read it: {exc}"
    # issue 52: one parse per blob, shared by both revisions and cached between runs.
    return census.parse(data, _parse_bytes)


def _parse_bytes(data: bytes) -> ModuleSource | str:
    try:
        return parse(data.decode("utf-8", "replace"))
    except SyntaxError as exc:
        return f"SyntaxError: {exc.msg} (line {exc.lineno})"
    except (RecursionError, MemoryError) as exc:  # nested past the parser's limits
        return f"{type(exc).__name__}: nested too deeply to parse"
    except (OSError, ValueError) as exc:
        return f"cannot read it: {exc}"


def _without_root(text: str, root: Path) -> str:
    """An import error without the temporary worktree's path (it differs every run)."""
    for shown in {str(root.resolve()), str(root)}:
        text = text.replace(shown + os.sep, "").replace(shown, ".")
    return text


def take(root: Path, paths: Sequence[str], label: str) -> Snapshot:
    """Read every enum under ``paths`` (relative to ``root``) of one revision by
    importing its modules (``revision.read`` reads one from the source only).

    ``label`` names the revision in notes ("the working tree", "HEAD", ...).
    Modules that cannot be imported are read from the source, their enum bases
    resolved through the tree's other modules; one note per reason a module
    was not imported (a missing dependency), naming how many it concerns.
    """
    snapshot = Snapshot(root, label=label)
    files = list(dict.fromkeys(python_files(root, paths)))
    snapshot.files = len(files)
    wanted = enum_modules(files)
    every = module_names(files)
    names = {path: every[path] for path in wanted}
    chosen = set(wanted)
    snapshot.other_files = {every[p]: p for p in files if p not in chosen}
    roots = sorted({str(import_root(path, names[path])) for path in wanted})
    run = bool(wanted)
    result = _run_child(roots, [names[p] for p in wanted], [], root) if run else {}
    imported: dict[str, Any] = result.get("modules", {})
    failed = result.get("failed")
    redefined: list[tuple[str, str, str, list[int]]] = []
    known: dict[str, Base] = {}
    from_source: list[tuple[str, str, str, ModuleSource, str]] = []
    parsed: list[tuple[str, str, ModuleSource]] = []
    for path in wanted:
        module = names[path]
        file = path.relative_to(root).as_posix()
        snapshot.modules[module] = file
        entry = imported.get(module, {"error": failed or "not imported"})
        source = parse_file(path)
        package = module if path.stem == "__init__" else module.rpartition(".")[0]
        if isinstance(source, ModuleSource):
            redefined += [(module, file, q, lines) for q, lines in source.redefined.items()]
            parsed.append((module, package, source))
            for name, target in source.imported.items():
                snapshot.reexports[f"{module}.{name}"] = absolute(package, target)
            snapshot.stars[module] = [absolute(package, star) for star in source.stars]
        if "classes" in entry:
            snapshot.read[module] = "imported"
            parsed_source = source if isinstance(source, ModuleSource) else None
            for qualname, described in entry["classes"].items():
                dotted = f"{module}.{qualname}"
                snapshot.enums[dotted] = enum_record(described, dotted, file, parsed_source, False)
                generate = described.get("generate")
                # A non-standard _generate_next_value_ seen by importing: unknown values
                # unless the class's source tells how to evaluate it (read_sources).
                owner = Generator(generate, None) if generate else None
                known[dotted] = Base(described["kind"], tuple(described["traits"]), False, owner)
            continue
        if isinstance(source, str):
            snapshot.unreadable[module] = (file, source)
            continue
        snapshot.read[module] = "source"
        why = _without_root(entry["error"], root)
        snapshot.not_imported[module] = why
        from_source.append((module, file, package, source, why))
    found = read_sources(parsed, known, {m for m, r in snapshot.read.items() if r == "imported"})
    for module, _package, source in parsed:
        snapshot.sources[module] = (source, found[module])
    why_files: dict[str, list[str]] = {}
    for module, file, package, source, why in from_source:
        if found[module]:
            why_files.setdefault(why, []).append(file)
        for qualname, described in found[module].items():
            dotted = f"{module}.{qualname}"
            snapshot.enums[dotted] = enum_record(described, dotted, file, source, True)
        snapshot.notes += auto_notes(label, file, source, found[module])
        for qualname, line, base in unresolved(source, found[module], known, package):
            snapshot.bases[file, qualname] = resolved_base(base, source.imported, package)
            snapshot.notes.append(
                (
                    file,
                    f"{label}: class {qualname} (line {line}) derives from {base}, which "
                    f"reading the source cannot resolve to an enum: it was not compared "
                    + f"(the module was not imported: {why})",
                )
            )
    for why, where in why_files.items():
        others = len(where) - 1
        what = (
            f"this module and {others} other module{'s' if others != 1 else ''} were not"
            if others
            else "not"
        )
        snapshot.notes.append(
            (
                where[0],
                f"{label}: {what} imported ({why}); "
                f"{'their' if others else 'its'} enums were read from the source",
            )
        )
    for module, file, qualname, lines in redefined:
        if f"{module}.{qualname}" in snapshot.enums:
            snapshot.notes.append(
                (
                    file,
                    f"{label}: enum {qualname} is defined {len(lines)} times (lines "
                    f"{', '.join(map(str, lines))}); the last definition is the one "
                    f"importable, and the one compared",
                )
            )
    return snapshot


def read_sources(
    parsed: Sequence[tuple[str, str, ModuleSource]], known: dict[str, Base], imported: set[str]
) -> dict[str, dict[str, dict[str, Any]]]:
    """Every parsed module's enums read from its source, bases resolved through the tree's
    other modules (``known`` grows with them: repeat until nothing new).  An imported
    class keeps the kind and traits importing gave; its ``_generate_next_value_`` comes
    from its source."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for _ in range(len(parsed) + 1):
        before = dict(known)
        for module, package, source in parsed:
            found[module] = source_enums(source, known, package, module)
            for qualname, described in found[module].items():
                dotted = f"{module}.{qualname}"
                if module in imported:
                    # Importing told whether it has its own _generate_next_value_; the
                    # source, how to evaluate it.
                    if dotted not in known:
                        continue
                    if known[dotted].generate is not None:
                        read = described["generate"]
                        if read is not None and read.read:
                            known[dotted] = known[dotted]._replace(generate=read)
                    known[dotted] = known[dotted]._replace(new=described["new"])
                    continue
                known[dotted] = Base(
                    described["kind"],
                    tuple(described["traits"]),
                    False,
                    described["generate"],
                    described["new"],
                )
        if known == before:
            break
    return found


def auto_notes(
    label: str | None, file: str, source: ModuleSource, found: dict[str, dict[str, Any]]
) -> list[tuple[str, str]]:
    """One note per class read from the source whose values (``auto()`` ones, or all
    under a ``__new__``) could not be told (``label`` None: the text without it)."""
    notes = []
    start = "" if label is None else f"{label}: "
    for qualname, described in found.items():
        info = source.classes.get(qualname)
        line = info.line if info else source.assigned.get(qualname, 1)
        if described.get("new") is not None and described["members"]:
            notes.append(
                (
                    file,
                    f"{start}the values of {qualname} (line {line}) are what "
                    f"{described['new']}.__new__ makes of them, which reading the source does "
                    f"not run: its members are compared by name only",
                )
            )
            continue
        owner = described.get("auto from")
        if owner is None:
            continue
        count = sum(1 for m in described["members"] if m[3] == {"unknown": "auto()"})
        notes.append(
            (
                file,
                f"{start}the auto() values of {qualname} (line {line}) {owner}: its "
                f"{count} auto() member{'s are' if count != 1 else ' is'} compared by name "
                f"only",
            )
        )
    return notes


def one_reading(old: Snapshot, new: Snapshot) -> None:
    """Read each module the same way in both revisions, with notes (in the re-read
    revision's ``notes``) that say so.

    A module imported in one revision and read from its source in the other (a
    dependency missing on one side) is read from its source in both: values that
    only importing can tell (a computed value, an ``auto()`` under an unusual
    ``_generate_next_value_``) would otherwise differ between the two readings,
    not between the revisions.  An enum that only importing finds (built at
    import) is then compared in neither revision, with a note.
    """
    aligned: dict[tuple[str, str, str], list[str]] = {}
    for module in sorted(old.read.keys() & new.read.keys()):
        if old.read[module] == new.read[module]:
            continue
        ran, other = (old, new) if old.read[module] == "imported" else (new, old)
        file = ran.modules[module]
        why = other.not_imported.get(module, "not imported")
        if module not in ran.sources:  # imported, yet its source does not parse
            ran.notes.append(
                (
                    file,
                    f"{ran.label}: imported, while {other.label} read it from the source "
                    f"({why}), and its source cannot be parsed here to read it the same "
                    f"way: a value change between the two may come from the readings",
                )
            )
            continue
        source, found = ran.sources[module]
        gone = {p: r for p, r in ran.enums.items() if r.file == file and not r.from_source}
        for path in gone:
            del ran.enums[path]
        for qualname, described in found.items():
            dotted = f"{module}.{qualname}"
            ran.enums[dotted] = enum_record(described, dotted, file, source, True)
        ran.notes += auto_notes(ran.label, file, source, found)
        if gone or found:
            aligned.setdefault((ran.label, other.label, why), []).append(file)
        for _path, record in sorted(gone.items()):
            if record.qualname not in found:
                ran.notes.append(
                    (
                        file,
                        f"{ran.label}: enum {record.qualname} (line {record.line}) is seen "
                        f"only by importing the module (built at import), which "
                        f"{other.label} could not do ({why}): it was compared in neither "
                        f"revision",
                    )
                )

    for (label, other_label, why), files in aligned.items():
        ran = old if old.label == label else new
        others = len(files) - 1
        what = (
            f"this module and {others} other module{'s' if others != 1 else ''} were read"
            if others
            else "read"
        )
        ran.notes.append(
            (
                files[0],
                f"{label}: {what} from the source, not imported, as in {other_label} (where "
                f"importing {'them' if others else 'it'} failed: {why}), so that both "
                f"revisions are read the same way",
            )
        )


def run_notes(old: Snapshot, new: Snapshot) -> list[tuple[str, str]]:
    """Both revisions' notes, sorted, a note both give once (``HEAD and the working
    tree: ...``): one missing dependency is one note per run."""
    prefix = f"{old.label}: "
    theirs = {(file, text.removeprefix(f"{new.label}: ")) for file, text in new.notes}
    notes: list[tuple[str, str]] = []
    shared: set[tuple[str, str]] = set()
    for file, text in old.notes:
        rest = text.removeprefix(prefix)
        if text.startswith(prefix) and (file, rest) in theirs:
            shared.add((file, rest))
            notes.append((file, f"{old.label} and {new.label}: {rest}"))
        else:
            notes.append((file, text))
    for file, text in new.notes:
        if (file, text.removeprefix(f"{new.label}: ")) not in shared:
            notes.append((file, text))
    return sorted(notes)


def _through_source(snapshot: Snapshot, path: str) -> EnumRecord | None:
    """The enum ``path`` names through the tree's imports as the source writes them:
    ``from .x import Color`` and ``from .x import *`` (followed in turn)."""
    pending, seen = [path], set[str]()
    while pending:
        path = pending.pop(0)
        if path in seen or len(seen) > 100:
            continue
        seen.add(path)
        if path in snapshot.enums:
            return snapshot.enums[path]
        module = path.rpartition(".")[0]
        if module not in snapshot.stars:
            # Modules read from a kept reading (``revision``) and those that define no
            # enum: their imports are read when one is followed.
            if module in snapshot.other_files:
                _imports_of(snapshot, module, snapshot.other_files[module])
            elif module in snapshot.modules:
                _imports_of(snapshot, module, snapshot.root / snapshot.modules[module])
        if path in snapshot.reexports:
            pending.append(snapshot.reexports[path])
            continue
        name = path.rpartition(".")[2]
        pending += [f"{star}.{name}" for star in snapshot.stars.get(module, [])]
    return None


def _imports_of(snapshot: Snapshot, module: str, path: Path) -> None:
    """Record the re-exports of a module (read when one is followed through it)."""
    source = parse_file(path)
    snapshot.stars[module] = []
    if isinstance(source, str):
        return
    package = module if path.stem == "__init__" else module.rpartition(".")[0]
    for name, target in source.imported.items():
        snapshot.reexports.setdefault(f"{module}.{name}", absolute(package, target))
    snapshot.stars[module] = [absolute(package, star) for star in source.stars]


def resolve(snapshot: Snapshot, paths: Sequence[str]) -> dict[str, EnumRecord]:
    """The enum classes ``paths`` name in this revision though none is defined under
    that path: re-exports (``from .new_home import Color``)."""
    if not paths:
        return {}
    if snapshot.tree is not None:
        snapshot.tree.materialize()
    found: dict[str, EnumRecord] = {}
    asked: dict[str, str] = {}
    for path in paths:
        target = snapshot.reexports.get(path, path)
        record = _through_source(snapshot, path)
        if record is not None:
            found[path] = record
        else:
            asked[target] = path
    if not asked or not snapshot.imported:
        return found
    root = snapshot.root
    roots = sorted(
        {str(import_root(root / file, module)) for module, file in snapshot.modules.items()}
        | {str(root)}
    )
    result = _run_child(roots, [], list(asked), root)
    for target, described in result.get("resolved", {}).items():
        path = asked[target]
        if described is None:
            continue
        dotted = f"{described['module']}.{described['qualname']}"
        if dotted in snapshot.enums:
            found[path] = snapshot.enums[dotted]
            continue
        file = _relative(root, described["file"])
        source = parse_file(root / file) if file else None
        parsed = source if isinstance(source, ModuleSource) else None
        found[path] = enum_record(described, dotted, file or described["module"], parsed, False)
    return found
