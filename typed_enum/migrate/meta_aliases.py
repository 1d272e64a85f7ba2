"""Metaclasses that make enums with aliases stay stdlib's.

A metaclass moved to ``TypedEnumType`` brings typed_enum's unique values to
every enum it makes, also to a library user's outside the tree: a protobuf
wrapper's enum declaring ``allow_alias`` through the wrapper's own option,
``UNKNOWN = 0`` then ``DEFAULT = 0``, raises ``ValueError: duplicate value``
at import.  typed_enum has no opt-out of unique values for a metaclass (an
enum of the tree declares its aliases with ``alias()``; a user's enum cannot
be rewritten from here), so where the tree shows that a metaclass makes such
enums, the metaclass and every class it shares a group with stay stdlib's,
and the report says why.  The evidence, read from the tree:

- a class of its group has a member whose value repeats another's (what
  stdlib makes an alias, read as ``plan`` reads aliases);
- the metaclass's own code names an alias option: a parameter, a name, an
  attribute or a string (not a docstring) with ``alias`` in it
  (``allow_alias``, ``aliases=True``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

import libcst as cst

from typed_enum.migrate.analysis import ClassInfo, Line

__all__ = ["aliasing_metaclasses", "moved_metaclass_note"]

_ALIAS_WORD = re.compile(r"alias", re.IGNORECASE)


class _AliasWords(cst.CSTVisitor):
    """The first name or string (not a docstring) of a class that mentions aliases."""

    def __init__(self) -> None:
        super().__init__()
        self.found: tuple[cst.CSTNode, str] | None = None
        self.docstrings: set[int] = set()

    def _docstring(self, body: cst.BaseSuite) -> None:
        if isinstance(body, cst.IndentedBlock) and body.body:
            first = body.body[0]
            if isinstance(first, cst.SimpleStatementLine) and first.body:
                small = first.body[0]
                if isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
                    self.docstrings.add(id(small.value))

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self._docstring(node.body)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._docstring(node.body)

    def _see(self, node: cst.CSTNode, text: str) -> None:
        if self.found is None and _ALIAS_WORD.search(text):
            self.found = (node, text)

    def visit_Name(self, node: cst.Name) -> None:
        self._see(node, node.value)

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        if id(node) not in self.docstrings:
            self._see(node, node.value)


def aliasing_metaclasses(
    metas: set[str],
    classes: Mapping[str, ClassInfo],
    group: Callable[[str], str],
    aliases: Mapping[str, Sequence[tuple[object, str, str, object]]],
) -> dict[str, tuple[Line, str]]:
    """Metaclass key -> (line, why it stays stdlib's), for those that make aliases.

    ``group``: a class's group (``plan``'s union-find root); ``aliases``: the
    implicit aliases of each enum class, (value node, name, canonical, value).
    """
    found: dict[str, tuple[Line, str]] = {}
    for meta in sorted(metas):
        info = classes[meta]
        root = group(meta)
        words = _AliasWords()
        info.node.visit(words)
        evidence = None
        if words.found is not None:
            node, text = words.found
            line = Line(info.line.wrapper, node)
            evidence = f"its code names an alias option ({text} at line {int(line)})"
        else:
            for key in sorted(aliases):
                if aliases[key] and group(key) == root and key != meta:
                    enum = classes[key]
                    _, name, canonical, value = aliases[key][0]
                    evidence = (
                        f"it makes {enum.qualname} ({enum.path}:{int(enum.line)}), whose "
                        f"{name} repeats {canonical}'s value {value!r}"
                    )
                    break
        if evidence is None:
            continue
        found[meta] = (
            info.line,
            f"{evidence}: stdlib makes such a member an alias, and TypedEnumType would "
            "refuse it in every enum this metaclass makes, also in its users' enums "
            "outside this tree (ValueError: duplicate value at import); typed_enum has no "
            "opt-out of unique values for a metaclass, so it keeps stdlib's aliasing by "
            "staying stdlib's",
        )
    return found


def moved_metaclass_note(info: ClassInfo) -> str:
    """What a reviewer should know of a metaclass that moves: its users' enums change too.

    Said for every moved metaclass: the tree showed no alias among its enums,
    but an enum it makes outside the tree (a library's users) may have one.
    """
    return (
        f"{info.qualname} now derives from TypedEnumType: every enum it makes follows "
        "typed_enum's rules, also its users' enums outside this tree, where a member whose "
        "value repeats another's (an alias stdlib makes silently) raises ValueError: "
        "duplicate value at import; no enum of this tree that it makes has one (run with the "
        "tests in the paths, where they declare such enums, to have that seen), else declare "
        "those aliases with alias() or keep the metaclass on enum.EnumMeta by hand"
    )
