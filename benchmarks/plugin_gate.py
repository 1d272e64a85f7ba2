"""The plugin's cost guard: instructions of mypy with and without the plugin on a fixed corpus.

    python benchmarks/plugin_gate.py            # measure, compare with the budget, exit 1 over
    python benchmarks/plugin_gate.py --no-budget

The corpus is in the repository: ``examples/`` and the enum code of
``tests/checkers/fixtures/`` (every ``*_ok.py``), checked with ``--strict``.
Each side first fills its own cache with typeshed (a run on an empty module,
not counted), then checks the corpus under callgrind with that cache, so
what is counted is mypy's work on the corpus (and, with the plugin, the
plugin's), not the standard library's.  The budget, in
``perf_budget.toml``'s ``[plugin]``, is a ratio of the two counts; the
real-package runs stay in ``realcode.py --instructions``.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from instructions import compile_checkout, count

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
BUDGETS = HERE / "perf_budget.toml"
LABEL = "mypy --strict on examples/ and the checkers' *_ok.py fixtures"


def _corpus(into: Path) -> list[str]:
    shutil.copytree(REPO / "examples", into / "examples")
    fixtures = into / "fixtures"
    fixtures.mkdir()
    for path in sorted((REPO / "tests" / "checkers" / "fixtures").glob("*_ok.py")):
        shutil.copy(path, fixtures / path.name)
    (into / "empty.py").write_text("")
    return ["examples", "fixtures"]


def _side(root: Path, targets: list[str], plugin: bool) -> int:
    ini = root / ("plugin.ini" if plugin else "alone.ini")
    ini.write_text("[mypy]\nstrict = true\n" + ("plugins = mypy_plugin\n" if plugin else ""))
    cache = root / (".cache-plugin" if plugin else ".cache-alone")
    base = [sys.executable, "-m", "mypy", "--config-file", str(ini), "--cache-dir", str(cache)]
    # Typeshed into the cache, not counted.
    subprocess.run([*base, "empty.py"], cwd=root, check=True, capture_output=True)
    return count([*base, *targets], cwd=root)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-budget", action="store_true", help="print only; exit 0")
    args = parser.parse_args(argv)
    compile_checkout()
    with tempfile.TemporaryDirectory(prefix="plugin-gate-") as tmp:
        root = Path(tmp)
        targets = _corpus(root)
        alone = _side(root, targets, plugin=False)
        with_plugin = _side(root, targets, plugin=True)
    ratio = with_plugin / alone
    print(f"plugin gate: {LABEL}")
    print(f"  mypy alone {alone:,} instructions, with the plugin {with_plugin:,}: {ratio:.3f}x")
    if args.no_budget:
        return 0
    with BUDGETS.open("rb") as file:
        budget: float = tomllib.load(file)["plugin"][LABEL]
    if ratio > budget:
        print(f"plugin gate: FAILED: {ratio:.3f}x over the budget {budget:.3f}x (perf_budget.toml)")
        return 1
    print(f"plugin gate: passed ({ratio:.3f}x, budget {budget:.3f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
