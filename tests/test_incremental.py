"""The plugin gives the same diagnostics however mypy runs.

A small multi-module project (``pkg.colors`` defines the enum, ``pkg.paint``
and ``pkg.report`` use it) is type-checked after each of a sequence of edits
to the enum module, four ways, each in its own copy of the project:

- clean: ``--no-incremental``;
- cache: one cache directory kept across the edits; after each edit mypy
  runs once on the edit, once more with nothing changed (everything from the
  cache), and once after a change to the modules that use the enum (those
  are re-checked against the enum's class as read back from the cache);
- daemon: ``dmypy run`` on one daemon kept across the edits (fine-grained
  updates), also once more after a change to the users;
- parallel: ``--num-workers 2`` with a cache kept across the edits (mypy
  2.0+; older releases have no such option).

Each way must produce exactly the expected diagnostics at every step, so all
four agree.  The plugin keeps its state in ``info.metadata`` and Var flags
only; state kept anywhere else shows up here as a stale or missing error.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from mypy.version import __version__ as mypy_version

MYPY_INI = """\
[mypy]
plugins = mypy_plugin
strict = true
"""

PAINT = """\
from typing import assert_never

from pkg.colors import Color


def describe(c: Color) -> str:
    match c:
        case Color.red:
            return "red"
        case Color.green:
            return "green"
        case _:
            assert_never(c)


def initial(c: Color) -> str:
    if c is Color.red:
        return "r"
    elif c is Color.green:
        return "g"
    else:
        assert_never(c)


def number(c: Color) -> int:
    return c.value


def next_number() -> int:
    return Color.red.value + 1


def lookup() -> Color:
    return Color(3)
"""

# Its notes make mypy 2.4's daemon re-check this module on every run: the
# checks that must go stale-free are in paint.py, which has no top-level code.
REPORT = """\
from pkg.colors import Color
from pkg.paint import describe

LINES = [describe(c) for c in Color]
reveal_type(Color.crimson)
"""

# The match in describe() and the if/elif chain in initial() end in
# assert_never(c): lines 13 and 22.
MATCH_LINE, CHAIN_LINE = 13, 22


def never(line: int, members: str) -> str:
    return (
        f'pkg/paint.py:{line}: error: Argument 1 to "assert_never" has incompatible type '
        f'"Literal[{members}]"; expected "Never"  [arg-type]'
    )


def open_reaches(line: int) -> str:
    return (
        f'pkg/paint.py:{line}: error: "Color" is open (declared with open=True), so members '
        "added by extend() reach this assert_never() (with any member not handled above); handle them before it (raise, or "
        "return a default)  [typed-enum-open-match]"
    )


def value_type(union: str) -> str:
    return (
        f'pkg/paint.py:26: error: Incompatible return value type (got "{union}", '
        'expected "int")  [return-value]'
    )


def no_green(line: int) -> str:
    return f'pkg/paint.py:{line}: error: "type[Color]" has no attribute "green"  [attr-defined]'


def bad_lookup(valid: str) -> str:
    """``Color(3)`` in lookup(): it names no member, yet depends on all of them."""
    return (
        f'pkg/paint.py:34: error: 3 is not a valid "Color"; valid values are {valid}  '
        "[typed-enum-bad-lookup]"
    )


CRIMSON_IS_RED = 'pkg/report.py:5: note: Revealed type is "Literal[pkg.colors.Color.red]?"'

#: mypy 1.20 and later go on narrowing a match past a case they cannot resolve;
#: 1.14-1.19 stop there (checked on every minor).
NARROWS_PAST_UNRESOLVED = tuple(int(p) for p in mypy_version.split("+")[0].split(".")[:2]) >= (
    1,
    20,
)


@dataclass(frozen=True)
class Step:
    name: str
    colors: str
    """The whole of ``pkg/colors.py`` after the edit."""
    expected: tuple[str, ...]
    before_mypy_1_20: tuple[str, ...] = ()
    """Lines of ``expected`` that mypy 1.14-1.19 do not report (a mypy difference)."""

    def expected_here(self) -> list[str]:
        left_out = () if NARROWS_PAST_UNRESOLVED else self.before_mypy_1_20
        return sorted(line for line in self.expected if line not in left_out)


HEAD = "from typed_enum import Enum, alias\n\n\n"

STEPS = (
    Step(
        "start",
        HEAD + "class Color(Enum):\n    red = 1\n    green = 2\n    crimson = alias(red)\n",
        (bad_lookup("1 (red), 2 (green)"), CRIMSON_IS_RED),
    ),
    Step(
        "add_member",
        HEAD + "class Color(Enum):\n    red = 1\n    green = 2\n    crimson = alias(red)\n"
        "    blue = 3\n",
        (never(MATCH_LINE, "Color.blue"), never(CHAIN_LINE, "Color.blue"), CRIMSON_IS_RED),
    ),
    Step(
        # navy is not a member: the match still misses only blue.
        "add_alias",
        HEAD + "class Color(Enum):\n    red = 1\n    green = 2\n    crimson = alias(red)\n"
        "    blue = 3\n    navy = blue\n",
        (never(MATCH_LINE, "Color.blue"), never(CHAIN_LINE, "Color.blue"), CRIMSON_IS_RED),
    ),
    Step(
        # .value of a Color is now int | str (the plugin's union over members).
        "change_value",
        HEAD + "class Color(Enum):\n    red = 1\n    green = 2\n    crimson = alias(red)\n"
        '    blue = "blue"\n    navy = blue\n',
        (
            never(MATCH_LINE, "Color.blue"),
            never(CHAIN_LINE, "Color.blue"),
            value_type("int | str"),
            bad_lookup("1 (red), 2 (green), 'blue' (blue)"),
            CRIMSON_IS_RED,
        ),
    ),
    Step(
        # Members added by extend() reach assert_never (the plugin's error
        # replaces mypy's, whose type is now the class: it names blue too).
        "make_open",
        HEAD + "class Color(Enum, open=True):\n    red = 1\n    green = 2\n"
        '    crimson = alias(red)\n    blue = "blue"\n    navy = blue\n',
        (
            open_reaches(MATCH_LINE),
            open_reaches(CHAIN_LINE),
            value_type("int | str"),
            CRIMSON_IS_RED,
        ),
    ),
    Step(
        "rename_member",
        HEAD + "class Color(Enum, open=True):\n    red = 1\n    lime = 2\n"
        '    crimson = alias(red)\n    blue = "blue"\n    navy = blue\n',
        (
            no_green(10),
            open_reaches(MATCH_LINE),
            no_green(19),
            open_reaches(CHAIN_LINE),
            value_type("int | str"),
            CRIMSON_IS_RED,
        ),
        # mypy 1.14-1.19 stop narrowing a match at a case they cannot resolve
        # (case Color.green), so nothing reaches its assert_never; 1.20+ go on.
        before_mypy_1_20=(open_reaches(MATCH_LINE),),
    ),
)

_UNION = re.compile(r"Union\[([^\[\]]*)\]")
_LITERAL = re.compile(r"Literal\[([^\[\]]*)\]")


def _sorted_items(match: re.Match[str]) -> str:
    return f"Literal[{', '.join(sorted(match.group(1).split(', ')))}]"


def normalise(output: str) -> list[str]:
    """mypy's diagnostics, without the summary, in the newest mypy's rendering."""
    lines = []
    for line in output.splitlines():
        if not line.startswith("pkg/"):
            continue  # "Found 2 errors ...", "Success: ...", "Daemon started"
        line = line.replace("builtins.", "")
        line = _UNION.sub(lambda m: " | ".join(m.group(1).split(", ")), line)
        # mypy lists an enum's members in declaration order when it has just
        # analysed the class, and in alphabetical order when it read the class
        # from the cache (its cache stores a class's names sorted), with or
        # without the plugin, on 1.14.1 and 2.4.1 alike: not the plugin's to fix.
        line = _LITERAL.sub(_sorted_items, line)
        lines.append(line)
    return sorted(lines)


WORKER_START_FAILED = "Failed to establish connection with worker"


class Project:
    """One copy of the project, edited step by step."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._tick = 0
        (root / "pkg").mkdir(parents=True)
        (root / "mypy.ini").write_text(MYPY_INI)
        self._write("pkg/__init__.py", "")
        self._write("pkg/paint.py", PAINT)
        self._write("pkg/report.py", REPORT)

    def _write(self, path: str, text: str) -> None:
        target = self.root / path
        target.write_text(text)
        # dmypy and the cache notice a change by mtime first: give every
        # write its own second (rather than sleeping between edits).
        self._tick += 2
        stamp = 1_700_000_000 + self._tick
        os.utime(target, (stamp, stamp))

    def edit(self, step: Step) -> None:
        self._write("pkg/colors.py", step.colors)

    def touch_users(self) -> None:
        """Change the users of the enum (not their lines) so mypy re-checks them."""
        for path in ("pkg/paint.py", "pkg/report.py"):
            text = (self.root / path).read_text()
            self._write(path, text + f"# touched {self._tick}\n")

    def mypy(self, *args: str) -> list[str]:
        return self._run([sys.executable, "-m", "mypy", *args, "pkg"])

    def _run(self, command: list[str]) -> list[str]:
        for _attempt in range(3):
            done = subprocess.run(
                command,
                cwd=self.root,
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
                env={**os.environ, "MYPY_FORCE_COLOR": "0", "NO_COLOR": "1"},
            )
            # mypy gives a parallel worker 3 s to start (WORKER_START_TIMEOUT,
            # not configurable); on a loaded 2-core machine it can miss that
            # and mypy stops with an internal error.  Only that is retried.
            if WORKER_START_FAILED not in done.stdout:
                break
        if done.returncode not in (0, 1) or "Traceback" in done.stderr + done.stdout:
            pytest.fail(
                f"{' '.join(command)} crashed ({done.returncode}):\n{done.stdout}{done.stderr}"
            )
        return normalise(done.stdout)


def _walk(project: Project, runs: Callable[[], dict[str, list[str]]]) -> None:
    """Edit step by step; every run after each edit must give the expected output."""
    mismatches = []
    for step in STEPS:
        project.edit(step)
        expected = step.expected_here()
        for label, got in runs().items():
            if got != expected:
                mismatches.append(
                    f"after {step.name!r} ({label}):\n  got      {got}\n  expected {expected}"
                )
    assert not mismatches, "\n".join(mismatches)


def test_clean_runs(tmp_path: Path) -> None:
    project = Project(tmp_path)
    _walk(project, lambda: {"clean": project.mypy("--no-incremental")})


def test_cache_runs(tmp_path: Path) -> None:
    project = Project(tmp_path / "project")
    cache = ("--cache-dir", str(tmp_path / "cache"))

    def runs() -> dict[str, list[str]]:
        after_edit = project.mypy(*cache)
        unchanged = project.mypy(*cache)
        project.touch_users()
        users_rechecked = project.mypy(*cache)
        return {
            "incremental after the edit": after_edit,
            "from the cache": unchanged,
            "users re-checked, enum from the cache": users_rechecked,
        }

    _walk(project, runs)


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Callable[[Project], list[str]]]:
    status = str(tmp_path / "dmypy.json")
    dmypy = [sys.executable, "-m", "mypy.dmypy", "--status-file", status]

    def run(project: Project) -> list[str]:
        return project._run([*dmypy, "run", "--", "pkg"])

    yield run
    if os.path.exists(status):
        stopped = subprocess.run([*dmypy, "stop"], capture_output=True, timeout=60, check=False)
        if stopped.returncode != 0:
            subprocess.run([*dmypy, "kill"], capture_output=True, timeout=60, check=False)


def test_daemon_runs(tmp_path: Path, daemon: Callable[[Project], list[str]]) -> None:
    project = Project(tmp_path / "project")

    def runs() -> dict[str, list[str]]:
        after_edit = daemon(project)
        project.touch_users()
        return {"dmypy after the edit": after_edit, "dmypy, users changed": daemon(project)}

    _walk(project, runs)


def test_daemon_from_fine_grained_cache(tmp_path: Path) -> None:
    """A daemon started from ``mypy --cache-fine-grained``'s cache stays right.

    The users of the enum are loaded from the cache
    (``--use-fine-grained-cache``), not analysed by the daemon; after each
    edit of the enum they must be re-checked.  ``features/deps.py`` adds its
    dependencies only under the daemon or when such a cache is written
    (mypy reads them nowhere else); without them this test fails from the
    ``add_member`` step on.
    """
    project = Project(tmp_path / "project")
    cache = str(tmp_path / "cache")
    status = str(tmp_path / "dmypy.json")
    dmypy = [sys.executable, "-m", "mypy.dmypy", "--status-file", status]
    daemon_args = ["--use-fine-grained-cache", "--cache-dir", cache, "pkg"]
    started = False

    def runs() -> dict[str, list[str]]:
        nonlocal started
        if started:
            return {"dmypy after the edit": project._run([*dmypy, "run", "--", *daemon_args])}
        started = True
        written = project.mypy("--cache-fine-grained", "--cache-dir", cache)
        # The daemon's first run loads every module from the cache and
        # reports nothing for them (mypy's behaviour, with or without a
        # plugin): only the runs after an edit are compared.
        project._run([*dmypy, "run", "--", *daemon_args])
        return {"mypy --cache-fine-grained": written}

    try:
        _walk(project, runs)
    finally:
        if os.path.exists(status):
            stopped = subprocess.run([*dmypy, "stop"], capture_output=True, timeout=60, check=False)
            if stopped.returncode != 0:
                subprocess.run([*dmypy, "kill"], capture_output=True, timeout=60, check=False)


def _has_num_workers() -> bool:
    usage = subprocess.run(
        [sys.executable, "-m", "mypy", "--help"], capture_output=True, text=True, check=False
    ).stdout
    return "--num-workers" in usage


@pytest.mark.skipif(
    not _has_num_workers(), reason="this mypy has no --num-workers option (no parallel checking)"
)
def test_parallel_runs(tmp_path: Path) -> None:
    project = Project(tmp_path / "project")
    args = ("--num-workers", "2", "--cache-dir", str(tmp_path / "cache"))

    def runs() -> dict[str, list[str]]:
        after_edit = project.mypy(*args)
        project.touch_users()
        return {
            "parallel after the edit": after_edit,
            "parallel, users changed": project.mypy(*args),
        }

    _walk(project, runs)


DUPLICATE = """\
from typed_enum import Enum


class Color(Enum):
    red = 1
    scarlet = 1
"""


def _duplicate_errors(root: Path, cache: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache), "colors.py"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    return [line for line in done.stdout.splitlines() if "[typed-enum-duplicate-value]" in line]


@pytest.mark.parametrize("first", [True, False], ids=["switched-off-later", "switched-on-later"])
def test_switching_a_check_invalidates_the_cache(tmp_path: Path, first: bool) -> None:
    """The plugin's config section counts for the cache as mypy's own options do."""
    (tmp_path / "colors.py").write_text(DUPLICATE)
    cache = tmp_path / "cache"

    def configure(enabled: bool) -> None:
        section = "" if enabled else "\n[mypy.plugins.typed_enum]\nduplicate-value = false\n"
        (tmp_path / "mypy.ini").write_text(MYPY_INI + section)

    for enabled in (first, not first):
        configure(enabled)
        errors = _duplicate_errors(tmp_path, cache)
        assert [e.split(": error:")[0] for e in errors] == (["colors.py:6"] if enabled else [])


# The plugin, loaded after giving the documentation site an example address
# (typed_enum._site has none yet): what error-code links look like once it has.
SITE_PROBE = """\
import typed_enum._site

typed_enum._site.SITE_URL = "https://typed-enum.docs.example/"

from mypy_plugin import plugin as plugin
"""
LINK = (
    "colors.py:6: note: See https://typed-enum.docs.example/errors/duplicate-value/ for more info"
)


@pytest.mark.parametrize("first", [True, False], ids=["hidden-later", "shown-later"])
def test_showing_error_code_links_invalidates_the_cache(tmp_path: Path, first: bool) -> None:
    """A cached module's errors come back with the plugin's links exactly when they are asked for.

    mypy 2.x replays a cached module's errors with the notes they had, and
    ``--show-error-code-links`` does not count for its cache: the plugin's
    cache data (``links.site``) does.
    """
    (tmp_path / "colors.py").write_text(DUPLICATE)
    (tmp_path / "site_probe.py").write_text(SITE_PROBE)
    cache = tmp_path / "cache"
    for shown in (first, not first):
        flag = "show_error_code_links = true\n" if shown else ""
        (tmp_path / "mypy.ini").write_text(f"[mypy]\nplugins = site_probe.py\n{flag}")
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--cache-dir", str(cache), "colors.py"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        notes = [line for line in done.stdout.splitlines() if ": note: " in line]
        assert "[typed-enum-duplicate-value]" in done.stdout, done.stdout + done.stderr
        assert notes == ([LINK] if shown else [])


def test_code_fingerprint_follows_the_source(tmp_path: Path) -> None:
    """A stale cache is detected by the plugin's source: each ``.py`` file's path and bytes."""
    from mypy_plugin import cache

    plugin = Path(cache.__file__).parent
    copy = tmp_path / "mypy_plugin"
    shutil.copytree(plugin, copy, ignore=shutil.ignore_patterns("__pycache__"))
    original = cache.code_fingerprint(str(copy))
    assert original == cache.code_fingerprint(str(plugin))
    seen = {original}

    def changed() -> str:
        fingerprint = cache.code_fingerprint(str(copy))
        assert fingerprint not in seen
        seen.add(fingerprint)
        return fingerprint

    # Bytecode and other files do not count.
    (copy / "features" / "__pycache__").mkdir()
    (copy / "features" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0" * 16)
    (copy / "notes.txt").write_text("x")
    assert cache.code_fingerprint(str(copy)) == original
    source = copy / "features" / "ordering.py"
    text = source.read_text()
    source.write_text(text.replace("def ", "def  ", 1))
    changed()
    source.write_text(text)
    assert cache.code_fingerprint(str(copy)) == original
    source.rename(copy / "features" / "ordering2.py")
    changed()
    (copy / "features" / "ordering2.py").rename(source)
    (copy / "features" / "extra.py").write_text("")
    changed()


LAZY_FEATURES = {"constructors", "definitions", "deps", "functional", "metaclasses"}

USES = """\
from defines import Color


def paint(color: Color) -> int:
    return {body}
"""

LOADED_PROBE = """\
import json, sys
from mypy import api
out, err, status = api.run(["--cache-dir", "cache", *sys.argv[1:]])
print(json.dumps([out, sorted(m for m in sys.modules if m.startswith("mypy_plugin.features."))]))
"""


def test_class_analysis_features_load_on_first_use(tmp_path: Path) -> None:
    """An incremental run that analyses no enum class (it re-checks only a
    module that uses one) does not import the features that read class bodies
    (issue 20: importing the plugin is most of its cost in such a run); a run
    that analyses one does.

    ``defines.py`` must be clean: mypy 1.14 re-checks a module with errors in
    every incremental run.
    """
    (tmp_path / "mypy.ini").write_text(MYPY_INI)
    (tmp_path / "defines.py").write_text(
        "from typed_enum import Enum, alias\n\n\n"
        "class Color(Enum):\n    red = 1\n    scarlet = alias(red)\n"
    )
    (tmp_path / "uses.py").write_text(USES.format(body="1"))

    def run(*modules: str) -> tuple[str, set[str]]:
        done = subprocess.run(
            [sys.executable, "-c", LOADED_PROBE, *modules],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
        out, loaded = json.loads(done.stdout.strip().splitlines()[-1])
        return out, {m.rpartition(".")[2] for m in loaded}

    out, loaded = run("uses.py", "defines.py")
    assert out.startswith("Success"), out
    assert loaded >= LAZY_FEATURES - {"functional"}  # no functional-API call here
    (tmp_path / "uses.py").write_text(USES.format(body="2"))
    out, loaded = run("uses.py", "defines.py")
    assert out.startswith("Success"), out
    assert not loaded & LAZY_FEATURES
    # The features used on enums, not on class bodies, are loaded as before.
    assert {"lookups", "value_types", "open_enums"} <= loaded
