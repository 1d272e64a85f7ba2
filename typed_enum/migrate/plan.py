"""Which classes move to typed_enum, decided over the whole tree.

A class moves with every class it shares a base or a metaclass with (an enum
and its subclasses, a metaclass and the enums that use it): a stdlib enum
subclassing a typed_enum one would be checked as typed_enum, and a stdlib
metaclass under a typed_enum base is a metaclass conflict.  A group moves
only when every member value in it could be evaluated; otherwise the whole
group is left alone and each reason is reported.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

from typed_enum.migrate.analysis import (
    AUTO_DIFFERS,
    NO_COUNTERPART,
    STDLIB_ENUMS,
    STDLIB_METACLASSES,
    ClassInfo,
    FunctionalCall,
    Line,
    ModuleInfo,
)
from typed_enum.migrate.identity import find_identity
from typed_enum.migrate.meta_aliases import aliasing_metaclasses, moved_metaclass_note
from typed_enum.migrate.report import Finding, Kind
from typed_enum.migrate.runtime import Members, RuntimeInfo
from typed_enum.migrate.values import Unknown, evaluate_source

__all__ = ["Plan", "make_plan"]

_FLAGS = frozenset({"enum.Flag", "enum.IntFlag"})
# Data types stdlib orders an enum's members by and typed_enum does not.
_ORDERED_DATA = frozenset({"builtins.str", "builtins.float", "builtins.bytes"})


@dataclass
class Plan:
    converted: set[str] = field(default_factory=set)  # ClassInfo keys
    # id() of the Ref nodes to point at typed_enum (class bases, functional calls)
    refs: set[int] = field(default_factory=set)
    # id() of a member's value node -> the canonical member it repeats
    aliases: dict[int, str] = field(default_factory=dict)
    # id() of an alias's value node -> its own source, which alias() drops, where
    # it differs from the canonical member's (one line)
    dropped: dict[int, str] = field(default_factory=dict)
    # id() of an ``a = b = 1`` Assign -> {extra target: canonical member}
    chained: dict[int, dict[str, str]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    # modules another module of the tree star-imports: the names they bind
    # are re-exported, so a stdlib name is never rebound to typed_enum's there
    star_imported: set[str] = field(default_factory=set)
    # id() of the ClassDef nodes that get ``ValueOrdered`` among their bases
    # (stdlib ordered their members by a data type typed_enum does not) -> the
    # index it goes at
    value_ordered: dict[int, int] = field(default_factory=dict)
    # with keep_ordering off: (path, line, qualname) of each class whose members
    # stdlib ordered and typed_enum will not
    unordered: list[tuple[Path, int, str]] = field(default_factory=list)
    # the moved plain Enum/Flag classes (no data type): orjson serialises
    # stdlib's natively, typed_enum's only with default=
    plain: list[tuple[Path, int, str]] = field(default_factory=list)
    # path -> id() of a comparison or dict that tells stdlib's enum classes
    # apart by identity -> the builder of its replacement (``identity.py``)
    identity: dict[Path, dict[int, Callable[[cst.CSTNode], cst.CSTNode]]] = field(
        default_factory=dict
    )


def _auto_value(
    kind: str | None, name: str, last_values: list[object], start: object = 1
) -> object:
    """What stdlib's ``_generate_next_value_`` gives ``auto()`` for ``kind`` (3.11-3.13)."""
    if kind is None:
        raise Unknown("auto() with a base this run cannot see")
    if kind == "enum.StrEnum":
        return name.lower()
    if not last_values:
        return start
    if not all(isinstance(v, int) for v in last_values):
        raise Unknown("auto() after a value that is not an int")
    highest = max(v for v in last_values if isinstance(v, int))
    if kind in _FLAGS:
        if highest < 0:
            raise Unknown("auto() after a negative flag value")
        return 2 ** highest.bit_length()
    return highest + 1


def one_line(source: str) -> str:
    """A member's value source on one line: ``(\n    "a",\n    1,\n)`` is ``("a", 1)``."""
    try:
        tree = ast.parse(f"(\n{source}\n)", mode="eval")
    except SyntaxError:
        return " ".join(source.split())
    joined = " ".join(source.split())
    tight = re.sub(r"([(\[{])\s+|\s+([)\]}])", lambda m: m[1] or m[2], joined)
    # Each candidate must still be the same expression: ``(1,)`` keeps its
    # comma, and a comment inside (``# ...``) cannot be joined as written.
    for text in (re.sub(r",([)\]}])", r"\1", tight), tight, joined):
        if "#" not in text and same_source(text, source):
            return text
    return ast.unparse(tree)


def same_source(a: str, b: str) -> bool:
    """Whether two value sources are the same expression (layout aside)."""
    try:
        return ast.dump(ast.parse(f"(\n{a}\n)", mode="eval")) == ast.dump(
            ast.parse(f"(\n{b}\n)", mode="eval")
        )
    except SyntaxError:
        return " ".join(a.split()) == " ".join(b.split())


class _Shown(str):
    """A value's repr as the import read it: shown as is in ``{value!r}``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


def _same(a: object, b: object) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return False


class _Planner:
    def __init__(
        self,
        modules: list[ModuleInfo],
        runtime: RuntimeInfo | None = None,
        keep_ordering: bool = True,
        stars: Mapping[str, tuple[str, ...]] | None = None,
    ) -> None:
        self.modules = modules
        self.runtime = runtime
        self.keep_ordering = keep_ordering
        self.imports: dict[str, str] = {}
        for module in modules:
            self.imports.update(module.imports)
        for module in modules:
            # A name a module binds in every branch of an if/try to one stdlib
            # enum class (or its backport) stands for that class where another
            # module imports it (a package's ``StrEnum`` shim): the classes built
            # on it are then reported, not skipped as non-enums.
            for name, conditional in module.conditional.items():
                if conditional.problem is None and conditional.stdlib is not None:
                    self.imports[f"{module.name}.{name}"] = conditional.stdlib
        self.classes = {c.key: c for m in modules for c in m.classes}
        self.by_module = {m.name: m for m in modules}
        # module -> the modules it star-imports, in order (also the modules not
        # parsed: an ``__init__`` that only re-exports never mentions enum)
        self.stars: dict[str, tuple[str, ...]] = dict(stars or {})
        for module in modules:
            if module.stars:
                self.stars[module.name] = tuple(module.stars)
        self.by_path = {m.path: m for m in modules}
        self.plan = Plan()
        self.bases = {key: [self.canon(b) for b in c.bases] for key, c in self.classes.items()}
        self.metaclass = {
            key: self.canon(c.metaclass) if c.metaclass else None for key, c in self.classes.items()
        }
        self.enums: set[str] = set()
        self.metas: set[str] = set()
        self.parent: dict[str, str] = {}

    def canon(self, name: str) -> str:
        """Where ``name`` is defined, following re-exports: ``from .models import
        Color`` in an ``__init__``, a star import (``from .basic import *``),
        a module alias (``t.enum8`` after ``import pkg.types as t`` in a module
        another imports ``t`` from) and attribute chains through any of them."""
        seen = {name}
        while name not in self.classes:
            step = self.imports.get(name) or self.through_star(name) or self.through_prefix(name)
            if step is None or step in seen:
                break
            name = step
            seen.add(name)
        return name

    def through_prefix(self, name: str) -> str | None:
        """``name`` with its longest re-exported leading part replaced."""
        parts = name.split(".")
        for end in range(len(parts) - 1, 0, -1):
            prefix = ".".join(parts[:end])
            target = self.imports.get(prefix) or self.through_star(prefix)
            if target is not None and target != prefix:
                return ".".join([target, *parts[end:]])
        return None

    def through_star(self, name: str, depth: int = 0) -> str | None:
        """The ``module.attr`` that ``name`` is bound to by a star import of its
        module (the last one that binds it wins, as at run time), or None."""
        owner, _, attr = name.rpartition(".")
        stars = self.stars.get(owner)
        if (
            not stars
            or depth > 20
            or name in self.classes
            or name in self.imports
            or name in self.by_module  # a module of the tree, not a name it binds
            or name in self.stars
        ):
            return None
        for source in reversed(stars):
            candidate = f"{source}.{attr}"
            if not self.exported(source, attr):
                continue
            if source == "enum":
                if candidate in STDLIB_ENUMS or candidate in STDLIB_METACLASSES:
                    return candidate
                if candidate in NO_COUNTERPART:
                    return candidate
                continue
            if (
                candidate in self.classes
                or candidate in self.imports
                or self.through_star(candidate, depth + 1) is not None
            ):
                return candidate
        return None

    def exported(self, module: str, attr: str) -> bool:
        """Whether ``from module import *`` binds ``attr`` (its ``__all__``, else
        every public name)."""
        info = self.by_module.get(module)
        names = info.literals.get("__all__") if info is not None else None
        if isinstance(names, list | tuple):
            return attr in names
        return not attr.startswith("_")

    def names(self, path: object) -> dict[str, object]:
        """The literal names a class body of the module at ``path`` can see,
        its own and those it imports from other modules of the tree."""
        module = self.by_path[path]  # type: ignore[index]
        names: dict[str, object] = {}
        for key, target in module.imports.items():
            owner, _, attr = self.canon(target).rpartition(".")
            source = self.by_module.get(owner)
            if source is not None and attr in source.literals:
                names[key.rpartition(".")[2]] = source.literals[attr]
        names.update(module.literals)
        return names

    # -- which classes are enums, and which move together --------------------

    def classify(self) -> None:
        changed = True
        while changed:
            changed = False
            for key in self.classes:
                bases = self.bases[key]
                if key not in self.metas and any(
                    b in STDLIB_METACLASSES or b in self.metas for b in bases
                ):
                    self.metas.add(key)
                    changed = True
                if key not in self.enums and (
                    any(b in STDLIB_ENUMS or b in NO_COUNTERPART or b in self.enums for b in bases)
                    or self.metaclass[key] in self.metas
                ):
                    self.enums.add(key)
                    changed = True
        for key in self.enums | self.metas:
            self.parent.setdefault(key, key)
            for other in [*self.bases[key], self.metaclass[key]]:
                if other in self.enums or other in self.metas:
                    self.union(key, other)

    def find(self, key: str) -> str:
        self.parent.setdefault(key, key)
        while self.parent[key] != key:
            self.parent[key] = self.parent[self.parent[key]]
            key = self.parent[key]
        return key

    def union(self, a: str, b: str) -> None:
        self.parent[self.find(a)] = self.find(b)

    def chain(self, key: str) -> Iterable[ClassInfo]:
        """The class and its in-tree enum bases."""
        seen: set[str] = set()
        todo = [key]
        while todo:
            current = todo.pop()
            if current in seen or current not in self.classes:
                continue
            seen.add(current)
            yield self.classes[current]
            todo.extend(b for b in self.bases[current] if b in self.enums)

    def kind(self, key: str) -> str | None:
        for info in self.chain(key):
            for base in self.bases[info.key]:
                if base in STDLIB_ENUMS:
                    return base
        return None

    def reexported(self, info: ClassInfo) -> list[tuple[Line, str]]:
        """A stdlib base reached through another module's import or a star
        import, which this run would not rewrite."""
        found = []
        for raw, base in zip(info.bases, self.bases[info.key], strict=True):
            if raw == base or not (base in STDLIB_ENUMS or base in STDLIB_METACLASSES):
                continue
            star = self.through_star(raw)
            if star is not None and raw.rpartition(".")[0] == self.by_path[info.path].name:
                source = star.rpartition(".")[0]
                written = raw.rpartition(".")[2]
                why = (
                    f"its base {written} is {base}, bound by from {source} import *; import "
                    f"{written} from enum by name in this module and run again"
                )
            else:
                why = (
                    f"its base {raw} is {base} imported through another module; import it "
                    "from enum in this module and run again"
                )
            found.append((info.line, why))
        return found

    # -- members -------------------------------------------------------------

    def members(
        self, info: ClassInfo
    ) -> tuple[list[tuple[Line, str]], list[tuple[object, str, str, object]]]:
        """(problems, aliases) of an enum class; an alias is (value node, name, canonical, value)."""
        problems = list(info.problems)
        aliases: list[tuple[object, str, str, object]] = []
        if any(b in NO_COUNTERPART for b in self.bases[info.key]):
            base = next(b for b in self.bases[info.key] if b in NO_COUNTERPART)
            problems.append(
                (info.line, f"it derives from {base}, which typed_enum has no counterpart of")
            )
        problems += self.reexported(info)
        if not info.members:
            return problems, aliases
        problems += self.backport_auto(info)
        real = self.real_members(info)
        if real is not None:
            return self.runtime_members(info, real, problems)
        chain = list(self.chain(info.key))
        if any(c.defines_new for c in chain):
            problems.append(
                (
                    info.line,
                    "it defines __new__, so this run cannot tell the members' values; move it "
                    "by hand and declare any member whose value repeats another's with alias()",
                )
            )
            return problems, aliases
        kind = self.kind(info.key)
        mixed = any(
            b not in self.enums and b not in STDLIB_ENUMS and b != "builtins.object"
            for c in chain
            for b in self.bases[c.key]
        ) or any(c.mixins for c in chain)
        custom_auto = any(c.defines_generate for c in chain)
        names = self.names(info.path)
        canonical: list[tuple[str, object]] = []
        last_values: list[object] = []
        for member in info.members:
            if member.form == "declared_alias":
                continue
            try:
                if member.form == "chained":
                    if member.source not in names:
                        raise Unknown(f"{member.source} has no value this run can see")
                    value = names[member.source]
                elif member.form == "auto":
                    if custom_auto:
                        raise Unknown("auto() with a custom _generate_next_value_")
                    if mixed:
                        raise Unknown("auto() in an enum with a data type mixin")
                    value = _auto_value(kind, member.name, last_values)
                else:
                    value = evaluate_source(member.source, names)
            except Unknown as exc:
                names.pop(member.name, None)
                problems.append(
                    (
                        member.line,
                        f"cannot evaluate the value of {member.name} ({member.source}: "
                        f"{exc.args[0]}), so cannot tell whether it repeats another member's; "
                        "move it by hand and declare any such member with alias()",
                    )
                )
                continue
            names[member.name] = value
            repeated = next((n for n, v in canonical if _same(v, value)), None)
            if repeated is not None:
                aliases.append((member.value, member.name, repeated, value))
                continue
            canonical.append((member.name, value))
            last_values.append(value)
        return problems, aliases

    def backport_auto(self, info: ClassInfo) -> list[tuple[Line, str]]:
        """``auto()`` members whose value the stdlib class would compute otherwise
        than a backport the base may be bound to (strenum's keeps the case)."""
        differing = sorted({a for c in self.chain(info.key) for a in c.alternatives} & AUTO_DIFFERS)
        if not differing:
            return []
        real = self.real_members(info)
        values = {name: value for name, _, value in real or []}
        return [
            (
                member.line,
                f"{member.name} = auto() is {member.name!r} under {differing[0]} but "
                f"{member.name.lower()!r} under enum.StrEnum, which typed_enum's StrEnum "
                "derives from; write the value out and run again",
            )
            for member in info.members
            if member.form == "auto" and values.get(member.name) != repr(member.name.lower())
        ]

    def real_members(self, info: ClassInfo) -> Members | None:
        """The class's ``__members__`` as importing its module read them, if it could."""
        if self.runtime is None:
            return None
        return self.runtime.members(self.by_path[info.path].name, info.qualname)

    def runtime_members(
        self, info: ClassInfo, real: Members, problems: list[tuple[Line, str]]
    ) -> tuple[list[tuple[Line, str]], list[tuple[object, str, str, object]]]:
        """(problems, aliases) from the class itself: each name's canonical member."""
        canonical = {name: canon for name, canon, _ in real}
        shown = {name: _Shown(value) for name, _, value in real}
        written = {m.name for m in info.members}
        made = [name for name, canon in canonical.items() if name not in written and name != canon]
        if made:
            problems.append(
                (
                    info.line,
                    f"{', '.join(made)} {'is an alias' if len(made) == 1 else 'are aliases'} "
                    "made at run time, not by a name = value in the class body; move it by "
                    "hand and declare each alias with alias()",
                )
            )
            return problems, []
        aliases: list[tuple[object, str, str, object]] = []
        for member in info.members:
            if member.form == "declared_alias":
                continue
            canon = canonical.get(member.name)
            if canon is not None and canon != member.name:
                aliases.append((member.value, member.name, canon, shown[member.name]))
        return problems, aliases

    # -- functional API --------------------------------------------------------

    def functional(self, call: FunctionalCall) -> str | None:
        """Why ``call`` cannot move, or None when it can."""
        if call.problem is not None:
            return call.problem
        if "type" in call.keywords:
            return "a type= mixin: this run cannot tell the members' values"
        try:
            start = evaluate_source(call.keywords.get("start", "1"), {})
            names = evaluate_source(call.names or "", self.names(call.path))
        except Unknown as exc:
            return f"cannot evaluate its members ({exc.args[0]})"
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        pairs: list[tuple[object, object]]
        if isinstance(names, dict):
            pairs = list(names.items())
        elif isinstance(names, list | tuple) and all(isinstance(n, str) for n in names):
            pairs = []
            last: list[object] = []
            try:
                for name in names:
                    assert isinstance(name, str)
                    value = _auto_value(call.qualified, name, last, start)
                    pairs.append((name, value))
                    last.append(value)
            except Unknown as exc:
                return f"cannot evaluate its members ({exc.args[0]})"
        elif isinstance(names, list | tuple) and all(
            isinstance(p, tuple | list) and len(p) == 2 for p in names
        ):
            pairs = [(p[0], p[1]) for p in names if isinstance(p, tuple | list)]
        else:
            return "cannot tell its members"
        for i, (name, value) in enumerate(pairs):
            for earlier, earlier_value in pairs[:i]:
                if _same(earlier_value, value):
                    return (
                        f"{name!r} repeats the value of {earlier!r} ({value!r}), an implicit "
                        f"alias; write ({name!r}, alias({earlier!r})) if it is meant, else give "
                        "it a value of its own, and move the call by hand"
                    )
        return None

    # -- the plan ----------------------------------------------------------------

    def make(self) -> Plan:
        self.classify()
        problems: dict[str, list[tuple[Line, str]]] = {}
        aliases: dict[str, list[tuple[object, str, str, object]]] = {}
        # Sorted: which class of a group is named as its culprit must not
        # depend on set order (PYTHONHASHSEED).
        for key in sorted(self.enums):
            problems[key], aliases[key] = self.members(self.classes[key])
        for key in sorted(self.metas):
            problems.setdefault(key, self.reexported(self.classes[key]))
        # A metaclass that makes enums with aliases keeps stdlib's (meta_aliases.py).
        for key, problem in aliasing_metaclasses(
            self.metas, self.classes, self.find, aliases
        ).items():
            problems[key].append(problem)
        blocked: dict[str, str] = {}  # group root -> a class that blocks it
        for key, found in problems.items():
            if found:
                blocked.setdefault(self.find(key), key)
        for key in sorted(problems):
            info = self.classes[key]
            root = self.find(key)
            what = " metaclass" if key in self.metas else ""
            if root in blocked:
                for line, reason in problems[key]:
                    self.add(
                        info,
                        line,
                        Kind.LEFT_ALONE,
                        f"{info.qualname} stays a stdlib enum{what}: {reason}",
                    )
                culprit = self.classes[blocked[root]]
                # Every class of the group is named, also one whose own statement
                # would not change (a subclass of the tree's base): none stays
                # a stdlib enum without a word.
                if not problems[key]:
                    self.add(
                        info,
                        info.line,
                        Kind.LEFT_ALONE,
                        f"{info.qualname} stays a stdlib enum{what} with {culprit.qualname} "
                        f"({culprit.path}:{int(culprit.line)}), which it shares a base or metaclass with",
                    )
                continue
            self.plan.converted.add(key)
            written = {m.name: m for m in info.members}
            for node, name, canonical, value in aliases.get(key, []):
                member = next(m for m in info.members if m.value is node and m.name == name)
                message = (
                    f"{info.qualname}.{name} = alias({canonical}): its value {value!r} repeats "
                    f"{canonical}'s"
                )
                if member.form == "chained":
                    self.plan.chained.setdefault(id(node), {})[name] = canonical
                else:
                    self.plan.aliases[id(node)] = canonical
                    original = written.get(canonical)
                    dropped = one_line(member.source)
                    if original is not None and not same_source(member.source, original.source):
                        # Different arguments made the same value (a custom __new__,
                        # 1.0 and 1): alias() drops this member's own; say so.
                        self.plan.dropped[id(node)] = dropped
                        message += (
                            f", though its source {dropped} differs from {canonical}'s "
                            f"{one_line(original.source)}: alias() drops it (kept as a "
                            "comment where the line length allows)"
                        )
                self.add(info, member.line, Kind.ALIAS, message)
        for key in sorted(self.metas & self.plan.converted):
            info = self.classes[key]
            self.add(info, info.line, Kind.NOTE, moved_metaclass_note(info))
        self.ordering()
        for key in sorted(self.plan.converted):
            if key in self.enums and self.is_plain(key):
                info = self.classes[key]
                self.plan.plain.append((info.path, int(info.line), info.qualname))
        for module in self.modules:
            for line, reason in module.refusals:
                self.plan.findings.append(Finding(module.path, int(line), Kind.LEFT_ALONE, reason))
            for ref in module.refs:
                if ref.role == "base" and isinstance(ref.owner, ClassInfo):
                    if ref.owner.key in self.plan.converted:
                        self.plan.refs.add(id(ref.node))
                elif ref.role == "functional" and isinstance(ref.owner, FunctionalCall):
                    refused = self.functional(ref.owner)
                    if refused is None:
                        self.plan.refs.add(id(ref.node))
                    else:
                        self.plan.findings.append(
                            Finding(
                                module.path,
                                int(ref.owner.line),
                                Kind.LEFT_ALONE,
                                f"functional-API call left on stdlib enum: {refused}",
                            )
                        )
        identity = find_identity(self.modules, self.plan.refs, self.moves)
        self.plan.identity = identity.rewrites
        self.plan.findings += identity.findings
        return self.plan

    def moves(self, module: ModuleInfo, name: str) -> bool | None:
        """Whether ``name``, read in ``module``, is a class of the tree that moves
        (None: not a class of the tree)."""
        key = self.canon(f"{module.name}.{name}")
        return key in self.plan.converted if key in self.classes else None

    # -- ordering: kept as stdlib's, explicitly ------------------------------------

    def stdlib_orders(self, key: str) -> str:
        """The data type stdlib orders the class's members through where it is
        not int (str, float, bytes, ...), else "": typed_enum refuses ``<`` there.

        Read from the class itself where its module was imported; from the
        source otherwise, and then only where every base is known (an unknown
        mixin may order the members itself)."""
        info = self.classes[key]
        if self.runtime is not None:
            known = self.runtime.orders(self.by_path[info.path].name, info.qualname)
            if known is not None:
                return known
        chain = list(self.chain(key))
        if any(c.defines_ordering or c.mixins for c in chain):
            return ""
        bases = {b for c in chain for b in self.bases[c.key]}
        if any(
            b not in self.enums and b not in STDLIB_ENUMS and b not in _ORDERED_DATA
            for b in bases - {"builtins.object"}
        ):
            return ""
        if "enum.StrEnum" in bases:
            return "builtins.str"
        return min(bases & _ORDERED_DATA, default="")

    def is_plain(self, key: str) -> bool:
        """A plain Enum or Flag: no data type among its bases (as far as they are known)."""
        chain = list(self.chain(key))
        if any(c.mixins for c in chain):
            return False
        bases = {b for c in chain for b in self.bases[c.key]} - {"builtins.object"}
        return self.kind(key) in ("enum.Enum", "enum.Flag") and all(
            b in self.enums or b in STDLIB_ENUMS for b in bases
        )

    def ordered_position(self, info: ClassInfo, data: str) -> int:
        """Where ValueOrdered goes among the bases: before the data type or the
        first enum base, so a mixin of the user's before them keeps its methods."""
        stops = {data} | set(STDLIB_ENUMS) | self.enums
        for index, name in enumerate(info.base_names):
            if name is not None and self.canon(name) in stops:
                return index
        return 0

    def ordering(self) -> None:
        """Keep stdlib's ordering of the moved classes that had it: ``ValueOrdered``
        among the bases of each such class none of whose in-tree bases has it
        (subclasses inherit it); or, with keep_ordering off, list them."""
        data = {key: self.stdlib_orders(key) for key in sorted(self.plan.converted)}
        orders = {key for key, found in data.items() if found}
        for key in sorted(orders):
            info = self.classes[key]
            if any(c.key in orders for c in self.chain(key) if c.key != key):
                continue
            heirs = sorted(
                self.classes[k].qualname
                for k in orders
                if k != key and any(c.key == key for c in self.chain(k))
            )
            inherit = f" (inherited by {', '.join(heirs)})" if heirs else ""
            if not self.keep_ordering:
                self.plan.unordered.append((info.path, int(info.line), info.qualname))
                self.add(
                    info,
                    info.line,
                    Kind.NOTE,
                    f"{info.qualname}'s members{inherit} no longer order: stdlib compares "
                    "them by their values under <, <=, >, >=, sorted(), min() and max(); "
                    "typed_enum raises TypeError (--typed-enum-semantics)",
                )
                continue
            self.plan.value_ordered[id(info.node)] = self.ordered_position(info, data[key])
            self.add(
                info,
                info.line,
                Kind.KEPT,
                f"{info.qualname} keeps stdlib's ordering{inherit}: ValueOrdered is added "
                "to its bases, since stdlib orders its members by their "
                f"{data[key].rpartition('.')[2]} values "
                "(<, sorted(), min(), max()) and typed_enum would raise TypeError; once "
                "nothing orders them, remove ValueOrdered (mypy with the plugin then "
                "reports each use it can see as typed-enum-ordering; uses through Any "
                "it cannot)",
            )

    def add(self, info: ClassInfo, line: Line, kind: Kind, message: str) -> None:
        self.plan.findings.append(Finding(info.path, int(line), kind, message))


def make_plan(
    modules: list[ModuleInfo],
    runtime: RuntimeInfo | None = None,
    star_imported: frozenset[str] | Mapping[str, tuple[str, ...]] = frozenset(),
    keep_ordering: bool = True,
) -> Plan:
    """Decide what moves, from every module of the tree.

    ``runtime``: the members importing the modules read (``runtime.read``);
    a class it has no record of is evaluated statically.  ``star_imported``:
    the modules some module of the tree star-imports (``Plan.star_imported``),
    or, by module, the modules it star-imports (a base is then followed
    through them, also through modules that were not parsed).
    ``keep_ordering``: a moved class whose members stdlib ordered by their
    values gets ``ValueOrdered`` (off: ``Plan.unordered`` lists it instead).
    """
    stars = star_imported if isinstance(star_imported, Mapping) else None
    plan = _Planner(modules, runtime, keep_ordering, stars).make()
    plan.star_imported = (
        {m for imported in star_imported.values() for m in imported}
        if isinstance(star_imported, Mapping)
        else set(star_imported)
    )
    return plan
