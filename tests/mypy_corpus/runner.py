"""Checking corpus cases with mypy, in this process, with or without the plugin.

Cases with the same ``# flags:`` and no ``[file ...]`` section are checked
in one mypy build, each as its own module (``corpus_0``, ``corpus_1``, ...):
a fresh build's cost is almost all typeshed, so a group of sixty cases costs
what one does.  The modules import nothing from each other; each module's
messages come back separately (mypy's ``flush_errors`` names the file), and
its name is written back as ``__main__`` in them.  A group whose build stops
(a blocking error, a crash) is checked again one case at a time, so that the
outcome is the case's own.  A case with ``[file ...]`` sections is always
checked alone, its files beside the main module.

Options follow mypy's own test runner: the case's flags, no site-packages,
no cache, tracebacks on; and error codes shown (the plugin's codes are part
of what is compared), Python 3.11 unless the flags name a version.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from mypy import build
from mypy.errors import CompileError
from mypy.main import process_options
from mypy.modulefinder import BuildSource
from mypy.options import Options

from .testdata import Case

PYTHON_VERSION: Final = (3, 11)
PLUGIN: Final = "mypy_plugin"
_CRASH: Final = re.compile(r"INTERNAL ERROR|Traceback \(most recent call last\)")


@dataclass(frozen=True)
class Outcome:
    """What mypy printed for one case: its lines, and the crash text if it crashed."""

    lines: tuple[str, ...]
    crash: str | None = None


class _Blocked(Exception):
    """A grouped build stopped: check its cases one by one."""


def batches(cases: Sequence[Case]) -> list[tuple[Case, ...]]:
    """Cases grouped for one build each: same flags and no extra files, or alone."""
    groups: dict[tuple[str, ...], list[Case]] = {}
    alone: list[tuple[Case, ...]] = []
    for case in cases:
        if case.files:
            alone.append((case,))
        else:
            groups.setdefault(case.flags, []).append(case)
    return [tuple(group) for group in groups.values()] + alone


def check(cases: Sequence[Case], plugin: bool) -> dict[str, Outcome]:
    """Each case's outcome, keyed by ``Case.key``."""
    if len(cases) == 1 or any(case.files for case in cases):
        return {case.key: _check_alone(case, plugin) for case in cases}
    try:
        return _check_together(cases, plugin)
    except _Blocked:
        return {case.key: _check_alone(case, plugin) for case in cases}


def _options(flags: Sequence[str], plugin: bool, path: str) -> Options:
    _, options = process_options([*flags, "--no-site-packages"], require_targets=False)
    if not any(flag.split("=")[0] == "--python-version" for flag in flags):
        options.python_version = PYTHON_VERSION
    options.incremental = False
    options.cache_dir = os.devnull
    options.show_traceback = True
    options.hide_error_codes = False
    options.error_summary = False
    options.pretty = False
    options.color_output = False
    options.many_errors_threshold = -1  # no group-wide cut-off after import errors
    options.mypy_path = [path]
    options.plugins = [PLUGIN] if plugin else []
    return options


def _build(
    sources: list[BuildSource], flags: Sequence[str], plugin: bool, directory: str
) -> tuple[dict[str, list[str]], list[str], str | None]:
    """mypy's messages by file, messages of no file, and a crash's text."""
    by_file: dict[str, list[str]] = {}
    loose: list[str] = []

    def flush(path: str | None, messages: list[str], serious: bool) -> None:
        if path is None:
            loose.extend(messages)
        else:
            by_file.setdefault(os.path.realpath(path), []).extend(messages)

    captured = io.StringIO()
    options = _options(flags, plugin, directory)
    crash: str | None = None
    with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
        try:
            build.build(sources, options, flush_errors=flush)
        except CompileError as exc:
            if exc.messages and not any(
                message in lines for lines in by_file.values() for message in exc.messages
            ):
                loose.extend(exc.messages)
            loose.append("<blocking error: the build stopped>")
        except (Exception, SystemExit) as exc:
            crash = f"{type(exc).__name__}: {exc}\n{captured.getvalue()}"
    printed = captured.getvalue()
    if crash is None and _CRASH.search(printed):
        crash = printed
    every = [m for lines in by_file.values() for m in lines] + loose
    if crash is None and any(_CRASH.search(m) for m in every):
        crash = "\n".join(every)
    return by_file, loose, crash


def _check_together(cases: Sequence[Case], plugin: bool) -> dict[str, Outcome]:
    with tempfile.TemporaryDirectory(prefix="mypy-corpus-") as directory:
        root = os.path.realpath(directory)
        sources: list[BuildSource] = []
        paths: dict[str, str] = {}
        for index, case in enumerate(cases):
            module = f"corpus_{index}"
            path = os.path.join(root, f"{module}.py")
            Path(path).write_text(case.main, encoding="utf-8")
            sources.append(BuildSource(path, module, None))
            paths[case.key] = path
        by_file, loose, crash = _build(sources, cases[0].flags, plugin, root)
    if crash is not None or loose:
        raise _Blocked
    outcomes: dict[str, Outcome] = {}
    for index, case in enumerate(cases):
        module = f"corpus_{index}"
        names = {paths[case.key]: "main"}
        lines = by_file.get(paths[case.key], [])
        outcomes[case.key] = Outcome(_normalised(lines, names, root, module))
    unclaimed = set(by_file) - set(paths.values())
    if unclaimed:  # messages in some other file (typeshed?): cannot say whose
        raise _Blocked
    return outcomes


def _check_alone(case: Case, plugin: bool) -> Outcome:
    with tempfile.TemporaryDirectory(prefix="mypy-corpus-") as directory:
        root = os.path.realpath(directory)
        main = os.path.join(root, "main")
        Path(main).write_text(case.main, encoding="utf-8")
        names = {main: "main"}
        for name, text in case.files:
            path = Path(root, name)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            names[os.path.realpath(path)] = name
        sources = [BuildSource(main, "__main__", None)]
        by_file, loose, crash = _build(sources, case.flags, plugin, root)
    lines = [m for lines in by_file.values() for m in lines] + loose
    return Outcome(_normalised(lines, names, root, "__main__"), crash)


def _normalised(lines: list[str], names: dict[str, str], root: str, module: str) -> tuple[str, ...]:
    """Paths as the case names them (``main``, ``m.py``), the module as ``__main__``."""
    rename = re.compile(rf"\b{re.escape(module)}\b") if module != "__main__" else None
    result: list[str] = []
    for line in lines:
        for path, name in names.items():
            if line.startswith(path + ":"):
                line = name + line[len(path) :]
                break
        line = line.replace(root + os.sep, "")
        line = re.sub(r"^\S*[/\\]typeshed[/\\]", "<typeshed>/", line)
        if rename is not None:
            line = rename.sub("__main__", line)
        result.append(line)
    return tuple(result)
