"""Draw the benchmark charts of the documentation site from benchmarks/figures.toml.

    pip install -e '.[docs]'
    python benchmarks/plots.py            # writes docs/benchmarks/*.svg
    python benchmarks/plots.py --out DIR  # somewhere else (CI checks it runs)

Nothing is measured here: the run-time ratios come from the recorded runs in
benchmarks/results/runtime-3.X.json (which benchmarks/tables.py renders into
the tables), the other figures from benchmarks/README.md (figures.toml holds
them as data).  The SVGs are deterministic (no date, fixed ids), so a redraw
from unchanged figures changes no file, and each records the SHA-256 of the
data it was drawn from (tests/test_benchmark_figures.py checks it is current).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import tomllib
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

HERE = Path(__file__).resolve().parent
FIGURES = HERE / "figures.toml"
OUT = HERE.parent / "docs" / "benchmarks"
COLOURS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3")


RESULTS = HERE / "results"


def _sources() -> list[Path]:
    return [FIGURES, *sorted(RESULTS.glob("runtime-3.*.json"))]


def source_digest() -> str:
    """What each chart records of the data it was drawn from: figures.toml and the runs."""
    digest = hashlib.sha256()
    for path in _sources():
        digest.update(path.read_bytes())
    return "figures.toml+results sha256 " + digest.hexdigest()


def runtime_ratios() -> dict[str, dict[str, float]]:
    """typed_enum / stdlib per operation, by Python minor, from the recorded runs."""
    ratios: dict[str, dict[str, float]] = {}
    for path in sorted(RESULTS.glob("runtime-3.*.json"), key=lambda p: int(p.stem.split(".")[1])):
        run = json.loads(path.read_text())
        minor = ".".join(run["python"].split(".")[:2])
        rows = ratios.setdefault(minor, {})
        for row in run["results"]:
            typed, std, _ = row["seconds"]
            if not row["label"].startswith(("import", "  ")):
                rows.setdefault(row["label"], typed / std)
    return ratios


def _save(fig: Any, path: Path) -> None:
    fig.tight_layout()
    metadata = {"Date": None, "Creator": None, "Description": source_digest()}
    fig.savefig(path, format="svg", metadata=metadata)
    plt.close(fig)
    print(f"wrote {path}")


def runtime(figures: dict[str, Any], path: Path) -> None:
    """typed_enum / stdlib per operation, one bar per Python."""
    pythons = list(figures["runtime"])
    operations = list(figures["runtime"][pythons[0]])
    height = 0.8 / len(pythons)
    fig, ax = plt.subplots(figsize=(8, 0.32 * len(operations) + 1.2))
    for i, python in enumerate(pythons):
        ratios = figures["runtime"][python]
        ys = [n + i * height for n in range(len(operations))]
        ax.barh(
            ys,
            [ratios[op] for op in operations],
            height,
            label=f"Python {python}",
            color=COLOURS[i % len(COLOURS)],
        )
    ax.axvline(1.0, color="black", linewidth=0.8)
    # A log scale shows 0.5x and 2x as equally far from 1x.
    ax.set_xscale("log")
    ticks = [0.5, 0.75, 1, 1.5, 2, 3, 5]
    ax.set_xticks(ticks, [f"{t:g}x" for t in ticks])
    ax.set_xticks([], minor=True)
    ax.set_yticks([n + height * (len(pythons) - 1) / 2 for n in range(len(operations))])
    ax.set_yticklabels(operations, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("typed_enum's time / stdlib enum's (below 1: faster)")
    ax.set_title("Run time against stdlib enum (benchmarks/runtime.py)")
    ax.legend(loc="lower right", fontsize=8)
    _save(fig, path)


def realcode(figures: dict[str, Any], path: Path) -> None:
    """mypy with the plugin / mypy alone on each real package, in instructions."""
    ratios = sorted(figures["realcode"]["ratio"].items(), key=lambda item: item[1])
    fig, ax = plt.subplots(figsize=(8, 0.3 * len(ratios) + 1.2))
    ax.barh([name for name, _ in ratios], [(r - 1) * 100 for _, r in ratios], color=COLOURS[0])
    ax.axvline(3.0, color="#c44e52", linestyle="--", linewidth=1, label="target: +3%")
    ax.set_xlabel("instructions added by the plugin to mypy --strict (%)")
    ax.set_title("The plugin's cost on real packages (benchmarks/realcode.py --instructions)")
    ax.tick_params(axis="y", labelsize=8)
    ax.legend(loc="lower right", fontsize=8)
    _save(fig, path)


def large_enums(figures: dict[str, Any], path: Path) -> None:
    """CPU seconds against members, mypy alone and with the plugin, per scenario."""
    runs = figures["large_enums"]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    scenarios = list(dict.fromkeys(run["scenario"] for run in runs))
    for i, scenario in enumerate(scenarios):
        mine = [run for run in runs if run["scenario"] == scenario]
        members = [run["members"] for run in mine]
        colour = COLOURS[i % len(COLOURS)]
        ax.plot(
            members,
            [run["alone"] for run in mine],
            "--o",
            color=colour,
            label=f"{scenario}: mypy alone",
        )
        ax.plot(
            members,
            [run["plugin"] for run in mine],
            "-s",
            color=colour,
            label=f"{scenario}: with the plugin",
        )
    ax.set_xscale("log")
    ax.set_yscale("log")
    sizes = sorted({run["members"] for run in runs})
    ax.set_xticks(sizes, [f"{n:,}" for n in sizes])
    ax.set_xticks([], minor=True)
    ax.set_xlabel("members of one enum")
    ax.set_ylabel("mypy CPU seconds (clean cache)")
    ax.set_title("Large enums (benchmarks/large_enums.py)")
    ax.legend(fontsize=8)
    _save(fig, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"directory (default: {OUT})")
    args = parser.parse_args()
    plt.rcParams["svg.hashsalt"] = "typed_enum"
    plt.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, searchable
    with FIGURES.open("rb") as file:
        figures = tomllib.load(file)
    args.out.mkdir(parents=True, exist_ok=True)
    figures["runtime"] = runtime_ratios()
    runtime(figures, args.out / "runtime.svg")
    realcode(figures, args.out / "realcode.svg")
    large_enums(figures, args.out / "large_enums.svg")


if __name__ == "__main__":
    main()
