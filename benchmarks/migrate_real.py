"""``typed-enum migrate`` end to end on real packages from PyPI, with their own checks.

For each pinned package below (pure Python, its sdist ships its tests):

1. its sdist is downloaded (``pip download --no-deps --no-binary NAME``),
   unpacked and committed to a fresh git repository, so every change shows;
2. a fresh venv (the interpreter running this script) gets the package
   (``pip install -e .``), its test dependencies and pytest; its own test
   suite runs (counts read from pytest's junit XML), its own ``ruff check``
   runs (its configuration where it has one, else ruff's defaults: the table
   says which), mypy with typed_enum's plugin runs on its sources (one plain
   configuration: the plugin and ``ignore_missing_imports``), and
   ``pip wheel . --no-deps`` builds it with build isolation;
3. every module of the package is imported in a child process and the enum
   classes it defines are counted (nested ones too);
4. typed_enum (this checkout, with the ``migrate`` extra) is installed into
   that venv and ``typed-enum migrate`` runs on the package's source (timed;
   it imports the modules with the venv's interpreter, as a user's would);
   then the advice is applied (``--add-dependency``, which writes typed_enum
   into ``pyproject.toml`` and, where the build imports a rewritten module,
   into ``[build-system] requires``) and ``--check`` must exit 0;
5. the suite, ruff, mypy and the run-time count run again, and the wheel is built
   again with build isolation, typed_enum found through ``PIP_FIND_LINKS``
   (a wheel of this checkout, built first: typed_enum is not on PyPI).

Every enum class at run time must be moved (a typed_enum class after the
run) or reported (a ``left alone`` line of the report naming it); one that is
neither is listed as unaccounted.  The script prints one markdown row per
package and, below the table, what went wrong: tests failing only after,
lint findings only after, mypy errors only after, unaccounted enums, build
errors.  It asserts nothing: it is a benchmark, not a test (slow: it needs the network and
installs each package's dependencies; about 5 minutes for the first three here).

    python benchmarks/migrate_real.py                   # every package
    python benchmarks/migrate_real.py --package pyatv   # one
    python benchmarks/migrate_real.py --workdir /tmp/mr --keep
    python benchmarks/migrate_real.py --no-tests   # all but the suites

Run it with the Python to measure (3.11+, typed_enum's floor); ``ruff`` is
the one on ``PATH``, else the one beside the interpreter (the project's dev venv has it).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MYPY = "2.4.1"  # the mypy the package's venv gets (the project's dev venv's)


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    why: str
    sources: tuple[str, ...]
    """Directories ``typed-enum migrate`` runs on (the package's own code)."""
    imports: tuple[str, ...]
    """Top-level import names whose modules are counted."""
    test_deps: tuple[str, ...]
    pytest_args: tuple[str, ...] = ()


PACKAGES = (
    Package(
        "mopipe",
        "0.2.0",
        "conditional StrEnum (`if sys.version_info >= (3, 11)` / `else: from strenum import"
        " StrEnum`), an EnumMeta subclass as metaclass, own ruff config",
        ("src/mopipe",),
        ("mopipe",),
        ("pytest==9.2.0",),
    ),
    Package(
        "mail-deduplicate",
        "9.4.0",
        "conditional StrEnum (`else: from backports.strenum import StrEnum`)",
        ("mail_deduplicate",),
        ("mail_deduplicate",),
        # Its [dependency-groups] test, less coverage and CI-annotation plugins.
        # (pinned to what its ranges resolved to on 2026-12-06)
        (
            "pytest==9.2.0",
            "boltons==26.2.0",
            "click-extra[pytest]==9.5.0",
            "extra-platforms[pytest]==13.13.0",
            "whenever==0.11.0",
        ),
        # Its addopts ask for coverage and xdist; one process, fixed order here.
        ("-o", "addopts=--import-mode=importlib", "-p", "no:randomly"),
    ),
    Package(
        "pyatv",
        "0.18.0",
        'the build imports an enum module: `version = {attr = "pyatv.const.__version__"}`,'
        " an f-string, so setuptools executes const.py, which holds 14 enums",
        ("pyatv",),
        ("pyatv",),
        # The sdist pins nothing; these are the pins of its repository at tag
        # v0.18.0 (requirements/requirements.txt, then requirements_test.txt
        # without its lint, type-check and docs tools). Unpinned, the newest
        # srptools (2.0) breaks the fake devices' pairing and each functional
        # test waits ~5 s on its socket: the suite never finished here.
        (
            "aiohttp==3.13.5",
            "cryptography==49.0.0",
            "chacha20poly1305-reuseable==0.13.2",
            "ifaddr==0.2.0",
            "miniaudio==1.71",
            "protobuf==6.33.6",
            "pydantic==2.13.4",
            "requests==2.32.5",
            "srptools==1.0.1",
            "tabulate==0.9.0",
            "tinytag==2.2.1",
            "zeroconf==0.148.0",
            "pytest==8.4.2",
            "pytest-asyncio==0.26.0",
            "pytest-timeout==2.4.0",
            "pytest-aiohttp==1.0.5",
            "pytest_httpserver==1.1.3",
            "deepdiff==8.6.2",
            "pyfakefs==5.10.2",
            "mutagen==1.47.0",
        ),
        # its CI's cut (one process here, not xdist's -n auto)
        ("--timeout=30",),
    ),
    Package(
        "cyclonedx-python-lib",
        "11.12.0",
        "orders `(str, Enum)` members: its models compare enum fields inside `__lt__` and live"
        " in sortedcontainers' SortedSets, through Any (issue 45: 357 tests failed after a"
        " migration that dropped stdlib's ordering); poetry-core build, static version",
        ("cyclonedx",),
        ("cyclonedx",),
        # Its dev group's test tools (pinned there: ddt, xmldiff), and its
        # validation extras (pinned to what they resolved to on 2026-12-06).
        (
            "pytest==9.2.0",
            "ddt==1.7.2",
            "xmldiff==2.7.0",
            "jsonschema[format]==4.26.0",
            "lxml==6.2.1",
        ),
        ("-p", "no:randomly"),
    ),
    Package(
        "py-serializable",
        "2.2.0",
        "a `(str, Enum)` whose members stdlib orders (kept with ValueOrdered); also in CI"
        " (tests/migrate/test_migrate_sdist.py)",
        ("py_serializable",),
        ("py_serializable",),
        ("pytest==9.2.0", "xmldiff==2.7.0"),
    ),
    Package(
        "zigpy",
        "2.4.0",
        "a Zigbee stack (issue 53): its enumN/bitmapN bases in types/basic.py, re-exported by"
        " `from .basic import *` in types/__init__.py, ~240 enums written `class X(t.enum8)`"
        " after `import zigpy.types as t`; the bases share a metaclass with ReprEnum classes,"
        " so the group stays stdlib and each class must be named",
        ("zigpy",),
        ("zigpy",),
        # its [testing] group's test tools (less coverage and lint), pinned to
        # what they resolved to on 2026-12-07
        (
            "pytest==9.2.0",
            "pytest-asyncio==1.5.0",
            "pytest-timeout==2.4.0",
            "aioresponses==0.7.9",
            "aiohttp==3.13.5",
            "freezegun==1.5.5",
            "filelock==4.3.2",
            "asynctest==0.13.0",
        ),
        # The sdist ships its tests without tests/async_mock.py and conftest.py:
        # the 12 modules that import them cannot be collected; the rest run.
        ("-p", "no:randomly", "--timeout=60", "--continue-on-collection-errors"),
    ),
    Package(
        "pyvisa",
        "1.16.2",
        "an instrument-control library (issue 53): IntEnum/IntFlag constants, its own ruff"
        " isort options (combine-as-imports, known-first-party); its suite ships inside the"
        " package (pyvisa/testsuite)",
        ("pyvisa",),
        ("pyvisa",),
        ("pytest==9.2.0",),
    ),
    Package(
        "python-docx",
        "1.2.0",
        "a document library (issue 53): its XML enums derive from a base enum of its own"
        " (docx.enum.base), src layout, ruff with isort (I) selected, line length 100",
        ("src/docx",),
        ("docx",),
        # its requirements-test.txt, less behave (the features) and coverage/xdist;
        # pyparsing before 3.3, whose deprecation warnings its filterwarnings=error
        # turns into 28 collection errors
        ("pytest==9.2.0", "pyparsing==3.2.5"),
        ("tests",),
    ),
)

#: Counts the enum classes the package's modules define, typed_enum's apart.
_COUNT = r"""
import importlib, json, pkgutil, sys, warnings
warnings.simplefilter("ignore")
sys.path.insert(0, SNAPSHOT_DIR)
from snapshot_enums import classes as walk
found, failed = {}, {}

names = []
for package in sys.argv[1:]:
    root = importlib.import_module(package)
    names.append(package)
    names += [i.name for i in pkgutil.walk_packages(
        getattr(root, "__path__", []), package + ".", onerror=lambda _: None)]
for name in sorted(set(names)):
    try:
        module = importlib.import_module(name)
    except BaseException as exc:
        failed[name] = f"{type(exc).__name__}: {exc}"[:200]
        continue
    walk(module, "", name, found)
print(json.dumps({"classes": found, "failed": failed}))
""".replace("SNAPSHOT_DIR", repr(str(Path(__file__).resolve().parents[1] / "tests" / "migrate")))


@dataclass
class Result:
    package: Package
    enums: int = 0
    moved: int = 0
    reported: int = 0
    kept: int = 0
    unaccounted: list[str] = field(default_factory=list)
    import_failures: tuple[int, int] = (0, 0)
    suite: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    lint: dict[str, int] = field(default_factory=dict)
    lint_config: str = ""
    mypy: dict[str, int] = field(default_factory=dict)
    wheel: dict[str, bool] = field(default_factory=dict)
    seconds: float = 0.0
    check_after: int = -1
    files_changed: str = ""
    problems: list[str] = field(default_factory=list)


def run(
    args: Sequence[str | Path],
    cwd: Path,
    env: dict[str, str] | None = None,
    timeout: float = 1800,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def must(done: subprocess.CompletedProcess[str], what: str) -> str:
    if done.returncode != 0:
        raise RuntimeError(f"{what} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return done.stdout


def git_commit(tree: Path, message: str) -> None:
    must(run(["git", "add", "-A"], tree), "git add")
    ident = ["-c", "user.name=bench", "-c", "user.email=bench@localhost"]
    run(["git", *ident, "commit", "-q", "--allow-empty", "-m", message], tree)


def fetch(pkg: Package, work: Path) -> Path:
    """Download, unpack and commit the sdist; return the source tree."""
    downloads = work / "sdists"
    downloads.mkdir(parents=True, exist_ok=True)
    # --no-binary for this package only: ``:all:`` would build its build
    # backend's own dependencies from source too (maturin needs crates.io).
    must(
        run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", pkg.name,
             f"{pkg.name}=={pkg.version}", "-d", downloads],
            work,
        ),
        "pip download",
    )  # fmt: skip
    stem = f"{pkg.name.replace('-', '_')}-{pkg.version}"
    archive = next(
        p for p in downloads.iterdir() if p.name.lower().startswith(stem.lower() + ".tar")
    )
    tree = work / "src" / stem
    if tree.exists():
        shutil.rmtree(tree)
    tree.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tar:
        tar.extractall(tree.parent, filter="data")
    must(run(["git", "init", "-q"], tree), "git init")
    (tree / ".git" / "info" / "exclude").write_text("__pycache__/\nbuild/\n")
    git_commit(tree, f"{pkg.name} {pkg.version} as released (sdist)")
    return tree


def suite(py: Path, pkg: Package, tree: Path, junit: Path) -> tuple[int, int, int, set[str]]:
    """(passed, failed, skipped, names of failed tests); errors count as failed."""
    done = run(
        [py, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={junit}",
         *pkg.pytest_args],
        tree,
        timeout=3600,
    )  # fmt: skip
    junit.with_suffix(".txt").write_text(done.stdout[-20000:] + done.stderr[-5000:])
    if not junit.exists():
        return 0, 0, 0, {"<no junit report: the suite did not run>"}
    passed = failed = skipped = 0
    failures: set[str] = set()
    for case in ET.parse(junit).getroot().iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
            failures.add(name)
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped, failures


def ruff_config(tree: Path) -> str:
    for name in ("ruff.toml", ".ruff.toml"):
        if (tree / name).exists():
            return name
    pyproject = tree / "pyproject.toml"
    if pyproject.exists() and "ruff" in tomllib.loads(pyproject.read_text()).get("tool", {}):
        return "pyproject [tool.ruff]"
    return "none: ruff's defaults"


def _ruff() -> str:
    """The ruff on PATH, else the one beside this interpreter (its venv's)."""
    return shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")


def lint(tree: Path) -> set[tuple[str, str, str]]:
    ruff = _ruff()
    done = run([ruff, "check", "--no-cache", "--output-format=json", "--exit-zero", "."], tree)
    if done.returncode != 0:
        raise RuntimeError(f"ruff failed: {done.stderr}")
    return {
        (Path(f["filename"]).relative_to(tree).as_posix(), f["code"] or "", f["message"])
        for f in json.loads(done.stdout)
    }


#: mypy with typed_enum's plugin, on the package's sources (its own settings
#: aside: the same plain configuration before and after).
_MYPY_INI = "[mypy]\nplugins = typed_enum.mypy\nignore_missing_imports = True\n"
_MYPY_ERROR = re.compile(r"^(?P<path>[^:\n]+):\d+(?::\d+)?: error: (?P<message>.*)$")


def mypy(py: Path, pkg: Package, tree: Path, log: Path, when: str) -> list[tuple[str, str]]:
    """mypy's errors, each (file, message): line numbers shift with the rewrite."""
    config = log / "mypy.ini"
    config.write_text(_MYPY_INI)
    done = run(
        [py, "-m", "mypy", "--config-file", config, "--cache-dir", log / f"mypy-cache-{when}",
         "--show-error-codes", "--no-error-summary", "--hide-error-context", "--no-pretty",
         *pkg.sources],
        tree,
        timeout=3600,
    )  # fmt: skip
    (log / f"mypy-{when}.txt").write_text(done.stdout + done.stderr)
    if done.returncode not in (0, 1):
        raise RuntimeError(f"mypy failed ({done.returncode}): {done.stderr[-2000:]}")
    return [
        (m["path"], m["message"])
        for m in map(_MYPY_ERROR.match, done.stdout.splitlines())
        if m is not None
    ]


def count_enums(py: Path, pkg: Package, tree: Path) -> tuple[dict[str, bool], dict[str, str]]:
    out = must(run([py, "-c", _COUNT, *pkg.imports], tree, timeout=600), "counting enums")
    found = json.loads(out.strip().splitlines()[-1])
    return found["classes"], found["failed"]


def wheel(py: Path, tree: Path, out: Path, env: dict[str, str]) -> tuple[bool, str]:
    done = run([py, "-m", "pip", "wheel", ".", "--no-deps", "-w", out], tree, env=env)
    shutil.rmtree(tree / "build", ignore_errors=True)  # setuptools' copies: not source
    return done.returncode == 0, (done.stdout + done.stderr)[-3000:]


def reported(classes: dict[str, bool], report: str) -> tuple[list[str], list[str]]:
    """Of the classes that are still stdlib's: (named by a ``left alone`` line
    in their own file, named by none)."""
    left = [line.split(": left alone: ", 1) for line in report.splitlines()]
    named, missing = [], []
    for key, typed in sorted(classes.items()):
        if typed:
            continue
        module, _, qualname = key.partition(":")
        stem = module.replace(".", "/")
        subjects = (f"{qualname} stays ", f"class {qualname.rpartition('.')[2]}: ")
        hit = any(
            len(parts) == 2
            and (f"/{stem}.py:" in f"/{parts[0]}" or f"/{stem}/__init__.py:" in f"/{parts[0]}")
            and parts[1].startswith(subjects)
            for parts in left
        )
        (named if hit else missing).append(key)
    return named, missing


def measure(
    pkg: Package, work: Path, te_wheels: Path, out: list[str], tests: bool = True
) -> Result:
    res = Result(pkg)
    log = work / "logs" / pkg.name
    log.mkdir(parents=True, exist_ok=True)
    tree = fetch(pkg, work)
    venv = work / "venvs" / pkg.name
    if venv.exists():
        shutil.rmtree(venv)
    must(run([sys.executable, "-m", "venv", venv], work), "venv")
    py = venv / "bin" / "python"
    must(run([py, "-m", "pip", "install", "-q", "-e", ".", *pkg.test_deps], tree), "install")
    build_env = {
        **os.environ,
        "PIP_FIND_LINKS": " ".join(
            filter(None, [str(te_wheels), os.environ.get("PIP_FIND_LINKS")])
        ),
    }
    res.lint_config = ruff_config(tree)
    # typed_enum (for its mypy plugin) and mypy, before anything is measured
    must(
        run([py, "-m", "pip", "install", "-q", f"{REPO}[migrate]", f"mypy=={MYPY}"], tree),
        "install typed_enum",
    )

    # Before.
    failed_before: set[str] = set()
    if tests:
        p, f, s, failed_before = suite(py, pkg, tree, log / "junit-before.xml")
        res.suite["before"] = (p, f, s)
    lint_before = lint(tree)
    res.lint["before"] = len(lint_before)
    mypy_before = mypy(py, pkg, tree, log, "before")
    res.mypy["before"] = len(mypy_before)
    classes, failed_imports = count_enums(py, pkg, tree)
    res.enums = len(classes)
    ok, text = wheel(py, tree, work / "wheels" / f"{pkg.name}-before", build_env)
    res.wheel["before"] = ok
    (log / "wheel-before.txt").write_text(text)

    # Migrate, as a user would in the package's development environment.
    migrate = [py, "-m", "typed_enum", "migrate", "--no-progress"]
    started = time.perf_counter()
    done = run([*migrate, *pkg.sources], tree)
    res.seconds = time.perf_counter() - started
    report = done.stdout + done.stderr
    (log / "migrate.txt").write_text(report)
    git_commit(tree, "typed-enum migrate")
    # typed_enum has no release: PIP_FIND_LINKS gives the wheel of this checkout
    advice = run([*migrate, "--add-dependency", "typed_enum", *pkg.sources], tree)
    (log / "migrate-add-dependency.txt").write_text(advice.stdout + advice.stderr)
    git_commit(tree, "typed-enum migrate --add-dependency")
    res.check_after = run([*migrate, "--check", *pkg.sources], tree).returncode
    diff = run(["git", "diff", "--stat", "HEAD~2"], tree).stdout.strip().splitlines()
    res.files_changed = diff[-1].strip() if diff else "no change"
    (log / "migrate.diff").write_text(run(["git", "diff", "HEAD~2"], tree).stdout)

    # After.
    failed_after: set[str] = set()
    if tests:
        p, f, s, failed_after = suite(py, pkg, tree, log / "junit-after.xml")
        res.suite["after"] = (p, f, s)
    lint_after = lint(tree)
    res.lint["after"] = len(lint_after)
    mypy_after = mypy(py, pkg, tree, log, "after")
    res.mypy["after"] = len(mypy_after)
    after, failed_imports_after = count_enums(py, pkg, tree)
    res.import_failures = (len(failed_imports), len(failed_imports_after))
    res.moved = sum(after.values())
    named, res.unaccounted = reported(after, report)
    res.reported = len(named)
    res.kept = sum(": kept: " in line for line in report.splitlines())
    ok, text = wheel(py, tree, work / "wheels" / f"{pkg.name}-after", build_env)
    res.wheel["after"] = ok
    (log / "wheel-after.txt").write_text(text)

    for when, failures in (("before", failed_before), ("after", failed_after)):
        if any(name.startswith("<no junit") for name in failures):
            res.problems.append(f"the suite did not run {when}: see {log}")
    if set(after) != set(classes):
        res.problems.append(f"enum classes differ after: {sorted(set(after) ^ set(classes))}")
    for name in sorted(failed_after - failed_before):
        res.problems.append(f"fails only after: {name}")
    for path, code, message in sorted(lint_after - lint_before):
        res.problems.append(f"new lint finding: {path}: {code} {message}")
    for path, message in sorted(set(mypy_after) - set(mypy_before)):
        res.problems.append(f"new mypy error: {path}: {message}")
    for key in res.unaccounted:
        res.problems.append(f"neither moved nor reported: {key}")
    if set(failed_imports_after) != set(failed_imports):
        res.problems.append(f"imports differ: {failed_imports} -> {failed_imports_after}")
    if res.wheel["before"] and not res.wheel["after"]:
        res.problems.append(f"wheel with isolation fails after the advice: see {log}")
    if res.check_after != 0:
        res.problems.append(f"--check exits {res.check_after} after the run")
    out.append(f"logs and the diff of {pkg.name}: {log}")
    return res


def row(res: Result) -> str:
    pkg = res.package

    def counts(key: str) -> str:
        return "/".join(map(str, res.suite.get(key, ("not run",))))

    def built(key: str) -> str:
        return {True: "ok", False: "failed"}.get(res.wheel.get(key), "-")  # type: ignore[arg-type]

    return (
        f"| {pkg.name}=={pkg.version} | {res.enums} | {res.moved} | {res.kept} | {res.reported} "
        f"| {len(res.unaccounted)} | {counts('before')} | {counts('after')} "
        f"| {res.lint.get('before', '-')} → {res.lint.get('after', '-')} ({res.lint_config}) "
        f"| {res.mypy.get('before', '-')} → {res.mypy.get('after', '-')} "
        f"| {built('before')} / {built('after')} | {res.seconds:.1f} |"
    )


HEADER = (
    "| package | enums at run time | moved | ValueOrdered added (kept) | reported"
    " | neither | suite before"
    " (passed/failed/skipped) | suite after | ruff findings before → after (config)"
    " | mypy errors with the plugin before → after"
    " | wheel with isolation before / after advice | migrate s |\n"
    "|---|--:|--:|--:|--:|--:|--:|--:|---|---|---|--:|"
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--package", action="append", choices=[p.name for p in PACKAGES], help="repeatable"
    )
    parser.add_argument("--workdir", type=Path, help="default: a temporary directory")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument(
        "--no-tests", action="store_true", help="skip the test suites (the table says 'not run')"
    )
    args = parser.parse_args(argv)
    chosen = [p for p in PACKAGES if not args.package or p.name in args.package]
    work = args.workdir or Path(tempfile.mkdtemp(prefix="migrate-real-"))
    work.mkdir(parents=True, exist_ok=True)
    te_wheels = work / "te-wheel"
    must(
        run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-q", "-w", te_wheels], REPO),
        "building typed_enum's wheel",
    )
    notes: list[str] = []
    results = []
    for pkg in chosen:
        print(f"{pkg.name}=={pkg.version} ...", file=sys.stderr, flush=True)
        try:
            results.append(measure(pkg, work, te_wheels, notes, not args.no_tests))
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            res = Result(pkg)
            res.problems.append(f"the run stopped: {exc}"[:3000])
            results.append(res)
    print(
        f"Python {platform.python_version()} ({platform.machine()}, {os.cpu_count()} CPUs), "
        f"{time.strftime('%Y-%m-%d')}, " + run([_ruff(), "--version"], REPO).stdout.strip() + "\n"
    )
    print(HEADER)
    for res in results:
        print(row(res))
    print()
    for res in results:
        pkg = res.package
        print(f"- {pkg.name}: {pkg.why}; {res.files_changed}; `--check` after: exit "
              f"{res.check_after}; modules that do not import (before, after): "
              f"{res.import_failures}")  # fmt: skip
        for problem in res.problems:
            print(f"  - {problem}")
    for note in notes:
        print(note)
    if not args.keep and not args.workdir:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
