"""A/B of ``Color(v)`` across checkouts: typed_enum's time and stdlib's, in the same process.

    python benchmarks/lookup_ab.py OLD_CHECKOUT NEW_CHECKOUT [...]   # e.g. worktrees of two commits

As issue 38 measured the regression of f01fb68: an 8-member Enum, ``T(6)``,
200,000 calls a timing, 7 timings per side, the median; typed_enum and stdlib
timed in turn in one interpreter, so their ratio is the figure to read.  The
checkouts are measured in turn, round after round (each round a fresh
interpreter per checkout), so load on the machine falls on all of them alike.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import enum, statistics, sys, time, timeit
sys.path.insert(0, sys.argv[1])
import typed_enum
src = "class T(BASE):\n" + "".join(f"    m{i} = {i + 1}\n" for i in range(8))
made = {}
for key, base in (("typed", typed_enum.Enum), ("stdlib", enum.Enum)):
    ns = {"BASE": base}
    exec(src, ns)
    made[key] = ns["T"]
times = {"typed": [], "stdlib": []}
for _ in range(7):
    for key, cls in made.items():
        timer = timeit.Timer("c(6)", globals={"c": cls}, timer=time.process_time)
        times[key].append(timer.timeit(200_000) / 200_000 * 1e9)
print(statistics.median(times["typed"]), statistics.median(times["stdlib"]))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkouts", nargs="+", type=Path)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    results: dict[Path, list[tuple[float, float]]] = {c: [] for c in args.checkouts}
    for _ in range(args.rounds):
        for checkout in args.checkouts:
            out = subprocess.run(
                [args.python, "-S", "-c", CHILD, str(checkout.resolve())],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.split()
            results[checkout].append((float(out[0]), float(out[1])))
    version = subprocess.run(
        [args.python, "-c", "import sys; print(sys.version.split()[0])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    print(f"Python {version}: Color(6) on an 8-member Enum, medians of {args.rounds} rounds")
    for checkout, runs in results.items():
        typed = statistics.median(t for t, _ in runs)
        std = statistics.median(s for _, s in runs)
        ratios = ", ".join(f"{t / s:.2f}" for t, s in runs)
        print(f"  {checkout}: {typed:.0f} ns, stdlib {std:.0f} ns, {typed / std:.2f}x ({ratios})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
