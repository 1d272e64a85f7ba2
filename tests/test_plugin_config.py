"""A malformed plugin config section stops mypy with a clear message, exit 2.

The plugin reads ``[mypy.plugins.typed_enum]`` (mypy.ini, setup.cfg) and
``[tool.typed_enum]`` (pyproject.toml); each key is a check's code without
``typed-enum-``, each value true or false, plus ``value-metaclasses`` (a
list of metaclass fullnames).  mypy runs here as a user runs
it: a subprocess in a project directory, ``--config-file`` naming the file.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mypy_plugin.config import CHECKS

PREFIX = "typed_enum mypy plugin: "
KEYS = ", ".join(sorted(CHECKS))

DUPLICATE = """\
from typed_enum import Enum


class Color(Enum):
    red = 1
    scarlet = 1
"""


def run_mypy(
    tmp_path: Path, config_name: str, config: str, source: str = DUPLICATE
) -> subprocess.CompletedProcess[str]:
    (tmp_path / config_name).write_text(config)
    (tmp_path / "colors.py").write_text(source)
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--no-incremental",
            "--config-file",
            config_name,
            "colors.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


INI = "[mypy]\nplugins = mypy_plugin\n\n[mypy.plugins.typed_enum]\n"
TOML = '[tool.mypy]\nplugins = ["mypy_plugin"]\n\n[tool.typed_enum]\n'


def test_the_keys_are_the_check_codes() -> None:
    assert {"ordering", "duplicate-value", "bad-lookup", "open-match"} <= set(CHECKS)
    assert all(not key.startswith("typed-enum-") for key in CHECKS)


@pytest.mark.parametrize(
    ("config_name", "config", "message"),
    [
        pytest.param(
            "mypy.ini",
            INI + "ordring = false\n",
            "mypy.ini: [mypy.plugins.typed_enum]: unknown key 'ordring'; "
            f'did you mean "ordering"?; the keys are the checks {KEYS}, each true or false, '
            "and value-metaclasses",
            id="ini-unknown-key",
        ),
        pytest.param(
            "setup.cfg",
            INI + "duplicate_value = false\n",
            "setup.cfg: [mypy.plugins.typed_enum]: unknown key 'duplicate_value'; "
            f'did you mean "duplicate-value"?; the keys are the checks {KEYS}, each true or false, '
            "and value-metaclasses",
            id="setup-cfg-underscore-key",
        ),
        pytest.param(
            "mypy.ini",
            INI + "colour = false\n",
            "mypy.ini: [mypy.plugins.typed_enum]: unknown key 'colour'; "
            f"the keys are the checks {KEYS}, each true or false, and value-metaclasses",
            id="ini-unknown-key-no-suggestion",
        ),
        pytest.param(
            "mypy.ini",
            INI + "ordering = maybe\n",
            "mypy.ini: [mypy.plugins.typed_enum]: ordering must be true or false, not 'maybe'",
            id="ini-non-bool",
        ),
        pytest.param(
            "pyproject.toml",
            TOML + "typed-enum-ordering = false\n",
            "pyproject.toml: [tool.typed_enum]: unknown key 'typed-enum-ordering'; "
            f'did you mean "ordering"?; the keys are the checks {KEYS}, each true or false, '
            "and value-metaclasses",
            id="toml-prefixed-key",
        ),
        pytest.param(
            "pyproject.toml",
            TOML + "bad-lookup = 0\n",
            "pyproject.toml: [tool.typed_enum]: bad-lookup must be true or false, not 0",
            id="toml-int",
        ),
        pytest.param(
            "pyproject.toml",
            TOML + 'ordering = "maybe"\n',
            "pyproject.toml: [tool.typed_enum]: ordering must be true or false, not 'maybe'",
            id="toml-string",
        ),
        pytest.param(
            "pyproject.toml",
            TOML + 'ordering = "no"\n',
            # As typed-enum check's [tool.typed_enum.check]: TOML booleans only in TOML.
            "pyproject.toml: [tool.typed_enum]: ordering must be true or false, not 'no'",
            id="toml-string-no",
        ),
        pytest.param(
            "mypy.ini",
            INI + "value-metaclasses = props.Meta, Meta\n",
            "mypy.ini: [mypy.plugins.typed_enum]: value-metaclasses: 'Meta' is not a fullname "
            "(package.module.Meta, where the metaclass is defined)",
            id="ini-metaclass-not-a-fullname",
        ),
        pytest.param(
            "pyproject.toml",
            TOML + "value-metaclasses = true\n",
            "pyproject.toml: [tool.typed_enum]: value-metaclasses must list fullnames of "
            "metaclasses (package.module.Meta), not True",
            id="toml-metaclasses-not-a-list",
        ),
        pytest.param(
            "pyproject.toml",
            '[tool.mypy]\nplugins = ["mypy_plugin"]\n\n[tool]\ntyped_enum = 3\n',
            "pyproject.toml: [tool.typed_enum] must be a table",
            id="toml-not-a-table",
        ),
    ],
)
def test_malformed_config_stops_mypy(
    tmp_path: Path, config_name: str, config: str, message: str
) -> None:
    done = run_mypy(tmp_path, config_name, config)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [PREFIX + message]
    assert "Traceback" not in done.stdout


@pytest.mark.parametrize(
    ("config_name", "config"),
    [
        pytest.param("mypy.ini", INI + "duplicate-value = false\n", id="ini"),
        pytest.param("setup.cfg", INI + "duplicate-value = no\n", id="setup-cfg"),
        pytest.param("pyproject.toml", TOML + "duplicate-value = false\n", id="toml"),
    ],
)
def test_a_valid_section_switches_the_check_off(
    tmp_path: Path, config_name: str, config: str
) -> None:
    done = run_mypy(tmp_path, config_name, config)
    assert (done.returncode, done.stdout.strip(), done.stderr) == (
        0,
        "Success: no issues found in 1 source file",
        "",
    )


def test_without_a_section_every_check_is_on(tmp_path: Path) -> None:
    done = run_mypy(tmp_path, "mypy.ini", "[mypy]\nplugins = mypy_plugin\n")
    assert done.returncode == 1
    assert "colors.py:6: error: " in done.stdout
    assert "[typed-enum-duplicate-value]" in done.stdout


PROPERTIES = """\
import enum


class PropertiesMeta(enum.EnumMeta):
    pass


class Color(enum.Enum, metaclass=PropertiesMeta):
    _value_: int
    red = 1, "ff0000"
"""


@pytest.mark.parametrize(
    ("config_name", "config"),
    [
        pytest.param(
            "mypy.ini", INI + "value-metaclasses = other.Meta, colors.PropertiesMeta\n", id="ini"
        ),
        pytest.param(
            "pyproject.toml",
            TOML + 'value-metaclasses = ["colors.PropertiesMeta"]\n',
            id="toml",
        ),
    ],
)
def test_value_metaclasses_silence_value_checks(
    tmp_path: Path, config_name: str, config: str
) -> None:
    (tmp_path / "colors.py").write_text(PROPERTIES)
    unlisted = run_mypy(tmp_path, "mypy.ini", "[mypy]\nplugins = mypy_plugin\n", PROPERTIES)
    assert unlisted.returncode == 1
    assert "[typed-enum-value-annotation]" in unlisted.stdout
    listed = run_mypy(tmp_path, config_name, config, PROPERTIES)
    assert (listed.returncode, listed.stdout.strip(), listed.stderr) == (
        0,
        "Success: no issues found in 1 source file",
        "",
    )


HIDDEN = (
    "follow_imports = skip applies to typed_enum, so mypy reads every typed_enum class as Any "
    "(no enum is checked, and --strict reports each subclass); add [mypy-typed_enum.*] "
    "follow_imports = normal to the configuration ([[tool.mypy.overrides]] module = "
    '["typed_enum.*"] follow_imports = "normal" in pyproject.toml)'
)


def test_follow_imports_skip_on_typed_enum_is_a_configuration_error(tmp_path: Path) -> None:
    done = run_mypy(tmp_path, "mypy.ini", "[mypy]\nplugins = mypy_plugin\nfollow_imports = skip\n")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [PREFIX + HIDDEN]
    assert "Traceback" not in done.stdout


def test_follow_imports_skip_with_typed_enum_followed_is_fine(tmp_path: Path) -> None:
    config = (
        "[mypy]\nplugins = mypy_plugin\nfollow_imports = skip\n\n"
        "[mypy-typed_enum.*]\nfollow_imports = normal\n"
    )
    done = run_mypy(tmp_path, "mypy.ini", config)
    assert done.returncode == 1
    assert "[typed-enum-duplicate-value]" in done.stdout


def test_follow_imports_skip_without_typed_enum_imports_is_fine(tmp_path: Path) -> None:
    source = "import enum\n\n\nclass Color(enum.Enum):\n    red = 1\n    scarlet = 1\n"
    config = "[mypy]\nplugins = mypy_plugin\nfollow_imports = skip\n"
    done = run_mypy(tmp_path, "mypy.ini", config, source)
    assert (done.returncode, done.stderr) == (0, "")
