"""``python -m tests.mypy_minors [PATH...]``: the typecheck cases under PATH, batched, on this mypy.

Exit 1 when a case's output differs from what it states (each difference
printed), 0 when every case run matches.  ``.ci/mypy-minors`` runs it for
every mypy minor between the supported range's ends; the README's
``pytest`` runs the same cases one by one on the ends.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from mypy.version import __version__ as mypy_version

from .batch import check
from .cases import collect, skipped


def main(argv: list[str]) -> int:
    paths = [Path(arg) for arg in argv] or [Path("typecheck_cases")]
    cases = collect(paths)
    run = [c for c in cases if not c.parametrized and not skipped(c)]
    started = time.perf_counter()
    actual = check(run)
    failed = 0
    for case in run:
        got, want = sorted(actual[case.name]), sorted(case.expected)
        if got != want:
            failed += 1
            print(f"FAILED {case.path}::{case.name}")
            for line in want:
                if line not in got:
                    print(f"  expected, missing: {line}")
            for line in got:
                if line not in want:
                    print(f"  printed, unexpected: {line}")
    not_run = len(cases) - len(run)
    print(
        f"mypy {mypy_version}: {len(run) - failed} passed, {failed} failed "
        f"({not_run} not run here: parametrized or skipped for this mypy), "
        f"{time.perf_counter() - started:.0f} s"
    )
    return 1 if failed or not run else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
