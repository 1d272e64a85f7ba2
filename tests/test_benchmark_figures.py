"""benchmarks/figures.toml, which benchmarks/plots.py draws, holds figures of benchmarks/README.md.

Every ratio or time in the data file must still stand in its row of the table
it was copied from, and every chart of the site must have been drawn from
this data file (it records the file's SHA-256), so the charts cannot drift
from the recorded results.
"""

from __future__ import annotations

import hashlib
import re
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


def test_runtime_ratios_are_the_recorded_ones() -> None:
    assert set(FIGURES["runtime"]) == {"3.11", "3.12", "3.13"}
    for python, ratios in FIGURES["runtime"].items():
        rows = _rows(_section(f"### Python {python}\n"))
        assert len(ratios) >= 25
        for operation, ratio in ratios.items():
            assert rows[operation][4] == f"{ratio:.2f}x", (python, operation)


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
    digest = hashlib.sha256((BENCHMARKS / "figures.toml").read_bytes()).hexdigest()
    charts = BENCHMARKS.parent / "docs" / "benchmarks"
    for name in ("runtime.svg", "realcode.svg", "large_enums.svg"):
        assert f"figures.toml sha256 {digest}" in (charts / name).read_text(), (
            f"docs/benchmarks/{name} is stale: run python benchmarks/plots.py"
        )
