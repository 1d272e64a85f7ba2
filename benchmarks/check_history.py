"""How long ``typed-enum check`` takes on real history, and where the time goes.

python-telegram-bot's releases (wheels from the package index) are committed
one after the other into a throwaway repository (tests/check/history.py, the
same repository the real-history test compares), and each pair is compared
with ``typed-enum check --against vA --new vB telegram --timings``, the way
a pull request's CI job runs it, ``--repeat`` times.  The table gives the
median wall time of the whole command (the process included) and the split
the command reports: git (revisions, the two worktrees, their removal),
reading both revisions (two imports in child processes, side by side), and
the comparison (with the re-export lookup of removed classes, one more child
import when a class is gone).

    python benchmarks/check_history.py                  # 21.0 -> 22.0, 22.0 -> 22.8
    python benchmarks/check_history.py --repeat 5

Needs the network (pip download) and git.  Not run by CI: the real-history
test (tests/check/test_check_history.py) checks the findings there.
"""

from __future__ import annotations

import argparse
import platform
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "check"))

from history import check, releases

PAIRS = (("21.0", "22.0"), ("22.0", "22.8"))
_TIMINGS = re.compile(
    r"total (?P<total>[\d.]+) s; git \(revisions, worktrees, cleanup\) (?P<git>[\d.]+) s; "
    r"reading both revisions (?P<reading>[\d.]+) s .*?; comparison (?P<comparison>[\d.]+) s"
)


def _run(root: Path, old: str, new: str) -> dict[str, float]:
    start = time.perf_counter()
    done = check(root, old, new, "telegram", "--timings")
    wall = time.perf_counter() - start
    found = _TIMINGS.search(done.stderr)
    if done.returncode not in (0, 1) or found is None:
        raise SystemExit(f"check_history: the check failed:\n{done.stderr[-2000:]}")
    figures = {key: float(value) for key, value in found.groupdict().items()}
    figures["wall"] = wall
    # One line a finding, each followed by its indented fix line (not counted).
    lines = done.stdout.splitlines()
    figures["findings"] = float(sum(not line.startswith(" ") for line in lines))
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per pair (median shown)")
    args = parser.parse_args(argv)
    versions = sorted(
        {v for pair in PAIRS for v in pair}, key=lambda v: tuple(map(int, v.split(".")))
    )
    with tempfile.TemporaryDirectory(prefix="check-history-") as tmp:
        root = releases("python-telegram-bot", "telegram", versions, Path(tmp) / "repo", Path(tmp))
        files = len(list((root / "telegram").rglob("*.py")))
        print(
            f"typed-enum check on python-telegram-bot ({files} files at {versions[-1]}), "
            f"Python {platform.python_version()}, {platform.machine()}, "
            f"{time.strftime('%Y-%m-%d')}, median of {args.repeat}"
        )
        print(
            f"{'releases':<14} {'findings':>8} {'wall s':>7} {'command':>8} {'git':>6} "
            f"{'reading':>8} {'compare':>8}"
        )
        for old, new in PAIRS:
            runs = [_run(root, old, new) for _ in range(args.repeat)]

            def median(key: str, runs: list[dict[str, float]] = runs) -> float:
                return statistics.median(run[key] for run in runs)

            print(
                f"{old + ' -> ' + new:<14} {median('findings'):>8.0f} {median('wall'):>7.2f} "
                f"{median('total'):>8.2f} {median('git'):>6.2f} {median('reading'):>8.2f} "
                f"{median('comparison'):>8.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
