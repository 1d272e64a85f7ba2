"""``python -m tests.checkers [--update-readme]``: run every checker, print the table.

With ``--update-readme``, also rewrite the "What each checker sees"
table (between its BEGIN/END markers).  Exits 1 when a checker did not run.
"""

from __future__ import annotations

import argparse
import sys

from .run import CHECKERS, CheckerDidNotRun, run
from .table import render, update_readme


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.checkers", description=__doc__)
    parser.add_argument(
        "--update-readme",
        action="store_true",
        help="rewrite the checkers table (docs/checkers.md, and README.md while it shows one)",
    )
    args = parser.parse_args(argv)
    try:
        results = {checker.name: run(checker) for checker in CHECKERS}
    except CheckerDidNotRun as exc:
        print(exc, file=sys.stderr)
        return 1
    print(render(results))
    if args.update_readme:
        changed = update_readme(results)
        print(
            "checkers table updated" if changed else "checkers table already up to date",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
