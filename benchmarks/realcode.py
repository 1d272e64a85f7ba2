"""Real code, no false alarms: installed packages with and without the plugin.

For each target below, a copy of the installed package's source is
type-checked twice with the same options, without and with
``plugins = mypy_plugin``, each from an empty cache, and the diagnostics on
the target modules are compared.  Every diagnostic the plugin adds must be a
true positive: the run fails (exit 1) on an added diagnostic that is not
listed in ``TRUE_POSITIVES`` with the reason it is one, and on any crash.

    nox -s realcode                      # installs the pinned packages
    python benchmarks/realcode.py        # in an environment that has them
    python benchmarks/realcode.py rich   # some targets only
    python benchmarks/realcode.py --strict

It prints a markdown report (packages, versions, the diff, mypy's time with
and without the plugin) that benchmarks/README.md records.  Timings are
informative only; nothing asserts them.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Target:
    package: str
    """The import name; the distribution is ``distribution`` (or the same)."""
    modules: tuple[str, ...]
    """Paths inside the package to check (a directory checks all of it)."""
    why: str
    distribution: str = ""

    @property
    def dist(self) -> str:
        return self.distribution or self.package


TARGETS = (
    Target("httpx", (".",), "codes(IntEnum) with ~60 members and classmethods"),
    Target("rich", (".",), "ColorSystem, ColorType, ControlType(IntEnum); == and .value"),
    Target(
        "prompt_toolkit",
        (".",),
        "19 enums: Keys(str, Enum) with ~150 members, EditingMode, ColorDepth, ...",
        "prompt-toolkit",
    ),
    Target("click", (".",), "ParameterSource, a sentinel enum"),
    Target(
        "sqlglot",
        (".",),
        "TokenType: ~400 auto() members, compared and narrowed all over the parser",
    ),
    Target(
        "sqlalchemy",
        ("sql", "orm", "engine"),
        "46 enums: flag sets (PassiveFlag), enum-keyed lookups, sentinel enums",
        "SQLAlchemy",
    ),
    Target("pydantic", (".",), "str enums in config, types and the v1 layer"),
)

#: Diagnostics the plugin adds that are true positives, as
#: ``(package, text after "path:line: ")`` -> why it is a real problem.
TRUE_POSITIVES: dict[tuple[str, str], str] = {}

OPTIONS = "[mypy]\nfollow_imports = silent\ncheck_untyped_defs = true\n"
STRICT_OPTIONS = OPTIONS + "strict = true\n"

#: Checked beside every target: proves the plugin is loaded in the run with
#: it (its one diagnostic must be added, and is then left out of the diff).
CANARY = """\
import enum


class Canary(enum.Enum):
    a = 1


Canary(2)
"""
CANARY_ADDED = "canary_typed_enum.py:8: error: "


def _package_dir(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"{package} is not installed here")
    return Path(next(iter(spec.submodule_search_locations)))


def _copy(package: str, into: Path) -> Path:
    """A copy of the package's source, so mypy checks it as a user's code."""
    target = into / package
    shutil.copytree(
        _package_dir(package), target, ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    return target


@dataclass
class Run:
    seconds: float
    diagnostics: list[str]
    summary: str


def _mypy(root: Path, config: str, paths: list[str]) -> Run:
    config_file = root / "run.ini"
    config_file.write_text(config)
    cache = Path(tempfile.mkdtemp(prefix="cache-", dir=root))
    command = [
        sys.executable,
        "-m",
        "mypy",
        "--config-file",
        str(config_file),
        "--cache-dir",
        str(cache),
        "--no-error-summary",
        "--hide-error-context",
        "--no-pretty",
        *paths,
    ]
    # CPU seconds of the mypy process: steadier than wall time on a busy machine.
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        command, cwd=root, capture_output=True, text=True, check=False, timeout=1800
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    shutil.rmtree(cache, ignore_errors=True)
    if done.returncode not in (0, 1) or "Traceback" in done.stdout + done.stderr:
        raise RuntimeError(f"mypy crashed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    errors = sum(": error: " in line for line in lines)
    return Run(seconds, sorted(lines), f"{errors} errors")


def _strip_location(line: str) -> str:
    """``pkg/mod.py:12: error: ...`` -> ``error: ...`` (line numbers shift)."""
    parts = line.split(": ", 1)
    return parts[1] if len(parts) == 2 else line


def main(argv: list[str]) -> int:
    strict = "--strict" in argv
    argv = [a for a in argv if a != "--strict"]
    options = STRICT_OPTIONS if strict else OPTIONS
    chosen = [t for t in TARGETS if not argv or t.package in argv]
    print(f"mypy options: {options.splitlines()[1:]}\n")
    print(
        "| package | version | checked | mypy CPU time, errors: without plugin | with plugin | added | removed |"
    )
    print("|---|---|---|---|---|---|---|")
    details: list[str] = []
    unexplained = 0
    for target in chosen:
        version = importlib.metadata.version(target.dist)
        with tempfile.TemporaryDirectory(prefix=f"realcode-{target.package}-") as tmp:
            root = Path(tmp)
            _copy(target.package, root)
            (root / "canary_typed_enum.py").write_text(CANARY)
            paths = [os.path.normpath(f"{target.package}/{m}") for m in target.modules]
            paths.append("canary_typed_enum.py")
            without = _mypy(root, options, paths)
            with_plugin = _mypy(root, options + "plugins = mypy_plugin\n", paths)
        added = [d for d in with_plugin.diagnostics if d not in without.diagnostics]
        canary = [d for d in added if d.startswith(CANARY_ADDED)]
        if len(canary) != 1 or "[typed-enum-bad-lookup]" not in canary[0]:
            raise RuntimeError(f"the plugin did not run: {added}")
        added.remove(canary[0])
        with_plugin.summary = f"{int(with_plugin.summary.split()[0]) - 1} errors"
        removed = [d for d in without.diagnostics if d not in with_plugin.diagnostics]
        print(
            f"| {target.package} | {version} | {', '.join(target.modules)} "
            f"| {without.seconds:.1f} s, {without.summary} "
            f"| {with_plugin.seconds:.1f} s, {with_plugin.summary} "
            f"| {len(added)} | {len(removed)} |"
        )
        for line in added:
            reason = TRUE_POSITIVES.get((target.package, _strip_location(line)))
            if reason is None:
                unexplained += 1
            details.append(f"+ {line}" + (f"  <- {reason}" if reason else "  <- NOT EXPLAINED"))
        details.extend(f"- {line}" for line in removed)
    if details:
        print("\nDiagnostics the plugin adds (+) and removes (-):\n")
        print("```")
        print("\n".join(details))
        print("```")
    else:
        print("\nThe plugin adds and removes no diagnostic.")
    if unexplained:
        print(
            f"\n{unexplained} added diagnostic(s) not known to be true positives", file=sys.stderr
        )
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
