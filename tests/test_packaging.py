"""What a release needs: the plugin under both names, one version, a lazy mypy.

``plugins = typed_enum.mypy`` is the recommended spelling; ``plugins =
mypy_plugin`` keeps working.  Each is run as a user runs mypy (a subprocess
in a project directory) on a module with one plugin error, from mypy.ini and
from pyproject.toml.  The built wheel and sdist themselves (LICENSE inside,
metadata, the plugin loaded from a non-editable install) are checked by
``.ci/package``.
"""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

import pytest

import typed_enum
from tests.test_plugin_config import run_mypy

# What run_mypy's module (tests/test_plugin_config.py) gets.
EXPECTED = (
    'colors.py:6: error: Member "scarlet" of "Color" repeats the value of "red"; declare '
    "scarlet = alias(red) if it is another name for red, or give it a value of its own  "
    "[typed-enum-duplicate-value]\n"
    "Found 1 error in 1 file (checked 1 source file)\n"
)


@pytest.mark.parametrize("name", ["typed_enum.mypy", "mypy_plugin"])
@pytest.mark.parametrize("config_name", ["mypy.ini", "pyproject.toml"])
def test_the_plugin_loads_under_each_name(tmp_path: Path, name: str, config_name: str) -> None:
    if config_name == "mypy.ini":
        config = f"[mypy]\nplugins = {name}\nstrict = true\n"
    else:
        config = f'[tool.mypy]\nplugins = ["{name}"]\nstrict = true\n'
    # (The same mypy run as the config tests, on the same one-error module.)
    done = run_mypy(tmp_path, config_name, config)
    assert (done.returncode, done.stdout, done.stderr) == (1, EXPECTED, "")


def test_typed_enum_mypy_is_the_same_entry_point() -> None:
    import mypy_plugin
    import typed_enum.mypy

    assert typed_enum.mypy.plugin is mypy_plugin.plugin


def test_importing_typed_enum_imports_neither_mypy_nor_the_plugin() -> None:
    code = (
        "import sys, typed_enum\n"
        "from typed_enum import Enum\n"
        "class Color(Enum):\n    red = 1\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'mypy', 'mypy_plugin'} or m == 'typed_enum.mypy'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout == "[]\n"


def test_the_version_has_one_source() -> None:
    # pyproject.toml declares the version dynamic, read from typed_enum/__init__.py.
    assert importlib.metadata.version("typed_enum") == typed_enum.__version__
    pyproject = (Path(__file__).parent.parent / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in pyproject
    assert "\nversion =" not in pyproject
