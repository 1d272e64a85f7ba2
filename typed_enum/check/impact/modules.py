"""The new revision's modules: each one parsed once, who imports whom, and the names
each module binds to another module's objects (imports, re-exports, simple aliases).

Only the modules that import an enum's module, directly or through others, can
name its members: ``importers`` is the set the finder examines.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from typed_enum.check import census
from typed_enum.check.source import parse_quietly
from typed_enum.check.tree import module_names, python_files

__all__ = ["Module", "Tree", "dotted_parts", "read_tree"]


@dataclass
class Module:
    name: str
    file: str
    """Relative to the revision's root (posix)."""
    tree: ast.Module
    package: str
    """The package relative imports start from."""
    imports: set[str] = field(default_factory=set)
    """Every dotted name an import statement of the module names (absolute)."""
    bindings: dict[str, str] = field(default_factory=dict)
    """Name bound by an import anywhere in the module -> the dotted path it names."""
    path: Path | None = None
    """Its file, read again when its text is wanted (a large tree's texts are not kept)."""
    whole: bool = True
    """False: only its import statements were parsed (it names nothing looked for)."""
    _text: str | None = None

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = _read_text(self.path) if self.path is not None else ""
        return self._text

    def mentions(self, word: str) -> bool:
        return word in self.text


def _absolute(module: Module, level: int, name: str | None) -> str:
    if level == 0:
        return name or ""
    base = module.package.split(".")
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join([*base, *([name] if name else [])])


def _fact(node: ast.AST) -> _Import | None:
    """An import statement as ``_Import``; None for any other node."""
    if isinstance(node, ast.Import):
        return (-1, None, tuple((alias.name, alias.asname) for alias in node.names))
    if isinstance(node, ast.ImportFrom):
        names = tuple((alias.name, alias.asname) for alias in node.names)
        return (node.level, node.module, names)
    return None


def _record(module: Module, target: dict[str, str], fact: _Import) -> None:
    """One import statement's names: in ``module.imports``, bound in ``target``."""
    level, name, names = fact
    if level < 0:
        for imported, asname in names:
            module.imports.add(imported)
            if asname:
                target.setdefault(asname, imported)
            else:
                head = imported.split(".")[0]
                target.setdefault(head, head)
        return
    source = _absolute(module, level, name)
    module.imports.add(source)
    for imported, asname in names:
        if imported == "*":
            continue
        module.imports.add(f"{source}.{imported}")
        target.setdefault(asname or imported, f"{source}.{imported}")


def _read_imports(module: Module) -> None:
    top = {id(node) for node in module.tree.body}
    later: dict[str, str] = {}
    for node in ast.walk(module.tree):
        fact = _fact(node)
        if fact is not None:
            _record(module, module.bindings if id(node) in top else later, fact)
    for name, path in later.items():  # an import in a function: the module's name if unbound
        module.bindings.setdefault(name, path)


@dataclass
class Tree:
    modules: dict[str, Module]
    unparsed: list[tuple[str, str]]
    """(file, why) of the files that could not be parsed."""
    aliases: dict[str, str] = field(default_factory=dict)
    """Dotted path -> the dotted path it stands for (re-exports, ``X = pkg.Enum.member``)."""
    _users: dict[str, set[str]] | None = None
    """Dotted name -> the modules that import it (``importers``)."""

    def canonical(self, path: str) -> str:
        """``path`` with every re-export and alias on the way followed."""
        for _ in range(20):
            parts = path.split(".")
            for i in range(len(parts), 0, -1):
                prefix = ".".join(parts[:i])
                target = self.aliases.get(prefix)
                if target is not None and target != prefix:
                    path = ".".join([target, *parts[i:]])
                    break
            else:
                return path
        return path

    def deepen(self, wanted: re.Pattern[str], among: Iterable[Module]) -> list[Module]:
        """Parse whole the modules of ``among`` read for their imports only whose text
        matches ``wanted``; those modules."""
        found = []
        for module in among:
            if module.whole:
                continue
            text = module.text
            module._text = None  # a large tree's texts are not kept: read again if wanted
            if not wanted.search(text):
                continue
            try:
                module.tree = parse_quietly(text)
            except (SyntaxError, ValueError) as exc:
                self.unparsed.append((module.file, f"{type(exc).__name__}: {exc}"))
                continue
            module.whole = True
            module.imports.clear()
            module.bindings.clear()
            _read_imports(module)
            _aliases(module, self)
            found.append(module)
        return found

    def importers(self, module: str) -> list[Module]:
        """The modules that import ``module`` (or a package above it), transitively, and
        ``module`` itself."""
        if self._users is None:
            self._users = {}
            for name, found in self.modules.items():
                for imported in found.imports:
                    parts = imported.split(".")
                    for i in range(1, len(parts) + 1):
                        self._users.setdefault(".".join(parts[:i]), set()).add(name)
        users = self._users
        seen = {module}
        todo = [module]
        while todo:
            for user in users.get(todo.pop(), ()):
                if user not in seen:
                    seen.add(user)
                    todo.append(user)
        return [self.modules[name] for name in sorted(seen) if name in self.modules]


def dotted_parts(node: ast.AST) -> list[str] | None:
    """``["a", "b", "C"]`` for a name or attribute chain ``a.b.C``, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.insert(0, node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return [node.id, *parts]
    return None


def _aliases(module: Module, tree: Tree) -> None:
    """Re-exports and ``NAME = some.dotted.path`` at module and class level."""
    for name, path in module.bindings.items():
        tree.aliases.setdefault(f"{module.name}.{name}", path)

    def assigned(body: Iterable[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                assigned(node.body, f"{prefix}.{node.name}")
                continue
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                target, value = node.target, node.value
            else:
                continue
            parts = dotted_parts(value)
            if not isinstance(target, ast.Name) or parts is None:
                continue
            if len(parts) == 1 and parts[0] not in module.bindings and prefix != module.name:
                continue  # an enum's own alias (CRIMSON = RED) or a class-level name
            head = module.bindings.get(parts[0], f"{module.name}.{parts[0]}")
            tree.aliases.setdefault(f"{prefix}.{target.id}", ".".join([head, *parts[1:]]))

    assigned(module.tree.body, module.name)


_IMPORT_LINE = re.compile(r"[ \t]*(?:from[ \t]+\.*[\w.]*[ \t]+import\b|import[ \t]+\w)")


#: One import statement of a module read for its imports only, as the census keeps it:
#: (level, module, ((name, asname), ...)); level -1 is a plain ``import``.
_Import = tuple[int, str | None, tuple[tuple[str, str | None], ...]]


def _import_facts(data: bytes) -> tuple[_Import, ...] | None:
    """The import statements of a module (``_imports_only``), small enough to keep between
    runs; None when what they parse to holds more than imports (``import a; b = 1``)."""
    facts = [_fact(node) for node in _imports_only(data.decode("utf-8", "replace")).body]
    return None if None in facts else tuple(fact for fact in facts if fact is not None)


def _read_text(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return ""


def _imports_only(text: str) -> ast.Module:
    """The import statements of ``text`` (anywhere: in functions, under
    ``if TYPE_CHECKING:``), parsed one by one: all a module that names none of the
    words looked for is read for (who imports whom, re-exports)."""
    statements: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if not _IMPORT_LINE.match(lines[i]):
            i += 1
            continue
        statement, j = lines[i].strip(), i
        while (statement.count("(") > statement.count(")") or statement.endswith("\\")) and (
            j + 1 < len(lines)
        ):
            j += 1
            statement += "\n" + lines[j]
        statements.append(statement)
        i = j + 1
    with suppress(SyntaxError):  # all at once (one parse), unless one of them is no import
        whole: ast.Module = parse_quietly("\n".join(statements))
        return whole
    body: list[ast.stmt] = []
    for statement in statements:
        with suppress(SyntaxError):  # a docstring's line that starts "from ... import"
            body.extend(parse_quietly(statement).body)
    return ast.Module(body=body, type_ignores=[])


def read_tree(
    root: Path, paths: Sequence[str], wanted: re.Pattern[str] | None = None, whole: bool = True
) -> Tree:
    """Every module under ``paths`` of the revision checked out at ``root``: parsed
    whole if its text matches ``wanted`` (None: every module), else its imports only
    (``Tree.deepen`` parses it whole later); ``whole=False``: every module's imports
    only (the importers of a module are then deepened)."""
    modules: dict[str, Module] = {}
    unparsed: list[tuple[str, str]] = []
    files = list(python_files(root, paths))
    names = module_names(files)
    for path in files:
        file = path.relative_to(root).as_posix()
        try:
            facts: tuple[_Import, ...] | None = None
            data = path.read_bytes()
            read_whole = whole and (
                wanted is None or wanted.search(data.decode("utf-8", "replace")) is not None
            )
            if read_whole:
                parsed = parse_quietly(data.decode("utf-8", "replace"))
            else:  # issue 52: kept between runs by blob, parsed again only if it changed
                facts = census.remember("imports", data, _import_facts, keep=True)
                parsed = (
                    _imports_only(data.decode("utf-8", "replace"))
                    if facts is None
                    else ast.Module(body=[], type_ignores=[])
                )
        except (SyntaxError, ValueError, OSError) as exc:
            unparsed.append((file, f"{type(exc).__name__}: {exc}"))
            continue
        name = names[path]
        package = name if path.stem == "__init__" else name.rpartition(".")[0]
        module = Module(name, file, parsed, package, path=path, whole=read_whole)
        if read_whole or facts is None:
            _read_imports(module)
        else:  # what _read_imports finds in an imports-only tree: every import at the top
            for fact in facts:
                _record(module, module.bindings, fact)
        modules.setdefault(name, module)
    tree = Tree(modules, unparsed)
    for module in modules.values():
        _aliases(module, tree)
    return tree
