"""Signal or noise: where typed-enum-wildcard-arm fires on real code.

For each target of ``realcode.py`` (the same pinned packages and options),
a copy of the package is type-checked twice with the plugin, from an empty
cache: as configured by default, and with ``wildcard-arm = true``.  The
second run must differ from the first only by ``[typed-enum-wildcard-arm]``
lines (the check adds a diagnostic and changes nothing else); the script
fails otherwise, and on a crash.  It prints, per package, how many sites the
check flags, and each site with its source lines, so that a sample can be
judged by a reviewer, and the CPU seconds of both runs (one run each: a
rough figure of what switching it on costs; benchmarks/README.md records
the result).

    python benchmarks/wildcard_sites.py                    # every target
    python benchmarks/wildcard_sites.py telegram ansible   # some
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import realcode  # benchmarks/realcode.py, beside this script

CODE = "[typed-enum-wildcard-arm]"
SWITCH_ON = "\n[mypy.plugins.typed_enum]\nwildcard-arm = true\n"
CONTEXT_LINES = 2


def _site(root: Path, line: str) -> str:
    """The diagnostic, then the flagged line and the lines before it."""
    path, number, _ = line.split(":", 2)
    source = (root / path).read_text(encoding="utf-8", errors="replace").splitlines()
    at = int(number)
    shown = [
        f"    {n:5d} | {source[n - 1]}"
        for n in range(max(1, at - CONTEXT_LINES), min(len(source), at) + 1)
    ]
    return "\n".join([line, *shown])


def run(target: realcode.Target) -> tuple[int, list[str], float, float]:
    """The flagged sites of one target (fails on any other difference)."""
    with tempfile.TemporaryDirectory(prefix=f"wildcard-{target.package}-") as tmp:
        root = Path(tmp)
        realcode._copy(target.package, root)
        paths = [str(Path(target.package) / module) for module in target.modules]
        config = realcode.OPTIONS + realcode.PLUGIN_LINE
        default_run = realcode._mypy(root, config, paths)
        switched_run = realcode._mypy(root, config + SWITCH_ON, paths)
        default, switched = default_run.diagnostics, switched_run.diagnostics
        flagged = [line for line in switched if line.endswith(CODE)]
        others = [line for line in switched if not line.endswith(CODE)]
        if others != default:
            added = sorted(set(others) - set(default))
            lost = sorted(set(default) - set(others))
            raise SystemExit(
                f"{target.package}: switching the check on changed other diagnostics\n"
                f"added: {added}\nlost: {lost}"
            )
        sites = [_site(root, line) for line in flagged]
        return len(flagged), sites, default_run.seconds, switched_run.seconds


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("packages", nargs="*", help="targets to run (default: all)")
    args = parser.parse_args(argv)
    targets = [t for t in realcode.TARGETS if not args.packages or t.package in args.packages]
    total = 0
    for target in targets:
        count, sites, off, on = run(target)
        total += count
        print(
            f"## {target.package}: {count} site(s); CPU {off:.1f} s off, {on:.1f} s on "
            f"({on / off:.3f}x)",
            flush=True,
        )
        for site in sites:
            print(site, flush=True)
    print(f"\ntotal: {total} site(s) in {len(targets)} package(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
