"""Crash fuzzer: random modules of odd-but-plausible enum code through mypy and the plugin.

Each module is generated from a seed (``random.Random``): stdlib and typed_enum enums
with odd bodies (aliases of every kind and chains of them, ``open=`` of every kind,
Flags, ``member``/``nonmember``, ``_ignore_``, ``_order_``, annotations, nested
classes, conditional members), the functional API with literal and non-literal
arguments, ``Literal[...]`` of odd things, ``match``/``if`` chains, lookups and maps,
and half-edited code that is valid syntax but wrong (undefined names, missing
modules, wrong arities, forward references).  mypy's errors on such code are
expected; a traceback or ``INTERNAL ERROR`` is a bug.

Many modules go through one mypy run (``--strict``, fresh cache), then a subset is
edited and checked again on the warm cache.  On a crash, the modules are checked one
at a time to name the one that crashes.

    python tests/enum_fuzz.py --count 2000 --seed 1 [--batch 100]

``tests/test_fuzz_crash.py`` runs a bounded number per CI run.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

_T = TypeVar("_T")

# --- generating modules -----------------------------------------------------------

STDLIB_BASES = ("enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag")
TYPED_BASES = ("Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "OrderedEnum")
ODD_BASES = (
    "missing_mod.Base",
    "AnyBase",
    "int, Enum",
    "str, enum.Enum",
    "Constants",
    "object",
    "enum.ReprEnum",
    "typed_enum.Enum",
)

HEADER = """\
import enum
import os
import sys
import typed_enum
from typing import Any, Literal, assert_never, reveal_type
from typed_enum import (
    Constants, Enum, Flag, IntConstant, IntEnum, IntFlag, OrderedEnum, StrEnum,
    alias, auto, constant, exhaustive_map, member, nonmember, unique,
)
{extra_imports}
from typing import Generic, TypeVar
Tv = TypeVar("Tv")
AnyBase: Any = object
anything: Any = None
labels = ["a", "b"]
"""


@dataclass
class EnumClass:
    name: str
    base: str
    members: list[str]
    flag: bool


class Generator:
    """One module's worth of random enum code; ``source()`` is valid Python syntax."""

    def __init__(self, rng: random.Random, index: int = 0) -> None:
        self.rng = rng
        self.index = index
        self.lines: list[str] = []
        self.classes: list[EnumClass] = []
        self.counter = 0

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def pick(self, options: Sequence[_T]) -> _T:
        return self.rng.choice(options)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    # -- values --------------------------------------------------------------------

    def value(self, earlier: list[str], index: int) -> str:
        rng = self.rng
        choices: list[Callable[[], str]] = [
            lambda: str(rng.choice([index + 1, 1 << index, 0, -1, 1, 2, 3, 2**70])),
            lambda: repr(rng.choice(["a", "b", "x", "", "1", "RED"]) + str(index)),
            lambda: "auto()",
            lambda: "auto",
            lambda: repr(rng.choice([1.5, 0.0, 2.0])),
            lambda: f"({index}, {rng.choice(['1.0', repr('s'), 'None'])})",
            lambda: "...",
            lambda: "None",
            lambda: "b'x'",
            lambda: "True",
            lambda: "undefined_name",
            lambda: "os.sep",
            lambda: "anything",
            lambda: "missing_mod.VALUE",
            lambda: f"member({index})",
            lambda: f"nonmember({index})",
            lambda: "1 + 'a'",
            lambda: "[1, 2]",
            lambda: "lambda self: 1",
            lambda: f"constant('c{index}', {index})",
            lambda: "sys.maxsize",
            lambda: "(1,)",
            lambda: "()",
            lambda: "{'k': 1}",
        ]
        if earlier:
            target = rng.choice(earlier)
            choices += [
                lambda: target,  # bare alias, or a chain of them
                lambda: f"alias({target})",
                lambda: f"alias({target!r})",
                lambda: f"alias(alias({target}))",
                lambda: "alias()",
                lambda: f"alias({target}, {target})",
                lambda: "alias(nowhere)",
                lambda: f"alias('no_{target}')",
                lambda: f"{target} + 1",
                lambda: f"member({target})",
            ]
        return rng.choice(choices)()

    # -- class bodies ----------------------------------------------------------------

    def body(self, cls: EnumClass) -> list[str]:
        rng = self.rng
        out: list[str] = []
        names: list[str] = []
        for index in range(rng.randint(0, 6)):
            name = rng.choice(["RED", "GREEN", "BLUE", "a", "b", "value", "name", "_x", "X"])
            name = f"{name}{index}" if self.chance(0.8) else name
            if self.chance(0.04):  # names that clash with the enum API or the metaclass
                name = rng.choice(
                    [
                        "from_value",
                        "extend",
                        "mro",
                        "_missing_",
                        "values",
                        "open",
                        "alias",
                        "_value_",
                    ]
                )
            kind = rng.random()
            if kind < 0.6:
                out.append(f"{name} = {self.value(names, index)}")
                names.append(name)
            elif kind < 0.66:
                out.append(f"{name}: int = {self.value(names, index)}")
            elif kind < 0.7:
                out.append(f"{name}: {rng.choice(['int', 'str', 'Any', 'Literal[1]'])}")
            elif kind < 0.74:
                out += ["@member", f"def {name}(self) -> None:", "    pass"]
                names.append(name)
            elif kind < 0.77:
                out += ["@property", f"def {name}(self) -> int:", "    return 1"]
            elif kind < 0.8:
                out += [f"def {name}(self) -> str:", "    return self.name"]
            elif kind < 0.83:
                out += [f"class {name}:", "    pass"]
            elif kind < 0.86:
                out += [
                    f"if sys.version_info >= (3, {rng.choice([8, 12, 13, 99])}):",
                    f"    {name} = {index + 10}",
                ]
                if self.chance(0.5):
                    out += ["else:", f"    {name} = {index + 20}"]
                names.append(name)
            elif kind < 0.88:
                out.append(f"__{name} = {index}")
            elif kind < 0.9:
                # Fresh names, as for chains below (mypy crashes on rebinding a method).
                first, other = self.fresh("pair"), self.fresh("T")
                out.append(f"{first}, {other} = {index}, {index + 100}")
            elif kind < 0.92:
                # Fresh names: a chained assignment that rebinds a method's name
                # crashes mypy itself (1.14.1 and 2.4.1, in check_final), plugin or not.
                first = self.fresh("chain")
                out.append(f"{first} = {first}_again = {index + 30}")
            elif kind < 0.94:
                out.append(f"{name} = {name}")
            elif kind < 0.95:
                out += ["@staticmethod", f"def {name}() -> int:", "    return 1"]
            elif kind < 0.97:
                target = self.pick([*names, "missing", "LATER"])
                quoted = self.chance(0.5)
                annotation = f"Literal[{cls.name}.{target}]"
                out.append(f"{name}: {annotation!r}" if quoted else f"{name}: {annotation}")
            elif kind < 0.98:
                out.append(f"{name} = LATER")  # a forward reference, defined below or never
                names.append(name)
                if self.chance(0.5):
                    out.append(f"LATER = {index + 40}")
            else:
                out.append(f"{name} = staticmethod(abs)")
        if names and self.chance(0.2):
            listed = rng.sample(names, k=rng.randint(1, len(names)))
            form = rng.choice(["{!r}", "{}"])
            text = " ".join(listed)
            out.insert(0, "_ignore_ = " + (form.format(text) if form == "{!r}" else repr(listed)))
        if names and self.chance(0.15):
            order = names[:]
            if self.chance(0.5):
                rng.shuffle(order)
            out.insert(0, f"_order_ = {' '.join(order)!r}")
        if self.chance(0.1):
            out.insert(0, f"_value_: {rng.choice(['int', 'str', 'float'])}")
        if self.chance(0.1):
            out += [
                "@classmethod",
                "def _missing_(cls, value: object) -> Any:",
                "    return None",
            ]
        if self.chance(0.08):
            out += [
                "@staticmethod",
                "def _generate_next_value_(name: str, start: int, count: int, last: list[Any]) -> str:",
                "    return name",
            ]
        if self.chance(0.08):
            out += ["def __init__(self, *args: Any) -> None:", "    self.extra = args"]
        if self.chance(0.05):
            out += ["for _i in range(2):", "    pass"]
        if names and self.chance(0.05):
            out.append(f"del {rng.choice(names)}")
        if self.chance(0.05):
            out += [
                "def __new__(cls, value: object) -> Any:",
                "    obj = object.__new__(cls)",
                "    obj._value_ = value",
                "    return obj",
            ]
        if names and self.chance(0.05):
            out.append(f"{self.fresh('Y')} = {rng.choice(names)}.value")
        if not out or self.chance(0.05):
            out.append(rng.choice(["pass", "..."]))
        cls.members = [n for n in names if n.isidentifier()]
        return out

    def keywords(self, flag: bool) -> str:
        options = [
            "",
            "",
            "",
            ", open=True",
            ", open=False",
            ", open=anything",
            ", open=1",
            ", open=flag_open",
            ", metaclass=enum.EnumType",
            ", unknown_kw=1",
        ]
        if flag:
            options += [", boundary=enum.STRICT", ", boundary=enum.KEEP", ", boundary=anything"]
        return self.pick(options)

    def enum_class(self) -> None:
        rng = self.rng
        name = self.fresh("E")
        roll = rng.random()
        if roll < 0.35:
            base = self.pick(STDLIB_BASES)
        elif roll < 0.8:
            base = self.pick(TYPED_BASES)
        elif roll < 0.9 and self.classes:
            base = self.pick(self.classes).name
        else:
            base = self.pick(ODD_BASES)
        flag = "Flag" in base
        cls = EnumClass(name, base, [], flag)
        decorator = ["@unique"] if self.chance(0.1) else []
        if self.chance(0.05):
            decorator = ["@enum.verify(enum.UNIQUE)"]
        if self.classes and self.chance(0.05):
            name = self.pick(self.classes).name  # a redefinition, half-edited code
        if self.chance(0.04):
            base += self.pick([", Generic[Tv]", ", metaclass=typed_enum.TypedEnumType", ", int"])
        keywords = self.keywords(flag)
        if "metaclass" in base and "metaclass" in keywords:
            keywords = ""
        header = f"class {name}({base}{keywords}):"
        self.lines += [*decorator, header, *("    " + line for line in self.body(cls)), ""]
        self.classes.append(cls)

    def local_enum_class(self) -> None:
        """An enum class defined inside a function (mypy analyses those later)."""
        start = len(self.lines)
        self.enum_class()
        cls = self.classes.pop()
        body = [line for chunk in self.lines[start:] for line in chunk.splitlines()]
        returns = self.pick(["None", "Any", "object"])
        self.lines[start:] = [
            f"def local_{cls.name}() -> {returns}:",
            *("    " + line if line else "" for line in body),
            f"    return {self.pick([cls.name, 'None', f'{cls.name}.{cls.members[0]}' if cls.members else 'None'])}",
            "",
        ]

    def functional(self) -> None:
        name = self.fresh("F")
        factory = self.pick(["Enum", "enum.Enum", "Flag", "IntEnum", "typed_enum.StrEnum"])
        args = self.pick(
            [
                f"{name!r}, 'a b c'",
                f"{name!r}, 'a, b'",
                f"{name!r}, ['a', 'b']",
                f"{name!r}, [('a', 1), ('b', 2)]",
                f"{name!r}, {{'a': 1, 'b': 1}}",
                f"{name!r}, labels",
                f"{name!r}, names()",
                f"{name!r}, 'a', 'b'",
                "'Other', 'x y'",
                "name_var, labels, module=__name__",
                f"{name!r}, 5",
                f"{name!r}",
                "",
                f"{name!r}, 'a b', open=True",
                f"{name!r}, 'a b', start=10, boundary=enum.KEEP",
            ]
        )
        if self.chance(0.3):
            self.lines += [
                f"def make_{name}(name_var: str) -> Any:",
                f"    return {factory}({args})",
                "",
            ]
        else:
            self.lines += ["name_var = 'n'", f"{name} = {factory}({args})", ""]
            self.classes.append(EnumClass(name, factory, ["a", "b"], "Flag" in factory))

    def member_ref(self, cls: EnumClass) -> str:
        if cls.members and self.chance(0.75):
            return f"{cls.name}.{self.pick(cls.members)}"
        return f"{cls.name}.{self.pick(['a', 'missing', 'RED0', 'value', 'name', '_value_'])}"

    def uses(self) -> None:
        rng = self.rng
        fn = self.fresh("use")
        if not self.classes:
            return
        cls = self.pick(self.classes)
        body: list[str] = []
        for _ in range(rng.randint(1, 5)):
            kind = rng.randrange(21)
            ref = self.member_ref(cls)
            if kind == 0:
                cases = [f"    case {self.member_ref(cls)}:" for _ in range(rng.randint(0, 4))]
                if self.chance(0.3):
                    cases.append(f"    case {self.member_ref(cls)} | {self.member_ref(cls)}:")
                if self.chance(0.2):
                    cases.append("    case 'text' | 1:")
                lines = ["match e:"]
                for case in cases:
                    lines += [case, "        pass"]
                if self.chance(0.5):
                    lines += ["    case _:", "        assert_never(e)"]
                elif self.chance(0.3):
                    lines += ["    case _:", "        reveal_type(e)"]
                if len(lines) == 1:
                    lines += ["    case _:", "        pass"]
                body += lines
            elif kind == 1:
                body += [f"if e is {ref}:", "    pass"]
                for _ in range(rng.randint(0, 3)):
                    body += [
                        f"elif e {self.pick(['is', '==', 'is not'])} {self.member_ref(cls)}:",
                        "    pass",
                    ]
                body += ["else:", f"    {self.pick(['assert_never(e)', 'reveal_type(e)', 'pass'])}"]
            elif kind == 2:
                body.append(
                    f"x{fn} = {cls.name}({self.pick(['1', '0', repr('a'), '1.5', 'anything', '4'])})"
                )
            elif kind == 3:
                body.append(
                    f"y{fn} = {cls.name}[{self.pick([repr('a'), repr('RED0'), 'name_var'])}]"
                )
            elif kind == 4:
                method = self.pick(
                    ["from_value", "from_name", "try_from_value", "try_from_name", "extend", "add"]
                )
                args = self.pick(["1", "'a'", "1.5", "'x', 9", "anything", ""])
                body.append(f"z{fn} = {cls.name}.{method}({args})")
            elif kind == 5:
                body.append(f"reveal_type(e.{self.pick(['value', 'name', '_value_', '_name_'])})")
            elif kind == 6:
                body.append(
                    f"b{fn} = e {self.pick(['<', '>=', '==', '!=', '|', '&', '+', 'in'])} {ref}"
                )
            elif kind == 7:
                body.append(f"l{fn}: Literal[{ref}] = {ref}")
            elif kind == 8:
                keys = ", ".join(f"{self.member_ref(cls)}: {i}" for i in range(rng.randint(0, 4)))
                body.append(f"m{fn} = exhaustive_map({cls.name}, {{{keys}}})")
            elif kind == 9:
                body.append(f"for item in {cls.name}:\n    reveal_type(item)")
            elif kind == 10:
                body.append(
                    f"t{fn}: type[{self.pick(['enum.Flag', 'enum.IntEnum', 'Flag', cls.name])}] = {cls.name}"
                )
                body.append(f"t{fn}({self.pick(['0', '1', repr('a')])})")
            elif kind == 11:
                body += [
                    f"if issubclass(k, {self.pick(['enum.Flag', 'enum.Enum', cls.name])}):",
                    f"    k({self.pick(['0', '1'])})",
                ]
            elif kind == 12:
                body.append(
                    f"return e.value  # {self.pick(['', 'type: ignore', 'type: ignore[misc]'])}"
                )
            elif kind == 13:
                other = self.pick(self.classes)
                body.append(
                    f"c{fn} = {self.pick(['sorted', 'max', 'min', 'list'])}"
                    f"([{ref}, {self.member_ref(other)}])"
                )
                body.append(
                    f"d{fn} = {ref} {self.pick(['<', '==', '!='])} {self.member_ref(other)}"
                )
            elif kind == 14:
                pattern = self.pick(
                    [
                        f"{cls.name}()",
                        f"{cls.name}(value=1)",
                        f"{ref} if name_var",
                        f"{{'k': {ref}}}",
                        f"[{ref}, *rest]",
                        f"({ref} | {self.member_ref(cls)}) as both",
                        "str() | int()",
                    ]
                )
                body += ["match e:", f"    case {pattern}:", "        pass"]
            elif kind == 15:
                alias_name = self.fresh("Alias")
                body += [
                    f"{alias_name} = {cls.name}",
                    f"a{fn}: Literal[{alias_name}.{self.pick([*cls.members, 'a'])}]",
                ]
            elif kind == 16:
                keys = self.pick(
                    [
                        f"**{{{ref}: 1}}",
                        f"{ref}: 1, **anything",
                        f"k: 1 for k in {cls.name}",
                        f"name_var: 1, {ref}: 2",
                    ]
                )
                arg = self.pick([f"{{{keys}}}", "anything", "dict()", f"[({ref}, 1)]"])
                body.append(
                    f"n{fn} = exhaustive_map({self.pick([cls.name, 'k', 'anything'])}, {arg})"
                )
            elif kind == 17:
                body.append(
                    f"o{fn} = {cls.name}.extend({self.pick(['name_var', repr('new')])}, {self.pick(['1', 'anything', ref])})"
                )
            elif kind == 19:
                body.append(
                    self.pick(
                        [
                            f"r{fn} = {ref} in e",
                            f"r{fn} = 1 in {cls.name}",
                            f"r{fn} = {ref} in {cls.name}",
                            f"r{fn} = list(iter({cls.name}))",
                            f"r{fn} = [{ref}, e]\nr{fn}.sort()",
                            f"r{fn} = sorted({cls.name}, key=lambda m: m.value)",
                            f"r{fn} = constant(name_var, {self.pick(['1', '1.5', 'True', 'anything', 'e'])})",
                            f"r{fn} = e | {ref}",
                            f"r{fn} = ~e",
                            f"r{fn} = {cls.name}(0) if {cls.name} else None",
                        ]
                    )
                )
            elif kind == 18:
                body.append(f"p{fn} = e in ({ref}, {self.member_ref(cls)})")
            else:
                body.append(f"reveal_type({cls.name}.{self.pick([*cls.members, 'x'])})")
        returns = self.pick(["None", "Any", "int", cls.name])
        self.lines += [f"def {fn}(e: {cls.name}, k: type, name_var: str) -> {returns}:"]
        self.lines += ["    " + line.replace("\n", "\n    ") for line in body]
        self.lines += ["    return None  # maybe unreachable", ""]

    def odd_literals(self) -> None:
        options = [
            "q{n}: Literal[os.sep]",
            "q{n}: Literal[missing_mod.C1.value]",
            "q{n}: Literal[anything.y]",
            "q{n}: Literal[AnyBase.x]",
            "q{n}: Literal[sys.platform]",
            "q{n}: Literal[enum.Enum]",
            "q{n}: Literal[typed_enum.auto]",
            "q{n}: Literal[labels]",
            "q{n}: Literal[undefined_thing.X]",
            "q{n}: 'Literal[os.sep]'",
        ]
        for cls in self.classes[-3:]:
            options += [
                f"q{{n}}: Literal[{self.member_ref(cls)}]",
                f"q{{n}}: Literal[{cls.name}]",
                f"q{{n}}: Literal[{self.member_ref(cls)}, {self.member_ref(cls)}]",
                f"q{{n}}: Literal[{self.member_ref(cls)}.value]",
                f"q{{n}}: list[Literal[{self.member_ref(cls)}]] = []",
                f"q{{n}}: Literal[{self.member_ref(cls)}.name.x]",
                f"q{{n}}: Literal[{self.member_ref(cls)}, None, 1, 'x', b'y', True]",
                f"q{{n}}: Literal[-1, {cls.name}.{self.pick(['__class__', '__members__', 'mro'])}]",
                f"q{{n}}: 'Literal[{self.member_ref(cls)}]'",
                f"q{{n}}: Literal[{self.member_ref(cls)}] | None = None",
                f"q{{n}} = Literal[{self.member_ref(cls)}]",
            ]
        for _ in range(self.rng.randint(0, 3)):
            self.lines.append(self.pick(options).format(n=self.fresh("")))

    def module(self) -> str:
        rng = self.rng
        extra = self.pick(
            [
                "",
                "import missing_mod",
                "import missing_mod  # type: ignore",
                "from missing_mod import *",
            ]
        )
        if "missing_mod" not in extra:
            extra += "\nmissing_mod: Any = None"
        prefix = "from __future__ import annotations\n" if self.chance(0.2) else ""
        self.lines = [prefix + HEADER.format(extra_imports=extra)]
        self.lines.append(f"flag_open = {self.pick(['True', 'False', 'len(labels) > 1'])}")
        self.lines.append("def names() -> list[str]:\n    return labels\n")
        if self.index and self.chance(0.3):
            # An enum of an earlier module of the batch (absent when checked alone).
            other = rng.randrange(max(0, self.index - 3), self.index)
            self.lines.append(f"from m{other} import E1 as Imported{other}")
            self.classes.append(EnumClass(f"Imported{other}", "?", ["a", "RED0"], False))
        for _ in range(rng.randint(1, 4)):
            roll = rng.random()
            if roll < 0.6:
                self.enum_class()
            elif roll < 0.7:
                self.local_enum_class()
            else:
                self.functional()
        for _ in range(rng.randint(1, 3)):
            self.uses()
        self.odd_literals()
        return "\n".join(self.lines) + "\n"


def generate(seed: int, index: int) -> str:
    """Module number ``index`` of run ``seed``; always valid syntax."""
    source = Generator(random.Random(f"{seed}:{index}"), index).module()
    compile(source, f"m{index}.py", "exec")  # a generator bug if this raises
    return source


def edit(source: str, seed: int, index: int) -> str:
    """A half-edited version of ``source`` for the warm-cache rerun."""
    rng = random.Random(f"edit:{seed}:{index}")
    lines = source.splitlines()
    for _ in range(rng.randint(1, 3)):
        roll = rng.random()
        position = rng.randrange(len(lines))
        line = lines[position]
        indent = line[: len(line) - len(line.lstrip())]
        if roll < 0.4 and line.strip() and not line.rstrip().endswith(":"):
            lines[position] = indent + "pass"  # a definition deleted mid-edit
        elif roll < 0.7 and indent:
            lines.insert(position, indent + f"NEW{index} = {rng.randint(0, 9)}")
        else:
            lines.append(f"late{index} = E1.RED0 if False else None")
    edited = "\n".join(lines) + "\n"
    try:
        compile(edited, f"m{index}.py", "exec")
    except SyntaxError:
        return source + f"\nlate{index} = 1\n"
    return edited


# --- running mypy -----------------------------------------------------------------

PLUGINS = "mypy_plugin"


@dataclass
class Crash:
    seed: int
    module: int | None
    output: str
    source: str | None
    without_plugin: bool = False
    """mypy crashes on the module without the plugin too: a mypy bug."""
    end: int = 0
    """One past the batch's last module."""

    def describe(self) -> str:
        if self.module is not None:
            where, count = f"module {self.module}", self.module + 1
        else:
            where, count = f"the batch ending at module {self.end - 1} (no module alone)", self.end
        text = (
            f"mypy crashed on {where} of fuzz seed {self.seed}; reproduce with\n"
            f"    python tests/enum_fuzz.py --seed {self.seed} --count {count} --batch {count}\n"
            f"--- mypy output ---\n{self.output[-6000:]}"
        )
        if self.without_plugin:
            text += (
                "\n(mypy crashes on this module WITHOUT the plugin too: a mypy bug; make the"
                " generator avoid the construct, and report it upstream)"
            )
        if self.source is not None:
            text += f"\n--- m{self.module}.py ---\n{self.source}"
        return text


def _output(done: subprocess.CompletedProcess[str]) -> str:
    return f"(exit status {done.returncode})\n{done.stdout}{done.stderr}"


def _crashed(done: subprocess.CompletedProcess[str]) -> bool:
    output = _output(done)
    return done.returncode not in (0, 1) or "INTERNAL ERROR" in output or "Traceback" in output


def run_mypy(
    directory: Path, files: Sequence[str], extra: Sequence[str] = (), plugins: str = PLUGINS
) -> subprocess.CompletedProcess[str]:
    """mypy --strict with ``plugins`` on ``files`` of ``directory`` (cache in it)."""
    config = directory / "mypy.ini"
    if not config.exists():
        config.write_text(
            f"[mypy]\nplugins = {plugins}\nstrict = true\ncache_dir = {directory / '.cache'}\n"
        )
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(config),
            "--show-traceback",
            *extra,
            *files,
        ],
        cwd=directory,
        capture_output=True,
        text=True,
        check=False,
    )


def check_batch(
    seed: int,
    start: int,
    count: int,
    *,
    warm_subset: int = 0,
    extra: Sequence[str] = (),
    plugins: str = PLUGINS,
) -> Crash | None:
    """Generate modules ``start``..``start+count`` of ``seed``, check them, then edit
    ``warm_subset`` of them and check again on the warm cache.  The first crash, or None."""
    with tempfile.TemporaryDirectory(prefix="enum-fuzz-") as tmp:
        directory = Path(tmp)
        sources = {i: generate(seed, i) for i in range(start, start + count)}
        for i, source in sources.items():
            (directory / f"m{i}.py").write_text(source)
        files = [f"m{i}.py" for i in sources]
        done = run_mypy(directory, files, extra, plugins)
        if _crashed(done):
            return _isolate(seed, sources, _output(done), extra, plugins)
        if warm_subset:
            edited = {}
            for i in list(sources)[:warm_subset]:
                edited[i] = edit(sources[i], seed, i)
                (directory / f"m{i}.py").write_text(edited[i])
            time.sleep(1.1)  # edits within the same mtime tick may go unnoticed
            done = run_mypy(directory, files, extra, plugins)
            if _crashed(done):
                crash = Crash(seed, None, _output(done), None, end=start + count)
                crash.output = (
                    "(warm-cache rerun after editing modules "
                    + ", ".join(map(str, edited))
                    + ")\n"
                    + crash.output
                )
                return crash
    return None


def _isolate(
    seed: int, sources: dict[int, str], output: str, extra: Sequence[str], plugins: str
) -> Crash:
    """The first module that crashes mypy on its own (or the batch, if none does alone).

    The module mypy names in its INTERNAL ERROR line is tried first.
    """
    named = re.search(r"^m(\d+)\.py:\d+: error: INTERNAL ERROR", output, re.MULTILINE)
    order = sorted(sources, key=lambda i: (named is None or i != int(named.group(1)), i))
    for i in order:
        source = sources[i]
        with tempfile.TemporaryDirectory(prefix="enum-fuzz-one-") as tmp:
            directory = Path(tmp)
            (directory / f"m{i}.py").write_text(source)
            done = run_mypy(directory, [f"m{i}.py"], extra, plugins)
            if _crashed(done):
                (directory / "alone").mkdir()
                (directory / "alone" / f"m{i}.py").write_text(source)
                alone = run_mypy(directory / "alone", [f"m{i}.py"], extra, plugins="")
                return Crash(seed, i, _output(done), source, _crashed(alone))
    return Crash(seed, None, output, None, end=max(sources) + 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument(
        "--warm", type=int, default=20, help="modules edited per batch for the warm rerun"
    )
    parser.add_argument("--show", type=int, help="print module N of the seed and stop")
    parser.add_argument("mypy_args", nargs="*", help="extra mypy arguments (after --)")
    args = parser.parse_args(argv)
    if args.show is not None:
        print(generate(args.seed, args.show), end="")
        return 0
    crashes = 0
    for start in range(0, args.count, args.batch):
        count = min(args.batch, args.count - start)
        began = time.time()
        crash = check_batch(
            args.seed, start, count, warm_subset=min(args.warm, count), extra=args.mypy_args
        )
        print(
            f"seed {args.seed} modules {start}-{start + count - 1}: {'CRASH' if crash else 'ok'} ({time.time() - began:.0f} s)",
            flush=True,
        )
        if crash:
            crashes += 1
            print(crash.describe(), flush=True)
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
