"""The performance gate: typed_enum's headline operations against stdlib ``enum``, in instructions.

    python benchmarks/perf_gate.py                  # measure, compare with the budgets, exit 1 over
    python benchmarks/perf_gate.py --repo ../old    # measure another checkout's typed_enum
    python benchmarks/perf_gate.py --json out.json  # also write the figures

Each operation runs on a typed_enum enum and on the identical stdlib enum, in
one interpreter under valgrind's callgrind.  A marker call (``os.getppid()``,
which nothing else in the run calls) separates the timed loops, and callgrind
dumps its count at every marker (``--dump-before=getppid``), so one process
gives the instructions of every loop.  The cost of one operation is its loop's
count less an empty loop's, over the number of operations; the figure kept is
the ratio typed_enum / stdlib.  Instruction counts do not depend on the load
of the machine (the same run twice gives the same counts), so the gate cannot
flip on a busy 2-core CI machine the way a timing would.

The budgets (``perf_budget.toml``) are ratios: an operation whose ratio
exceeds its budget fails the gate.  The budget of an operation is what the
project promises for it (``Color(v)`` at most 0.70x of stdlib's cost), or the
ratio measured when it was set, with a margin.  Instructions are not time (a
cache miss costs more than an add); ``benchmarks/runtime.py`` measures time,
and ``docs/benchmarks.md`` shows both.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
BUDGETS = HERE / "perf_budget.toml"


@dataclass(frozen=True)
class Op:
    """One operation: its typed_enum and stdlib statements (``{E}`` is the module prefix).

    ``setup`` binds fast locals; ``stmt`` is written out ``unroll`` times per
    pass of a loop of ``passes``.
    """

    label: str
    setup: str
    stmt: str
    stdlib_stmt: str | None = None  # where stdlib has another spelling
    unroll: int = 10
    passes: int = 400


#: The classes both sides use: ``TColor`` (typed_enum) and ``SColor`` (stdlib), and so on.
PRELUDE = """
import gc
gc.disable()  # a collection lands where allocation history puts it: counts would move
import enum, typed_enum
def _source(base, n, name="Generated"):
    return f"class {name}({base}):\\n" + "".join(f"    m{i} = {i + 1}\\n" for i in range(n))
for _p, _m in (("T", "typed_enum"), ("S", "enum")):
    exec(_source(_m + ".Enum", 8, "Color"), globals())
    exec(_source(_m + ".IntEnum", 8, "Num"), globals())
    exec(f"class Perm({_m}.Flag):\\n    R = 4\\n    W = 2\\n    X = 1\\n", globals())
    for _k in ("Color", "Num", "Perm"):
        globals()[_p + _k] = globals()[_k]
    for _n in (10, 100):
        globals()[f"{_p}code{_n}"] = compile(_source(_m + ".Enum", _n), "<cls>", "exec")
"""

OPS: tuple[Op, ...] = (
    Op("member access Color.m1", "C = {E}Color", "C.m1"),
    Op("member.value", "m = {E}Color.m1", "m.value"),
    Op("member.name", "m = {E}Color.m1", "m.name"),
    Op("value lookup Color(v)", "C = {E}Color; v = 6", "C(v)"),
    Op("value lookup Color(member)", "C = {E}Color; v = C.m5", "C(v)"),
    Op("name lookup Color[name]", "C = {E}Color; k = 'm5'", "C[k]"),
    Op("Color.from_value(v) (stdlib: Color(v))", "C = {E}Color; v = 6", "C.from_value(v)", "C(v)"),
    Op("Color.from_name(k) (stdlib: Color[k])", "C = {E}Color; k = 'm5'", "C.from_name(k)", "C[k]"),
    Op("iteration over 8 members", "C = {E}Color", "for m in C: pass", unroll=1, passes=1000),
    Op("member in Color", "C = {E}Color; m = C.m5", "m in C"),
    Op("hash(member)", "m = {E}Color.m5", "hash(m)"),
    Op("IntEnum lookup Num(v)", "C = {E}Num; v = 6", "C(v)"),
    Op("Flag a | b", "a = {E}Perm.R; b = {E}Perm.W", "a | b"),
    Op(
        "class creation, 10 members",
        "code = {E}code10; g = {{'typed_enum': typed_enum, 'enum': enum}}",
        "exec(code, g)",
        unroll=1,
        passes=40,
    ),
    Op(
        "class creation, 100 members",
        "code = {E}code100; g = {{'typed_enum': typed_enum, 'enum': enum}}",
        "exec(code, g)",
        unroll=1,
        passes=8,
    ),
    Op(
        "exhaustive_map construction, 8 members (stdlib: the dict)",
        "C = {E}Color; em = typed_enum.exhaustive_map",
        "em(C, {" + ", ".join(f"C.m{i}: {i}" for i in range(8)) + "})",
        "{" + ", ".join(f"C.m{i}: {i}" for i in range(8)) + "}",
        unroll=1,
        passes=400,
    ),
)

#: The import rows, measured apart, each statement in a fresh interpreter (see
#: measure_import): ``import typed_enum`` loads the enums; the named
#: constants and member maps load on first use, which ``import *`` makes.
IMPORTS = {
    "import typed_enum (stdlib: import enum)": "import typed_enum",
    "from typed_enum import * (stdlib: import enum)": "from typed_enum import *",
}

#: Passes run before each measured loop (the specialising interpreter of 3.11+
#: rewrites a loop's bytecode during its first runs).
WARMUP = 50


def _loop(name: str, setup: str, stmt: str, unroll: int) -> str:
    body = "\n".join("        " + line for _ in range(unroll) for line in stmt.splitlines())
    return f"def {name}(n):\n    {setup}\n    for _ in range(n):\n{body}\n"


def child_source() -> str:
    """The script run under callgrind: every op's two loops, each between two markers."""
    parts = [PRELUDE, "import os", _loop("_empty", "pass", "pass", 1)]
    calls = ["_empty(WARMUP); os.getppid(); _empty(PASSES); os.getppid()"]
    for i, op in enumerate(OPS):
        for side, prefix in (("t", "T"), ("s", "S")):
            stmt = op.stmt if side == "t" or op.stdlib_stmt is None else op.stdlib_stmt
            parts.append(_loop(f"_{side}{i}", op.setup.format(E=prefix), stmt, op.unroll))
            calls.append(
                f"_{side}{i}({WARMUP}); os.getppid(); _{side}{i}({op.passes}); os.getppid()"
            )
    body = "\n".join(parts) + f"\nWARMUP = {WARMUP}\nPASSES = 1000\n" + "\n".join(calls) + "\n"
    return body


def _dump_totals(directory: Path, stem: str) -> list[int]:
    """The instruction count of every dump callgrind wrote, in order (the last: up to exit)."""
    files = sorted(
        directory.glob(stem + ".*"),
        key=lambda p: int(p.suffix[1:]) if p.suffix[1:].isdigit() else 0,
    )
    files = [f for f in files if f.suffix[1:].isdigit()] + [directory / stem]
    totals = []
    for file in files:
        for line in file.read_text(errors="replace").splitlines():
            if line.startswith(("totals:", "summary:")):
                totals.append(int(line.split()[1]))
                break
        else:
            raise RuntimeError(f"callgrind wrote no count in {file}")
    return totals


def measure(python: str, repo: Path) -> dict[str, tuple[float, float]]:
    """Instructions per operation, typed_enum and stdlib, for every op."""
    if shutil.which("valgrind") is None:
        raise SystemExit("perf_gate: valgrind is not installed (apt-get install valgrind)")
    with tempfile.TemporaryDirectory(prefix="perf-gate-") as tmp:
        script = Path(tmp) / "ops.py"
        script.write_text(child_source())
        out = Path(tmp) / "cg.out"
        env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(repo))
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--dump-before=getppid",
                f"--callgrind-out-file={out}",
                python,
                "-S",
                str(script),
            ],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise SystemExit(f"perf_gate: the run under callgrind failed:\n{done.stderr[-3000:]}")
        totals = _dump_totals(Path(tmp), out.name)
    # Dump 0 is everything before the first marker; then each marker closes a
    # segment: (warm-up ... marker) then (measured loop ... marker).
    segments = totals[1:-1]
    measured = segments[0::2]
    empty_per_pass = measured[0] / 1000
    result: dict[str, tuple[float, float]] = {}
    for i, op in enumerate(OPS):
        per_op = []
        for loop in (measured[1 + 2 * i], measured[2 + 2 * i]):
            per_op.append((loop - empty_per_pass * op.passes) / (op.passes * op.unroll))
        result[op.label] = (per_op[0], per_op[1])
    return result


_CALLGRIND = ("valgrind", "--tool=callgrind")


def measure_import(python: str, repo: Path) -> dict[str, tuple[float, float]]:
    """Instructions of each statement of IMPORTS and of ``import enum``, each less a bare start-up.

    Each statement runs in its own interpreter under callgrind (``python -S -c``),
    as does ``pass``, whose count is subtracted.  Both sides read bytecode
    caches, written first by an unmeasured run into a private
    ``PYTHONPYCACHEPREFIX`` (so neither side compiles, whatever
    ``PYTHONDONTWRITEBYTECODE`` says and whether the checkout is writable).
    ``import typed_enum`` imports ``enum`` too: the ratio is the whole cost
    a user's import adds over using stdlib's.
    """
    with tempfile.TemporaryDirectory(prefix="perf-gate-import-") as tmp:
        env = dict(
            os.environ,
            PYTHONHASHSEED="0",
            PYTHONPATH=str(repo),
            PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"),
        )
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run(
            [python, "-S", "-c", "from typed_enum import *"],
            env=env,
            check=True,
            capture_output=True,
        )
        counts = {}
        for stmt in ("pass", "import enum", *IMPORTS.values()):
            out = Path(tmp) / "import.out"
            done = subprocess.run(
                [*_CALLGRIND, f"--callgrind-out-file={out}", python, "-S", "-c", stmt],
                env=env,
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0:
                raise SystemExit(
                    f"perf_gate: {stmt!r} under callgrind failed:\n{done.stderr[-3000:]}"
                )
            counts[stmt] = _dump_totals(Path(tmp), out.name)[-1]
            out.unlink()
    std = counts["import enum"] - counts["pass"]
    return {label: (counts[stmt] - counts["pass"], std) for label, stmt in IMPORTS.items()}


def _per_operation(section: str, shown: str = "", optional: bool = False) -> dict[str, float]:
    """One table of perf_budget.toml (operation label -> figure); a label that names
    no operation stops the gate (``shown`` names the table in that message)."""
    with BUDGETS.open("rb") as file:
        data = tomllib.load(file)
    table: dict[str, float] = data.get(section, {}) if optional else data[section]
    unknown = set(table) - {op.label for op in OPS} - set(IMPORTS)
    if unknown:
        raise SystemExit(
            f"perf_gate: {BUDGETS.name}{shown} names unknown operations: {sorted(unknown)}"
        )
    return table


def load_budgets() -> dict[str, float]:
    return _per_operation("budget")


#: How far (relative) a ratio may move from the recorded run before the tables
#: are stale, unless perf_budget.toml's [record_tolerance] says otherwise for an
#: operation (one whose count depends on the machine's allocator state).
RECORD_TOLERANCE = 0.05


def load_record_tolerances() -> dict[str, float]:
    return _per_operation("record_tolerance", " [record_tolerance]", optional=True)


def _drifted(version: str, figures: dict[str, tuple[float, float]]) -> list[str]:
    """Operations whose ratio is off the recorded run's for this Python, each reported."""
    minor = ".".join(version.split(".")[:2])
    path = HERE / "results" / f"perf-{minor}.json"
    redo = (
        f"python{minor} benchmarks/perf_gate.py --json benchmarks/results/perf-{minor}.json, "
        f"then python benchmarks/tables.py"
    )
    if not path.exists():
        print(f"perf gate: no recorded run for Python {minor} ({path.name}); record one: {redo}")
        return [f"(no record for {minor})"]
    recorded = json.loads(path.read_text())["figures"]
    tolerances = load_record_tolerances()
    drifted = []
    for label, (typed, std) in figures.items():
        old = recorded.get(label)
        if old is None:
            drifted.append(label)
            print(f"perf gate: {label!r} is not in {path.name}; re-record: {redo}")
            continue
        was, now = old["typed_enum"] / old["stdlib"], typed / std
        if abs(now - was) > tolerances.get(label, RECORD_TOLERANCE) * was:
            drifted.append(label)
            print(
                f"perf gate: {label}: {now:.2f}x, recorded {was:.2f}x in {path.name}; re-record: {redo}"
            )
    return drifted


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=sys.executable, help="the interpreter to measure")
    parser.add_argument(
        "--repo", type=Path, default=REPO, help="the checkout whose typed_enum runs"
    )
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    parser.add_argument("--no-budget", action="store_true", help="print only; exit 0")
    parser.add_argument(
        "--recorded",
        action="store_true",
        help="also fail when a ratio moved by more than 5%% (or the operation's "
        "[record_tolerance]) from the run recorded for this "
        "Python in benchmarks/results/ (the documentation's tables are rendered from it)",
    )
    args = parser.parse_args(argv)
    budgets = {} if args.no_budget else load_budgets()
    version = subprocess.run(
        [args.python, "-c", "import sys; print(sys.version.split()[0])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    figures = measure(args.python, args.repo.resolve())
    figures.update(measure_import(args.python, args.repo.resolve()))
    failed = []
    print(f"perf gate: Python {version}, {platform.machine()}, instructions per operation")
    print(f"{'operation':<62} {'typed_enum':>10} {'stdlib':>10} {'ratio':>6} {'budget':>6}")
    for label, (typed, std) in figures.items():
        ratio = typed / std
        budget = budgets.get(label)
        mark = ""
        if budget is not None and ratio > budget:
            failed.append(label)
            mark = "  OVER"
        shown = f"{budget:.2f}" if budget is not None else "-"
        print(f"{label:<62} {typed:>10.0f} {std:>10.0f} {ratio:>6.2f} {shown:>6}{mark}")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "benchmark": "benchmarks/perf_gate.py",
                    "date": time.strftime("%Y-%m-%d"),
                    "python": version,
                    "machine": platform.machine(),
                    "unit": "instructions per operation",
                    "figures": {k: {"typed_enum": t, "stdlib": s} for k, (t, s) in figures.items()},
                },
                indent=2,
            )
            + "\n"
        )
    if args.recorded:
        failed += _drifted(version, figures)
    if failed:
        print(
            f"perf gate: FAILED: {len(failed)} over budget or off the record: {', '.join(failed)}"
        )
        return 1
    if not args.no_budget:
        print(f"perf gate: passed ({len(figures)} operations within budget)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
