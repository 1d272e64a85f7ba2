"""Run-time cost of typed_enum, measured against stdlib ``enum`` and a plain reference.

    python benchmarks/runtime.py                # the full table, about a minute
    python benchmarks/runtime.py --quick        # fewer, shorter repeats (a rough look)
    python benchmarks/runtime.py --only lookup  # rows whose label contains "lookup"

Every row times three statements in the same process: one on a typed_enum
enum, the same on an identical stdlib enum, and a plain reference (a plain
class, a dict, a tuple, an int...).  The three are timed in turn, in a
rotating order, ``--repeat`` times; each figure is the median per operation.
Statements are unrolled ten times per loop pass so the loop's own cost is
small next to the operation.  The ratios are what to read: absolute times
depend on the machine.

The classes are defined in this script's directory-independent namespace and
the benchmarked ``typed_enum`` is the one in this checkout (the repository
root is put first on ``sys.path``).  Nothing here is a test: nothing timed
is asserted anywhere.
"""

from __future__ import annotations

import argparse
import enum
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
import timeit
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import typed_enum  # noqa: E402

#: How many times a statement is written out per pass of the timing loop.
UNROLL = 10

#: CPU time of this process, not wall time: on a shared machine a timing
#: that waits for a CPU would otherwise count the wait.  ``--wall`` switches.
TIMER: Callable[[], float] = time.process_time


@dataclass(frozen=True)
class Row:
    """One benchmark: the same operation on typed_enum, stdlib and a reference.

    Each variant is ``(setup, statement)``; setup runs once, inside the timing
    function, so the names it binds are fast locals.
    """

    label: str
    reference: str
    typed: tuple[str, str]
    stdlib: tuple[str, str]
    plain: tuple[str, str]
    unroll: bool = True


@dataclass(frozen=True)
class Result:
    label: str
    reference: str
    seconds: tuple[float, float, float]  # typed, stdlib, plain: median per operation


# --- The enums and references every row uses -------------------------------------

NAMES = ("red", "green", "blue", "cyan", "magenta", "yellow", "black", "white", "grey", "brown")


def enum_source(base: str, n: int, values: str = "int") -> str:
    """A class statement ``class Generated(base)`` with ``n`` members ``m0 = 1``...

    ``values`` is ``"int"`` (1, 2, 3...), ``"flag"`` (1, 2, 4...) or
    ``"auto"``.  Shared with ``creation_cost.py``.
    """
    lines = [f"class Generated({base}):"]
    for i in range(n):
        value = "auto()" if values == "auto" else str(1 << i if values == "flag" else i + 1)
        lines.append(f"    m{i} = {value}")
    return "\n".join(lines)


def aliased_source(base: str, declared: bool) -> str:
    """The "2 members + 1 alias" class statement on ``base``.

    The alias is ``crimson = E.alias(red)`` when ``declared`` (typed_enum's
    way; ``E`` is the enum module in the globals), stdlib's duplicate value
    ``crimson = 1`` otherwise.  Shared with ``creation_cost.py``.
    """
    crimson = "E.alias(red)" if declared else "1"
    return f"class Generated({base}):\n    red = 1\n    green = 2\n    crimson = {crimson}"


def _build_namespace() -> dict[str, object]:
    """The module-level objects the statements refer to (pickle needs them global)."""
    ns: dict[str, Any] = {}
    body = "\n".join(f"    {name} = {i + 1}" for i, name in enumerate(NAMES))
    for prefix, module in (("T", "typed_enum"), ("S", "enum")):
        src = (
            f"class {prefix}Color({module}.Enum):\n{body}\n"
            f"class {prefix}Num({module}.IntEnum):\n{body}\n"
            f"class {prefix}Perm({module}.Flag):\n    R = 4\n    W = 2\n    X = 1\n"
            f"class {prefix}IPerm({module}.IntFlag):\n    R = 4\n    W = 2\n    X = 1\n"
            f"class {prefix}Word({module}.StrEnum):\n    red = 'red'\n    green = 'green'\n"
        )
        # Module globals, so that pickle finds the classes by name.
        exec(compile(src, "<benchmark enums>", "exec"), globals())
        for kind in ("Color", "Num", "Perm", "IPerm", "Word"):
            ns[prefix + kind] = globals()[prefix + kind]

    class PColor:
        """The plain reference: a class whose attributes are the values."""

    for i, name in enumerate(NAMES):
        setattr(PColor, name, i + 1)

    class Slotted:
        __slots__ = ("name", "value")

        def __init__(self, name: str, value: int) -> None:
            self.name = name
            self.value = value

    class Plain:
        """A plain object: default hash and ==, as enum members have."""

    plain_objects = tuple(Plain() for _ in NAMES)
    ns.update(
        PColor=PColor,
        slotted=Slotted("green", 2),
        plain_objects=plain_objects,
        plain_set=frozenset(plain_objects),
        value_dict={i + 1: i + 1 for i in range(len(NAMES))},
        name_dict={name: i + 1 for i, name in enumerate(NAMES)},
        t_map=typed_enum.exhaustive_map(ns["TColor"], {m: m.value for m in ns["TColor"]}),
        s_map={m: m.value for m in ns["SColor"]},
        p_map={o: i for i, o in enumerate(plain_objects)},
    )

    value_dict: dict[object, object] = ns["value_dict"]
    name_dict: dict[str, object] = ns["name_dict"]

    class FloorMeta(type):
        """The least a metaclass can do for ``Cls(v)`` and ``Cls[k]``: one dict lookup.

        ``Color(v)`` and ``Color[k]`` are calls of metaclass methods written
        in Python, so this, not a bare dict lookup, is the floor for both.
        """

        def __call__(cls, value: object) -> object:
            return value_dict[value]

        def __getitem__(cls, name: str) -> object:
            return name_dict[name]

    class Floor(metaclass=FloorMeta):
        pass

    class PObjects:
        """Plain objects as class attributes, for ``match`` value patterns."""

    for name, obj in zip(NAMES, plain_objects, strict=True):
        setattr(PObjects, name, obj)
    ns.update(Floor=Floor, PObjects=PObjects)
    # The class-creation rows exec pre-compiled class statements.
    for n in (10, 100, 1000):
        for prefix, module in (("T", "typed_enum"), ("S", "enum")):
            ns[f"{prefix}code{n}"] = compile(enum_source(f"{module}.Enum", n), "<cls>", "exec")
        ns[f"Pcode{n}"] = compile(enum_source("object", n), "<cls>", "exec")
    for prefix, module in (("T", "typed_enum"), ("S", "enum")):
        ns[f"{prefix}auto"] = compile(enum_source(f"{module}.Enum", 100, "auto"), "<c>", "exec")
        ns[f"{prefix}flag"] = compile(enum_source(f"{module}.Flag", 30, "flag"), "<c>", "exec")
        ns[f"{prefix}aliased"] = compile(aliased_source("E.Enum", prefix == "T"), "<c>", "exec")
    ns["Pauto"] = ns["Pcode100"]
    ns["Pflag"] = compile(enum_source("object", 30, "flag"), "<c>", "exec")
    ns["Paliased"] = compile(
        "class Generated:\n    red = 1\n    green = 2\n    crimson = 1", "<c>", "exec"
    )
    return ns


def _three(setup: str, stmt: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """The typed and stdlib variants of a statement written with ``{E}`` for the prefix."""
    return (setup.format(E="T"), stmt.format(E="T")), (setup.format(E="S"), stmt.format(E="S"))


def _row(label: str, reference: str, setup: str, stmt: str, plain: tuple[str, str]) -> Row:
    typed, stdlib = _three(setup, stmt)
    return Row(label, reference, typed, stdlib, plain)


def _creation(label: str, reference: str, key: str) -> Row:
    setup = "g = {'typed_enum': typed_enum, 'enum': enum, 'auto': enum.auto, 'E': %s}"
    return Row(
        label,
        reference,
        (setup % "typed_enum", f"exec(T{key}, g)"),
        (setup % "enum", f"exec(S{key}, g)"),
        (setup % "None", f"exec(P{key}, g)"),
        unroll=False,
    )


ROWS: tuple[Row, ...] = (
    _creation("class creation, 10 members", "plain class, 10 attributes", "code10"),
    _creation("class creation, 100 members", "plain class, 100 attributes", "code100"),
    _creation("class creation, 1000 members", "plain class, 1000 attributes", "code1000"),
    _creation("class creation, 100 auto() members", "plain class, 100 attributes", "auto"),
    _creation("class creation, Flag of 30 bits", "plain class, 30 attributes", "flag"),
    _creation("class creation, 2 members + 1 alias", "plain class, 3 attributes", "aliased"),
    _row(
        "member access Color.green",
        "plain class attribute",
        "C = {E}Color",
        "C.green",
        ("C = PColor", "C.green"),
    ),
    _row(
        "value lookup Color(2)",
        "dict lookup d[2]",
        "C = {E}Color; v = 2",
        "C(v)",
        ("d = value_dict; v = 2", "d[v]"),
    ),
    _row(
        "value lookup Color(2)",
        "metaclass __call__ doing d[2]",
        "C = {E}Color; v = 2",
        "C(v)",
        ("C = Floor; v = 2", "C(v)"),
    ),
    _row(
        "value lookup IntEnum Num(2)",
        "dict lookup d[2]",
        "C = {E}Num; v = 2",
        "C(v)",
        ("d = value_dict; v = 2", "d[v]"),
    ),
    _row(
        "value lookup Color(member)",
        "dict lookup d[2]",
        "C = {E}Color; v = C.green",
        "C(v)",
        ("d = value_dict; v = 2", "d[v]"),
    ),
    _row(
        "name lookup Color['green']",
        "dict lookup d['green']",
        "C = {E}Color; k = 'green'",
        "C[k]",
        ("d = name_dict; k = 'green'", "d[k]"),
    ),
    _row(
        "name lookup Color['green']",
        "metaclass __getitem__ doing d['green']",
        "C = {E}Color; k = 'green'",
        "C[k]",
        ("C = Floor; k = 'green'", "C[k]"),
    ),
    _row(
        "member.value",
        "slot attribute",
        "m = {E}Color.green",
        "m.value",
        ("m = slotted", "m.value"),
    ),
    _row(
        "member.name", "slot attribute", "m = {E}Color.green", "m.name", ("m = slotted", "m.name")
    ),
    _row(
        "iteration over 10 members",
        "tuple of 10",
        "C = {E}Color",
        "for m in C: pass",
        ("C = plain_objects", "for m in C: pass"),
    ),
    _row(
        "list(Color)",
        "list(tuple of 10)",
        "C = {E}Color",
        "list(C)",
        ("C = plain_objects", "list(C)"),
    ),
    _row(
        "member in Color",
        "object in frozenset",
        "C = {E}Color; m = C.green",
        "m in C",
        ("C = plain_set; m = plain_objects[1]", "m in C"),
    ),
    _row(
        "hash(member)",
        "hash(plain object)",
        "m = {E}Color.green",
        "hash(m)",
        ("m = plain_objects[1]", "hash(m)"),
    ),
    _row(
        "member == other member",
        "plain object ==",
        "a = {E}Color.green; b = {E}Color.red",
        "a == b",
        ("a, b = plain_objects[:2]", "a == b"),
    ),
    _row(
        "StrEnum member == other member",
        "str ==",
        "a = {E}Word.green; b = {E}Word.red",
        "a == b",
        ("a = 'green'; b = 'red'", "a == b"),
    ),
    _row(
        "match member: 3 value patterns, third matches",
        "match on plain objects",
        "C = {E}Color; m = C.blue",
        "match m:\n    case C.red: pass\n    case C.green: pass\n    case C.blue: pass",
        (
            "C = PObjects; m = C.blue",
            "match m:\n    case C.red: pass\n    case C.green: pass\n    case C.blue: pass",
        ),
    ),
    _row(
        "dict keyed by members: d[member]",
        "dict keyed by plain objects",
        "m = {E}Color.green; d = {{x: 0 for x in {E}Color}}",
        "d[m]",
        ("m = plain_objects[1]; d = p_map", "d[m]"),
    ),
    Row(
        "exhaustive_map[member] (stdlib: dict)",
        "dict keyed by plain objects",
        ("m = TColor.green; d = t_map", "d[m]"),
        ("m = SColor.green; d = s_map", "d[m]"),
        ("m = plain_objects[1]; d = p_map", "d[m]"),
    ),
    _row(
        "Flag a | b",
        "int a | b",
        "a = {E}Perm.R; b = {E}Perm.W",
        "a | b",
        ("a = 4; b = 2", "a | b"),
    ),
    _row(
        "Flag a & b",
        "int a & b",
        "a = {E}Perm.R | {E}Perm.W; b = {E}Perm.W",
        "a & b",
        ("a = 6; b = 2", "a & b"),
    ),
    _row("Flag ~a", "int ~a", "a = {E}Perm.R", "~a", ("a = 4", "~a")),
    _row(
        "IntFlag a | int", "int a | b", "a = {E}IPerm.R; b = 2", "a | b", ("a = 4; b = 2", "a | b")
    ),
    _row(
        "IntFlag a & int",
        "int a & b",
        "a = {E}IPerm.R | {E}IPerm.W; b = 2",
        "a & b",
        ("a = 6; b = 2", "a & b"),
    ),
    _row(
        "pickle round trip of a member",
        "pickle round trip of an int",
        "from pickle import dumps, loads; m = {E}Color.green",
        "loads(dumps(m))",
        ("from pickle import dumps, loads; m = 2", "loads(dumps(m))"),
    ),
)


# --- Timing -----------------------------------------------------------------------


def _timer(variant: tuple[str, str], unroll: bool, ns: dict[str, object]) -> timeit.Timer:
    setup, stmt = variant
    if unroll:
        if "\n" in stmt or ":" in stmt:
            stmt = "\n".join([stmt] * UNROLL)
        else:
            stmt = "; ".join([stmt] * UNROLL)
    return timeit.Timer(stmt, setup, timer=TIMER, globals=ns)


def measure(row: Row, ns: dict[str, object], repeat: int, target: float) -> Result:
    """Median seconds per operation for the three variants, timed in turn."""
    timers = [_timer(v, row.unroll, ns) for v in (row.typed, row.stdlib, row.plain)]
    per_pass = UNROLL if row.unroll else 1
    # One loop count per variant, so each timing takes about ``target`` seconds.
    numbers = []
    for t in timers:
        n, elapsed = t.autorange()
        numbers.append(max(1, int(n * target / max(elapsed, 1e-9))))
    samples: list[list[float]] = [[], [], []]
    for r in range(repeat):
        for k in range(3):
            i = (r + k) % 3
            samples[i].append(timers[i].timeit(numbers[i]) / (numbers[i] * per_pass))
    medians = tuple(statistics.median(s) for s in samples)
    return Result(row.label, row.reference, medians)  # type: ignore[arg-type]


_IMPORT_LINE = re.compile(r"import time:\s+(\d+)\s*\|\s*(\d+)\s*\|\s*(\S+)\s*$")


def _import_times(module: str) -> tuple[dict[str, int], dict[str, int]]:
    """Self and cumulative microseconds per module for ``import module``, fresh interpreter.

    ``-S`` keeps ``site`` (and any editable-install import hook it loads)
    out of the measurement, so nothing but the interpreter's own start-up
    modules is imported before the statement.
    """
    code = f"import sys; sys.path.insert(0, {str(REPO)!r}); import {module}"
    proc = subprocess.run(
        [sys.executable, "-S", "-X", "importtime", "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={k: v for k, v in os.environ.items() if not k.startswith("PYTHON")},
    )
    own: dict[str, int] = {}
    cumulative: dict[str, int] = {}
    for line in proc.stderr.splitlines():
        match = _IMPORT_LINE.match(line)
        if match:
            own[match[3]] = int(match[1])
            cumulative[match[3]] = int(match[2])
    return own, cumulative


def measure_imports(repeat: int) -> list[Result]:
    """``import typed_enum`` vs ``import enum`` vs ``import typing``, fresh interpreters."""
    samples: dict[str, list[float]] = {"typed_enum": [], "enum": [], "typing": [], "own": []}
    for _ in range(repeat):
        own, cumulative = _import_times("typed_enum")
        samples["typed_enum"].append(cumulative["typed_enum"] / 1e6)
        # typed_enum's own modules, without the stdlib modules they import.
        ours = sum(t for name, t in own.items() if name.split(".")[0] == "typed_enum")
        samples["own"].append(ours / 1e6)
        samples["enum"].append(_import_times("enum")[1]["enum"] / 1e6)
        samples["typing"].append(_import_times("typing")[1]["typing"] / 1e6)
    med = {k: statistics.median(v) for k, v in samples.items()}
    return [
        Result(
            "import typed_enum (fresh interpreter)",
            "import typing",
            (med["typed_enum"], med["enum"], med["typing"]),
        ),
        Result(
            "  of which typed_enum's own modules",
            "import typing",
            (med["own"], med["enum"], med["typing"]),
        ),
    ]


# --- Output -----------------------------------------------------------------------


def _fmt_time(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} us"
    return f"{seconds * 1e9:.1f} ns"


def render(results: Sequence[Result], header: str) -> str:
    """A Markdown table: the three times and the ratios typed/stdlib, typed/plain."""
    lines = [
        header,
        "",
        "| operation | typed_enum | stdlib enum | plain reference | typed / stdlib | typed / plain |",
        "|---|--:|--:|---|--:|--:|",
    ]
    for r in results:
        t, s, p = r.seconds
        label, reference = (text.replace("|", "\\|") for text in (r.label, r.reference))
        lines.append(
            f"| {label} | {_fmt_time(t)} | {_fmt_time(s)} | {reference}: {_fmt_time(p)} "
            f"| {t / s:.2f}x | {t / p:.2f}x |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=9, help="timings per variant (median)")
    parser.add_argument("--target", type=float, default=0.04, help="seconds per timing")
    parser.add_argument("--quick", action="store_true", help="--repeat 3 --target 0.01")
    parser.add_argument("--only", default="", help="rows whose label contains this text")
    parser.add_argument("--no-import", action="store_true", help="skip the import-time rows")
    parser.add_argument("--wall", action="store_true", help="time wall clock, not CPU time")
    parser.add_argument(
        "--json",
        type=Path,
        help="also write the run to this file (benchmarks/tables.py renders the tables from it)",
    )
    args = parser.parse_args(argv)
    if args.wall:
        global TIMER
        TIMER = time.perf_counter
    if args.quick:
        args.repeat, args.target = 3, 0.01
    ns = _build_namespace()
    ns.update(typed_enum=typed_enum, enum=enum)
    results = []
    for row in ROWS:
        if args.only.lower() in row.label.lower():
            results.append(measure(row, ns, args.repeat, args.target))
            print(".", end="", file=sys.stderr, flush=True)
    if not args.no_import and args.only.lower() in "import typed_enum":
        results.extend(measure_imports(max(args.repeat, 5)))
    print(file=sys.stderr)
    header = (
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.machine()}, {os.cpu_count()} CPUs; median of {args.repeat} timings "
        f"({'wall' if args.wall else 'CPU'} time)"
    )
    print(render(results, header))
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "benchmark": "benchmarks/runtime.py",
                    "date": time.strftime("%Y-%m-%d"),
                    "python": platform.python_version(),
                    "machine": f"{platform.machine()}, {os.cpu_count()} CPUs",
                    "header": header,
                    "results": [
                        {"label": r.label, "reference": r.reference, "seconds": list(r.seconds)}
                        for r in results
                    ],
                },
                indent=1,
            )
            + "\n"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
