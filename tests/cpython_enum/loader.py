"""Load the running interpreter's ``test.test_enum`` with typed_enum in place of ``enum``.

The source of the installed ``Lib/test/test_enum.py`` is read (nothing is
copied into this project), rewritten at load time and executed as a module:

* ``import enum`` / ``from enum import ...`` read from a copy of the ``enum``
  module whose ``Enum``, ``IntEnum``, ``StrEnum``, ``Flag``, ``IntFlag`` are
  typed_enum's and whose ``EnumType``/``EnumMeta`` is ``TypedEnumType``
  (everything else, ``auto``, ``member``, ``verify``, ``ReprEnum``, the private
  helpers, is stdlib's own object);
* a class-body member whose literal value repeats an earlier member's literal
  value (``crimson = 1`` after ``red = 1``) is declared ``crimson =
  alias(red)``, as typed_enum requires of an intended alias;
* ``load_tests`` is dropped: it only adds the doctests of stdlib's own
  ``enum.py`` docstrings (and of Doc/ files, absent from an installed Python),
  which exercise stdlib's module, not the classes substituted here.

A missing ``test.test_enum`` (a Python built without its test suite) raises
``ModuleNotFoundError``: the harness never skips.
"""

from __future__ import annotations

import ast
import enum
import importlib.util
import sys
import types
import unittest
from collections.abc import Iterator

import typed_enum

__all__ = ["DECLARED_ALIASES", "MODULE_NAME", "PROXY_NAME", "load", "source_path", "tests"]

#: The name the substituted ``enum`` module is registered under.
PROXY_NAME = "_typed_enum_as_enum"
#: The name the rewritten test module runs as: its pickle tests look it up,
#: and its global-enum reprs expect "test_enum." (the real one is "test.test_enum").
MODULE_NAME = "test_enum"
#: The name ``alias`` is visible under inside the rewritten source.
ALIAS_NAME = "_typed_enum_alias_"

_SUBSTITUTES: dict[str, object] = {
    "Enum": typed_enum.Enum,
    "IntEnum": typed_enum.IntEnum,
    "StrEnum": typed_enum.StrEnum,
    "Flag": typed_enum.Flag,
    "IntFlag": typed_enum.IntFlag,
    "EnumType": typed_enum.TypedEnumType,
    "EnumMeta": typed_enum.TypedEnumType,
}


def _proxy() -> types.ModuleType:
    proxy = types.ModuleType(PROXY_NAME, enum.__doc__)
    proxy.__dict__.update(
        {k: v for k, v in vars(enum).items() if k not in ("__name__", "__spec__", "__loader__")}
    )
    proxy.__dict__.update(_SUBSTITUTES)
    return proxy


#: The expression nodes a member value may be built of to be evaluated here:
#: literals, names of earlier members, and operators (``RED | BLUE``, ``1 << 3``).
_EVALUABLE = (
    ast.Constant,
    ast.Name,
    ast.Load,
    ast.BinOp,
    ast.UnaryOp,
    ast.Tuple,
    ast.operator,
    ast.unaryop,
)


def _evaluate(node: ast.expr, earlier: dict[str, object]) -> tuple[bool, object]:
    """The value of a member's expression, if it is made of literals and earlier members."""
    for sub in ast.walk(node):
        if not isinstance(sub, _EVALUABLE) or (isinstance(sub, ast.Name) and sub.id not in earlier):
            return False, None
    try:
        return True, eval(
            compile(ast.Expression(node), "<member>", "eval"), {"__builtins__": {}}, dict(earlier)
        )
    except Exception:
        return False, None


#: The fixtures' intended duplicates that are not ``name = <same literal>``
#: in a class body, declared by hand: (scope, statement as ``ast.unparse``
#: writes it) -> the statements that replace it.  The scope is the dotted
#: path of enclosing classes and functions.  Each entry must match at least
#: once (``load`` raises otherwise), so a change in test_enum is noticed;
#: ``SINCE`` names entries for fixtures newer than 3.11.
DECLARED_ALIASES: dict[tuple[str, str], str] = {
    # A name assigned in two branches (``dupe = 3`` for flags): only a name
    # that every assignment binds to a member bare is a bare-name alias.
    # The ReprEnum-based fixtures are stdlib enums (typed_enum has no ReprEnum).
    ("_EnumTests.setUp.MainEnum", "dupe = third"): (
        f"dupe = {ALIAS_NAME}(third) if isinstance(self.enum_type, EnumType) else third"
    ),
    # Its functional-API twin.
    ("_EnumTests.setUp", "dupe = third"): (
        f"dupe = {ALIAS_NAME}(third) if isinstance(self.enum_type, EnumType) else third"
    ),
    # One auto() under two names.
    (
        "OldTestFlag.test_duplicate_auto.Dupes",
        "first = primero = auto()",
    ): f"first = auto()\nprimero = {ALIAS_NAME}(first)",
    (
        "TestInternals.test_duplicate_auto.Dupes",
        "first = primero = auto()",
    ): f"first = auto()\nprimero = {ALIAS_NAME}(first)",
    # 2 is TWO's auto() value.
    ("OldTestFlag.test_number_reset_and_order_cleanup.Confused", "DOS = 2"): (
        f"DOS = {ALIAS_NAME}(TWO)"
    ),
    # Weeks and days whose length equals an earlier month's or week's
    # (week_30 is month_7: 210 days) alias it.
    ("TestSpecial.test_ignore.Period", "Period['week_%d' % i] = (i * 7, 'week')"): (
        f"Period['week_%d' % i] = {ALIAS_NAME}('month_%d' % (i * 7 // 30)) "
        "if i * 7 % 30 == 0 and i * 7 // 30 < 13 else (i * 7, 'week')"
    ),
    ("TestSpecial.test_ignore.Period", "Period['day_%d' % i] = (i, 'day')"): (
        f"Period['day_%d' % i] = {ALIAS_NAME}('month_%d' % (i // 30)) if i % 30 == 0 "
        f"else {ALIAS_NAME}('week_%d' % (i // 7)) if i % 7 == 0 else (i, 'day')"
    ),
    # Its __new__ makes 103 the value of both: an alias, as in stdlib's twin.
    (
        "TestStdLib.test_test_simple_enum.CheckedComplexStatus",
        "SOME_HINTS = (103, 'Some Early Hints')",
    ): f"SOME_HINTS = {ALIAS_NAME}(EARLY_HINTS)",
    ("TestStdLib.test_test_simple_enum.CheckedComplexFlag", "VEST = (1, 'outer upper half')"): (
        f"VEST = {ALIAS_NAME}(SHIRT)"
    ),
}

#: The first Python whose test_enum has the fixture an entry rewrites.
SINCE: dict[tuple[str, str], tuple[int, int]] = {
    ("_EnumTests.setUp", "dupe = third"): (3, 12),
    (
        "TestStdLib.test_test_simple_enum.CheckedComplexStatus",
        "SOME_HINTS = (103, 'Some Early Hints')",
    ): (3, 13),
    ("TestStdLib.test_test_simple_enum.CheckedComplexFlag", "VEST = (1, 'outer upper half')"): (
        3,
        13,
    ),
}


def _declare_aliases(tree: ast.Module) -> None:
    """Apply ``DECLARED_ALIASES``; raise for an entry that matched nothing."""
    unused = {key for key in DECLARED_ALIASES if SINCE.get(key, (3, 11)) <= sys.version_info}

    def block(stmts: list[ast.stmt], scope: str) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for node in stmts:
            key = (scope, ast.unparse(node)) if isinstance(node, ast.Assign) else None
            if key in DECLARED_ALIASES:
                unused.discard(key)
                new = ast.parse(DECLARED_ALIASES[key]).body
                for stmt in new:
                    ast.copy_location(stmt, node)
                out.extend(new)
                continue
            inner = scope
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                inner = f"{scope}.{node.name}" if scope else node.name
            for field in ("body", "orelse", "finalbody"):
                value = getattr(node, field, None)
                if isinstance(value, list) and all(isinstance(s, ast.stmt) for s in value):
                    setattr(node, field, block(value, inner))
            for handler in getattr(node, "handlers", []):
                handler.body = block(handler.body, inner)
            out.append(node)
        return out

    tree.body = block(tree.body, "")
    if unused:
        raise LookupError(
            f"DECLARED_ALIASES entries matched nothing in this Python's test_enum: {sorted(unused)}"
        )


def _classes_with_own_new(tree: ast.AST) -> set[ast.ClassDef]:
    """Classes that define ``__new__`` or derive from one that does.

    Their members' written values are arguments, not values (``red = ()``
    with a ``__new__`` that numbers members), so equal ones are no aliases.
    A base is looked up by name in the enclosing scopes, innermost first.
    """
    found: set[ast.ClassDef] = set()

    def scope(body: list[ast.stmt], outer: dict[str, bool]) -> None:
        names = dict(outer)
        for node in _statements(body):
            if isinstance(node, ast.ClassDef):
                own = any(
                    isinstance(s, ast.FunctionDef) and s.name == "__new__" for s in node.body
                ) or any(isinstance(b, ast.Name) and names.get(b.id, False) for b in node.bases)
                names[node.name] = own
                if own:
                    found.add(node)
                scope(node.body, names)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                scope(node.body, names)

    scope(tree.body if isinstance(tree, ast.Module) else [], {})
    return found


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a block, with those nested in if/try/with/for blocks."""
    for node in body:
        yield node
        for field in ("body", "orelse", "finalbody", "handlers"):
            if not isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    yield from _statements(
                        [s for s in inner if isinstance(s, ast.stmt)]
                        + [s for h in inner if isinstance(h, ast.ExceptHandler) for s in h.body]
                    )


class _Rewriter(ast.NodeTransformer):
    def __init__(self, own_new: set[ast.ClassDef]) -> None:
        self.aliased: list[str] = []
        self.own_new = own_new

    def visit_Import(self, node: ast.Import) -> ast.AST:
        for name in node.names:
            if name.name == "enum":
                name.name, name.asname = PROXY_NAME, name.asname or "enum"
        return node

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST:
        if node.module == "enum" and node.level == 0:
            node.module = PROXY_NAME
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST | None:
        if node.name == "load_tests" and node.col_offset == 0:
            return None
        self.generic_visit(node)
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        self.generic_visit(node)
        if not node.bases or node in self.own_new:
            return node
        seen: list[tuple[str, object]] = []
        earlier: dict[str, object] = {}
        for stmt in node.body:
            if not (
                isinstance(stmt, ast.Assign)
                and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name)
            ):
                continue
            name = stmt.targets[0].id
            ok, value = _evaluate(stmt.value, earlier)
            # ``...`` is a placeholder some fixtures' metaclasses number.
            if not ok or value is Ellipsis or name.startswith("_"):
                continue
            earlier[name] = value
            first = next((n for n, v in seen if _same(v, value)), None)
            if first is None:
                seen.append((name, value))
                continue
            stmt.value = ast.Call(
                func=ast.Name(ALIAS_NAME, ast.Load()),
                args=[ast.Name(first, ast.Load())],
                keywords=[],
            )
            self.aliased.append(f"{node.name}.{name} = alias({first})")
        return node


def _same(a: object, b: object) -> bool:
    try:
        return bool(a == b) and hash(a) == hash(b)
    except TypeError:
        return bool(a == b)


def source_path() -> str:
    spec = importlib.util.find_spec("test.test_enum")
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(
            "test.test_enum is not installed with this Python "
            f"({sys.executable}); the CPython enum harness needs it"
        )
    return spec.origin


def load() -> types.ModuleType:
    """The rewritten test module, executed and registered in ``sys.modules``."""
    if MODULE_NAME in sys.modules:
        return sys.modules[MODULE_NAME]
    path = source_path()
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    _declare_aliases(tree)
    rewriter = _Rewriter(_classes_with_own_new(tree))
    tree = ast.fix_missing_locations(rewriter.visit(tree))
    sys.modules[PROXY_NAME] = _proxy()
    module = types.ModuleType(MODULE_NAME)
    module.__file__ = path
    # A spec whose loader reads the installed file: linecache (tracebacks,
    # inspect) asks module globals for it, and 3.15 warns where there is none.
    module.__spec__ = importlib.util.spec_from_file_location(MODULE_NAME, path)
    module.__loader__ = module.__spec__.loader if module.__spec__ is not None else None
    module.__dict__[ALIAS_NAME] = typed_enum.alias
    module.__dict__["_typed_enum_rewrites_"] = rewriter.aliased
    sys.modules[MODULE_NAME] = module
    exec(compile(tree, path, "exec"), module.__dict__)
    return module


def _walk(suite: unittest.TestSuite) -> Iterator[unittest.TestCase]:
    for test in suite:
        if isinstance(test, unittest.TestSuite):
            yield from _walk(test)
        else:
            yield test


def tests(module: types.ModuleType) -> list[unittest.TestCase]:
    """Every test of the loaded module, one TestCase each."""
    return list(_walk(unittest.defaultTestLoader.loadTestsFromModule(module)))
