"""A package's real release history as a throwaway git repository, and its enums per release.

``releases()`` downloads the wheels of a distribution from the package index
(``pip download --no-deps``, the index pip is configured with), and commits
each release's package directory over the previous one, tagged ``v<version>``:
what ``typed-enum check --against v21.0 --new v22.0`` compares.

``check()`` runs ``typed-enum check`` between two of the tags as a user runs it.

``members()`` is the independent record the findings are checked against: it
imports every module of one release in a child process and dumps each enum
class's ``__members__`` (name, canonical name, value repr), with nothing of
``typed_enum.check`` involved; a module that cannot be imported (an optional
dependency) is listed with the reason.  Used by tests/check/test_check_history.py and
benchmarks/check_history.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["check", "members", "releases"]


def _git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout


def _wheel(distribution: str, version: str, cache: Path) -> Path:
    stem = distribution.replace("-", "_")
    found = sorted(cache.glob(f"{stem}-{version}-*.whl"))
    if not found:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                f"{distribution}=={version}",
                "--dest",
                str(cache),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        found = sorted(cache.glob(f"{stem}-{version}-*.whl"))
        if done.returncode != 0 or not found:
            raise RuntimeError(
                f"pip download {distribution}=={version} failed (the release history is "
                f"read from the package index): {done.stderr.strip()[-500:]}"
            )
    return found[0]


def releases(
    distribution: str, package: str, versions: Sequence[str], root: Path, cache: Path
) -> Path:
    """A git repository at ``root`` with ``package/`` of each release committed in order."""
    root.mkdir(parents=True)
    cache.mkdir(parents=True, exist_ok=True)
    _git(root, "init", "-q", "-b", "main")
    for key, value in (
        ("user.email", "history@example.com"),
        ("user.name", "history"),
        ("commit.gpgsign", "false"),
    ):
        _git(root, "config", key, value)
    for version in versions:
        wheel = _wheel(distribution, version, cache)
        shutil.rmtree(root / package, ignore_errors=True)
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if name.startswith(package + "/"):
                    archive.extract(name, root)
        _git(root, "add", "-A")
        _git(root, "commit", "-q", "-m", f"{distribution} {version}")
        _git(root, "tag", f"v{version}")
    return root


_DUMP = r"""
import enum, importlib, json, pathlib, sys
root, package = pathlib.Path(sys.argv[1]), sys.argv[2]
sys.path.insert(0, str(root))
found, seen, failed = {}, set(), {}
for file in sorted((root / package).rglob("*.py")):
    parts = file.relative_to(root).with_suffix("").parts
    name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    try:
        module = importlib.import_module(name)
    except BaseException as exc:  # an optional dependency missing (or a __main__ exiting): said
        failed[name] = f"{type(exc).__name__}: {exc}"
        continue
    for value in list(vars(module).values()):
        stack = [value]
        while stack:
            cls = stack.pop()
            if not isinstance(cls, type) or cls.__module__ != name or id(cls) in seen:
                continue
            seen.add(id(cls))
            stack.extend(vars(cls).values())
            if issubclass(cls, enum.Enum):
                found[f"{name}.{cls.__qualname__}"] = {
                    key: [member._name_, repr(member._value_)]
                    for key, member in cls.__members__.items()
                }
print(json.dumps({"enums": found, "not_imported": failed}))
"""


def members(root: Path, revision: str, package: str) -> dict[str, Any]:
    """Every enum of ``package`` at ``revision``: ``{"enums": {dotted path: {name:
    [canonical, value repr]}}, "not_imported": {module: why}}``."""
    tree = root.parent / f"dump-{revision}"
    if not tree.exists():
        tree.mkdir()
        archive = subprocess.run(
            ["git", "archive", revision, package], cwd=root, capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    done = subprocess.run(
        [sys.executable, "-c", _DUMP, str(tree), package],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def check(
    root: Path, old: str, new: str, package: str, *options: str
) -> subprocess.CompletedProcess[str]:
    """``typed-enum check --against v<old> --new v<new> OPTIONS package`` in ``root``."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "typed_enum",
            "check",
            "--no-progress",
            *options,
            "--against",
            f"v{old}",
            "--new",
            f"v{new}",
            package,
        ],
        cwd=root,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
