"""The SQLAlchemy columns of the tree's model modules, read by importing them (``_imported``
in a child process) where they can be imported: what SQLAlchemy built replaces what the
source said for that module; a module that cannot be imported keeps the source's reading."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any, Final

from typed_enum.check import child_process
from typed_enum.check.storage import _imported
from typed_enum.check.storage.places import Place, StorageMap, Unread
from typed_enum.check.storage.scope import Module, Tree
from typed_enum.check.tree import import_root

__all__ = ["read_imported"]

LIBRARY: Final = "SQLAlchemy"
_SOURCE: Final = Path(_imported.__file__).read_text(encoding="utf-8")
_IMPORTS: Final = frozenset({"sqlalchemy", "sqlmodel"})


def _run(roots: list[str], modules: list[str], cwd: Path) -> dict[str, Any]:
    try:
        result = child_process.run(_SOURCE, {"roots": roots, "modules": modules}, cwd)
    except child_process.ChildFailed:
        return {}
    return result if isinstance(result, dict) else {}


def _line(module: Module, where: str) -> int:
    """The line of ``where`` (``module.Class.attr``) in the module's source."""
    qualname, _, attr = where.removeprefix(module.name + ".").rpartition(".")
    node = module.classes.get(qualname)
    if node is None:
        return 1
    for statement in node.body:
        targets = (
            statement.targets
            if isinstance(statement, ast.Assign)
            else [statement.target]
            if isinstance(statement, ast.AnnAssign)
            else []
        )
        if any(isinstance(t, ast.Name) and t.id == attr for t in targets):
            return statement.lineno
    return node.lineno


def read_imported(root: Path, files: dict[str, Path], tree: Tree, storage: StorageMap) -> None:
    """Replace the source's SQLAlchemy places of each importable model module in
    ``storage`` by what importing it shows."""
    wanted = [
        name
        for name, module in tree.modules.items()
        if {target.partition(".")[0] for target in module.imports.values()} & _IMPORTS
    ]
    if not wanted:
        return
    roots = {str(import_root(files[name], name)) for name in wanted}
    for full in tree.roots.values():  # apps imported by their short names: their folder too
        if full in files:
            package = files[full].stem == "__init__"
            roots.add(str(files[full].parents[1 if package else 0]))
    result = _run(sorted(roots), wanted, root)
    for name, entry in result.get("modules", {}).items():
        if "columns" not in entry or entry.get("errors"):
            continue  # not imported, or not read once imported: the source's reading stands
        module = tree.modules[name]
        ours = [
            p
            for places in storage.places.values()
            for p in places
            if p.library == LIBRARY and p.file == module.file
        ]
        by_where = {p.where: p for p in ours}
        for held in list(storage.places):
            kept = [p for p in storage.places[held] if p not in ours]
            if kept:
                storage.places[held] = kept
            else:
                del storage.places[held]
        storage.unread = [
            u for u in storage.unread if not (u.file == module.file and u.why.startswith(LIBRARY))
        ]
        for noted, notes in list(storage.unknown.items()):
            left = [u for u in notes if not (u.file == module.file and u.why.startswith(LIBRARY))]
            if left:
                storage.unknown[noted] = left
            else:
                del storage.unknown[noted]
        for where, path, stored, kind in entry["columns"]:
            enum = tree.enum(path)
            if enum is None:
                continue
            before = by_where.get(where)
            line = before.line if before is not None else _line(module, where)
            if stored not in ("name", "value"):
                storage.unread.append(
                    Unread(
                        where,
                        module.file,
                        line,
                        f"{LIBRARY} {kind} stores neither the names nor the values of {enum}",
                    )
                )
                continue
            if before is not None and before.how == stored:
                kind = before.kind
            storage.add([Place(enum, where, stored, LIBRARY, kind, module.file, line)])
