"""Code that tells stdlib's enum classes apart by identity, kept working.

``if bases[0] == enum.IntEnum:`` (a metaclass recognising its package's own
base) is false once that base derives from ``typed_enum.IntEnum``; so are
``type(C) is enum.EnumMeta``, ``cls in (enum.Enum, enum.Flag)`` and a lookup
in ``{enum.IntEnum: ...}`` for a class the migration moved.  ``isinstance``
and ``issubclass`` are unaffected (typed_enum's classes derive from stdlib's),
and so is ``enum.IntEnum in C.__mro__``.

Where a class of the tree moved off a stdlib class, each such comparison with
it is rewritten to accept both (``bases[0] in (enum.IntEnum,
typed_enum.IntEnum)``) and reported; so are a ``match`` case on the class, a
dict keyed by it (a literal, or ``d[enum.IntEnum] = v``) and a collection of
such classes bound to a name that the module compares with by ``in``.  A test's assertion that pins stdlib's
class (``assert type(C) is enum.EnumMeta``, ``self.assertIs(...)``, an exact
``__mro__``) is not rewritten (that would hide the change it pins): it is
reported as changed.  A comparison this run cannot rewrite (a chained one,
a whole tuple of bases) is left alone and reported.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import libcst as cst
from libcst.metadata import PositionProvider

from typed_enum.migrate.analysis import STDLIB_ENUMS, STDLIB_METACLASSES, Line, ModuleInfo, Ref
from typed_enum.migrate.report import Finding, Kind

__all__ = ["Identity", "find_identity", "fitted"]

_COUNTERPARTS = STDLIB_ENUMS | STDLIB_METACLASSES
_EQUAL = (cst.Equal, cst.Is)
_UNEQUAL = (cst.NotEqual, cst.IsNot)
# unittest's assertions whose outcome depends on a class's identity.
_ASSERT_IDENTITY = frozenset(
    {
        "assertIs",
        "assertIsNot",
        "assertEqual",
        "assertEquals",
        "assertNotEqual",
        "assertIn",
        "assertNotIn",
        "assertTupleEqual",
        "assertSequenceEqual",
        "assertListEqual",
        "assertCountEqual",
    }
)

Build = Callable[[cst.CSTNode], cst.CSTNode]
# (module, a name read there) -> whether it is a class of the tree that moves
# (True), one that stays stdlib's (False), or not a class of the tree (None)
Moved = Callable[[ModuleInfo, str], bool | None]
_E = TypeVar("_E", cst.BaseElement, cst.BaseDictElement)


@dataclass
class Identity:
    """What the rewrite does to the identity checks, per module."""

    # path -> id() of a Comparison or Dict -> the builder of its replacement
    # (given the node as the rewrite left its children)
    rewrites: dict[Path, dict[int, Build]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)


def _code(node: cst.CSTNode) -> str:
    return " ".join(cst.Module(body=[]).code_for_node(node).split())


def _code_raw(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def _counterpart(qualified: str) -> cst.Attribute:
    return cst.Attribute(cst.Name("typed_enum"), cst.Name(_COUNTERPARTS[qualified]))


def _is_test_module(path: Path) -> bool:
    """A test module: ``test_*.py``, ``*_test.py``, ``conftest.py`` or under a ``tests`` folder
    of the tree (an absolute path's folders count from the current directory only)."""
    name = path.name
    if path.is_absolute():
        cwd = Path.cwd()
        path = path.relative_to(cwd) if path.is_relative_to(cwd) else Path(name)
    return (
        name.startswith("test_")
        or name.endswith("_test.py")
        or name == "conftest.py"
        or any(part in ("test", "tests", "testing") for part in path.parts[:-1])
    )


def _mro(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Attribute) and node.attr.value == "__mro__"


def _elements(node: cst.BaseExpression) -> Sequence[cst.BaseElement] | None:
    if isinstance(node, cst.Tuple | cst.List | cst.Set):
        return node.elements
    return None


def _positions(node: cst.BaseExpression, affected: dict[int, Ref]) -> dict[int, str]:
    """Index -> stdlib class of the affected elements of a literal (ids do not
    survive the rewrite: libcst rebuilds every node it visits)."""
    return {
        i: affected[id(e.value)].qualified
        for i, e in enumerate(_elements(node) or ())
        if id(e.value) in affected
    }


def _interleave(
    elements: Sequence[_E], positions: dict[int, str], make: Callable[[_E, str], _E]
) -> list[_E]:
    """``elements`` with ``make(element, stdlib)`` after each affected one, laid out as
    the literal is: each new element takes its neighbour's comma (a multi-line
    literal stays one element a line)."""
    separators = [e.comma for e in elements if isinstance(e.comma, cst.Comma)]
    separator: cst.Comma | cst.MaybeSentinel = (
        separators[0] if separators else cst.MaybeSentinel.DEFAULT
    )
    out: list[_E] = []
    for index, element in enumerate(elements):
        if index not in positions:
            out.append(element)
            continue
        added = make(element, positions[index])
        comma = element.comma
        last = index == len(elements) - 1
        if isinstance(comma, cst.Comma) and last and "\n" not in _code_raw(comma):
            # ``(X,)``: a trailing comma on one line goes (two elements need none).
            spaced = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            out += [element.with_changes(comma=spaced), added]
        elif isinstance(comma, cst.Comma):
            out += [element, added.with_changes(comma=comma)]
        else:  # the last one, without a trailing comma
            out += [element.with_changes(comma=separator), added]
    return out


def _with_counterparts(
    node: cst.Tuple | cst.List | cst.Set, positions: dict[int, str]
) -> cst.BaseExpression:
    """The literal with typed_enum's class after each affected stdlib one."""

    def make(element: cst.BaseElement, stdlib: str) -> cst.BaseElement:
        return cst.Element(_counterpart(stdlib))

    return node.with_changes(elements=_interleave(node.elements, positions, make))


_MAKERS = frozenset({"tuple", "list", "set", "frozenset"})


def _literal(value: cst.BaseExpression) -> cst.Tuple | cst.List | cst.Set | None:
    """The literal of ``(A, B)``, ``[A, B]``, ``{A, B}`` or ``frozenset({A, B})``."""
    if (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Name)
        and value.func.value in _MAKERS
        and len(value.args) == 1
        and not value.args[0].keyword
    ):
        value = value.args[0].value
    return value if isinstance(value, cst.Tuple | cst.List | cst.Set) else None


class _Collections(cst.CSTVisitor):
    """Names bound to a literal collection of stdlib enum classes, and how each is read.

    ``STDLIB = (enum.Enum, enum.IntEnum)`` then ``base in STDLIB``: a check by
    identity through a name.  Typed_enum's classes are added to the literal
    where every read of the name in its module is the right side of ``in``
    or the second argument of ``isinstance``/``issubclass`` (unaffected).
    """

    def __init__(self, affected: dict[int, Ref]) -> None:
        super().__init__()
        self.affected = affected
        self.bound: dict[str, list[cst.Tuple | cst.List | cst.Set]] = {}
        self.targets: set[int] = set()
        self.reads: dict[str, int] = {}
        self.membership: dict[str, int] = {}
        self.harmless: dict[str, int] = {}

    def visit_Assign(self, node: cst.Assign) -> None:
        literal = _literal(node.value)
        if literal is None or not any(id(e.value) in self.affected for e in literal.elements):
            return
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                self.bound.setdefault(target.target.value, []).append(literal)
                self.targets.add(id(target.target))

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        node.value.visit(self)
        return False  # ``x.STDLIB`` is another object's attribute

    def visit_Name(self, node: cst.Name) -> None:
        if id(node) not in self.targets:
            self.reads[node.value] = self.reads.get(node.value, 0) + 1

    def visit_Comparison(self, node: cst.Comparison) -> None:
        for target in node.comparisons:
            if isinstance(target.operator, cst.In | cst.NotIn) and isinstance(
                target.comparator, cst.Name
            ):
                name = target.comparator.value
                self.membership[name] = self.membership.get(name, 0) + 1

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if (
            isinstance(func, cst.Name)
            and func.value in ("isinstance", "issubclass")
            and len(node.args) == 2
            and isinstance(node.args[1].value, cst.Name)
        ):
            name = node.args[1].value.value
            self.harmless[name] = self.harmless.get(name, 0) + 1


class _Finder(cst.CSTVisitor):
    def __init__(
        self, info: ModuleInfo, affected: dict[int, Ref], out: Identity, moved: Moved
    ) -> None:
        super().__init__()
        self.moved = moved
        self.info = info
        self.affected = affected
        self.out = out
        self.test = _is_test_module(info.path)
        self.asserting = 0
        self.rewrites: dict[int, Build] = {}

    def line(self, node: cst.CSTNode) -> int:
        return int(Line(self.info.wrapper, node))

    def report(self, node: cst.CSTNode, kind: Kind, message: str) -> None:
        self.out.findings.append(Finding(self.info.path, self.line(node), kind, message))

    def refs_in(self, node: cst.BaseExpression) -> list[Ref]:
        """The affected stdlib classes ``node`` is, or a literal tuple/list/set holds."""
        ref = self.affected.get(id(node))
        if ref is not None:
            return [ref]
        elements = _elements(node)
        return [self.affected[id(e.value)] for e in elements or () if id(e.value) in self.affected]

    # -- test assertions: reported, never rewritten ----------------------------

    def visit_Assert(self, node: cst.Assert) -> None:
        if self.test:
            self.asserting += 1

    def leave_Assert(self, original_node: cst.Assert) -> None:
        if self.test:
            self.asserting -= 1

    def _assertion(self, node: cst.Call) -> str | None:
        """unittest's ``self.assertX`` method name, in a test module."""
        func = node.func
        if self.test and isinstance(func, cst.Attribute) and func.attr.value.startswith("assert"):
            return func.attr.value
        return None

    def visit_Call(self, node: cst.Call) -> None:
        name = self._assertion(node)
        if name is None:
            return
        self.asserting += 1  # ``self.assertTrue(type(C) is enum.EnumMeta)``
        if name not in _ASSERT_IDENTITY:
            return
        refs = [r for arg in node.args for r in self.refs_in(arg.value)]
        if refs and not any(_mro(arg.value) for arg in node.args):
            self.changed(node, refs)

    def leave_Call(self, original_node: cst.Call) -> None:
        if self._assertion(original_node) is not None:
            self.asserting -= 1

    def changed(self, node: cst.CSTNode, refs: list[Ref]) -> None:
        stayed = [self.moved(self.info, name) for name in _names(node)]
        known = [moved for moved in stayed if moved is not None]
        if known and not any(known):
            return  # about classes of the tree that stay stdlib's: unchanged
        names = ", ".join(dict.fromkeys(r.qualified for r in refs))
        targets = ", ".join(dict.fromkeys(f"typed_enum.{_COUNTERPARTS[r.qualified]}" for r in refs))
        self.report(
            node,
            Kind.CHANGED,
            f"{_code(node)} pins stdlib's {names}: a class the migration moved is built on "
            f"{targets} now (a subclass of it), so this assertion may fail; accept both "
            "(issubclass, or typed_enum's class as well) once the test is about behaviour",
        )

    # -- named collections ----------------------------------------------------------

    def collections(self, imported: set[str]) -> None:
        """``STDLIB = (enum.Enum, ...)`` read by ``in``: typed_enum's classes added."""
        found = _Collections(self.affected)
        self.info.wrapper.module.visit(found)
        for name, literals in found.bound.items():
            membership = found.membership.get(name, 0)
            reads = found.reads.get(name, 0)
            if not membership and name not in imported:
                # Not compared here (isinstance/issubclass, which typed_enum's
                # classes pass; the bases of a ``class C(*bases)``, reported as
                # a dynamic base; unread).
                continue
            safe = (
                len(literals) == 1
                and name not in imported
                and reads == membership + found.harmless.get(name, 0)
            )
            for literal in literals:
                if any(_code(e.value).startswith("typed_enum.") for e in literal.elements):
                    continue
                if not safe:
                    refs = self.refs_in(literal)
                    self.report(
                        literal,
                        Kind.LEFT_ALONE,
                        f"{name} = {_code(literal)} holds "
                        f"{', '.join(dict.fromkeys(r.qualified for r in refs))}, and is read "
                        "otherwise than by in, isinstance or issubclass here (or bound twice, "
                        "or imported by another module), so typed_enum's classes are not "
                        "added; where it tells classes apart by identity (==, is, in), add "
                        "them by hand",
                    )
                    continue
                positions = _positions(literal, self.affected)
                self.rewrite(
                    literal,
                    _literal_builder(positions),
                    self.affected[id(literal.elements[next(iter(positions))].value)],
                    f"{name}: ",
                )

    # -- comparisons -------------------------------------------------------------

    def visit_Comparison(self, node: cst.Comparison) -> None:
        operands = [node.left, *(t.comparator for t in node.comparisons)]
        found = [(i, self.refs_in(o)) for i, o in enumerate(operands)]
        if not any(refs for _, refs in found):
            return
        if len(node.comparisons) != 1:
            self.left_alone(node, "a chained comparison")
            return
        operator = node.comparisons[0].operator
        left, right = operands
        (_, left_refs), (_, right_refs) = found
        if isinstance(operator, cst.In | cst.NotIn) and _mro(right):
            return  # typed_enum's classes derive from stdlib's: still in the MRO
        if self.asserting:
            self.changed(node, left_refs + right_refs)
            return
        direct_left = id(left) in self.affected
        direct_right = id(right) in self.affected
        if isinstance(operator, _EQUAL + _UNEQUAL) and direct_left != direct_right:
            ref = self.affected[id(left) if direct_left else id(right)]
            keep = "not in" if isinstance(operator, _UNEQUAL) else "in"
            self.rewrite(node, _either(direct_left, ref, keep), ref)
            return
        if isinstance(operator, cst.In | cst.NotIn):
            if right_refs and not direct_right and not left_refs:
                if _mentions(right, right_refs):
                    return  # typed_enum's class is already there
                self.rewrite(
                    node,
                    _extend_literal(_positions(right, self.affected)),
                    right_refs[0],
                )
                return
            if direct_left and not right_refs:
                ref = self.affected[id(left)]
                self.rewrite(
                    node,
                    _disjoint(isinstance(operator, cst.NotIn), ref),
                    ref,
                )
                return
        what = "an exact __mro__" if _mro(left) or _mro(right) else "a comparison of tuples"
        self.left_alone(node, what)

    def rewrite(self, node: cst.CSTNode, build: Build, ref: Ref, name: str = "") -> None:
        """Rewrite ``node`` with ``build``, and report it (``name``: ``STDLIB: ``
        before a named collection's literal)."""
        self.rewrites[id(node)] = build
        new = build(node)
        self.report(
            node,
            Kind.IDENTITY,
            f"{name}{_code(node)} became {name}{_code(new)}: a class the migration moved is "
            f"built on typed_enum.{_COUNTERPARTS[ref.qualified]} now, not {ref.qualified}, and "
            "the check tells them apart by identity; it accepts both, as before the migration",
        )

    def left_alone(self, node: cst.CSTNode, what: str) -> None:
        refs = self.refs_in(node) if isinstance(node, cst.BaseExpression) else []
        names = ", ".join(dict.fromkeys(r.qualified for r in refs)) or "a stdlib enum class"
        self.report(
            node,
            Kind.LEFT_ALONE,
            f"{_code(node)} ({what}) compares with {names} by identity, which a class the "
            "migration moved is not any more; rewrite it by hand to accept typed_enum's "
            "class as well (or use issubclass)",
        )

    # -- mappings filled by key ------------------------------------------------------

    def visit_Assign(self, node: cst.Assign) -> None:
        """``registry[enum.IntEnum] = v`` -> ``registry[enum.IntEnum] = registry[typed_enum.IntEnum] = v``."""
        if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Subscript):
            return
        target = node.targets[0].target
        assert isinstance(target, cst.Subscript)
        if len(target.slice) != 1 or not isinstance(target.slice[0].slice, cst.Index):
            return
        ref = self.affected.get(id(target.slice[0].slice.value))
        if ref is None:
            return
        if not _plain(target.value):
            self.left_alone(node, "a mapping filled by key")
            return
        self.rewrite(node, _store_both(ref), ref)

    # -- match statements ----------------------------------------------------------

    def visit_MatchValue(self, node: cst.MatchValue) -> None:
        ref = self.affected.get(id(node.value))
        if ref is not None:
            self.rewrite(node, _match_either(ref), ref, "case ")

    # -- dict keys -------------------------------------------------------------------

    def visit_Dict(self, node: cst.Dict) -> None:
        keyed = [
            e
            for e in node.elements
            if isinstance(e, cst.DictElement) and id(e.key) in self.affected
        ]
        if not keyed:
            return
        present = {_code(e.key) for e in node.elements if isinstance(e, cst.DictElement)}
        if all(
            f"typed_enum.{_COUNTERPARTS[self.affected[id(e.key)].qualified]}" in present
            for e in keyed
        ):
            return
        if not all(_plain(e.value) for e in keyed):
            self.report(
                node,
                Kind.LEFT_ALONE,
                f"a dict keyed by {', '.join(_code(e.key) for e in keyed)} (a lookup by "
                "class identity, which a class the migration moved is not any more): its "
                "values are not plain names or literals, so typed_enum's class is not added "
                "as a key; add it by hand",
            )
            return
        positions = {
            i: self.affected[id(e.key)].qualified
            for i, e in enumerate(node.elements)
            if isinstance(e, cst.DictElement) and id(e.key) in self.affected
        }
        self.rewrite(node, _extend_dict(positions), self.affected[id(keyed[0].key)])


def _names(node: cst.CSTNode) -> list[str]:
    """The plain names ``node`` reads (``Color`` in ``type(Color)``), not attributes."""
    found: list[str] = []

    class Names(cst.CSTVisitor):
        def visit_Attribute(self, attribute: cst.Attribute) -> bool:
            attribute.value.visit(self)
            return False

        def visit_Name(self, name: cst.Name) -> None:
            found.append(name.value)

    node.visit(Names())
    return found


def _plain(node: cst.BaseExpression) -> bool:
    """A value that may be written twice (no call, nothing evaluated twice)."""
    if isinstance(node, cst.Name | cst.SimpleString | cst.Integer | cst.Float):
        return True
    return isinstance(node, cst.Attribute) and _plain(node.value)


def _mentions(node: cst.BaseExpression, refs: list[Ref]) -> bool:
    shown = {_code(e.value) for e in _elements(node) or ()}
    return all(f"typed_enum.{_COUNTERPARTS[r.qualified]}" in shown for r in refs)


def _either(ref_left: bool, ref: Ref, keep: str) -> Build:
    """``x == X`` / ``X is x`` -> ``x in (X, typed_enum.X)`` (``not in`` for ``!=``)."""

    def build(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.Comparison)
        stdlib = node.left if ref_left else node.comparisons[0].comparator
        other = node.comparisons[0].comparator if ref_left else node.left
        both = cst.Tuple([cst.Element(stdlib), cst.Element(_counterpart(ref.qualified))])
        operator = cst.NotIn() if keep == "not in" else cst.In()
        return node.with_changes(left=other, comparisons=[cst.ComparisonTarget(operator, both)])

    return build


def _literal_builder(positions: dict[int, str]) -> Build:
    """``(X, Y)`` -> ``(X, typed_enum.X, Y)``."""

    def build(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.Tuple | cst.List | cst.Set)
        return _with_counterparts(node, positions)

    return build


def _store_both(ref: Ref) -> Build:
    """``d[X] = v`` -> ``d[X] = d[typed_enum.X] = v`` (``v`` evaluated once)."""

    def build(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.Assign)
        target = node.targets[0].target
        assert isinstance(target, cst.Subscript)
        key = cst.SubscriptElement(cst.Index(_counterpart(ref.qualified)))
        other = target.with_changes(slice=[key])
        return node.with_changes(targets=[node.targets[0], cst.AssignTarget(other)])

    return build


def _match_either(ref: Ref) -> Build:
    """``case enum.IntEnum:`` -> ``case enum.IntEnum | typed_enum.IntEnum:``."""

    def build(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.MatchValue)
        return cst.MatchOr(
            [
                cst.MatchOrElement(node, separator=cst.BitOr()),
                cst.MatchOrElement(cst.MatchValue(_counterpart(ref.qualified))),
            ]
        )

    return build


def _extend_literal(positions: dict[int, str]) -> Build:
    """``x in (X, Y)`` -> ``x in (X, typed_enum.X, Y)``."""

    def build(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.Comparison)
        target = node.comparisons[0]
        literal = target.comparator
        assert isinstance(literal, cst.Tuple | cst.List | cst.Set)
        return node.with_changes(
            comparisons=[target.with_changes(comparator=_with_counterparts(literal, positions))]
        )

    return build


def _disjoint(negated: bool, ref: Ref) -> Build:
    """``X in seq`` -> ``not {X, typed_enum.X}.isdisjoint(seq)``."""

    def build(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.Comparison)
        both = cst.Set([cst.Element(node.left), cst.Element(_counterpart(ref.qualified))])
        call = cst.Call(
            cst.Attribute(both, cst.Name("isdisjoint")),
            [cst.Arg(node.comparisons[0].comparator)],
            lpar=node.lpar if negated else (),
            rpar=node.rpar if negated else (),
        )
        if negated:
            return call
        return cst.UnaryOperation(cst.Not(), call, lpar=node.lpar, rpar=node.rpar)

    return build


def _extend_dict(positions: dict[int, str]) -> Build:
    """``{X: v}`` -> ``{X: v, typed_enum.X: v}``."""

    def make(element: cst.BaseDictElement, stdlib: str) -> cst.BaseDictElement:
        assert isinstance(element, cst.DictElement)
        return element.with_changes(key=_counterpart(stdlib))

    def build(node: cst.CSTNode) -> cst.CSTNode:
        assert isinstance(node, cst.Dict)
        return node.with_changes(elements=_interleave(node.elements, positions, make))

    return build


def _one_a_line(
    elements: Sequence[_E], indent: str, step: str
) -> tuple[cst.ParenthesizedWhitespace, list[_E]]:
    """(whitespace after the opening bracket, the elements one a line with a
    trailing comma, the last one's comma ending on ``indent`` for the closing bracket)."""

    def newline(to: str) -> cst.ParenthesizedWhitespace:
        return cst.ParenthesizedWhitespace(
            first_line=cst.TrailingWhitespace(), indent=False, last_line=cst.SimpleWhitespace(to)
        )

    inner = indent + step
    laid = [e.with_changes(comma=cst.Comma(whitespace_after=newline(inner))) for e in elements[:-1]]
    laid.append(elements[-1].with_changes(comma=cst.Comma(whitespace_after=newline(indent))))
    return newline(inner), laid


def _wrap(node: cst.CSTNode, indent: str, step: str) -> cst.CSTNode:
    """The literal ``node`` builds (a comparison's right side, a dict) one element a
    line, as black and ruff format lay out a literal that does not fit."""
    if isinstance(node, cst.Comparison):
        target = node.comparisons[0]
        literal = _wrap(target.comparator, indent, step)
        return node.with_changes(comparisons=[target.with_changes(comparator=literal)])
    if isinstance(node, cst.Dict) and node.elements:
        opening, laid = _one_a_line(node.elements, indent, step)
        return node.with_changes(
            lbrace=cst.LeftCurlyBrace(whitespace_after=opening),
            elements=laid,
            rbrace=cst.RightCurlyBrace(),
        )
    if isinstance(node, cst.Set) and node.elements:
        opening, laid_elements = _one_a_line(node.elements, indent, step)
        return node.with_changes(
            lbrace=cst.LeftCurlyBrace(whitespace_after=opening),
            elements=laid_elements,
            rbrace=cst.RightCurlyBrace(),
        )
    if isinstance(node, cst.List) and node.elements:
        opening, laid_elements = _one_a_line(node.elements, indent, step)
        return node.with_changes(
            lbracket=cst.LeftSquareBracket(whitespace_after=opening),
            elements=laid_elements,
            rbracket=cst.RightSquareBracket(),
        )
    if isinstance(node, cst.Tuple) and node.elements and node.lpar:
        opening, laid_elements = _one_a_line(node.elements, indent, step)
        return node.with_changes(
            lpar=[cst.LeftParen(whitespace_after=opening)],
            elements=laid_elements,
            rpar=[cst.RightParen()],
        )
    return node


def _wrapping(build: Build, indent: str, step: str) -> Build:
    def wrapped(node: cst.CSTNode) -> cst.CSTNode:
        return _wrap(build(node), indent, step)

    return wrapped


def fitted(info: ModuleInfo, builds: dict[int, Build], line_length: int) -> dict[int, Build]:
    """``builds`` (``Identity.rewrites`` of ``info``'s module), each laying its
    literal out one element a line where its line would pass ``line_length``."""
    if not builds:
        return {}
    positions = info.wrapper.resolve(PositionProvider)
    lines = info.wrapper.module.code.splitlines()
    step = info.wrapper.module.default_indent
    out = dict(builds)
    for node, where in positions.items():
        build = builds.get(id(node))
        if build is None or where.start.line != where.end.line:
            continue
        text = lines[where.start.line - 1]
        width = len(text) - (where.end.column - where.start.column) + len(_code_raw(build(node)))
        if width > line_length:
            indent = text[: len(text) - len(text.lstrip())]
            out[id(node)] = _wrapping(build, indent, step)
    return out


def find_identity(
    modules: list[ModuleInfo], moved: set[int], classes: Moved = lambda module, name: None
) -> Identity:
    """The identity checks the migration would change, and how each is kept.

    ``moved``: id() of the stdlib references the plan points at typed_enum
    (``Plan.refs``).  A stdlib class counts where some class of the tree moves
    off it; the metaclasses count where any class moves (its type changes).
    ``classes``: whether a name is a class of the tree that moves; a test's
    assertion about classes that all stay stdlib's is not reported.
    """
    affected_names: set[str] = set()
    for module in modules:
        for ref in module.refs:
            if id(ref.node) in moved:
                affected_names.add(ref.qualified)
    if affected_names:
        affected_names |= set(STDLIB_METACLASSES)
    out = Identity()
    if not affected_names:
        return out
    for module in modules:
        affected = {
            id(r.node): r
            for r in module.refs
            if r.role == "other" and r.qualified in affected_names and id(r.node) not in moved
        }
        if not affected:
            continue
        finder = _Finder(module, affected, out, classes)
        imported = {
            target.rpartition(".")[2]
            for other in modules
            for target in other.imports.values()
            if target.rpartition(".")[0] == module.name
        }
        finder.collections(imported)
        module.wrapper.module.visit(finder)
        if finder.rewrites:
            out.rewrites[module.path] = finder.rewrites
    return out
