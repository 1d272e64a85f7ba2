"""Check many typecheck cases in one mypy run, on a fresh cache in mypy's default format.

A fresh mypy run's cost is almost all typeshed, so the cases that share a
configuration are written as modules ``case_000.py``, ``case_001.py``... of
one directory and checked by one ``mypy`` process, with a new cache
directory and mypy's own defaults otherwise (incremental, so the cache is
written in the format this release writes by default: the float crash of
mypy 1.20-2.1 happened there).  Each module's lines come back under its
case, renamed ``main`` as pytest-mypy-plugins shows them.  A run that stops
(exit 2: a crash, a blocking error) is redone one case at a time, so each
case gets its own outcome; a case with extra ``files`` always runs alone.
"""

from __future__ import annotations

import configparser
import importlib.util
import io
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from .cases import Case

ROOT = Path(__file__).resolve().parent.parent.parent
BASE_INI = ROOT / "typecheck_cases" / "mypy.ini"
_FLAGS = ("--show-traceback", "--no-error-summary", "--no-pretty", "--hide-error-context")


def _normaliser() -> Callable[[str], str]:
    """typecheck_cases/conftest.py's ``modernise``: old mypy's renderings in the newest form."""
    spec = importlib.util.spec_from_file_location(
        "_typecheck_conftest", ROOT / "typecheck_cases" / "conftest.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    typeshed_note: re.Pattern[str] = module._TYPESHED_NOTE
    modernise: Callable[[str], str] = module.modernise

    def normalise(line: str) -> str:
        return "" if typeshed_note.match(line) else modernise(line)

    return normalise


normalise = _normaliser()


def merged_config(config: str) -> str:
    """The base ini with a case's ``mypy_config`` over it (its options win, as in pytest)."""
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(BASE_INI.read_text())
    extra = config if config.lstrip().startswith("[") else "[mypy]\n" + config
    case = configparser.ConfigParser(interpolation=None)
    case.read_string(extra)
    for section in case.sections():
        if not parser.has_section(section):
            parser.add_section(section)
        for option, value in case.items(section):
            parser.set(section, option, value)
    out = io.StringIO()
    parser.write(out)
    return out.getvalue()


def _mypy(directory: Path, targets: Sequence[str], config: str) -> tuple[int, str]:
    ini = directory / "mypy.ini"
    ini.write_text(merged_config(config))
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ini), *_FLAGS, *targets],
        cwd=directory,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


def _alone(case: Case) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="case-") as tmp:
        directory = Path(tmp)
        (directory / "main.py").write_text(case.main)
        for path, content in case.files:
            (directory / path).parent.mkdir(parents=True, exist_ok=True)
            (directory / path).write_text(content)
        _, output = _mypy(directory, ["main.py"], case.config)
    lines = []
    for line in output.splitlines():
        # "colors.py:3: error" -> "colors:3: error", as pytest-mypy-plugins shows it.
        line = re.sub(r"^([\w/]+)\.py(?=:)", lambda m: m.group(1).replace("/", "."), line)
        lines.append(normalise(line))
    return [line for line in lines if line]


def _together(cases: Sequence[Case]) -> dict[str, list[str]] | None:
    """Each case's lines from one run, or None when the run stopped (exit 2)."""
    modules = {f"case_{i:03d}": case for i, case in enumerate(cases)}
    with tempfile.TemporaryDirectory(prefix="cases-") as tmp:
        directory = Path(tmp)
        for module, case in modules.items():
            (directory / f"{module}.py").write_text(case.main)
        status, output = _mypy(directory, [f"{m}.py" for m in modules], cases[0].config)
    if status == 2 or "INTERNAL ERROR" in output:
        return None
    found: dict[str, list[str]] = {case.name: [] for case in cases}
    module_line = re.compile(r"^(case_\d{3})\.py(?=:)")
    for line in output.splitlines():
        match = module_line.match(line)
        if match is None:
            return None  # a line of no case's module: let each case show its own
        module = match.group(1)
        line = "main" + line[match.end() :]
        line = normalise(re.sub(rf"\b{module}\.", "main.", line))
        if line:
            found[modules[module].name].append(line)
    return found


def check(cases: Sequence[Case]) -> dict[str, list[str]]:
    """What mypy prints for each case (by name), read the way pytest-mypy-plugins reads it."""
    groups: dict[str, list[Case]] = {}
    result: dict[str, list[str]] = {}
    for case in cases:
        if case.files:
            result[case.name] = _alone(case)
        else:
            groups.setdefault(case.config, []).append(case)
    for group in groups.values():
        together = _together(group) if len(group) > 1 else None
        if together is None:
            together = {case.name: _alone(case) for case in group}
        result.update(together)
    return result
