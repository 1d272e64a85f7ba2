"""The storage map of one revision: every module of the tree read with ``ast``, each
library's reader run on the modules that import that library (or the project's own
modules), then the import step (``imported``), then the references no reader
classified (``references``): each makes its enum's storage unknown."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Final

from typed_enum.check.storage import django, msgspec, pydantic, sqlalchemy
from typed_enum.check.storage.imported import read_imported
from typed_enum.check.storage.places import Place, StorageMap, Unread
from typed_enum.check.storage.references import unclassified
from typed_enum.check.storage.scope import Module, Tree, quiet_parse
from typed_enum.check.tree import module_names, python_files

__all__ = ["READERS", "find"]

Reader = Callable[[Tree, Module], Iterator[Place | Unread]]
#: top-level package a module imports -> the reader of its declarations.
READERS: Final[dict[str, tuple[Reader, ...]]] = {
    "sqlalchemy": (sqlalchemy.read,),
    # SQLModel: a model is a pydantic model, a table a SQLAlchemy one.
    "sqlmodel": (sqlalchemy.read, pydantic.read),
    "django": (django.read,),
    "pydantic": (pydantic.read,),
    "pydantic_settings": (pydantic.read,),
    "msgspec": (msgspec.read,),
}
_MENTIONS: Final = re.compile(r"\b(?:" + "|".join(READERS) + r")\b")


def _parse(text: str) -> ast.Module | str:
    try:
        parsed: ast.Module = quiet_parse(text)
    except SyntaxError as exc:
        return f"SyntaxError: {exc.msg} (line {exc.lineno})"
    except (RecursionError, MemoryError) as exc:
        return f"{type(exc).__name__}: nested too deeply to parse"
    except ValueError as exc:
        return f"cannot read it: {exc}"
    return parsed


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return ""


def _libraries(module: Module, project: Collection[str]) -> set[str]:
    """The libraries the module imports, or imports through the project's own modules
    (a models module that imports its Base from the project)."""
    heads = {target.partition(".")[0] for target in module.imports.values()}
    found = {head for head in heads if head in READERS}
    if heads & set(project):
        found.add("project")
    return found


def _words(enums: Collection[str]) -> re.Pattern[str]:
    """A pattern matching the class name of any of ``enums``."""
    names = sorted({enum.rpartition(".")[2] for enum in enums})
    if not names:
        return re.compile(r"(?!x)x")
    return re.compile(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b")


def find(
    root: Path, paths: Sequence[str], enums: Collection[str], imports: bool = True
) -> StorageMap:
    """Where each of ``enums`` (dotted paths) is stored in the tree at ``root``;
    ``imports``: SQLAlchemy's model modules are imported where they can be
    (``imported``), and what SQLAlchemy built replaces the source's reading."""
    storage = StorageMap()
    modules: dict[str, Module] = {}
    words = _words(enums)
    files: dict[str, Path] = {}
    texts = {path: _read(path) for path in dict.fromkeys(python_files(root, paths))}
    # A tree that names none of the libraries stores no enum through them: nothing
    # more is read (most packages: no module is parsed again).
    used = {found for text in texts.values() for found in _MENTIONS.findall(text)}
    if not used:
        return storage
    names = module_names(list(texts))
    for path, text in texts.items():
        file = path.relative_to(root).as_posix()
        parsed = _parse(text)
        if isinstance(parsed, str):
            if _MENTIONS.search(text) or words.search(text):
                unread = Unread(
                    names[path],
                    file,
                    1,
                    f"cannot be read ({parsed}): the models in it were not read, and "
                    f"where the enums they store are stored is unknown",
                )
                storage.unread.append(unread)
                # Which enums it stores is not known: every enum it names (a text search).
                for enum in enums:
                    if re.search(rf"\b{re.escape(enum.rpartition('.')[2])}\b", text):
                        storage.note(replace(unread, enum=enum))
            continue
        name = names[path]
        modules[name] = Module(name, file, parsed, path.stem == "__init__")
        files[name] = path
    tree = Tree(modules, enums)
    project = {name.partition(".")[0] for name in modules}
    readers = list(dict.fromkeys(r for library in sorted(used) for r in READERS[library]))
    covered: set[tuple[str, int, str]] = set()
    for module in modules.values():
        if not _libraries(module, project):
            continue
        for reader in readers:
            for found in reader(tree, module):
                covered.add((found.file, found.line, found.enum))
                if isinstance(found, Place):
                    storage.add([found])
                    continue
                if found.enum:
                    storage.note(found)
                    found = replace(found, enum="")
                if found not in storage.unread:
                    storage.unread.append(found)
    if imports:
        read_imported(root, files, tree, storage)
    covered |= {(p.file, p.line, p.enum) for places in storage.places.values() for p in places}
    for unread in unclassified(tree, covered):
        storage.note(unread)
    for module in modules.values():
        for local in module.imports:
            dotted = f"{module.name}.{local}"
            defined = tree.enum(dotted)
            if defined is not None and defined != dotted:
                storage.aliases[dotted] = defined
    storage.unread.sort(key=lambda u: (u.file, u.line, u.what))
    return storage
