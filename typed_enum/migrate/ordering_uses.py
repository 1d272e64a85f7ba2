"""``--typed-enum-semantics``: the ordering uses mypy with the plugin finds after the run.

With the flag, a moved enum whose members stdlib ordered by their values
(a ``StrEnum``, a ``(str, Enum)``) does not get ``ValueOrdered``: it takes
typed_enum's rule, and ``<`` on its members raises ``TypeError``.  The run
then checks the rewritten tree with mypy and the plugin (when mypy is
installed where the command runs) and lists each ``typed-enum-ordering`` and
``typed-enum-cross-enum-ordering`` error: every use a type checker can see.
A comparison of values typed ``Any`` (an untyped helper, a sorted container
of another library) is not among them: no checker sees it.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from typed_enum.migrate.report import Finding, Kind

__all__ = ["ANY_CAVEAT", "find_ordering_uses"]

_CODES = ("typed-enum-ordering", "typed-enum-cross-enum-ordering")
_ERROR = re.compile(r"^(?P<path>.+?):(?P<line>\d+): error: (?P<message>.*)\[(?P<code>[\w-]+)\]$")
# A configuration of its own: the plugin, and the bodies of unannotated
# functions checked too (where comparisons in ``__lt__`` methods often are).
_CONFIG = """\
[mypy]
plugins = typed_enum.mypy
check_untyped_defs = True
ignore_missing_imports = True
follow_imports = silent
"""
ANY_CAVEAT = (
    "uses through values typed Any (untyped helpers, containers of other libraries that "
    "sort, such as sortedcontainers) cannot be found statically: run the project's tests"
)


def find_ordering_uses(paths: Sequence[Path], timeout: float = 600) -> list[Finding]:
    """The ordering errors of mypy with the plugin over ``paths``, one finding each,
    then a note saying what cannot be found; or a note saying why mypy did not run."""
    where = Path(paths[0]) if paths else Path(".")
    if importlib.util.find_spec("mypy") is None:
        return [
            Finding(
                where,
                1,
                Kind.NOTE,
                "--typed-enum-semantics: mypy is not installed here, so the uses of the "
                "enums that no longer order were not searched; pip install mypy, add "
                "plugins = typed_enum.mypy to its configuration and run mypy: each use it "
                f"sees is a typed-enum-ordering error; {ANY_CAVEAT}",
            )
        ]
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "mypy.ini"
        config.write_text(_CONFIG, encoding="utf-8")
        command = [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(config),
            "--cache-dir",
            str(Path(tmp) / "cache"),
            "--show-error-codes",
            "--no-pretty",
            "--hide-error-context",
            "--no-error-summary",
            *map(str, paths),
        ]
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired:
            return [
                Finding(
                    where,
                    1,
                    Kind.NOTE,
                    f"--typed-enum-semantics: mypy took more than {timeout:.0f} s and was "
                    "stopped; run it with plugins = typed_enum.mypy to find the ordering uses",
                )
            ]
    found: list[Finding] = []
    for line in done.stdout.splitlines():
        match = _ERROR.match(line.strip())
        if match is None or match["code"] not in _CODES:
            continue
        found.append(
            Finding(
                Path(match["path"]),
                int(match["line"]),
                Kind.NOTE,
                f"ordering use (mypy, [{match['code']}]): {match['message'].strip()}",
            )
        )
    if done.returncode not in (0, 1):
        tail = " ".join((done.stderr or done.stdout).split())[-200:]
        found.append(
            Finding(
                where,
                1,
                Kind.NOTE,
                f"--typed-enum-semantics: mypy could not check the tree (exit "
                f"{done.returncode}: {tail}); the ordering uses were not searched",
            )
        )
        return found
    found.append(
        Finding(
            where,
            1,
            Kind.NOTE,
            f"--typed-enum-semantics: mypy with the plugin found {len(found)} ordering "
            f"use{'' if len(found) == 1 else 's'} of members that no longer order (each "
            f"listed in this report); {ANY_CAVEAT}",
        )
    )
    return found
