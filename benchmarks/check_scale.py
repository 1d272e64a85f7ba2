"""``typed-enum check`` on a large real repository: the cost of a commit, of a one-enum change,
of a release pair (issue 52).

The repository is built from the package index's wheels of homeassistant (8,805 modules and
359 enums in 2026.2.0): 2026.1.0 and 2026.2.0 committed one after the other
(tests/check/history.py), then a harmless commit on top (a comment appended to
``homeassistant/const.py``) and a commit that changes one enum (the value of the first
``StrEnum`` member of that file).  Three cases are run as a user runs them, with
``--no-import``:

- harmless: the harmless commit checked out, ``--against`` its parent (the pre-commit hook);
- one enum: the one-enum commit checked out, ``--against`` its parent;
- release pair: ``--against v2026.1.0 --new v2026.2.0``.

Each run is a fresh process whose ``resource.getrusage(RUSAGE_CHILDREN)`` gives the CPU and
the peak memory of the tool (and of the git and Python processes it starts); the table gives
the wall time, CPU, peak memory, the files the run parsed (its ``--timings`` line) and whether
its findings and notes (stdout, and stderr with ``--all-notes``) equal those of ``--full``.
The runs without ``--full`` are given cold (an empty cache), warm (the cache the cold run
filled: the same check run again) and, for the two commits, after the parent's run (what the
hook meets at each commit: the cache the previous commit's check filled, whose working tree
is now the parent).  ``--tool DIR`` measures another checkout of typed_enum (``/path/to/main`` gives the
"before" rows; a checkout without ``--full`` is run as it is, its findings not compared).

    python3.13 benchmarks/check_scale.py --work /tmp/scale
    python3.13 benchmarks/check_scale.py --work /tmp/scale --tool /path/to/main --cases harmless

Needs the network (pip download, about 100 MB) and git; homeassistant 2026 needs Python 3.13+
to import, but ``--no-import`` reads it on any Python that parses it (3.12+).  Not run by CI:
tests/check/test_check_incremental.py holds the incremental reading equal to the full one on
a smaller real history.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "check"))

from history import releases

HERE = Path(__file__).resolve().parents[1]

DISTRIBUTION = PACKAGE = "homeassistant"
VERSIONS = ("2026.1.0", "2026.2.0")
#: The newest Python homeassistant's wheels ask for (pip download picks by it).
WHEEL_PYTHON = "3.14"
CASES = ("harmless", "one-enum", "release-pair")
_COUNTS = re.compile(r"timings: \d+ files read, (\d+) that can define an enum: (\d+) parsed")
_FULL = re.compile(r"timings: \d+ files read, the (\d+) that can define an enum")

#: Run in a fresh process: the tool as a child, then that child's rusage.
_MEASURE = r"""
import json, resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[2:], cwd=sys.argv[1], capture_output=True, text=True)
wall = time.perf_counter() - start
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "cpu": used.ru_utime + used.ru_stime, "rss_kb": used.ru_maxrss,
                  "status": done.returncode, "out": done.stdout, "err": done.stderr}))
"""


def _git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=True
    ).stdout


def _download(wheels: Path) -> None:
    wheels.mkdir(parents=True, exist_ok=True)
    for version in VERSIONS:
        if list(wheels.glob(f"{DISTRIBUTION}-{version}-*.whl")):
            continue
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                WHEEL_PYTHON,
                f"{DISTRIBUTION}=={version}",
                "--dest",
                str(wheels),
            ],
            check=True,
        )


def _change_one_enum(text: str) -> str:
    """The first StrEnum member's string value of ``text`` with ``-changed`` appended."""
    lines = text.splitlines(keepends=True)
    inside = False
    for number, line in enumerate(lines):
        if re.match(r"class \w+\(StrEnum\):", line):
            inside = True
            continue
        found = re.match(r'(\s+[A-Z_0-9]+ = ")([^"]*)(".*)', line, re.DOTALL)
        if inside and found:
            lines[number] = found.group(1) + found.group(2) + "-changed" + found.group(3)
            return "".join(lines)
    raise SystemExit("check_scale: no StrEnum member found in homeassistant/const.py")


def build(work: Path) -> Path:
    """The repository, built once under ``work`` (tags v2026.1.0, v2026.2.0, harmless, one-enum)."""
    root = work / "repo"
    if (root / ".git").is_dir() and "one-enum" in _git(root, "tag").split():
        return root
    _download(work / "wheels")
    releases(DISTRIBUTION, PACKAGE, VERSIONS, root, work / "wheels")
    const = root / PACKAGE / "const.py"
    const.write_text(const.read_text(encoding="utf-8") + "# a harmless comment\n")
    _git(root, "commit", "-q", "-am", "a harmless comment")
    _git(root, "tag", "harmless")
    const.write_text(_change_one_enum(const.read_text(encoding="utf-8")))
    _git(root, "commit", "-q", "-am", "one enum value changed")
    _git(root, "tag", "one-enum")
    return root


def _arguments(case: str, root: Path) -> list[str]:
    """The check's arguments for ``case``; checks out what the working tree must hold."""
    if case == "release-pair":
        _git(root, "checkout", "-q", "v2026.2.0")
        return ["--against", "v2026.1.0", "--new", "v2026.2.0"]
    _git(root, "checkout", "-q", case)
    return ["--against", f"{case}~1"]


def _run(
    root: Path, python: str, tool: Path, cache: Path, args: list[str], *options: str
) -> dict[str, object]:
    command = [
        python,
        "-m",
        "typed_enum",
        "check",
        "--no-progress",
        "--no-import",
        "--timings",
        *options,
        *args,
        PACKAGE,
    ]
    env = {**os.environ, "PYTHONPATH": str(tool), "TYPED_ENUM_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [python, "-c", _MEASURE, str(root), *command],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    if result["status"] not in (0, 1, 3):
        raise SystemExit(f"check_scale: the check failed:\n{str(result['err'])[-2000:]}")
    return result


def _answer(result: dict[str, object]) -> tuple[object, str, list[str]]:
    """What must equal the full reading: the exit status, the findings, the notes."""
    err = [line for line in str(result["err"]).splitlines() if "timings:" not in line]
    return result["status"], str(result["out"]), err


def _parsed(result: dict[str, object]) -> str:
    err = str(result["err"])
    found = _COUNTS.search(err)
    if found:
        return found.group(2)
    full = _FULL.search(err)
    return f"{full.group(1)} (all)" if full else "all"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, required=True, help="where the repository is built")
    parser.add_argument("--tool", type=Path, default=HERE, help="the typed_enum checkout run")
    parser.add_argument("--python", default=sys.executable, help="the Python running the tool")
    parser.add_argument("--cases", nargs="+", choices=CASES, default=list(CASES))
    parser.add_argument("--no-full", action="store_true", help="skip the --full reading")
    args = parser.parse_args(argv)
    root = build(args.work.resolve())
    modules = len(list((root / PACKAGE).rglob("*.py")))
    version = subprocess.run(
        [args.python, "-c", "import platform; print(platform.python_version())"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    has_full = "--full" in (args.tool / "typed_enum" / "check" / "cli.py").read_text("utf-8")
    print(
        f"typed-enum check --no-import on homeassistant {' and '.join(VERSIONS)} "
        f"({modules} modules at {VERSIONS[-1]}), tool {args.tool}, Python {version}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d')}"
    )
    print("| case | reading | wall s | CPU s | peak MB | files parsed | equals --full |")
    print("|---|---|--:|--:|--:|--:|---|")
    for case in args.cases:
        check_args = _arguments(case, root)
        cache = args.work.resolve() / f"cache-{os.getpid()}-{case}"  # cold: empty
        full = None
        if has_full and not args.no_full:
            full = _run(root, args.python, args.tool, cache, check_args, "--full", "--all-notes")
            rows = [("--full", full)]
        else:
            rows = []
        if has_full:
            rows += [
                (
                    f"{state} cache",
                    _run(root, args.python, args.tool, cache, check_args, "--all-notes"),
                )
                for state in ("cold", "warm")
            ]
            if case != "release-pair":
                # What the hook meets at each commit: the cache of the previous commit's
                # run (that commit checked out, against its parent), then this commit.
                after = args.work.resolve() / f"cache-{os.getpid()}-{case}-after"
                _git(root, "checkout", "-q", f"{case}~1")
                _run(root, args.python, args.tool, after, ["--against", f"{case}~2"])
                check_args = _arguments(case, root)
                rows.append(
                    (
                        "after the parent's run",
                        _run(root, args.python, args.tool, after, check_args, "--all-notes"),
                    )
                )
        else:
            rows += [("as it is", _run(root, args.python, args.tool, cache, check_args))]
        for label, result in rows:
            same = (
                "-"
                if full is None or result is full
                else ("yes" if _answer(result) == _answer(full) else "NO")
            )
            print(
                f"| {case} | {label} | {result['wall']:.1f} | {result['cpu']:.1f} | "
                f"{int(str(result['rss_kb'])) / 1024:.0f} | {_parsed(result)} | {same} |",
                flush=True,
            )
    _git(root, "checkout", "-q", "v2026.2.0")
    return 0


if __name__ == "__main__":
    sys.exit(main())
