"""The benchmark figures of the documentation come from recorded runs, not from memory.

- The run-time and perf-gate tables of docs/benchmarks.md and
  benchmarks/README.md are what benchmarks/tables.py renders from the runs in
  benchmarks/results/ (a typed figure, or a table left behind, fails).
- benchmarks/figures.toml, which benchmarks/plots.py draws with those runs,
  holds figures of benchmarks/README.md: each must still stand in its row.
- Every chart of the site records the SHA-256 of the data it was drawn from.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
FIGURES = tomllib.loads((BENCHMARKS / "figures.toml").read_text())
README = (BENCHMARKS / "README.md").read_text()


def _section(heading: str) -> str:
    start = README.index(heading)
    end = README.find("\n#", start + len(heading))
    return README[start : end if end >= 0 else None]


def _rows(section: str) -> dict[str, list[str]]:
    rows = {}
    for line in section.splitlines():
        if line.startswith("| "):
            cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line[1:-1])]
            rows.setdefault(cells[0].replace("`", ""), cells)
    return rows


def test_the_tables_are_rendered_from_the_recorded_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "tables.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_supported_python_has_recorded_runs() -> None:
    """A run of each benchmark per Python of pyproject.toml's classifiers, each dated."""
    pyproject = tomllib.loads((BENCHMARKS.parent / "pyproject.toml").read_text())
    pythons = {
        c.rsplit(" ", 1)[-1]
        for c in pyproject["project"]["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    for kind in ("runtime", "perf"):
        recorded = {}
        for path in (BENCHMARKS / "results").glob(f"{kind}-3.*.json"):
            run = json.loads(path.read_text())
            assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", run["date"]), path
            assert run["machine"], path
            recorded[".".join(run["python"].split(".")[:2])] = path
        assert set(recorded) == pythons, kind


def test_realcode_ratios_are_the_recorded_ones() -> None:
    rows = _rows(_section("### Instruction counts: the third round of issue 20"))
    assert len(FIGURES["realcode"]["ratio"]) == 17
    for package, ratio in FIGURES["realcode"]["ratio"].items():
        assert rows[package][2] == f"{ratio:.4f}x", package


def test_large_enum_times_are_the_recorded_ones() -> None:
    lines = _section("## Large enums").splitlines()
    assert len(FIGURES["large_enums"]) == 8
    for run in FIGURES["large_enums"]:
        row = re.compile(
            rf"{re.escape(run['scenario'])}\s+{run['members']}\s+"
            rf"{run['alone']:.2f}\s+{run['plugin']:.2f}\s"
        )
        assert any(row.match(line) for line in lines), run


def test_the_site_charts_are_drawn_from_this_data() -> None:
    digest = hashlib.sha256()
    for path in [
        BENCHMARKS / "figures.toml",
        *sorted((BENCHMARKS / "results").glob("runtime-3.*.json")),
    ]:
        digest.update(path.read_bytes())
    charts = BENCHMARKS.parent / "docs" / "benchmarks"
    for name in ("runtime.svg", "realcode.svg", "large_enums.svg"):
        assert f"figures.toml+results sha256 {digest.hexdigest()}" in (charts / name).read_text(), (
            f"docs/benchmarks/{name} is stale: run python benchmarks/plots.py"
        )
