"""The report on the project's dependencies, and --add-dependency (issue 39, point 4)."""

from __future__ import annotations

import pytest
from migrate_helpers import Migrate, Tree

#: What the notes ask for, since typed_enum has no release on a package index yet.
WHY = (
    "typed_enum has no release on a package index yet: URL is the https:// address of the "
    "typed_enum clone you install from"
)
#: A requirement the user gives --add-dependency.
SPEC = "typed_enum[mypy] @ git+https://git.example.org/team/typed_enum@v0.1.0"

PYPROJECT = """\
[build-system]
requires = ["setuptools>=61"]  # the build backend
build-backend = "setuptools.build_meta"

[project]
name = "pkg"
dynamic = ["version"]
dependencies = [
    "attrs",  # kept as written
]

[tool.setuptools.dynamic]
version = {attr = "pkg.const.__version__"}
"""

FILES = {
    "pyproject.toml": PYPROJECT,
    "pkg/__init__.py": "",
    "pkg/const.py": """
    from enum import Enum

    __version__ = ".".join(["1", "0"])


    class Color(Enum):
        RED = 1
    """,
}


def test_the_report_says_typed_enum_is_undeclared_and_a_build_requirement(
    tree: Tree, migrate: Migrate
) -> None:
    tree(FILES)
    result = migrate("--check", "pkg")
    notes = [line for line in result.out.splitlines() if ": note: " in line]
    assert notes == [
        "pyproject.toml:1: note: the build imports pkg.const (pyproject.toml "
        "[tool.setuptools.dynamic] version), which imports rewritten module pkg.const: with "
        "build isolation typed_enum must be a build requirement; add it to [build-system]: "
        'requires = [..., "typed_enum @ git+URL"] (or run again with --add-dependency '
        f"'typed_enum @ git+URL'; {WHY})",
        "pyproject.toml:1: note: typed_enum is not declared in the project's dependencies, and "
        'the migrated modules import it; add "typed_enum @ git+URL" to pyproject.toml ([project] '
        'dependencies: dependencies = [..., "typed_enum @ git+URL"]) or run again with '
        f"--add-dependency 'typed_enum @ git+URL' ({WHY})",
    ]


def test_add_dependency_adds_it_keeping_the_formatting(tree: Tree, migrate: Migrate) -> None:
    root = tree(FILES)
    result = migrate("--add-dependency", SPEC, "pkg")
    assert result.status == 0, result.out
    assert f"pyproject.toml:1: note: added {SPEC} to [project] dependencies and " in result.out
    assert (root / "pyproject.toml").read_text() == PYPROJECT.replace(
        '"setuptools>=61"]', f'"setuptools>=61", "{SPEC}"]'
    ).replace('"attrs",  # kept as written\n', f'"attrs",  # kept as written\n    "{SPEC}",\n')
    again = migrate("--check", "pkg")
    assert [line for line in again.out.splitlines() if ": note: " in line] == []


def test_a_declared_dependency_and_build_requirement_give_no_note(
    tree: Tree, migrate: Migrate
) -> None:
    declared = PYPROJECT.replace('"setuptools>=61"]', '"setuptools>=61", "typed-enum"]').replace(
        '"attrs",', '"attrs", "typed_enum>=1",'
    )
    tree({**FILES, "pyproject.toml": declared})
    result = migrate("--check", "pkg")
    assert result.status == 1  # the module still has to move
    assert [line for line in result.out.splitlines() if ": note: " in line] == []


def test_add_dependency_on_a_second_run_applies_the_first_runs_advice(
    tree: Tree, migrate: Migrate
) -> None:
    # The first run's note says "or run again with --add-dependency"; the tree
    # is migrated by then, so the second run rewrites nothing, and must still
    # add what the migrated modules need (pyatv 0.18.0: the wheel did not build).
    root = tree(FILES)
    first = migrate("pkg")
    assert "run again with --add-dependency" in first.out
    again = migrate("--add-dependency", SPEC, "pkg")
    assert again.status == 0, again.out
    assert f"pyproject.toml:1: note: added {SPEC} to [project] dependencies and " in again.out
    assert f'"setuptools>=61", "{SPEC}"]' in (root / "pyproject.toml").read_text()
    check = migrate("--check", "pkg")
    assert [line for line in check.out.splitlines() if ": note: " in line] == []


def test_add_dependency_leaves_dynamic_dependencies_to_setup_py(
    tree: Tree, migrate: Migrate
) -> None:
    # pyatv 0.18.0: dynamic = ["version", "dependencies"], install_requires in
    # setup.py; a [project] dependencies beside it makes setuptools refuse to build.
    dynamic = PYPROJECT.replace('dynamic = ["version"]', 'dynamic = ["version", "dependencies"]')
    dynamic = dynamic.replace('dependencies = [\n    "attrs",  # kept as written\n]\n', "")
    root = tree({**FILES, "pyproject.toml": dynamic})
    result = migrate("--add-dependency", SPEC, "pkg")
    assert (
        "pyproject.toml:1: error: --add-dependency: pyproject.toml lists dependencies in "
        "[project] dynamic (setup.py or setup.cfg gives them): add typed_enum there by hand; "
        "added it to [build-system] requires"
    ) in result.out
    # counted as what it is, not as a file that could not be read
    summary = next(line for line in result.out.splitlines() if " files rewritten;" in line)
    assert summary.endswith("files that could not be read or parsed: 0; other errors: 1"), summary
    assert result.status == 1
    assert (root / "pyproject.toml").read_text() == dynamic.replace(
        '"setuptools>=61"]', f'"setuptools>=61", "{SPEC}"]'
    )


# Each build backend's own rule for reading a version (issue 45): the note is
# given only where the build would import a rewritten module.

_ENUM_MODULE = """
from enum import Enum


class Color(Enum):
    RED = 1
"""


def _build_notes(tree: Tree, migrate: Migrate, files: dict[str, str]) -> list[str]:
    tree(files)
    result = migrate("--check", "pkg")
    return [line for line in result.out.splitlines() if "build requirement" in line]


def _pyproject(backend: str, requires: str, tail: str) -> str:
    return (
        f'[build-system]\nrequires = ["{requires}"]\nbuild-backend = "{backend}"\n\n'
        f'[project]\nname = "pkg"\ndynamic = ["version"]\ndependencies = ["typed_enum"]\n\n{tail}'
    )


_SETUPTOOLS = _pyproject(
    "setuptools.build_meta",
    "setuptools>=61",
    '[tool.setuptools.dynamic]\nversion = {attr = "pkg.__version__"}\n',
)


def test_setuptools_attr_of_a_literal_is_read_without_import(tree: Tree, migrate: Migrate) -> None:
    files = {
        "pyproject.toml": _SETUPTOOLS,
        "pkg/__init__.py": '__version__ = "3.12.1"\n' + _ENUM_MODULE,
    }
    assert _build_notes(tree, migrate, files) == []


def test_setuptools_attr_of_a_computed_value_imports_the_module(
    tree: Tree, migrate: Migrate
) -> None:
    files = {
        "pyproject.toml": _SETUPTOOLS,
        "pkg/__init__.py": '__version__ = "3.12" + ".1"\n' + _ENUM_MODULE,
    }
    assert len(_build_notes(tree, migrate, files)) == 1


def test_setup_cfg_attr_of_a_literal_in_a_src_layout_is_read_without_import(
    tree: Tree, migrate: Migrate
) -> None:
    files = {
        "setup.cfg": "[metadata]\nname = pkg\nversion = attr: pkg.about.VERSION\n\n"
        "[options]\ninstall_requires = typed_enum\n",
        "src/pkg/__init__.py": "",
        "src/pkg/about.py": 'VERSION: str = "1.0"\n' + _ENUM_MODULE,
    }
    tree(files)
    result = migrate("--check", "src/pkg")
    assert [line for line in result.out.splitlines() if "build requirement" in line] == []


_HATCH = _pyproject(
    "hatchling.build", "hatchling", '[tool.hatch.version]\npath = "pkg/__init__.py"\n'
)


def test_hatch_regex_version_source_imports_nothing(tree: Tree, migrate: Migrate) -> None:
    files = {
        "pyproject.toml": _HATCH,
        "pkg/__init__.py": '__version__ = ".".join(["1", "0"])\n' + _ENUM_MODULE,
    }
    assert _build_notes(tree, migrate, files) == []


def test_hatch_code_version_source_runs_the_file(tree: Tree, migrate: Migrate) -> None:
    files = {
        "pyproject.toml": _HATCH.replace('path = "', 'source = "code"\npath = "'),
        "pkg/__init__.py": '__version__ = "1.0"\n' + _ENUM_MODULE,
    }
    notes = _build_notes(tree, migrate, files)
    assert notes == [
        "pyproject.toml:1: note: the build imports pkg (pyproject.toml [tool.hatch.version] "
        'source = "code"), which imports rewritten module pkg: with build isolation typed_enum '
        'must be a build requirement; add it to [build-system]: requires = [..., "typed_enum @ '
        f"git+URL\"] (or run again with --add-dependency 'typed_enum @ git+URL'; {WHY})"
    ]


_FLIT = _pyproject("flit_core.buildapi", "flit_core>=3.4", "")


def test_flit_reads_a_string_version_without_import(tree: Tree, migrate: Migrate) -> None:
    files = {"pyproject.toml": _FLIT, "pkg/__init__.py": '__version__ = "2.0"\n' + _ENUM_MODULE}
    assert _build_notes(tree, migrate, files) == []


def test_flit_imports_the_module_for_a_computed_version(tree: Tree, migrate: Migrate) -> None:
    files = {
        "pyproject.toml": _FLIT,
        "pkg/__init__.py": "__version__ = str(2.0)\n" + _ENUM_MODULE,
    }
    notes = _build_notes(tree, migrate, files)
    assert len(notes) == 1
    assert "(pyproject.toml [project] dynamic version (flit_core))" in notes[0]


_PDM = _pyproject(
    "pdm.backend",
    "pdm-backend",
    '[tool.pdm.version]\nsource = "file"\npath = "pkg/__init__.py"\n',
)


def test_pdm_file_version_source_imports_nothing(tree: Tree, migrate: Migrate) -> None:
    files = {
        "pyproject.toml": _PDM,
        "pkg/__init__.py": "__version__ = str(2.0)\n" + _ENUM_MODULE,
    }
    assert _build_notes(tree, migrate, files) == []


def test_pdm_call_version_source_imports_the_getters_module(tree: Tree, migrate: Migrate) -> None:
    pyproject = _PDM.replace(
        'source = "file"\npath = "pkg/__init__.py"',
        'source = "call"\ngetter = "pkg.colors:version"',
    )
    files = {
        "pyproject.toml": pyproject,
        "pkg/__init__.py": "",
        "pkg/colors.py": 'def version() -> str:\n    return "1"\n' + _ENUM_MODULE,
    }
    notes = _build_notes(tree, migrate, files)
    assert len(notes) == 1
    assert (
        'the build imports pkg.colors (pyproject.toml [tool.pdm.version] source = "call")'
        in notes[0]
    )


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (["--add-dependency", "pkg"], "'pkg' is not a requirement of typed_enum"),
        (["pkg", "--add-dependency"], "none was given"),
        (
            ["--add-dependency=typed-enum-extra", "pkg"],
            "'typed-enum-extra' is not a requirement of typed_enum",
        ),
    ],
)
def test_add_dependency_needs_the_requirement_to_write(
    tree: Tree, migrate: Migrate, capsys: pytest.CaptureFixture[str], argv: list[str], why: str
) -> None:
    root = tree(FILES)
    with pytest.raises(SystemExit) as stopped:
        migrate(*argv)
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "python -m typed_enum.migrate: error: --add-dependency takes the requirement to write: "
        f"--add-dependency 'typed_enum @ git+URL' ({WHY}); {why}"
    )
    assert (root / "pyproject.toml").read_text() == PYPROJECT
