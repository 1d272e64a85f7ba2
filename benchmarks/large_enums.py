"""Type-check time of one very large enum, with and without the mypy plugin.

    python benchmarks/large_enums.py                    # 300, 750, 1500 members, 3 repeats
    python benchmarks/large_enums.py --sizes 100 200 400 --repeat 1   # a quick look
    python benchmarks/large_enums.py --scenarios match value          # leave out if/elif

mypy #21997: a 1,200-member StrEnum in a ``match`` after ``==`` narrowing
took 22 s.  For each size N this writes one module per scenario, each with a
``StrEnum`` of N members (stdlib's by default, ``--base typed`` for
typed_enum's) and one function:

* ``match``: ``match e:`` with one ``case E.m<i>:`` per member, then
  ``case _: assert_never(e)``;
* ``if/elif ==``: ``if e == E.m0: ... elif e == E.m1: ...`` over every
  member, then ``else: assert_never(e)``;
* ``.value union``: ``e.value`` of the whole enum, then of the union of
  N-1 members left after ``if e is E.m0: return``, then ``.name`` of it.

Each module is checked by ``python -m mypy --strict`` of the interpreter
running this script, with a clean cache (``--no-incremental`` and no cache
directory), alternately without and with ``plugins = mypy_plugin`` (the
``typed_enum`` and ``mypy_plugin`` of this checkout), ``--repeat`` times.
Every run must be clean (exit status 0): the code is correct, so any error
is reported and stops the benchmark.

The table shows the CPU time (user + system) of the mypy process, median of
the repeats; "startup" is an empty module (mypy loading typeshed), which
the per-member column subtracts.  "growth" is the per-member cost at this
size over the per-member cost at the smallest size: 1.0 means linear, 2.5
at 5x the members means the time grows as N^1.6.  Wall time is in the last
column.  Nothing here is a test: nothing timed is asserted anywhere.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

SIZES = (300, 750, 1500)
BASES = {
    "stdlib": ("import enum", "enum.StrEnum"),
    "typed": ("import typed_enum", "typed_enum.StrEnum"),
}


def _header(base: str, n: int) -> list[str]:
    module, cls = BASES[base]
    lines = [module, "from typing import assert_never", "", "", f"class E({cls}):"]
    lines += [f'    m{i} = "v{i}"' for i in range(n)]
    return [*lines, "", ""]


def match_source(base: str, n: int) -> str:
    lines = [*_header(base, n), "def f(e: E) -> int:", "    match e:"]
    for i in range(n):
        lines += [f"        case E.m{i}:", f"            return {i}"]
    lines += ["        case _:", "            assert_never(e)"]
    return "\n".join(lines) + "\n"


def if_elif_source(base: str, n: int) -> str:
    lines = [*_header(base, n), "def f(e: E) -> int:"]
    for i in range(n):
        keyword = "if" if i == 0 else "elif"
        lines += [f"    {keyword} e == E.m{i}:", f"        return {i}"]
    lines += ["    else:", "        assert_never(e)"]
    return "\n".join(lines) + "\n"


def value_source(base: str, n: int) -> str:
    lines = [
        *_header(base, n),
        "def whole(e: E) -> str:",
        "    return e.value",
        "",
        "",
        "def rest(e: E) -> str:",
        "    if e is E.m0:",
        '        return ""',
        "    return e.value + e.name",
    ]
    return "\n".join(lines) + "\n"


SCENARIOS: dict[str, tuple[str, Callable[[str, int], str]]] = {
    "match": ("match", match_source),
    "ifelif": ("if/elif ==", if_elif_source),
    "value": (".value union", value_source),
}


@dataclass(frozen=True)
class Timing:
    cpu: float
    wall: float


def run_mypy(path: Path, config: Path, timeout: float) -> Timing:
    """One clean-cache mypy run; CPU time of the child process."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    command = [
        sys.executable,
        "-m",
        "mypy",
        "--config-file",
        str(config),
        "--no-incremental",
        "--cache-dir",
        os.devnull,
        str(path),
    ]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        command, env=env, cwd=path.parent, capture_output=True, text=True, timeout=timeout
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(
            f"mypy reported errors on {path.name} ({config.stem}); the generated code must be "
            f"clean:\n{done.stdout}{done.stderr}"
        )
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timing(cpu, wall)


def median(timings: Sequence[Timing]) -> Timing:
    return Timing(
        statistics.median(t.cpu for t in timings), statistics.median(t.wall for t in timings)
    )


def measure(path: Path, configs: dict[str, Path], repeat: int, timeout: float) -> dict[str, Timing]:
    """Alternate the configurations ``repeat`` times; the median of each."""
    runs: dict[str, list[Timing]] = {name: [] for name in configs}
    for _ in range(repeat):
        for name, config in configs.items():
            runs[name].append(run_mypy(path, config, timeout))
    return {name: median(timings) for name, timings in runs.items()}


def write_configs(directory: Path) -> dict[str, Path]:
    alone = directory / "alone.ini"
    alone.write_text("[mypy]\nstrict = true\n")
    plugin = directory / "plugin.ini"
    plugin.write_text("[mypy]\nstrict = true\nplugins = mypy_plugin\n")
    return {"alone": alone, "plugin": plugin}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs=3, default=SIZES, metavar="N")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--scenarios", nargs="+", choices=sorted(SCENARIOS), default=list(SCENARIOS)
    )
    parser.add_argument("--base", choices=sorted(BASES), default="stdlib")
    parser.add_argument(
        "--timeout", type=float, default=3600.0, help="seconds per mypy run (default 3600)"
    )
    args = parser.parse_args(argv)
    sizes = sorted(args.sizes)

    import mypy.version

    print(
        f"mypy {mypy.version.__version__}, Python {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs; {args.base} StrEnum, "
        f"median of {args.repeat}, CPU seconds (user+sys), clean cache"
    )
    with tempfile.TemporaryDirectory(prefix="large_enums_") as tmp:
        directory = Path(tmp)
        configs = write_configs(directory)
        empty = directory / "empty.py"
        empty.write_text("x = 1\n")
        startup = measure(empty, configs, args.repeat, args.timeout)
        print(
            f"startup (empty module): alone {startup['alone'].cpu:.2f} s, "
            f"plugin {startup['plugin'].cpu:.2f} s"
        )
        header = (
            f"{'scenario':<14}{'members':>8}{'alone s':>10}{'plugin s':>10}{'ratio':>7}"
            f"{'alone ms/m':>12}{'plugin ms/m':>13}{'growth a/p':>13}{'wall a/p s':>15}"
        )
        print(header)
        print("-" * len(header))
        for key in args.scenarios:
            label, generate = SCENARIOS[key]
            first: dict[str, float] = {}
            for n in sizes:
                path = directory / f"{key}_{n}.py"
                path.write_text(generate(args.base, n))
                result = measure(path, configs, args.repeat, args.timeout)
                per_member = {
                    name: max(result[name].cpu - startup[name].cpu, 0.0) / n * 1000
                    for name in configs
                }
                for name, value in per_member.items():
                    first.setdefault(name, value)
                growth = "/".join(
                    f"{per_member[name] / first[name]:.1f}" if first[name] > 0 else "-"
                    for name in configs
                )
                alone, plugin = result["alone"], result["plugin"]
                ratio = plugin.cpu / alone.cpu if alone.cpu > 0 else float("nan")
                print(
                    f"{label:<14}{n:>8}{alone.cpu:>10.2f}{plugin.cpu:>10.2f}{ratio:>7.2f}"
                    f"{per_member['alone']:>12.2f}{per_member['plugin']:>13.2f}{growth:>13}"
                    f"{alone.wall:>8.1f}/{plugin.wall:<6.1f}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
