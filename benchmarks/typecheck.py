"""Type-check cost of the mypy plugin on a generated, enum-heavy codebase.

    python benchmarks/typecheck.py              # 3 sizes, 3 repeats: about 5 minutes on 2 cores
    python benchmarks/typecheck.py --sizes 1 --repeat 1   # one small size, a quick look
    python benchmarks/typecheck.py --keep DIR   # also write the generated code to DIR
    python benchmarks/typecheck.py --profile    # CPU time per plugin hook, largest size
    python benchmarks/typecheck.py --sizes 1 --instructions   # also instruction counts

Run it with the interpreter whose mypy you want to measure (``python -m
mypy`` is what runs); ``typed_enum`` and ``mypy_plugin`` are taken from this
checkout (the repository root is put on ``PYTHONPATH``).

For each size the generator writes ``enums_*.py`` modules (Enum with an
alias, StrEnum with ``auto()``, IntEnum, Flag, OrderedEnum, and plain stdlib
``enum.Enum`` classes, 3 to 12 members each) and ``use_*.py`` modules that
use them the way application code does: ``match`` and ``if``/``elif`` chains
ending in ``assert_never`` (a Flag's match ends in a default that returns:
its members' combinations reach it), ``==``/``is``/``in`` tests, ``Cls(v)``,
``Cls["name"]``, ``from_value``/``try_from_name``, ``.value``/``.name``,
iteration, ``sorted`` on IntEnums and ``exhaustive_map`` tables.  The code
is clean under ``--strict`` with the plugin.  Without it mypy reports each
``match``/``if`` chain over an enum with an alias as missing the alias (mypy
takes aliases for members of their own): those errors are the difference
between the two runs' output, and the column "errors" shows them.

Then, alternating with and without ``plugins = mypy_plugin`` (both under
``--strict``), ``--repeat`` times each:

* clean: an empty cache directory, so typeshed's stubs are analysed too, as
  in a fresh CI job;
* incremental, body edit: the warm cache, after one ``use_*`` module's
  function body changed (only that module is re-checked);
* incremental, new member: the warm cache, after a member was added to an
  enum used by several modules (its users are re-checked; with the plugin
  their ``match``/``if`` chains and maps then report the new member).

Times are the CPU time (user + system) of the mypy process, median of the
repeats; wall time is shown too.  The ratio with/without is what to read.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import instructions  # benchmarks/instructions.py, beside this script

REPO = Path(__file__).resolve().parent.parent

#: Enum modules per size step; each has ``ENUMS_PER_MODULE`` enums and
#: there are twice as many ``use_*`` modules as enum modules.
SIZES = (8, 24, 64)
ENUMS_PER_MODULE = 8
KINDS = ("Enum", "StrEnum", "IntEnum", "Flag", "OrderedEnum", "stdlib")
_PREFIX = {
    "Enum": "Color",
    "StrEnum": "Word",
    "IntEnum": "Level",
    "Flag": "Perm",
    "OrderedEnum": "Rank",
    "stdlib": "Std",
}
WORDS = (
    "alpha",
    "bravo",
    "charlie",
    "delta",
    "echo",
    "foxtrot",
    "golf",
    "hotel",
    "india",
    "juliet",
    "kilo",
    "lima",
    "mike",
    "november",
    "oscar",
    "papa",
    "quebec",
    "romeo",
    "sierra",
    "tango",
    "uniform",
    "victor",
    "whiskey",
    "xray",
)


# --- The generated codebase -------------------------------------------------------


@dataclass
class GenEnum:
    module: str
    name: str
    kind: str
    members: list[str]
    values: list[object] = field(default_factory=list)
    alias: str | None = None


def _enum_source(e: GenEnum) -> list[str]:
    base = "enum.Enum" if e.kind == "stdlib" else e.kind
    lines = [
        f"class {e.name}({base}):",
        f'    """Generated {e.kind} with {len(e.members)} members."""',
        "",
    ]
    for member, value in zip(e.members, e.values, strict=True):
        lines.append(f"    {member} = {value}")
    if e.alias:
        target = e.members[0]
        lines.append(
            f"    {e.alias} = alias({target})"
            if e.kind != "stdlib"
            else f"    {e.alias} = {e.values[0]}"
        )
    if e.kind in ("Enum", "stdlib"):
        lines += [
            "",
            "    @property",
            "    def label(self) -> str:",
            "        return self.name.title()",
        ]
    return lines


def _make_enums(rng: random.Random, n_modules: int) -> list[GenEnum]:
    enums = []
    for m in range(n_modules):
        for i in range(ENUMS_PER_MODULE):
            kind = KINDS[(m + i) % len(KINDS)]
            n = rng.randint(3, 12)
            members = rng.sample(WORDS, n)
            if kind == "Flag":
                values: list[object] = [1 << k for k in range(n)]
            elif kind == "StrEnum":
                values = ["auto()"] * n
            else:
                values = list(range(1, n + 1))
            alias = "aka_" + members[0] if kind in ("Enum", "IntEnum", "stdlib") and i % 2 else None
            enums.append(
                GenEnum(f"enums_{m}", f"{_PREFIX[kind]}{m}x{i}", kind, members, values, alias)
            )
    return enums


def _enums_module(module: str, enums: list[GenEnum]) -> str:
    lines = [
        f'"""Generated enums ({module})."""',
        "",
        "import enum",
        "",
        "from typed_enum import Enum, Flag, IntEnum, OrderedEnum, StrEnum, alias, auto",
        "",
    ]
    for e in enums:
        lines += ["", *_enum_source(e), ""]
    return "\n".join(lines) + "\n"


def _uses(e: GenEnum, fn: str) -> list[str]:
    """Functions using ``e`` the ways application code does."""
    q = e.name
    first, last = e.members[0], e.members[-1]
    typed = e.kind != "stdlib"
    out = [f"def {fn}_match(x: {q}) -> str:", "    match x:"]
    for m in e.members:
        out += [f"        case {q}.{m}:", f'            return "{m}"']
    if e.kind == "Flag":
        # Combinations of a Flag's members (and 0) reach the default: it
        # returns, where the plugin rightly reports an assert_never().
        out += ["        case _:", '            return "combination"', ""]
    else:
        out += ["        case _:", "            assert_never(x)", ""]
    if e.kind != "Flag":
        out += [f"def {fn}_chain(x: {q}) -> int:"]
        for k, m in enumerate(e.members):
            out += [f"    {'if' if k == 0 else 'elif'} x is {q}.{m}:", f"        return {k}"]
        out += ["    else:", "        assert_never(x)", ""]
    out += [
        f"def {fn}_tests(x: {q}, xs: list[{q}]) -> bool:",
        f"    hit = x == {q}.{first} or x in ({q}.{first}, {q}.{last})",
        f"    hit = hit or x in xs or x != {q}.{last}",
        "    return hit and bool(x.name) and x.value is not None",
        "",
        f"def {fn}_lookups(raw: object, key: str) -> {q}:",
        f"    a = {q}({e.values[0] if e.kind != 'StrEnum' else repr(first)})",
        f'    b = {q}["{last}"]',
        f"    c = {q}[key]",
        f"    members = [m for m in {q} if m is not a]",
    ]
    if typed:
        out += [
            f"    d = {q}.from_value(raw)",
            f'    e = {q}.try_from_name(key) or {q}.from_name("{first}")',
            "    return a if raw else b if key else c if members else d if raw is None else e",
        ]
    else:
        out += ["    return a if raw else b if key else c if members else a"]
    out.append("")
    if e.kind == "IntEnum":
        out += [
            f"def {fn}_order(xs: list[{q}]) -> list[int]:",
            "    return [int(m) + 1 for m in sorted(xs) if m > min(xs)]",
            "",
        ]
    entries = ", ".join(f"{q}.{m}: {k}" for k, m in enumerate(e.members))
    out += [
        f"{fn.upper()}_TABLE = exhaustive_map({q}, {{{entries}}})",
        "",
        f"def {fn}_table(x: {q}) -> int:",
        f"    return {fn.upper()}_TABLE[x] + len({fn.upper()}_TABLE)",
        "",
    ]
    return out


def _use_module(module: str, enums: list[GenEnum]) -> str:
    imports = sorted({e.module for e in enums})
    lines = [
        f'"""Generated uses ({module})."""',
        "",
        "from typing import assert_never",
        "",
        "from typed_enum import exhaustive_map",
        "",
    ]
    for mod in imports:
        names = ", ".join(sorted(e.name for e in enums if e.module == mod))
        lines.append(f"from {mod} import {names}")
    lines.append("")
    for k, e in enumerate(enums):
        lines += ["", *_uses(e, f"f{k}")]
    lines += ["", "def entry() -> int:", "    return 0", ""]
    return "\n".join(lines)


@dataclass(frozen=True)
class Codebase:
    root: Path
    modules: int
    enums: int
    lines: int
    body_module: Path  # the module whose function body the body edit changes
    member_module: Path  # the enum module the member edit adds to
    member_enum: str
    member_users: int


def generate(root: Path, n_enum_modules: int, seed: int = 0) -> Codebase:
    """Write the codebase for one size under ``root`` (which must be empty)."""
    rng = random.Random(seed + n_enum_modules)
    enums = _make_enums(rng, n_enum_modules)
    by_module: dict[str, list[GenEnum]] = {}
    for e in enums:
        by_module.setdefault(e.module, []).append(e)
    files: dict[str, str] = {f"{m}.py": _enums_module(m, es) for m, es in by_module.items()}
    users: dict[str, int] = {}
    for u in range(2 * n_enum_modules):
        # Each use module draws on three enum modules, nearby ones more often.
        picked = [enums[(u * 4 + rng.randrange(len(enums) // 2)) % len(enums)] for _ in range(6)]
        chosen = list({e.name: e for e in picked}.values())
        for e in chosen:
            users[e.name] = users.get(e.name, 0) + 1
        files[f"use_{u}.py"] = _use_module(f"use_{u}", chosen)
    files["main.py"] = (
        '"""Imports every module."""\n\n'
        + "".join(f"import use_{u}\n" for u in range(2 * n_enum_modules))
        + "\n\ndef run() -> int:\n    return "
        + " + ".join(f"use_{u}.entry()" for u in range(2 * n_enum_modules))
        + "\n"
    )
    for name, text in files.items():
        (root / name).write_text(text)
    # The member edit targets a typed Enum used by the most modules.
    target = max((e for e in enums if e.kind == "Enum"), key=lambda e: users.get(e.name, 0))
    return Codebase(
        root=root,
        modules=len(files),
        enums=len(enums),
        lines=sum(text.count("\n") for text in files.values()),
        body_module=root / "use_0.py",
        member_module=root / f"{target.module}.py",
        member_enum=target.name,
        member_users=users.get(target.name, 0),
    )


def add_member(code: Codebase) -> None:
    """Add a member to ``code.member_enum``: the edit that must turn matches red."""
    path = code.member_module
    lines = path.read_text().split("\n")
    start = lines.index(
        next(line for line in lines if line.startswith(f"class {code.member_enum}("))
    )
    # After the docstring and blank line: the first member line.
    lines.insert(start + 3, "    zulu_added = 99")
    path.write_text("\n".join(lines))


def edit_body(code: Codebase) -> None:
    path = code.body_module
    path.write_text(path.read_text().replace("    return 0\n", "    return 0 + 0\n", 1))


# --- Running mypy -----------------------------------------------------------------

#: A plugin module wrapping TypedEnumPlugin: CPU time (this thread) spent in
#: each hook getter and in the callbacks they return, written at exit.  The
#: wrapper's own cost per call is measured on a no-op and taken off.
_TIMED_PLUGIN = r"""
import collections, os, time
from mypy_plugin.main import TypedEnumPlugin

clock = time.thread_time
stats = collections.defaultdict(lambda: [0, 0.0])


def _timed(key, function):
    def wrapper(*args, **kwargs):
        start = clock()
        try:
            return function(*args, **kwargs)
        finally:
            entry = stats[key]
            entry[0] += 1
            entry[1] += clock() - start
    return wrapper


def _getter(name, original):
    def getter(self, fullname):
        start = clock()
        callback = original(self, fullname)
        entry = stats[name]
        entry[0] += 1
        entry[1] += clock() - start
        return None if callback is None else _timed(name + " callbacks", callback)
    return getter


class Timed(TypedEnumPlugin):
    pass


for _name in dir(TypedEnumPlugin):
    if _name.startswith("get_") and _name.endswith("_hook"):
        setattr(Timed, _name, _getter(_name, getattr(TypedEnumPlugin, _name)))

_noop = _timed("noop", lambda: None)
_start = clock()
for _ in range(20000):
    _noop()
overhead = (clock() - _start) / 20000
del stats["noop"]


def _report():
    with open(os.environ["TYPED_ENUM_BENCH_PROFILE"], "w") as out:
        for key, (calls, seconds) in stats.items():
            out.write(f"{key}\t{calls}\t{max(0.0, seconds - calls * overhead)}\n")


_exit = os._exit
def _exit_and_report(code):  # mypy leaves through os._exit
    _report()
    _exit(code)
os._exit = _exit_and_report


def plugin(version):
    return Timed
"""


def profile_plugin(code: Codebase) -> tuple[float, list[tuple[str, int, float]]]:
    """Clean run with the timing wrapper: total CPU time and time per hook."""
    (code.root / "te_bench_timed_plugin.py").write_text(_TIMED_PLUGIN)
    config = code.root / "mypy-timed.ini"
    config.write_text(
        "[mypy]\nstrict = true\nwarn_unreachable = true\nplugins = te_bench_timed_plugin\n"
    )
    report = code.root / "profile.tsv"
    cache = code.root / ".mypy_cache-profile"
    shutil.rmtree(cache, ignore_errors=True)
    os.environ["TYPED_ENUM_BENCH_PROFILE"] = str(report)
    try:
        run = run_mypy(code, config, cache, extra_path=code.root)
    finally:
        del os.environ["TYPED_ENUM_BENCH_PROFILE"]
    rows = []
    for line in report.read_text().splitlines():
        key, calls, seconds = line.split("\t")
        rows.append((key, int(calls), float(seconds)))
    return run.cpu, sorted(rows, key=lambda row: -row[2])


@dataclass(frozen=True)
class Run:
    cpu: float
    wall: float
    errors: int


def write_configs(root: Path) -> dict[bool, Path]:
    configs = {}
    for plugin in (False, True):
        path = root / f"mypy-{'plugin' if plugin else 'plain'}.ini"
        text = "[mypy]\nstrict = true\nwarn_unreachable = true\n"
        if plugin:
            text += "plugins = mypy_plugin\n"
        path.write_text(text)
        configs[plugin] = path
    return configs


def _mypy_command(
    code: Codebase, config: Path, cache: Path, extra_path: Path | None = None
) -> tuple[list[str], dict[str, str]]:
    """The mypy command over every module, and its environment."""
    path = str(REPO) if extra_path is None else f"{REPO}{os.pathsep}{extra_path}"
    env = dict(os.environ, PYTHONPATH=path, MYPY_FORCE_COLOR="0")
    cmd = [
        sys.executable,
        "-m",
        "mypy",
        "--config-file",
        str(config),
        "--cache-dir",
        str(cache),
        "--no-error-summary",
        "--hide-error-context",
        "--no-pretty",
        *sorted(p.name for p in code.root.glob("*.py") if not p.name.startswith("te_bench_")),
    ]
    return cmd, env


def run_mypy(code: Codebase, config: Path, cache: Path, extra_path: Path | None = None) -> Run:
    """One mypy run over every module; CPU time of the child process."""
    cmd, env = _mypy_command(code, config, cache, extra_path)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=code.root, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1) or "Traceback" in proc.stderr:
        raise RuntimeError(f"mypy failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    errors = sum(1 for line in proc.stdout.splitlines() if ": error:" in line)
    return Run(cpu, wall, errors)


def plugin_self_time(code: Codebase, config: Path) -> float:
    """The plugin's own CPU time in one clean run, from benchmarks/plugin_profile.py."""
    cache = code.root / ".mypy_cache-selftime"
    shutil.rmtree(cache, ignore_errors=True)
    env = dict(os.environ, PYTHONPATH=str(REPO), MYPY_FORCE_COLOR="0")
    cmd = [
        sys.executable,
        str(REPO / "benchmarks" / "plugin_profile.py"),
        "--",
        "--config-file",
        str(config),
        "--cache-dir",
        str(cache),
        "--no-error-summary",
        *sorted(p.name for p in code.root.glob("*.py") if not p.name.startswith("te_bench_")),
    ]
    proc = subprocess.run(cmd, cwd=code.root, env=env, capture_output=True, text=True, check=False)
    shutil.rmtree(cache, ignore_errors=True)
    if proc.returncode != 0:
        raise RuntimeError(f"profiled mypy failed:\n{proc.stdout}\n{proc.stderr}")
    return float(json.loads(proc.stdout.strip().splitlines()[-1])["plugin"])


@dataclass
class Sample:
    runs: dict[tuple[str, bool], list[Run]] = field(default_factory=dict)
    plugin_self: float | None = None
    """The plugin's own CPU time in a profiled clean run (plugin_profile.py)."""
    instructions: dict[tuple[str, bool], int] = field(default_factory=dict)
    """Instructions of one run per scenario and side, under callgrind (--instructions)."""

    def add(self, scenario: str, plugin: bool, run: Run) -> None:
        self.runs.setdefault((scenario, plugin), []).append(run)

    def median(self, scenario: str, plugin: bool, attr: str = "cpu") -> float:
        return statistics.median(float(getattr(r, attr)) for r in self.runs[(scenario, plugin)])

    def errors(self, scenario: str, plugin: bool) -> int:
        return self.runs[(scenario, plugin)][-1].errors


SCENARIOS = ("clean", "incremental, body edit", "incremental, new member")


def _fresh(
    work: Path, n_enum_modules: int, plugin: bool, suffix: str = ""
) -> tuple[Codebase, Path, Path]:
    """A newly generated codebase for one side: the code, its mypy config, its cache dir."""
    root = work / f"size{n_enum_modules}-{'plugin' if plugin else 'plain'}{suffix}"
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    code = generate(root, n_enum_modules)
    return code, write_configs(root)[plugin], root / ".mypy_cache"


def count_scenarios(work: Path, n_enum_modules: int, plugin: bool, sample: Sample) -> None:
    """The three scenarios once more, each mypy run under callgrind (instructions.py)."""
    code, config, cache = _fresh(work, n_enum_modules, plugin, "-callgrind")
    for scenario, edit in zip(SCENARIOS, (None, edit_body, add_member), strict=True):
        if edit is not None:
            edit(code)
        cmd, env = _mypy_command(code, config, cache)
        sample.instructions[(scenario, plugin)] = instructions.count(cmd, code.root, env)
    shutil.rmtree(code.root, ignore_errors=True)


def measure(
    work: Path, n_enum_modules: int, repeat: int, keep: Path | None, count: bool = False
) -> tuple[Codebase, Sample]:
    sample = Sample()
    for r in range(repeat):
        # Alternate which configuration goes first.
        for plugin in (r % 2 == 0, r % 2 != 0):
            code, config, cache = _fresh(work, n_enum_modules, plugin)
            sample.add("clean", plugin, run_mypy(code, config, cache))
            edit_body(code)
            sample.add("incremental, body edit", plugin, run_mypy(code, config, cache))
            add_member(code)
            sample.add("incremental, new member", plugin, run_mypy(code, config, cache))
            print(".", end="", file=sys.stderr, flush=True)
    sample.plugin_self = plugin_self_time(code, write_configs(code.root)[True])
    if count:
        for plugin in (False, True):
            count_scenarios(work, n_enum_modules, plugin, sample)
    if keep is not None:
        target = keep / f"size{n_enum_modules}"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(
            work / f"size{n_enum_modules}-plain",
            target,
            ignore=shutil.ignore_patterns(".mypy_cache"),
        )
    return code, sample


def render(results: Sequence[tuple[Codebase, Sample]], header: str) -> str:
    lines = [
        header,
        "",
        "| codebase | run | without plugin | with plugin | with / without "
        "| plugin self time | instructions with / without | errors without / with |",
        "|---|---|--:|--:|--:|--:|--:|--:|",
    ]
    for code, sample in results:
        label = f"{code.modules} modules, {code.enums} enums, {code.lines} lines"
        for scenario in SCENARIOS:
            plain, plugin = sample.median(scenario, False), sample.median(scenario, True)
            wall = sample.median(scenario, False, "wall"), sample.median(scenario, True, "wall")
            note = f" ({code.member_users} users)" if scenario.endswith("member") else ""
            own = "-"
            if scenario == "clean" and sample.plugin_self is not None:
                own = f"{sample.plugin_self:.2f} s"
            counted = "-"
            if (scenario, True) in sample.instructions:
                without_ir = sample.instructions[(scenario, False)]
                with_ir = sample.instructions[(scenario, True)]
                counted = f"{with_ir / without_ir:.4f}x ({with_ir / 1e6:,.0f}M / {without_ir / 1e6:,.0f}M)"
            lines.append(
                f"| {label} | {scenario}{note} | {plain:.2f} s ({wall[0]:.2f} s wall) "
                f"| {plugin:.2f} s ({wall[1]:.2f} s wall) | {plugin / plain:.3f}x | {own} "
                f"| {counted} | {sample.errors(scenario, False)} / {sample.errors(scenario, True)} |"
            )
            label = ""
    if len(results) > 1:
        lines += ["", "Growth (clean run, CPU time, relative to the smallest size):", ""]
        base_code, base = results[0]
        for code, sample in results:
            lines.append(
                f"- {code.enums} enums ({code.enums / base_code.enums:.0f}x): without plugin "
                f"{sample.median('clean', False) / base.median('clean', False):.2f}x, with "
                f"{sample.median('clean', True) / base.median('clean', True):.2f}x; the plugin's "
                f"share {sample.median('clean', True) - sample.median('clean', False):+.2f} s"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, default=3, help="how many of the sizes to run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration (median)")
    parser.add_argument("--keep", type=Path, help="copy the generated code here")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="instead: one clean run of the largest size, CPU time per plugin hook",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also each scenario once per side under callgrind: instruction counts, "
        "which the machine's load does not move (slow: use with --sizes 1)",
    )
    args = parser.parse_args(argv)
    instructions.compile_checkout()
    import mypy.version

    if args.profile:
        with tempfile.TemporaryDirectory(prefix="typed-enum-bench-") as tmp:
            code = generate(Path(tmp), SIZES[args.sizes - 1])
            total, rows = profile_plugin(code)
        print(
            f"mypy {mypy.version.__version__}: clean run of {code.modules} modules, "
            f"{code.enums} enums: {total:.2f} s CPU; in the plugin "
            f"{sum(r[2] for r in rows):.3f} s\n"
        )
        print("| hook | calls | CPU time | per call |\n|---|--:|--:|--:|")
        for key, calls, seconds in rows:
            print(f"| {key} | {calls} | {seconds:.3f} s | {seconds / calls * 1e6:.1f} us |")
        return 0

    with tempfile.TemporaryDirectory(prefix="typed-enum-bench-") as tmp:
        results = [
            measure(Path(tmp), n, args.repeat, args.keep, args.instructions)
            for n in SIZES[: args.sizes]
        ]
    print(file=sys.stderr)
    header = (
        f"mypy {mypy.version.__version__} on Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs; median of {args.repeat} runs (CPU time of the mypy process)"
    )
    print(render(results, header))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
