"""The install advice works with the oldest pip a supported Python ships (3.12.1's pip 23.2.1).

Two lines are run as printed, with that pip: README's and getting-started's
``pip install "typed_enum[mypy] @ git+URL"`` with the same-machine ``URL`` form they name, and the
requirement ``typed-enum migrate --add-dependency SPEC`` writes into a migrated project, installed
with the project.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: What a clone needs to build typed_enum (the wheel's sources and metadata).
_SOURCES = ("typed_enum", "mypy_plugin", "pyproject.toml", "README.md", "LICENSE")


def _old_python() -> str:
    """A Python 3.12 whose venv bundles the pip it shipped with (3.12.1: pip 23.2.1)."""
    found = shutil.which("python3.12")
    # (a pyenv shim is on PATH even where it names no installed 3.12)
    if found is None or subprocess.run([found, "-c", ""], check=False).returncode != 0:
        pytest.skip("no python3.12 on PATH")
    return found


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    return subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900, check=False
    )


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git repository of this checkout's sources: the clone a user installs from."""
    where = tmp_path_factory.mktemp("typed_enum")
    for name in _SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, where / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, where / name)
    for args in (
        ["git", "init", "-q"],
        ["git", "add", "-A"],
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "clone"],
    ):
        subprocess.run(args, cwd=where, check=True, capture_output=True)
    return where


@pytest.fixture(scope="module")
def old_pip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([_old_python(), "-m", "venv", str(venv)], check=True)
    return venv / "bin"


def _same_machine_url(page: str) -> str:
    """The ``URL`` form a page gives for a clone on the same machine."""
    text = (ROOT / page).read_text()
    assert 'pip install "typed_enum[mypy] @ git+URL"' in text
    found = re.search(r"`(file:[^`]*)/path/to/your/clone`", text)
    assert found, f"{page} names no same-machine URL"
    return found.group(1)


@pytest.mark.parametrize("page", ["README.md", "docs/getting-started.md"])
def test_the_install_line_works_with_pip_23_2_1(page: str, clone: Path, old_pip: Path) -> None:
    prefix = _same_machine_url(page)
    pip = _run([str(old_pip / "python"), "-m", "pip", "--version"], clone).stdout
    done = _run(
        [
            str(old_pip / "python"),
            "-m",
            "pip",
            "install",
            "-q",
            f"typed_enum[mypy] @ git+{prefix}{clone}",
        ],
        clone,
    )
    assert done.returncode == 0, pip + done.stdout + done.stderr
    imported = _run([str(old_pip / "python"), "-c", "import typed_enum, mypy"], clone.parent)
    assert imported.returncode == 0, imported.stderr


def test_the_dependency_migrate_writes_installs(clone: Path, old_pip: Path, tmp_path: Path) -> None:
    project = tmp_path / "shop"
    (project / "shop").mkdir(parents=True)
    (project / "shop" / "__init__.py").write_text("")
    (project / "shop" / "models.py").write_text(
        "from enum import Enum\n\n\nclass Color(Enum):\n    red = 1\n"
    )
    (project / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n\n'
        '[project]\nname = "shop"\nversion = "1"\ndependencies = []\n'
    )
    spec = f"typed_enum @ git+file://localhost{clone}"
    # This checkout's command (PYTHONPATH kept), run as a user runs it.
    migrated = subprocess.run(
        [sys.executable, "-m", "typed_enum", "migrate", "--add-dependency", spec, "shop"],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
    )
    assert migrated.returncode == 0, migrated.stdout + migrated.stderr
    assert f'"{spec}"' in (project / "pyproject.toml").read_text()
    done = _run([str(old_pip / "python"), "-m", "pip", "install", "-q", str(project)], tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    ran = _run(
        [str(old_pip / "python"), "-c", "import shop.models as m; print(type(m.Color).__name__)"],
        tmp_path,
    )
    assert ran.stdout.strip() == "TypedEnumType", ran.stderr
