"""The report on the project's dependencies, and --add-dependency (issue 39, point 4)."""

from __future__ import annotations

from migrate_helpers import Migrate, Tree

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
        'requires = [..., "typed_enum"] (or run again with --add-dependency)',
        "pyproject.toml:1: note: typed_enum is not declared in the project's dependencies, and "
        'the migrated modules import it; add "typed_enum" to pyproject.toml ([project] '
        'dependencies: dependencies = [..., "typed_enum"]) or run again with --add-dependency',
    ]


def test_add_dependency_adds_it_keeping_the_formatting(tree: Tree, migrate: Migrate) -> None:
    root = tree(FILES)
    result = migrate("--add-dependency", "pkg")
    assert result.status == 0, result.out
    assert "pyproject.toml:1: note: added typed_enum to [project] dependencies and " in result.out
    assert (root / "pyproject.toml").read_text() == PYPROJECT.replace(
        '"setuptools>=61"]', '"setuptools>=61", "typed_enum"]'
    ).replace('"attrs",  # kept as written\n', '"attrs",  # kept as written\n    "typed_enum",\n')
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
    again = migrate("--add-dependency", "pkg")
    assert again.status == 0, again.out
    assert "pyproject.toml:1: note: added typed_enum to [project] dependencies and " in again.out
    assert '"setuptools>=61", "typed_enum"]' in (root / "pyproject.toml").read_text()
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
    result = migrate("--add-dependency", "pkg")
    assert (
        "pyproject.toml:1: error: --add-dependency: pyproject.toml lists dependencies in "
        "[project] dynamic (setup.py or setup.cfg gives them): add typed_enum there by hand; "
        "added it to [build-system] requires"
    ) in result.out
    # counted as what it is, not as a file that could not be read
    assert result.out.rstrip().endswith(
        "files that could not be read or parsed: 0; other errors: 1"
    ), result.out
    assert result.status == 1
    assert (root / "pyproject.toml").read_text() == dynamic.replace(
        '"setuptools>=61"]', '"setuptools>=61", "typed_enum"]'
    )
