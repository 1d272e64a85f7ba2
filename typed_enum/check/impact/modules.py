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
    text: str = ""
    whole: bool = True
    """False: only its import statements were parsed (it names nothing looked for)."""

    def mentions(self, word: str) -> bool:
        return word in self.text


def _absolute(module: Module, level: int, name: str | None) -> str:
    if level == 0:
        return name or ""
    base = module.package.split(".")
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join([*base, *([name] if name else [])])


def _read_imports(module: Module) -> None:
    top = {id(node) for node in module.tree.body}
    later: dict[str, str] = {}
    for node in ast.walk(module.tree):
        target = module.bindings if id(node) in top else later
        if isinstance(node, ast.Import):
            for alias in node.names:
                module.imports.add(alias.name)
                if alias.asname:
                    target.setdefault(alias.asname, alias.name)
                else:
                    head = alias.name.split(".")[0]
                    target.setdefault(head, head)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(module, node.level, node.module)
            module.imports.add(source)
            for alias in node.names:
                if alias.name == "*":
                    continue
                module.imports.add(f"{source}.{alias.name}")
                target.setdefault(alias.asname or alias.name, f"{source}.{alias.name}")
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
            if module.whole or not wanted.search(module.text):
                continue
            try:
                module.tree = parse_quietly(module.text)
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


def read_tree(root: Path, paths: Sequence[str], wanted: re.Pattern[str] | None = None) -> Tree:
    """Every module under ``paths`` of the revision checked out at ``root``: parsed
    whole if its text matches ``wanted`` (None: every module), else its imports only
    (``Tree.deepen`` parses it whole later)."""
    modules: dict[str, Module] = {}
    unparsed: list[tuple[str, str]] = []
    files = list(python_files(root, paths))
    names = module_names(files)
    for path in files:
        file = path.relative_to(root).as_posix()
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
            whole = wanted is None or wanted.search(text) is not None
            parsed = parse_quietly(text) if whole else _imports_only(text)
        except (SyntaxError, ValueError, OSError) as exc:
            unparsed.append((file, f"{type(exc).__name__}: {exc}"))
            continue
        name = names[path]
        package = name if path.stem == "__init__" else name.rpartition(".")[0]
        module = Module(name, file, parsed, package, text=text, whole=whole)
        _read_imports(module)
        modules.setdefault(name, module)
    tree = Tree(modules, unparsed)
    for module in modules.values():
        _aliases(module, tree)
    return tree
