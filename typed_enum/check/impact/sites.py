"""The syntactic finder: the catch-alls of one module that now receive a new member.

Read from the syntax only (no type information): a site counts when it names
members of a changed enum, so its subject is known to hold that enum.

- ``match``: a ``case _:``, capture or ``case Enum():`` arm (no guard) after arms
  naming members;
- if/elif: a chain whose every test compares one subject with members (``is``,
  ``==``, ``in`` an explicit collection, ``or`` of those) and that named every
  old member: its ``else:``, or no ``else:`` at all (``fall-through``);
- a dict literal keyed by every old member (not the new one), used as a table:
  subscripted (``table``: KeyError) or read with ``.get`` (``table-default``);
- ``in`` / ``not in`` an explicit tuple, set, list (or ``frozenset(...)``) of
  members, written there or bound to a name (``membership``), and a ``for``
  loop over one (``iteration``).

An arm that reaches ``assert_never`` is left out (mypy reports it), and so is
every site that names the new member.  References go through imports,
re-exports and simple aliases (``EMOJI = constants.ReactionType.EMOJI``);
``self`` and ``cls`` in a method stand for its class.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from typed_enum.check.impact.changes import Change
from typed_enum.check.impact.modules import Module, Tree, dotted_parts

__all__ = [
    "Candidate",
    "Mention",
    "Table",
    "find_sites",
    "find_tables",
    "first_statement",
    "reaches_assert_never",
    "shown",
]

_WIDTH = 100
_COLLECTIONS = ("frozenset", "set", "tuple", "list")


@dataclass(frozen=True)
class Candidate:
    """A catch-all of one enum, before the new members are matched against it."""

    kind: str
    """wildcard, else, fall-through, table, table-default, membership, iteration."""
    enum: str
    named: frozenset[str]
    """The members the site names (the other arms, the keys, the collection)."""
    complete: bool
    """Listed only if ``named`` held every old member (if-chains and tables)."""
    file: str
    line: int
    what: str
    """What the new member meets there; ``{member}`` stands for it."""
    raises: bool = False


@dataclass(frozen=True)
class Mention:
    """A reference to a removed member in the new revision (a mypy error)."""

    enum: str
    member: str
    file: str
    line: int


@dataclass(frozen=True)
class Table:
    """A dict literal keyed by members, or a collection of members, bound to a name."""

    enum: str
    keys: frozenset[str]
    is_dict: bool
    file: str
    line: int


def shown(node: ast.AST) -> str:
    text = ast.unparse(node).splitlines()[0] if not isinstance(node, ast.stmt) else ""
    if isinstance(node, ast.stmt):
        text = ast.unparse(node).splitlines()[0]
        if isinstance(node, ast.If | ast.For | ast.While | ast.With | ast.Try | ast.Match):
            text = text.rstrip(":") + ": ..."
    return text if len(text) <= _WIDTH else text[: _WIDTH - 3] + "..."


def first_statement(body: list[ast.stmt]) -> ast.stmt:
    """The arm's first statement, past a docstring-like string."""
    for stmt in body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue
        return stmt
    return body[0]


def reaches_assert_never(body: list[ast.stmt]) -> bool:
    for stmt in body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Call):
                parts = dotted_parts(node.func)
                if parts is not None and parts[-1] == "assert_never":
                    return True
    return False


class _Resolver:
    """Dotted names of one module's expressions, and the members they are."""

    def __init__(self, module: Module, tree: Tree, changes: Mapping[str, Change]) -> None:
        self.module = module
        self.tree = tree
        self.changes = changes
        self.scopes: list[dict[str, str]] = []

    def path(self, node: ast.AST) -> str | None:
        parts = dotted_parts(node)
        if parts is None:
            return None
        head = parts[0]
        for scope in reversed(self.scopes):
            if head in scope:
                head = scope[head]
                break
        else:
            head = self.module.bindings.get(head, f"{self.module.name}.{head}")
        return self.tree.canonical(".".join([head, *parts[1:]]))

    def member(self, node: ast.AST) -> tuple[str, str] | None:
        """(enum, canonical member) of a reference to a member of a changed enum."""
        if not isinstance(node, ast.Attribute):
            return None
        path = self.path(node)
        if path is None:
            return None
        enum, _, name = path.rpartition(".")
        change = self.changes.get(enum)
        canonical = change.canonical(name) if change else None
        return (enum, canonical) if canonical else None

    def members(self, nodes: list[ast.expr]) -> tuple[str, frozenset[str]] | None:
        """The one enum and the members that ``nodes`` all name."""
        found = [self.member(node) for node in nodes]
        if not found or any(f is None for f in found):
            return None
        enums = {f[0] for f in found if f}
        if len(enums) != 1:
            return None
        return enums.pop(), frozenset(f[1] for f in found if f)


def _literal(node: ast.expr) -> tuple[list[ast.expr], bool] | None:
    """The elements of an explicit collection (or the keys of a dict literal)."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return list(node.elts), False
    if isinstance(node, ast.Dict) and all(key is not None for key in node.keys):
        return [key for key in node.keys if key is not None], True
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _COLLECTIONS
        and len(node.args) == 1
        and not node.keywords
        and isinstance(node.args[0], ast.Tuple | ast.List | ast.Set)
    ):
        return list(node.args[0].elts), False
    return None


def _exhaustive_map_args(module: Module) -> set[int]:
    """The dict literals given to ``exhaustive_map``: the plugin checks those."""
    found: set[int] = set()
    if not module.mentions("exhaustive_map"):
        return found
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Call):
            parts = dotted_parts(node.func)
            if parts is not None and parts[-1] == "exhaustive_map":
                found.update(id(arg) for arg in node.args)
    return found


def _bound(body: list[ast.stmt]) -> Iterator[tuple[str, ast.expr]]:
    for node in body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name):
            yield target.id, value


def find_tables(module: Module, tree: Tree, changes: Mapping[str, Change]) -> dict[str, Table]:
    """Dotted path -> table, for the module- and class-level names bound to a dict
    literal keyed by members or to a collection of members."""
    resolver = _Resolver(module, tree, changes)
    skip = _exhaustive_map_args(module)
    found: dict[str, Table] = {}

    def read(body: list[ast.stmt], prefix: str) -> None:
        for name, value in _bound(body):
            literal = _literal(value)
            if literal is None or id(value) in skip:
                continue
            named = resolver.members(literal[0])
            if named is not None:
                found[f"{prefix}.{name}"] = Table(
                    named[0], named[1], literal[1], module.file, value.lineno
                )
        for node in body:
            if isinstance(node, ast.ClassDef):
                read(node.body, f"{prefix}.{node.name}")

    read(module.tree.body, module.name)
    return found


@dataclass
class _Local:
    """The tables a function binds, read when a name is first looked up in it."""

    function: ast.FunctionDef | ast.AsyncFunctionDef
    tables: dict[str, Table] | None = None

    def read(self, finder: _Finder) -> dict[str, Table]:
        if self.tables is None:
            self.tables = {}
            for stmt in ast.walk(self.function):
                if not isinstance(stmt, ast.Assign | ast.AnnAssign):
                    continue
                for name, value in _bound([stmt]):
                    literal = _literal(value)
                    named = finder.resolver.members(literal[0]) if literal else None
                    if literal and named and id(value) not in finder.skip:
                        self.tables[name] = Table(
                            named[0], named[1], literal[1], finder.module.file, value.lineno
                        )
        return self.tables


@dataclass
class _Finder(ast.NodeVisitor):
    module: Module
    resolver: _Resolver
    tables: Mapping[str, Table]
    skip: set[int]
    found: list[Candidate] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    elifs: set[int] = field(default_factory=set)
    consumed: set[int] = field(default_factory=set)
    in_chain: dict[int, dict[str, set[str]]] = field(default_factory=dict)
    guarded: list[Table] = field(default_factory=list)
    local_tables: list[_Local] = field(default_factory=list)
    classes: list[str] = field(default_factory=list)

    def _add(
        self,
        kind: str,
        enum: str,
        named: frozenset[str],
        complete: bool,
        line: int,
        what: str,
        raises: bool = False,
    ) -> None:
        self.found.append(
            Candidate(kind, enum, named, complete, self.module.file, line, what, raises)
        )

    # scopes: self/cls of methods, tables bound in a function
    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        scope: dict[str, str] = {}
        arguments = [*node.args.posonlyargs, *node.args.args]
        if self.classes and arguments:
            scope[arguments[0].arg] = ".".join([self.module.name, *self.classes])
        self.resolver.scopes.append(scope)
        self.local_tables.append(_Local(node))
        saved, self.classes = self.classes, []
        self.generic_visit(node)
        self.classes = saved
        self.local_tables.pop()
        self.resolver.scopes.pop()

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function

    def _table(self, node: ast.expr) -> Table | None:
        """The table or collection ``node`` is or names."""
        literal = _literal(node)
        if literal is not None:
            if id(node) in self.skip:
                return None
            named = self.resolver.members(literal[0])
            if named is None:
                return None
            return Table(named[0], named[1], literal[1], self.module.file, node.lineno)
        if isinstance(node, ast.Name):
            for local in reversed(self.local_tables):
                tables = local.read(self)
                if node.id in tables:
                    return tables[node.id]
        path = self.resolver.path(node)
        return self.tables.get(path) if path else None

    # references to removed members
    def visit_Attribute(self, node: ast.Attribute) -> None:
        path = self.resolver.path(node)
        if path is not None:
            enum, _, name = path.rpartition(".")
            change = self.resolver.changes.get(enum)
            if change is not None and name in change.removed:
                self.mentions.append(Mention(enum, name, self.module.file, node.lineno))
        self.generic_visit(node)

    # match
    def visit_Match(self, node: ast.Match) -> None:
        named: dict[str, set[str]] = {}
        for case in node.cases:
            for pattern in ast.walk(case.pattern):
                if isinstance(pattern, ast.MatchValue):
                    found = self.resolver.member(pattern.value)
                    if found:
                        named.setdefault(found[0], set()).add(found[1])
        if len(named) == 1:
            ((enum, members),) = named.items()
            for case in node.cases:
                pattern = case.pattern
                if isinstance(pattern, ast.MatchAs) and pattern.pattern is not None:
                    pattern = pattern.pattern  # case Color() as c:
                catch_all = isinstance(pattern, ast.MatchAs) and pattern.pattern is None
                if not (catch_all or self._whole_class(pattern, enum)):
                    continue
                if case.guard is not None or reaches_assert_never(case.body):
                    continue
                first = first_statement(case.body)
                self._add(
                    "wildcard",
                    enum,
                    frozenset(members),
                    False,
                    pattern.lineno,
                    shown(first),
                    isinstance(first, ast.Raise),
                )
        self.generic_visit(node)

    def _whole_class(self, pattern: ast.pattern, enum: str) -> bool:
        """``case Color():``: every member of the enum matches it."""
        return (
            isinstance(pattern, ast.MatchClass)
            and not pattern.patterns
            and not pattern.kwd_patterns
            and self.resolver.path(pattern.cls) == enum
        )

    # if/elif
    def _test(self, test: ast.expr) -> tuple[str, str, frozenset[str]] | None:
        """(subject, enum, members) of a test that compares one subject with members."""
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
            parts = [self._test(value) for value in test.values]
            if any(p is None for p in parts):
                return None
            if len({(p[0], p[1]) for p in parts if p}) != 1:
                return None
            first = parts[0]
            assert first is not None
            return first[0], first[1], frozenset().union(*(p[2] for p in parts if p))
        if not isinstance(test, ast.Compare) or len(test.ops) != 1:
            return None
        op, left, right = test.ops[0], test.left, test.comparators[0]
        if isinstance(op, ast.Is | ast.Eq):
            for subject, other in ((left, right), (right, left)):
                found = self.resolver.member(other)
                if found and self.resolver.member(subject) is None:
                    return ast.dump(subject), found[0], frozenset({found[1]})
            return None
        if isinstance(op, ast.In):
            table = self._table(right)
            if table is not None and not table.is_dict:
                return ast.dump(left), table.enum, table.keys
        return None

    def visit_If(self, node: ast.If) -> None:
        if id(node) not in self.elifs:
            self._chain(node)
        # `if k in TABLE: TABLE[k]`: the subscript under the test raises no KeyError
        # (the membership test is the site).
        guarded = [
            table
            for sub in ast.walk(node.test)
            if isinstance(sub, ast.Compare)
            and len(sub.ops) == 1
            and isinstance(sub.ops[0], ast.In)
            and (table := self._table(sub.comparators[0])) is not None
            and table.is_dict
        ]
        self.visit(node.test)
        self.guarded.extend(guarded)
        for stmt in node.body:
            self.visit(stmt)
        del self.guarded[len(self.guarded) - len(guarded) :]
        for stmt in node.orelse:
            self.visit(stmt)

    def visit_For(self, node: ast.For | ast.AsyncFor) -> None:
        table = self._table(node.iter)
        if table is not None and not table.is_dict:
            what = f"the loop over {shown(node.iter)} skips {{member}}"
            self._add("iteration", table.enum, table.keys, False, node.lineno, what)
        self.generic_visit(node)

    visit_AsyncFor = visit_For

    def _chain(self, node: ast.If) -> None:
        tests = []
        current = node
        while True:
            tests.append(current.test)
            if len(current.orelse) == 1 and isinstance(current.orelse[0], ast.If):
                current = current.orelse[0]
                self.elifs.add(id(current))
                continue
            final = current.orelse
            break
        if len(tests) == 1 and not final:
            return  # a lone `if x in (...)`: a membership test
        # A membership test among the chain's tests: the chain's other tests may name
        # the new member (listed only if none does).
        named_anywhere: dict[str, set[str]] = {}
        for test in tests:
            for sub in ast.walk(test):
                found = self.resolver.member(sub)
                if found:
                    named_anywhere.setdefault(found[0], set()).add(found[1])
        for test in tests:
            for sub in ast.walk(test):
                self.in_chain[id(sub)] = named_anywhere
        read = [self._test(test) for test in tests]
        if any(r is None for r in read) or len({(r[0], r[1]) for r in read if r}) != 1:
            return
        for test in tests:
            self.consumed.update(id(n) for n in ast.walk(test))
        enum = read[0][1] if read[0] else ""
        named = frozenset().union(*(r[2] for r in read if r))
        if final:
            if reaches_assert_never(final):
                return
            first = first_statement(final)
            self._add(
                "else", enum, named, True, first.lineno, shown(first), isinstance(first, ast.Raise)
            )
        else:
            what = f"none of the branches runs (the chain ends at line {current.end_lineno})"
            self._add("fall-through", enum, named, True, node.lineno, what)

    # tables and membership
    def visit_Subscript(self, node: ast.Subscript) -> None:
        if isinstance(node.ctx, ast.Load):
            table = self._table(node.value)
            if table is not None and table.is_dict and table not in self.guarded:
                what = f"{shown(node)} raises KeyError for {{member}}"
                self._add("table", table.enum, table.keys, True, node.lineno, what, True)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "get" and node.args:
            table = self._table(func.value)
            if table is not None and table.is_dict:
                default = ast.unparse(node.args[1]) if len(node.args) > 1 else "None"
                what = f"{shown(node)} gives the default {default} for {{member}}"
                self._add("table-default", table.enum, table.keys, True, node.lineno, what)
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        if id(node) not in self.consumed and len(node.ops) == 1:
            op = node.ops[0]
            if isinstance(op, ast.In | ast.NotIn):
                table = self._table(node.comparators[0])
                if table is not None:
                    outcome = "False" if isinstance(op, ast.In) else "True"
                    what = f"{shown(node)} is {outcome} for {{member}}"
                    chain = self.in_chain.get(id(node), {}).get(table.enum, set())
                    named = table.keys | chain
                    self._add("membership", table.enum, named, False, node.lineno, what)
        self.generic_visit(node)


def find_sites(
    module: Module, tree: Tree, changes: Mapping[str, Change], tables: Mapping[str, Table]
) -> tuple[list[Candidate], list[Mention]]:
    """The catch-alls of ``module`` for the changed enums, and its references to
    removed members."""
    resolver = _Resolver(module, tree, changes)
    finder = _Finder(module, resolver, tables, _exhaustive_map_args(module))
    finder.visit(module.tree)
    return finder.found, finder.mentions
