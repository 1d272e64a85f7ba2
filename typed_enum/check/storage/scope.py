"""The tree's modules as ``ast``, and what a name written in one of them refers to.

Shared by the library readers: a name (``Status``, ``models.CharField``,
``sa.Enum``) is resolved through the module's imports and classes to the
dotted path it names, re-exports followed; a class's bases are followed
through the tree to tell a pydantic model or a Django model from other
classes (subclasses of the project's own bases count).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field

from typed_enum.check.source import parse_quietly

__all__ = ["Module", "Tree", "dotted", "quiet_parse"]

#: Longest chain of re-exports followed.
_HOPS = 20


#: ``ast.parse`` of the user's code without the warnings it prints
#: (``SyntaxWarning: invalid escape sequence``): the code is read, not judged.
#: source's filter, not ``catch_warnings()``, which is not safe in threads.
quiet_parse = parse_quietly


def dotted(node: ast.expr) -> str:
    """``a.b.C`` for a name or attribute chain, else ``""``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = dotted(node.value)
        return f"{head}.{node.attr}" if head else ""
    return ""


def _absolute(package: str, level: int, module: str | None) -> str:
    if not level:
        return module or ""
    parts = package.split(".") if package else []
    base = parts[: len(parts) - level + 1] if level > 1 else parts
    return ".".join([*base, *([module] if module else [])])


def _module_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements run at import: the body, and the bodies of its ``if``, ``try``
    and ``with`` blocks (``if TYPE_CHECKING:``), not of functions and classes."""
    for statement in body:
        yield statement
        if isinstance(statement, ast.If | ast.With | ast.Try | ast.TryStar):
            nested: list[ast.stmt] = list(statement.body)
            nested += getattr(statement, "orelse", [])
            nested += getattr(statement, "finalbody", [])
            for handler in getattr(statement, "handlers", []):
                nested += handler.body
            yield from _module_level(nested)


@dataclass
class Module:
    name: str
    file: str
    """Relative to the tree's root, posix."""
    tree: ast.Module
    is_package: bool = False
    imports: dict[str, str] = field(default_factory=dict)
    """Module-level local name -> the dotted path it was imported as."""
    classes: dict[str, ast.ClassDef] = field(default_factory=dict)
    """Qualified name -> class (nested classes too)."""
    stars: list[str] = field(default_factory=list)
    """The modules ``from m import *`` imports, in order."""
    functions: dict[str, ast.FunctionDef] = field(default_factory=dict)
    """Module-level functions by name (a project's own column helper)."""
    aliases: dict[str, ast.expr] = field(default_factory=dict)
    """Module-level ``Name = other.name``: what the name stands for."""

    def __post_init__(self) -> None:
        package = self.name if self.is_package else self.name.rpartition(".")[0]
        for statement in _module_level(self.tree.body):
            if isinstance(statement, ast.FunctionDef):
                self.functions[statement.name] = statement
            elif (
                isinstance(statement, ast.Assign)
                and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name)
                and isinstance(statement.value, ast.Name | ast.Attribute)
            ):
                self.aliases[statement.targets[0].id] = statement.value
            elif isinstance(statement, ast.ImportFrom):
                origin = _absolute(package, statement.level, statement.module)
                for alias in statement.names:
                    if alias.name == "*":
                        self.stars.append(origin)
                    else:
                        self.imports[alias.asname or alias.name] = f"{origin}.{alias.name}"
            elif isinstance(statement, ast.Import):
                for alias in statement.names:
                    if alias.asname:
                        self.imports[alias.asname] = alias.name
                    else:
                        head = alias.name.partition(".")[0]
                        self.imports[head] = head
        self._index(self.tree.body, "")

    def _index(self, body: list[ast.stmt], prefix: str) -> None:
        for statement in body:
            if isinstance(statement, ast.ClassDef):
                self.classes[prefix + statement.name] = statement
                self._index(statement.body, f"{prefix}{statement.name}.")

    def resolve(self, node: ast.expr, inside: str = "") -> str | None:
        """The dotted path ``node`` names, read in the body of class ``inside``
        (a qualified name; ``""`` at module level); None if it is no name."""
        written = dotted(node)
        if not written:
            return None
        head, _, rest = written.partition(".")
        scopes = inside.split(".") if inside else []
        for depth in range(len(scopes), -1, -1):
            prefix = ".".join(scopes[:depth])
            local = f"{prefix}.{head}" if prefix else head
            if local in self.classes:
                return f"{self.name}.{local}" + (f".{rest}" if rest else "")
        if head in self.imports:
            return self.imports[head] + (f".{rest}" if rest else "")
        return f"{self.name}.{written}"

    def class_bodies(self) -> Iterator[tuple[str, ast.ClassDef]]:
        yield from self.classes.items()


def _short_roots(modules: dict[str, Module]) -> dict[str, str]:
    """``fsm`` -> ``label_studio.fsm``: a package of the tree imported by a short name,
    its parent folder on ``sys.path`` (Django apps imported as ``from fsm.models import X``).
    Only a name that is no top-level module of the tree nor of the standard library, and
    whose imported module is in the tree under the package; where several packages
    would do, the one under a folder other short names were found in."""
    tops = {name.partition(".")[0] for name in modules}
    by_tail: dict[str, set[str]] = {}
    for name in modules:
        head, _, tail = name.rpartition(".")
        if head:
            by_tail.setdefault(tail, set()).add(name)
    choices: dict[str, set[str]] = {}
    for module in modules.values():
        for target in [*module.imports.values(), *module.stars]:
            head = target.partition(".")[0]
            if head in tops or head in sys.stdlib_module_names:
                continue
            for full in by_tail.get(head, set()):
                moved = full + target[len(head) :]
                if moved in modules or moved.rpartition(".")[0] in modules:
                    choices.setdefault(head, set()).add(full)
    found = {head: next(iter(c)) for head, c in choices.items() if len(c) == 1}
    folders = {full.rpartition(".")[0] for full in found.values()}
    for head, candidates in choices.items():
        under = [c for c in candidates if c.rpartition(".")[0] in folders]
        if head not in found and len(under) == 1:
            found[head] = under[0]
    return found


def _moved(path: str, roots: dict[str, str]) -> str:
    head, dot, rest = path.partition(".")
    return roots[head] + dot + rest if head in roots else path


@dataclass
class Tree:
    """Every module read, by dotted name; the enums of the revision, by path."""

    modules: dict[str, Module]
    enums: Collection[str]
    memo: dict[str, object] = field(default_factory=dict)
    """A reader's tree-wide facts, computed once (SQLAlchemy's type_annotation_map)."""
    roots: dict[str, str] = field(default_factory=dict)
    """A short name the tree's modules import -> the package of the tree it is (``fsm``
    -> ``label_studio.fsm``): its folder was on ``sys.path``."""

    def __post_init__(self) -> None:
        roots = self.roots = _short_roots(self.modules)
        if roots:
            for module in self.modules.values():
                module.imports = {k: _moved(v, roots) for k, v in module.imports.items()}
                module.stars = [_moved(star, roots) for star in module.stars]

    def _starred(self, module: Module, name: str) -> str | None:
        """The path ``name`` has in ``module`` through its star imports."""
        seen: set[str] = set()
        stack = list(reversed(module.stars))
        while stack:
            source = stack.pop()
            found = self.modules.get(source)
            if found is None or source in seen:
                continue
            seen.add(source)
            if name in found.classes or name in found.functions:
                return f"{source}.{name}"
            if name in found.imports:
                return found.imports[name]
            stack.extend(reversed(found.stars))
        return None

    def follow(self, path: str) -> str:
        """``path`` with re-exports followed (``shop.Status`` -> ``shop.enums.Status``),
        star imports too."""
        path = _moved(path, self.roots)
        for _ in range(_HOPS):
            module, _, name = path.rpartition(".")
            found = self.modules.get(module)
            if found is None:  # not a module of the tree, or a nested class
                return path
            target = found.imports.get(name)
            if target is None and name in found.aliases:
                target = found.resolve(found.aliases[name])
            if target is None and name not in found.classes and name not in found.functions:
                target = self._starred(found, name)
            if target is None or target == path:
                return path
            path = target
        return path

    def function(self, path: str) -> tuple[Module, ast.FunctionDef] | None:
        """The tree's module-level function at ``path``."""
        module, _, name = self.follow(path).rpartition(".")
        found = self.modules.get(module)
        if found is None or name not in found.functions:
            return None
        return found, found.functions[name]

    def enum(self, path: str | None) -> str | None:
        """The enum ``path`` names, or None if it names none of the revision's enums."""
        if path is None:
            return None
        path = self.follow(path)
        return path if path in self.enums else None

    def cls(self, path: str) -> tuple[Module, str, ast.ClassDef] | None:
        """The tree's class at ``path``: (module, qualified name, node)."""
        path = self.follow(path)
        parts = path.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            module = self.modules.get(".".join(parts[:cut]))
            if module is not None:
                qualname = ".".join(parts[cut:])
                node = module.classes.get(qualname)
                return (module, qualname, node) if node is not None else None
        return None

    def derives(self, module: Module, qualname: str, roots: Collection[str]) -> bool:
        """Whether the class derives from one of ``roots`` (dotted paths), through
        the tree's own classes too."""
        seen: set[str] = set()
        stack = [(module, qualname)]
        while stack:
            where, name = stack.pop()
            key = f"{where.name}.{name}"
            if key in seen:
                continue
            seen.add(key)
            node = where.classes[name]
            inside = name.rpartition(".")[0]
            for base in node.bases:
                target = where.resolve(base, inside)
                if target is None:
                    continue
                target = self.follow(target)
                if target in roots:
                    return True
                found = self.cls(target)
                if found is not None:
                    stack.append((found[0], found[1]))
        return False
