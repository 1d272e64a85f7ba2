"""``python -m conformance PATH``: score a directory of conformance files (see the package doc)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from conformance.score import MODES, run_mypy, score_directory, scored_files, summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m conformance",
        description="Score typing-conformance-style files (# E, # E?, # E[tag]) with mypy.",
    )
    parser.add_argument("path", type=Path, help="directory of test files (flat, like upstream's)")
    parser.add_argument("--mode", choices=[*MODES, "both"], default="both")
    parser.add_argument(
        "--pattern", help="glob of the files to score (default: *.py not starting with _)"
    )
    parser.add_argument("--no-plugin", action="store_true", help="mypy alone, for comparison")
    parser.add_argument("--python-version", default="3.12", help="mypy's target (default 3.12)")
    parser.add_argument(
        "--mypy-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="pass ARG to mypy (repeatable), e.g. --mypy-arg=--check-untyped-defs",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="print mypy's output too")
    args = parser.parse_args(argv)
    if not args.path.is_dir():
        parser.error(f"{args.path} is not a directory")

    results = []
    for mode in MODES if args.mode == "both" else (args.mode,):
        if args.verbose:
            print(f"--- mypy output, {mode} ---")
            print(
                run_mypy(
                    args.path,
                    mode,
                    plugin=not args.no_plugin,
                    python_version=args.python_version,
                    extra_args=args.mypy_arg,
                    files=scored_files(args.path, args.pattern),
                ),
                end="",
            )
        for result in score_directory(
            args.path,
            mode,
            pattern=args.pattern,
            plugin=not args.no_plugin,
            python_version=args.python_version,
            extra_args=args.mypy_arg,
        ):
            results.append(result)
            print(f"{'PASS' if result.passed else 'FAIL'}  {result.name}  [{mode}]")
            for difference in result.differences:
                print(f"      {difference}")
    print(f"{'mypy alone' if args.no_plugin else 'mypy + plugin'}: {summary(results)}")
    return 0 if all(r.passed for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
