"""What a release needs: the plugin under both names, one version, a lazy mypy.

``plugins = typed_enum.mypy`` is the recommended spelling; ``plugins =
mypy_plugin`` keeps working.  Each is run as a user runs mypy (a subprocess
in a project directory) on a module with one plugin error, from mypy.ini and
from pyproject.toml.  The built wheel and sdist themselves (LICENSE inside,
metadata, the plugin loaded from a non-editable install) are checked by
``.ci/package``.
"""

from __future__ import annotations

import ast
import importlib.metadata
import subprocess
import sys
import tomllib
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


ROOT = Path(__file__).resolve().parent.parent


def _consoles(page: Path, heading: str) -> list[list[str]]:
    """The console blocks of the section ``heading`` of ``page``, each as its lines."""
    text = page.read_text(encoding="utf-8")
    section = text[text.index(f"\n{heading}\n") + len(heading) + 2 :]
    section = section[: section.find("\n## ")] if "\n## " in section else section
    blocks = section.split("```console\n")[1:]
    return [block[: block.index("\n```")].splitlines() for block in blocks]


@pytest.mark.parametrize(
    ("page", "heading"),
    [("README.md", "## Install and try it"), ("docs/getting-started.md", "## Install")],
)
def test_trying_the_examples_needs_only_the_light_extra(page: str, heading: str) -> None:
    # No release exists: the set-up installs the clone (-e .) with an extra that holds
    # mypy alone, and the examples import nothing but typed_enum and the stdlib.
    commands = [line for block in _consoles(ROOT / page, heading) for line in block]
    assert commands[0].split("#")[0].strip() == "$ pip install -e '.[mypy]'"
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["optional-dependencies"]["mypy"] == ["mypy>=1.14.1"]
    assert pyproject["project"]["dependencies"] == []
    files = sorted((ROOT / "examples").rglob("*.py"))
    local = {path.stem for path in files} | {"shop", "typed_enum"}
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                top = name.partition(".")[0]
                assert top in sys.stdlib_module_names or top in local, f"{path} imports {name}"
    # The mypy command shown is the one tests/test_code_review.py runs (clean there),
    # and the count shown is the examples' file count.
    at = commands.index("$ mypy --config-file examples/mypy.ini examples/")
    assert commands[at + 1] == f"Success: no issues found in {len(files)} source files"
