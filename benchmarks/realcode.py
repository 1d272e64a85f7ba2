"""Real code, no false alarms: installed packages with and without the plugin.

For each target below, a copy of the installed package's source is
type-checked with the same options, without and with
``plugins = mypy_plugin``, each from an empty cache, and the diagnostics on
the target modules are compared.  Every diagnostic the plugin adds must be a
true positive: the run fails (exit 1) on an added diagnostic that is not
listed in ``TRUE_POSITIVES`` with the reason it is one, and on any crash.

    nox -s realcode                      # installs the pinned packages
    python benchmarks/realcode.py        # in an environment that has them
    python benchmarks/realcode.py rich   # some targets only
    python benchmarks/realcode.py --strict --repeat 1
    python benchmarks/realcode.py --profile   # also the plugin's own CPU time
    python benchmarks/realcode.py --instructions   # also instruction counts (callgrind)
    python benchmarks/realcode.py --daemon telegram rich kasa  # under dmypy, per recheck

The two sides run alternately, ``--repeat`` times each (default 3), each
from an empty cache; the report gives the ratio of their CPU-time medians
(the CPU time of the mypy process: steadier than wall time on a shared
machine) and the spread of the runs, so a regression shows at once.  With
``--instructions``, one more clean run per side under callgrind gives the
ratio of instruction counts, which the machine's load does not move
(``benchmarks/instructions.py``).  It
prints a markdown report (packages, versions, the diff, the timings) that
benchmarks/README.md records.  Nothing asserts the timings.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import instructions  # benchmarks/instructions.py, beside this script

PROFILER = Path(__file__).resolve().parent / "plugin_profile.py"


@dataclass(frozen=True)
class Target:
    package: str
    """The import name; the distribution is ``distribution`` (or the same)."""
    modules: tuple[str, ...]
    """Paths inside the package to check (a directory checks all of it)."""
    why: str
    distribution: str = ""
    plugins: tuple[str, ...] = ()
    """Other mypy plugins both sides run (typed_enum's comes last on the side with it)."""
    sections: str = ""
    """More config sections both sides use (a plugin's settings)."""
    files: tuple[tuple[str, str], ...] = ()
    """Files written beside the copy: (name, text), e.g. a Django settings module."""

    @property
    def dist(self) -> str:
        return self.distribution or self.package


#: The settings django-stubs' plugin loads for allauth: its apps installed.
ALLAUTH_SETTINGS = """\
SECRET_KEY = "realcode"
SITE_ID = 1
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.sites",
    "allauth",
    "allauth.account",
    "allauth.socialaccount",
    "allauth.mfa",
    "allauth.usersessions",
    "allauth.idp.oidc",
]
MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}
"""

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
    Target(
        "telegram",
        (".",),
        "99 enums: StrEnum/IntEnum constants (telegram.constants) used all over the API",
        "python-telegram-bot",
    ),
    Target("lsprotocol", (".",), "41 enums of the LSP specification, str and int mixins"),
    Target("psycopg", (".",), "15 enums: pq.Format, ExecStatus, IsolationLevel, Flags, ..."),
    Target("cryptography", (".",), "16 enums: serialization Encoding/PrivateFormat, x509 flags"),
    Target(
        "aiogram",
        ("enums", "types", "methods"),
        "40 StrEnums (aiogram.enums) as defaults and fields of ~600 API types and methods",
    ),
    Target("kasa", (".",), "29 enums: device types, module modes, IntFlag features", "python-kasa"),
    Target("aioesphomeapi", (".",), "70 enums of the ESPHome API model, IntEnum lookups"),
    Target(
        "ansible",
        ("_internal",),
        "match statements over enums (ErrorAction, KeyAlgo, EncryptedStringBehavior)",
        "ansible-core",
    ),
    Target("zigpy", (".",), "26 enums: IntEnum/IntFlag ZCL types, status codes, ordering"),
    Target(
        "allauth",
        (".",),
        "Django app: 8 TextChoices with lazy labels, under django-stubs' plugin",
        "django-allauth",
        plugins=("mypy_django_plugin.main",),
        sections=(
            "[mypy.plugins.django-stubs]\ndjango_settings_module = realcode_django_settings\n"
        ),
        files=(("realcode_django_settings.py", ALLAUTH_SETTINGS),),
    ),
    Target(
        "music_assistant_models",
        (".",),
        "48 StrEnums (media types, player states), compared and used as keys",
        "music-assistant-models",
    ),
)

#: Diagnostics the plugin adds that are true positives, as
#: ``(package, text after "path:line: ")`` -> why it is a real problem.
_TELEGRAM_LIMITS = (
    "InputStoryContentLimit is a StringEnum (str, Enum) whose docstring says its members are "
    "ints: str() turns 1080 into '1080', so `width <= InputStoryContentLimit.PHOTO_WIDTH` "
    "raises TypeError at run time, and VIDEO_HEIGHT = 1080 becomes an alias of PHOTO_WIDTH"
)
TRUE_POSITIVES: dict[tuple[str, str], str] = {
    (
        "telegram",
        'error: Member "PHOTO_WIDTH" of "InputStoryContentLimit" has the int value 1080, but '
        '"InputStoryContentLimit" members are str; give it a str value  '
        "[typed-enum-member-value-type]",
    ): _TELEGRAM_LIMITS,
    (
        "telegram",
        'error: Member "PHOTO_HEIGHT" of "InputStoryContentLimit" has the int value 1920, but '
        '"InputStoryContentLimit" members are str; give it a str value  '
        "[typed-enum-member-value-type]",
    ): _TELEGRAM_LIMITS,
    (
        "telegram",
        'error: Member "VIDEO_WIDTH" of "InputStoryContentLimit" has the int value 720, but '
        '"InputStoryContentLimit" members are str; give it a str value  '
        "[typed-enum-member-value-type]",
    ): _TELEGRAM_LIMITS,
}

OPTIONS = "[mypy]\nfollow_imports = silent\ncheck_untyped_defs = true\n"
STRICT_OPTIONS = OPTIONS + "strict = true\n"
PLUGIN = "mypy_plugin"


def _config(options: str, target: Target, plugin: bool) -> str:
    """The mypy config of one side: ``options``, the plugins, the target's sections."""
    plugins = [*target.plugins, *([PLUGIN] if plugin else [])]
    line = f"plugins = {', '.join(plugins)}\n" if plugins else ""
    return options + line + target.sections


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


def _command(config_file: Path, cache: Path, paths: list[str]) -> list[str]:
    return [
        "--config-file",
        str(config_file),
        "--cache-dir",
        str(cache),
        "--no-error-summary",
        "--hide-error-context",
        "--no-pretty",
        *paths,
    ]


def _mypy(root: Path, config: str, paths: list[str]) -> Run:
    """One mypy run from an empty cache; CPU time of the mypy process."""
    config_file = root / "run.ini"
    config_file.write_text(config)
    cache = Path(tempfile.mkdtemp(prefix="cache-", dir=root))
    command = [sys.executable, "-m", "mypy", *_command(config_file, cache, paths)]
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


def _instructions(root: Path, config: str, paths: list[str]) -> int:
    """Instructions of one clean mypy run, under callgrind."""
    config_file = root / "count.ini"
    config_file.write_text(config)
    cache = Path(tempfile.mkdtemp(prefix="cache-", dir=root))
    try:
        command = [sys.executable, "-m", "mypy", *_command(config_file, cache, paths)]
        return instructions.count(command, root)
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def _profile(root: Path, config: str, paths: list[str]) -> dict[str, Any]:
    """A clean run with the plugin under cProfile (benchmarks/plugin_profile.py)."""
    config_file = root / "profile.ini"
    config_file.write_text(config)
    cache = Path(tempfile.mkdtemp(prefix="cache-", dir=root))
    command = [sys.executable, str(PROFILER), "--", *_command(config_file, cache, paths)]
    done = subprocess.run(
        command, cwd=root, capture_output=True, text=True, check=False, timeout=1800
    )
    shutil.rmtree(cache, ignore_errors=True)
    if done.returncode != 0:
        raise RuntimeError(f"profiled mypy failed:\n{done.stdout}\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _strip_location(line: str) -> str:
    """``pkg/mod.py:12: error: ...`` -> ``error: ...`` (line numbers shift)."""
    parts = line.split(": ", 1)
    return parts[1] if len(parts) == 2 else line


@dataclass
class Measured:
    """A target's alternating runs: CPU seconds without and with the plugin."""

    without: list[float] = field(default_factory=list)
    with_plugin: list[float] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return statistics.median(self.with_plugin) / statistics.median(self.without)

    def spread(self) -> float:
        """The largest relative distance of a run from its side's median."""
        out = 0.0
        for runs in (self.without, self.with_plugin):
            mid = statistics.median(runs)
            out = max(out, *(abs(r - mid) / mid for r in runs))
        return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("packages", nargs="*", help="targets to run (default: all)")
    parser.add_argument("--strict", action="store_true", help="add strict = true")
    parser.add_argument(
        "--repeat", type=int, default=3, help="alternating runs per side (median; default 3)"
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="also one profiled run with the plugin: the plugin's own CPU time",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also one clean run per side under callgrind: the ratio of instruction counts",
    )
    parser.add_argument(
        "--daemon",
        action="store_true",
        help="the cost per daemon recheck instead (benchmarks/daemon_recheck.py)",
    )
    args = parser.parse_args(argv)
    if args.daemon:
        import daemon_recheck  # benchmarks/daemon_recheck.py, beside this script

        return daemon_recheck.main(args.packages)
    instructions.compile_checkout()
    options = STRICT_OPTIONS if args.strict else OPTIONS
    chosen = [t for t in TARGETS if not args.packages or t.package in args.packages]
    import mypy.version

    print(
        f"mypy {mypy.version.__version__}, Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs; options: {options.splitlines()[1:]}; "
        f"CPU seconds of the mypy process, median of {args.repeat} alternating clean runs\n"
    )
    print(
        "| package | version | checked | without plugin | with plugin | ratio "
        "| spread | plugin self time | instructions with / without "
        "| errors without / with | added | removed |"
    )
    print("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    details: list[str] = []
    ratios: list[float] = []
    ir_ratios: list[float] = []
    unexplained = 0
    for target in chosen:
        version = importlib.metadata.version(target.dist)
        measured = Measured()
        profiled: dict[str, Any] | None = None
        counted: dict[bool, int] = {}
        with tempfile.TemporaryDirectory(prefix=f"realcode-{target.package}-") as tmp:
            root = Path(tmp)
            _copy(target.package, root)
            (root / "canary_typed_enum.py").write_text(CANARY)
            for name, text in target.files:
                (root / name).write_text(text)
            paths = [os.path.normpath(f"{target.package}/{m}") for m in target.modules]
            paths.append("canary_typed_enum.py")
            first: dict[bool, Run] = {}
            for attempt in range(args.repeat):
                # Alternate which side goes first, so drift hits both alike.
                for plugin in (attempt % 2 == 1, attempt % 2 == 0):
                    run = _mypy(root, _config(options, target, plugin), paths)
                    first.setdefault(plugin, run)
                    (measured.with_plugin if plugin else measured.without).append(run.seconds)
                    if run.diagnostics != first[plugin].diagnostics:
                        raise RuntimeError(f"{target.package}: diagnostics differ between runs")
            if args.profile:
                profiled = _profile(root, _config(options, target, True), paths)
            if args.instructions:
                for plugin in (False, True):
                    config = _config(options, target, plugin)
                    counted[plugin] = _instructions(root, config, paths)
        without, with_plugin = first[False], first[True]
        added = [d for d in with_plugin.diagnostics if d not in without.diagnostics]
        canary = [d for d in added if d.startswith(CANARY_ADDED)]
        if len(canary) != 1 or "[typed-enum-bad-lookup]" not in canary[0]:
            raise RuntimeError(f"the plugin did not run: {added}")
        added.remove(canary[0])
        errors_with = int(with_plugin.summary.split()[0]) - 1
        removed = [d for d in without.diagnostics if d not in with_plugin.diagnostics]
        ratios.append(measured.ratio)
        self_time = f"{profiled['plugin']:.2f} s" if profiled else "-"
        count = "-"
        if counted:
            count = (
                f"{counted[True] / counted[False]:.4f}x "
                f"({counted[True] / 1e6:,.0f}M / {counted[False] / 1e6:,.0f}M)"
            )
            ir_ratios.append(counted[True] / counted[False])
        print(
            f"| {target.package} | {version} | {', '.join(target.modules)} "
            f"| {statistics.median(measured.without):.2f} s "
            f"| {statistics.median(measured.with_plugin):.2f} s "
            f"| {measured.ratio:.3f}x | ±{measured.spread():.0%} | {self_time} | {count} "
            f"| {without.summary.split()[0]} / {errors_with} | {len(added)} | {len(removed)} |",
            flush=True,
        )
        for line in added:
            reason = TRUE_POSITIVES.get((target.package, _strip_location(line)))
            if reason is None:
                unexplained += 1
            details.append(f"+ {line}" + (f"  <- {reason}" if reason else "  <- NOT EXPLAINED"))
        details.extend(f"- {line}" for line in removed)
        if profiled:
            top = ", ".join(
                f"{name} {own:.3f} s/{calls}" for name, calls, own in profiled["top"][:5]
            )
            details.append(f"# {target.package}: profiled {profiled['cpu']:.1f} s; plugin {top}")
    if ratios:
        print(
            f"\nRatio with/without: median {statistics.median(ratios):.3f}x, "
            f"range {min(ratios):.3f}-{max(ratios):.3f}x over {len(ratios)} packages"
        )
    if ir_ratios:
        print(
            f"Instructions with/without: median {statistics.median(ir_ratios):.4f}x, "
            f"range {min(ir_ratios):.4f}-{max(ir_ratios):.4f}x over {len(ir_ratios)} packages"
        )
    if details:
        print("\nDiagnostics the plugin adds (+) and removes (-), and profiles (#):\n")
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
