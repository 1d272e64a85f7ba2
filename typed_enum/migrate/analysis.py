"""What one module declares: enum classes, metaclasses and stdlib references.

Nothing is decided here: ``plan`` needs every module of the tree first (an
enum's base may live in another module).  Names are resolved with libcst's
``QualifiedNameProvider``, so ``import enum as e`` + ``e.Enum``, ``from enum
import Enum as E`` and relative imports of the tree's own classes all count.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from typed_enum.migrate.values import Unknown, evaluate_source

__all__ = [
    "BACKPORTS",
    "STDLIB_ENUMS",
    "STDLIB_METACLASSES",
    "ClassInfo",
    "Conditional",
    "FunctionalCall",
    "Member",
    "ModuleInfo",
    "Ref",
    "analyse",
    "module_name",
]

# stdlib enum classes typed_enum has a subclass of, by the name typed_enum exports.
STDLIB_ENUMS = {
    "enum.Enum": "Enum",
    "enum.IntEnum": "IntEnum",
    "enum.StrEnum": "StrEnum",
    "enum.Flag": "Flag",
    "enum.IntFlag": "IntFlag",
}
STDLIB_METACLASSES = {"enum.EnumMeta": "TypedEnumType", "enum.EnumType": "TypedEnumType"}
_STDLIB = STDLIB_ENUMS | STDLIB_METACLASSES
# Backports of a stdlib enum class, by the class they stand for.  A module that
# binds a name to one of them on old Pythons and to the stdlib class on new ones
# (``if sys.version_info >= (3, 11)``, ``try: ... except ImportError``) gets
# the stdlib class wherever typed_enum runs (3.11+), so its classes can move.
BACKPORTS = {
    "backports.strenum.StrEnum": "enum.StrEnum",
    "strenum.StrEnum": "enum.StrEnum",
}
# Backports whose auto() differs from stdlib's: strenum's gives the name as is,
# stdlib's StrEnum the name lower-cased.
AUTO_DIFFERS = frozenset({"strenum.StrEnum"})
# Enum bases typed_enum has no counterpart of.
NO_COUNTERPART = frozenset({"enum.ReprEnum"})
# Class-body values that make no member (descriptors and markers).
_NOT_MEMBERS = frozenset(
    {"nonmember", "property", "staticmethod", "classmethod", "cached_property", "enum.property"}
)
_ALIAS_CALLS = frozenset({"alias"})

Role = Literal["base", "functional", "other"]


class Line:
    """A node's line number, worked out only when a finding prints it.

    libcst's positions cost a third of the run; most modules report nothing.
    """

    __slots__ = ("node", "wrapper")

    def __init__(self, wrapper: MetadataWrapper, node: cst.CSTNode) -> None:
        self.wrapper, self.node = wrapper, node

    def __int__(self) -> int:
        positions = _POSITIONS.get(id(self.wrapper))
        if positions is None or positions[0] is not self.wrapper:
            positions = (self.wrapper, self.wrapper.resolve(PositionProvider))
            _POSITIONS.clear()  # one module at a time: keep memory flat
            _POSITIONS[id(self.wrapper)] = positions
        position: CodeRange = positions[1][self.node]
        return position.start.line


_POSITIONS: dict[int, tuple[MetadataWrapper, Mapping[cst.CSTNode, CodeRange]]] = {}


@dataclass
class Ref:
    """A reference to a stdlib enum class or metaclass in an expression."""

    node: cst.Name | cst.Attribute
    qualified: str  # enum.Enum
    bound: str  # the local name it goes through: "Enum", or "e" for ``e.Enum``
    via_module: bool  # ``e.Enum`` rather than a name imported from enum
    line: Line
    role: Role = "other"
    owner: ClassInfo | FunctionalCall | None = None
    # the name is bound inside a module-level ``if``/``try`` (``Conditional``)
    conditional: Conditional | None = None


@dataclass
class Conditional:
    """A module-level name bound inside an ``if``/``try`` (and maybe elsewhere too)."""

    name: str
    # (what it is bound to, where): ``enum.StrEnum``, ``backports.strenum.StrEnum``,
    # ``pkg.mod.StrEnum`` (a class of the module), ``<expression>``
    bindings: list[tuple[str, Line]]
    # The stdlib enum class every binding stands for, when they all agree.
    stdlib: str | None
    # Why the classes derived from it cannot move (None when they can).
    problem: str | None
    # The one module-level ``if``/``try`` that binds it, when every binding is
    # in it and the statement holds nothing but imports: the rewrite may
    # replace it with typed_enum's import.
    statement: cst.If | cst.Try | None


@dataclass
class Member:
    """One ``name = value`` of a class body that may be a member."""

    name: str
    line: Line
    value: cst.CSTNode
    source: str
    # "chained": an extra target of ``a = b = 1`` (``value`` is the Assign,
    # ``source`` the first target's name)
    form: Literal["value", "auto", "declared_alias", "chained"]


@dataclass
class ClassInfo:
    key: str  # module + qualname
    qualname: str
    path: Path
    line: Line
    node: cst.ClassDef
    bases: list[str]  # resolved names of the Name/Attribute bases
    mixins: bool  # a base that is not a Name/Attribute this run resolved
    metaclass: str | None
    defines_new: bool
    defines_generate: bool
    # a comparison method of its own (``__lt__``...): its members order as it says
    defines_ordering: bool = False
    # each base as written, resolved where this run could (None elsewhere)
    base_names: list[str | None] = field(default_factory=list)
    members: list[Member] = field(default_factory=list)
    problems: list[tuple[Line, str]] = field(default_factory=list)
    # what its conditionally bound bases are bound to (``strenum.StrEnum``, ...)
    alternatives: set[str] = field(default_factory=set)


@dataclass
class FunctionalCall:
    """``Enum("Color", "red green")``: the functional API."""

    node: cst.Call
    qualified: str
    path: Path
    line: Line
    names: str | None  # source of the names argument
    keywords: dict[str, str]
    problem: str | None = None  # why it cannot move whatever its members


@dataclass
class ModuleInfo:
    path: Path
    name: str
    wrapper: MetadataWrapper
    classes: list[ClassInfo] = field(default_factory=list)
    refs: list[Ref] = field(default_factory=list)
    calls: list[FunctionalCall] = field(default_factory=list)
    literals: dict[str, object] = field(default_factory=dict)
    # module-level ``from x import y as z``: "module.z" -> resolved "x.y"
    imports: dict[str, str] = field(default_factory=dict)
    # (line, message) for what is left alone outright (star imports, dynamic bases)
    refusals: list[tuple[Line, str]] = field(default_factory=list)
    binds_alias: bool = False  # the module has a name ``alias`` of its own
    module_uses: int = 0  # references to the enum module itself (``enum`` in ``enum.X``)
    # identifiers written inside string literals (``__all__``, string annotations)
    string_words: set[str] = field(default_factory=set)
    # module-level names bound inside an ``if``/``try``, by name
    conditional: dict[str, Conditional] = field(default_factory=dict)
    # the modules it star-imports (``from .basic import *``), absolute, in order
    stars: list[str] = field(default_factory=list)


def module_name(path: Path) -> str:
    """Dotted module name of ``path``, from the nearest directory without ``__init__.py``."""
    parts = [] if path.stem == "__init__" else [path.stem]
    parent = path.resolve().parent
    while (parent / "__init__.py").is_file():
        parts.insert(0, parent.name)
        parent = parent.parent
    return ".".join(parts) or path.stem


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def _absolute(info: ModuleInfo, name: str) -> str:
    """``name`` with a relative import's leading dots resolved."""
    return absolute_name(info.name, info.path, name)


def absolute_name(module: str, path: Path, name: str) -> str:
    """``name``, imported in ``module`` (at ``path``), with its leading dots resolved."""
    if not name.startswith("."):
        return name
    dots = len(name) - len(name.lstrip("."))
    package = module.split(".")
    if path.stem != "__init__":
        package = package[:-1]
    if dots > 1:
        package = package[: len(package) - (dots - 1)]
    rest = name[dots:]
    return ".".join([*package, rest]) if rest else ".".join(package)


class _Bindings(cst.CSTVisitor):
    """The names the module's imports and class statements bind, wherever they are."""

    def __init__(self, info: ModuleInfo) -> None:
        super().__init__()
        self.info = info
        self.names: dict[str, str] = {}
        self.scope: list[str] = []

    def visit_Import(self, node: cst.Import) -> None:
        for name in node.names:
            dotted = _code(name.name)
            if name.asname is not None:
                self.names[_code(name.asname.name)] = dotted
            else:
                self.names[dotted.split(".")[0]] = dotted.split(".")[0]

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if isinstance(node.names, cst.ImportStar):
            return
        module = _code(node.module) if node.module is not None else ""
        module = _absolute(self.info, "." * len(node.relative) + module)
        for name in node.names:
            bound = _code(name.asname.name) if name.asname else _code(name.name)
            self.names[bound] = f"{module}.{_code(name.name)}"

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.names.setdefault(
            node.name.value, ".".join([self.info.name, *self.scope, node.name.value])
        )
        self.scope.append(node.name.value)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.scope.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scope.extend([node.name.value, "<locals>"])

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        del self.scope[-2:]


def _branches(statement: cst.If | cst.Try | cst.TryStar) -> list[cst.BaseSuite]:
    """The blocks of an ``if``/``elif``/``else`` chain or of a ``try`` statement."""
    if isinstance(statement, cst.If):
        blocks: list[cst.BaseSuite] = [statement.body]
        orelse = statement.orelse
        if isinstance(orelse, cst.If):
            blocks += _branches(orelse)
        elif orelse is not None:
            blocks.append(orelse.body)
        return blocks
    blocks = [statement.body, *(h.body for h in statement.handlers)]
    blocks += [b.body for b in (statement.orelse, statement.finalbody) if b is not None]
    return blocks


def _type_checking(test: cst.BaseExpression) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING`` (any module name)."""
    if isinstance(test, cst.Name):
        return test.value == "TYPE_CHECKING"
    return isinstance(test, cst.Attribute) and test.attr.value == "TYPE_CHECKING"


class _Conditionals:
    """Module-level names an ``if``/``try`` binds, and what each binding is.

    ``if sys.version_info >= (3, 11): from enum import StrEnum`` / ``else: from
    backports.strenum import StrEnum`` binds one name two ways; a class
    derived from it is a stdlib enum on Pythons typed_enum runs on when every
    binding is a stdlib enum class or a known backport of the same one.
    """

    def __init__(self, info: ModuleInfo, names: dict[str, str]) -> None:
        self.info = info
        self.names = names
        self.bindings: dict[str, list[tuple[str, Line, int | None]]] = {}
        # id() of a module-level if/try -> whether it holds imports (and pass) only
        self.pure: dict[int, bool] = {}
        self.tops: dict[int, cst.If | cst.Try] = {}

    def qname(self, node: cst.BaseExpression) -> str:
        if isinstance(node, cst.Name):
            return self.names.get(node.value, f"<expression {node.value}>")
        if isinstance(node, cst.Attribute):
            owner = self.qname(node.value)
            return f"{owner}.{node.attr.value}"
        return f"<expression {_code(node)}>"

    def bind(self, name: str, qualified: str, node: cst.CSTNode, top: int | None) -> None:
        line = Line(self.info.wrapper, node)
        self.bindings.setdefault(name, []).append((qualified, line, top))

    def statement(self, statement: cst.CSTNode, top: int | None) -> None:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                self.small(small, top)
        elif isinstance(statement, cst.If | cst.Try | cst.TryStar):
            inner = id(statement) if top is None else top
            if top is None:
                self.pure[inner] = isinstance(statement, cst.If | cst.Try)
            else:
                self.pure[top] = False
            blocks = _branches(statement)
            if isinstance(statement, cst.If) and _type_checking(statement.test):
                # Bound for type checkers only: at run time, the else branch binds it.
                self.pure[inner] = False
                blocks = blocks[1:]
            for block in blocks:
                for child in block.body if isinstance(block, cst.IndentedBlock) else []:
                    self.statement(child, inner)
        elif isinstance(statement, cst.ClassDef | cst.FunctionDef):
            self.bind(
                statement.name.value, f"{self.info.name}.{statement.name.value}", statement, top
            )
            if top is not None:
                self.pure[top] = False
        elif top is not None:
            self.pure[top] = False

    def small(self, small: cst.BaseSmallStatement, top: int | None) -> None:
        if isinstance(small, cst.Import):
            for alias in small.names:
                dotted = _code(alias.name)
                if alias.asname is not None:
                    self.bind(_code(alias.asname.name), dotted, small, top)
                else:
                    self.bind(dotted.split(".")[0], dotted.split(".")[0], small, top)
        elif isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
            module = _code(small.module) if small.module is not None else ""
            module = _absolute(self.info, "." * len(small.relative) + module)
            for alias in small.names:
                bound = _code(alias.asname.name) if alias.asname else _code(alias.name)
                self.bind(bound, f"{module}.{_code(alias.name)}", small, top)
        elif isinstance(small, cst.Assign | cst.AnnAssign):
            targets = (
                [t.target for t in small.targets]
                if isinstance(small, cst.Assign)
                else [small.target]
            )
            value = small.value
            for target in targets:
                if isinstance(target, cst.Name) and value is not None:
                    self.bind(target.value, self.qname(value), small, top)
            if top is not None:
                self.pure[top] = False
        elif top is not None and not isinstance(small, cst.Pass):
            self.pure[top] = False

    def result(self) -> dict[str, Conditional]:
        found: dict[str, Conditional] = {}
        for name, bindings in self.bindings.items():
            tops = {top for _, _, top in bindings}
            if tops == {None}:
                continue  # bound unconditionally only
            stands = [q if q in STDLIB_ENUMS else BACKPORTS.get(q) for q, _, _ in bindings]
            if not any(stands):
                continue  # nothing to do with enum
            stdlib = next(s for s in stands if s)
            shown = " or ".join(f"{q} (line {int(line)})" for q, line, _ in bindings)
            bad = [q for (q, _, _), s in zip(bindings, stands, strict=True) if not s]
            problem = None
            if bad:
                problem = (
                    f"its base {name} is bound conditionally, to {shown}, and {bad[0]} is "
                    "neither a stdlib enum class nor a known backport of one "
                    f"({', '.join(BACKPORTS)}); bind only those in every branch and run "
                    "again, or move it by hand"
                )
            elif len(set(stands)) > 1:
                problem = (
                    f"its base {name} is bound conditionally, to {shown}: different enum "
                    "classes; bind the same one in every branch and run again, or move it by hand"
                )
            top = next(iter(tops))
            statement = None
            if len(tops) == 1 and top is not None and self.pure.get(top, False):
                statement = self.tops[top]
            found[name] = Conditional(
                name, [(q, line) for q, line, _ in bindings], stdlib, problem, statement
            )
        return found

    def run(self, module: cst.Module) -> dict[str, Conditional]:
        self.tops = {id(s): s for s in module.body if isinstance(s, cst.If | cst.Try)}
        for statement in module.body:
            self.statement(statement, None)
        return self.result()


class _Visitor(cst.CSTVisitor):
    def __init__(self, info: ModuleInfo, names: dict[str, str]) -> None:
        super().__init__()
        self.info = info
        self.names = names
        self.in_import = 0
        self.by_node: dict[int, Ref] = {}
        self.scope: list[str] = []
        # Names that are not references: ``x.Enum``'s attribute, keyword
        # arguments, parameters, the names of classes and functions.
        self.not_refs: set[int] = set()

    # -- resolution -----------------------------------------------------

    def qname(self, node: cst.CSTNode) -> str | None:
        """The dotted name ``node`` (a Name or an Attribute chain) refers to."""
        if isinstance(node, cst.Name):
            if node.value in self.names:
                return self.names[node.value]
            return f"builtins.{node.value}" if hasattr(builtins, node.value) else None
        if isinstance(node, cst.Attribute):
            owner = self.qname(node.value)
            return None if owner is None else f"{owner}.{node.attr.value}"
        return None

    def absolute(self, name: str) -> str:
        return _absolute(self.info, name)

    def starred(self, node: cst.BaseExpression) -> str | None:
        """A base no import of the module binds, in a module that star-imports:
        ``enum8`` after ``from .basic import *`` is this module's ``enum8``,
        which ``plan`` follows into the star-imported modules."""
        root = node
        while isinstance(root, cst.Attribute):
            root = root.value
        if not self.info.stars or not isinstance(root, cst.Name) or root.value in self.names:
            return None
        return f"{self.info.name}.{_code(node)}"

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.not_refs.add(id(node.name))
        if node.name.value == "alias":
            self.info.binds_alias = True
        self.scope.extend([node.name.value, "<locals>"])

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        del self.scope[-2:]

    def visit_Param(self, node: cst.Param) -> None:
        self.not_refs.add(id(node.name))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.not_refs.add(id(node.keyword))

    def line(self, node: cst.CSTNode) -> Line:
        return Line(self.info.wrapper, node)

    def ref(self, node: cst.CSTNode) -> Ref | None:
        return self.by_node.get(id(node))

    # -- imports ----------------------------------------------------------

    def visit_Import(self, node: cst.Import) -> None:
        self.in_import += 1
        for name in node.names if not self.scope else ():
            # ``import pkg.types as t``: another module's ``from m import t`` (or
            # its ``from m import *``) binds the module too
            dotted = _code(name.name)
            if name.asname is not None:
                self.info.imports[f"{self.info.name}.{_code(name.asname.name)}"] = dotted
            else:
                top = dotted.split(".")[0]
                self.info.imports[f"{self.info.name}.{top}"] = top

    def leave_Import(self, original_node: cst.Import) -> None:
        self.in_import -= 1

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        self.in_import += 1
        module = _code(node.module) if node.module is not None else ""
        module = self.absolute("." * len(node.relative) + module)
        if isinstance(node.names, cst.ImportStar):
            self.info.stars.append(module)
            if module == "enum":
                self.info.refusals.append(
                    (
                        self.line(node),
                        "from enum import * left alone: the names it binds cannot be told "
                        "apart from the module's own; import the enum classes by name and run "
                        "again",
                    )
                )
            return
        for name in node.names:
            bound = _code(name.asname.name) if name.asname else _code(name.name)
            self.info.imports[f"{self.info.name}.{bound}"] = f"{module}.{_code(name.name)}"
            if bound == "alias" and module != "typed_enum":
                self.info.binds_alias = True

    def leave_ImportFrom(self, original_node: cst.ImportFrom) -> None:
        self.in_import -= 1

    # -- references ------------------------------------------------------

    def _record(self, node: cst.Name | cst.Attribute) -> None:
        if self.in_import or id(node) in self.not_refs:
            return
        qualified = self.qname(node)
        if qualified == "enum" and isinstance(node, cst.Name):
            self.info.module_uses += 1
        if qualified not in _STDLIB:
            return
        root: cst.BaseExpression = node
        while isinstance(root, cst.Attribute):
            root = root.value
        bound = root.value if isinstance(root, cst.Name) else _code(root)
        ref = Ref(node, qualified, bound, isinstance(node, cst.Attribute), self.line(node))
        if isinstance(node, cst.Name):
            ref.conditional = self.info.conditional.get(node.value)
        self.info.refs.append(ref)
        self.by_node[id(node)] = ref

    def visit_Name(self, node: cst.Name) -> None:
        self._record(node)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.not_refs.add(id(node.attr))
        self._record(node)

    def visit_Expr(self, node: cst.Expr) -> None:
        if isinstance(node.value, cst.SimpleString):
            self.not_refs.add(id(node.value))  # a docstring: prose, not a use

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        if id(node) not in self.not_refs:
            self.info.string_words.update(re.findall(r"\w+", node.value))

    def visit_FormattedStringText(self, node: cst.FormattedStringText) -> None:
        self.info.string_words.update(re.findall(r"\w+", node.value))

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if isinstance(target.target, cst.Name) and target.target.value == "alias":
                self.info.binds_alias = True
        # ``Base = IntEnum`` (a module-level alias of a stdlib enum class): the
        # classes derived through it cannot be told apart from its other uses.
        qualified = (
            self.qname(node.value) if isinstance(node.value, cst.Name | cst.Attribute) else None
        )
        conditional = [
            self.info.conditional.get(t.target.value)
            for t in node.targets
            if isinstance(t.target, cst.Name)
        ]
        if conditional and all(c is not None and c.problem is None for c in conditional):
            return  # one branch of a conditional binding its classes can move with
        if not self.scope and qualified in _STDLIB:
            names = " = ".join(_code(t.target) for t in node.targets)
            self.info.refusals.append(
                (
                    self.line(node),
                    f"{names} = {_code(node.value)} left alone: an alias of a stdlib enum class, "
                    "so the classes derived through it stay stdlib enums; derive them from "
                    "typed_enum's class by name (or bind the alias to it) by hand",
                )
            )

    # -- functional API ------------------------------------------------------

    def leave_Call(self, original_node: cst.Call) -> None:
        ref = self.ref(original_node.func)
        if ref is None or ref.qualified not in STDLIB_ENUMS:
            return
        positional = [arg for arg in original_node.args if arg.keyword is None and not arg.star]
        keywords = {
            arg.keyword.value: _code(arg.value)
            for arg in original_node.args
            if arg.keyword is not None
        }
        if any(arg.star for arg in original_node.args):
            return  # Enum(*args): cannot tell what it is; stays stdlib
        if len(positional) < 2 and "names" not in keywords:
            return  # Enum(value): a lookup on a member-less enum, not a class
        names = _code(positional[1].value) if len(positional) > 1 else keywords.pop("names")
        call = FunctionalCall(
            original_node, ref.qualified, self.info.path, self.line(original_node), names, keywords
        )
        if ref.conditional is not None:
            call.problem = ref.conditional.problem
        ref.role, ref.owner = "functional", call
        self.info.calls.append(call)

    # -- classes ------------------------------------------------------------

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.not_refs.add(id(node.name))
        self.scope.append(node.name.value)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        key = ".".join([self.info.name, *self.scope])
        self.scope.pop()
        bases: list[str] = []
        base_names: list[str | None] = []
        mixins = False
        class_refs: list[Ref] = []
        conditional: list[Conditional] = []
        for arg in original_node.bases:
            value = arg.value
            base_names.append(None)
            if arg.star or not isinstance(value, cst.Name | cst.Attribute | cst.Subscript):
                inner = [
                    r
                    for r in self.info.refs
                    if r.role == "other" and _contains(value, r.node) and r.owner is None
                ]
                if inner or (arg.star and (self.info.refs or self.info.module_uses)):
                    self.info.refusals.append(
                        (
                            self.line(arg),
                            f"class {original_node.name.value}: dynamic base "
                            f"'{arg.star}{_code(value)}' left alone; if it is a stdlib enum "
                            "class, write typed_enum's counterpart in the class statement by hand",
                        )
                    )
                mixins = True
                continue
            resolved = self.qname(value) if not isinstance(value, cst.Subscript) else None
            if resolved is None and not isinstance(value, cst.Subscript):
                resolved = self.starred(value)
            if resolved is None:
                mixins = True
                continue
            bases.append(resolved)
            base_names[-1] = resolved
            ref = self.ref(value)
            if ref is not None:
                class_refs.append(ref)
                if ref.conditional is not None:
                    conditional.append(ref.conditional)
        metaclass = None
        for arg in original_node.keywords:
            if arg.keyword is not None and arg.keyword.value == "metaclass":
                metaclass = self.qname(arg.value) or self.starred(arg.value) or _code(arg.value)
        body = original_node.body.body if isinstance(original_node.body, cst.IndentedBlock) else ()
        info = ClassInfo(
            key=key,
            qualname=key.removeprefix(f"{self.info.name}."),
            path=self.info.path,
            line=self.line(original_node),
            node=original_node,
            bases=bases,
            mixins=mixins,
            metaclass=metaclass,
            defines_new=_defines(body, "__new__"),
            defines_generate=_defines(body, "_generate_next_value_"),
            base_names=base_names,
            defines_ordering=any(
                _defines(body, name) for name in ("__lt__", "__le__", "__gt__", "__ge__")
            ),
        )
        for ref in class_refs:
            ref.role, ref.owner = "base", info
        for bound in conditional:
            info.alternatives.update(q for q, _ in bound.bindings)
            if bound.problem is not None:
                info.problems.append((info.line, bound.problem))
        self._members(info, body)
        self.info.classes.append(info)

    def _members(self, info: ClassInfo, body: object) -> None:
        assert isinstance(body, tuple | list)
        ignored: set[str] = set()
        seen: set[str] = set()
        for statement in body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                targets: list[cst.BaseExpression]
                if isinstance(small, cst.Assign):
                    targets = [t.target for t in small.targets]
                    value: cst.BaseExpression = small.value
                elif isinstance(small, cst.AnnAssign) and small.value is not None:
                    targets, value = [small.target], small.value
                else:
                    continue
                if not all(isinstance(t, cst.Name) for t in targets) or (
                    len(targets) > 1 and len(statement.body) > 1
                ):
                    names = ", ".join(_code(t) for t in targets)
                    info.problems.append(
                        (self.line(small), f"cannot tell the members of {names} = {_code(value)}")
                    )
                    continue
                first = targets[0]
                assert isinstance(first, cst.Name)
                name = first.value
                if name == "_ignore_":
                    ignored |= _ignore_names(value)
                if _not_a_member(name) or name in ignored:
                    seen.add(name)
                    continue
                form: Literal["value", "auto", "declared_alias"] = "value"
                node, source = value, _code(value)
                if isinstance(value, cst.Name) and value.value in seen:
                    form = "declared_alias"
                elif isinstance(value, cst.Call):
                    func = _code(value.func)
                    if func in _ALIAS_CALLS or self.qname(value.func) in {
                        "typed_enum.alias",
                        "typed_enum._alias.alias",
                    }:
                        form = "declared_alias"
                    elif func in _NOT_MEMBERS or (self.qname(value.func) or "") in {
                        "enum.nonmember",
                        "functools.cached_property",
                        "builtins.property",
                        "builtins.staticmethod",
                        "builtins.classmethod",
                    }:
                        seen.add(name)
                        continue
                    elif (self.qname(value.func) or func) in {"enum.auto", "auto"} and (
                        not value.args
                    ):
                        form = "auto"
                    elif (self.qname(value.func) or func) in {"enum.member", "member"} and len(
                        value.args
                    ) == 1:
                        source = _code(value.args[0].value)
                elif isinstance(value, cst.Lambda):
                    seen.add(name)
                    continue
                seen.add(name)
                info.members.append(Member(name, self.line(small), node, source, form))
                for extra in targets[1:]:
                    assert isinstance(extra, cst.Name)
                    seen.add(extra.value)
                    if not _not_a_member(extra.value) and extra.value not in ignored:
                        info.members.append(
                            Member(extra.value, self.line(small), small, name, "chained")
                        )


def _contains(tree: cst.CSTNode, node: cst.CSTNode) -> bool:
    if tree is node:
        return True
    return any(_contains(child, node) for child in tree.children)


def _defines(body: object, name: str) -> bool:
    assert isinstance(body, tuple | list)
    return any(isinstance(s, cst.FunctionDef) and s.name.value == name for s in body)


def _not_a_member(name: str) -> bool:
    if name.startswith("__") and name.endswith("__"):
        return True  # dunder
    if len(name) > 2 and name.startswith("_") and name.endswith("_") and name[1] != "_":
        return True  # _sunder_
    return name.startswith("__")  # private: a non-member since 3.11


def _ignore_names(value: cst.BaseExpression) -> set[str]:
    try:
        names = evaluate_source(_code(value), {})
    except Unknown:
        return set()
    if isinstance(names, str):
        return set(names.replace(",", " ").split())
    if isinstance(names, list | tuple):
        return {n for n in names if isinstance(n, str)}
    return set()


def _literals(module: cst.Module) -> dict[str, object]:
    """Module-level names bound to values this run can evaluate, in order."""
    names: dict[str, object] = {}
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            target: cst.BaseExpression | None = None
            value: cst.BaseExpression | None = None
            if isinstance(small, cst.Assign) and len(small.targets) == 1:
                target, value = small.targets[0].target, small.value
            elif isinstance(small, cst.AnnAssign):
                target, value = small.target, small.value
            if not isinstance(target, cst.Name) or value is None:
                continue
            try:
                names[target.value] = evaluate_source(_code(value), names)
            except Unknown:
                names.pop(target.value, None)
    return names


def analyse(path: Path, name: str, module: cst.Module) -> ModuleInfo:
    """Everything ``plan`` needs to know about one parsed module."""
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    info = ModuleInfo(path, name, wrapper)
    bindings = _Bindings(info)
    module.visit(bindings)
    names = dict(bindings.names)
    info.conditional = _Conditionals(info, names).run(module)
    # A conditionally bound name stands for the stdlib class its bindings agree
    # on (or, where they do not, the first: its classes are then reported).
    names.update({n: c.stdlib for n, c in info.conditional.items() if c.stdlib is not None})
    module.visit(_Visitor(info, names))
    info.literals = _literals(wrapper.module)
    return info
