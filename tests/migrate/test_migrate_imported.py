"""The default run imports the tree: each enum's members and aliases come from the class.

Values the source does not show (calls, attributes, what a custom ``__new__``
stores) no longer leave an enum behind; a module that cannot be imported is
read from the source as with ``--no-import``, and the report says so.
"""

from __future__ import annotations

from migrate_helpers import Migrate, Tree


def test_computed_values_move_and_their_repeats_become_aliases(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "pkg/__init__.py": "",
            "pkg/base.py": """
            import enum


            class Base(enum.IntEnum):
                pass
            """,
            "pkg/limits.py": """
            import sys

            from .base import Base


            class Limit(Base):
                small = int(2e1)
                large = sys.maxsize
                twenty = 4 * 5
                huge = large
            """,
        }
    )
    result = migrate("pkg")
    assert result.status == 0, result.out
    assert result.out.splitlines()[0] == (
        "pkg/limits.py:9: alias: Limit.twenty = alias(small): its value 20 repeats small's, "
        "though its source 4 * 5 differs from small's int(2e1): alias() drops it (kept as a "
        "comment where the line length allows)"
    )
    limits = (root / "pkg/limits.py").read_text()
    assert "    twenty = alias(small)  # was 4 * 5\n" in limits
    # A bare member name is an alias in typed_enum as written.
    assert "    huge = large\n" in limits
    assert "class Base(typed_enum.IntEnum):" in (root / "pkg/base.py").read_text()
    assert migrate("--check", "pkg").status == 0


def test_a_custom_new_moves_with_the_aliases_it_makes(tree: Tree, migrate: Migrate) -> None:
    root = tree(
        {
            "planets.py": """
            import enum


            class Planet(enum.Enum):
                earth = (5.97e24, 6.37e6)
                terra = (5.97e24, 1.0)

                def __new__(cls, mass: float, radius: float) -> "Planet":
                    member = object.__new__(cls)
                    member._value_ = mass
                    return member
            """
        }
    )
    result = migrate("planets.py")
    assert result.status == 0, result.out
    assert result.out.splitlines()[0] == (
        "planets.py:6: alias: Planet.terra = alias(earth): its value 5.97e+24 repeats earth's, "
        "though its source (5.97e24, 1.0) differs from earth's (5.97e24, 6.37e6): alias() drops "
        "it (kept as a comment where the line length allows)"
    )
    text = (root / "planets.py").read_text()
    assert "class Planet(typed_enum.Enum):" in text
    # The radius the custom __new__ ignored stays visible to a reviewer.
    assert "    terra = alias(earth)  # was (5.97e24, 1.0)\n" in text


def test_a_module_that_cannot_be_imported_is_read_from_the_source(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "broken.py": """
            import enum

            import not_installed_anywhere


            class Color(enum.Enum):
                red = 1
                crimson = 1
            """
        }
    )
    result = migrate("broken.py")
    assert result.status == 0, result.out
    assert result.out.splitlines()[:2] == [
        "broken.py:1: note: not imported (ModuleNotFoundError: No module named "
        "'not_installed_anywhere'); its enums' values were read from the source",
        "broken.py:8: alias: Color.crimson = alias(red): its value 1 repeats red's",
    ]
    assert "    crimson = alias(red)\n" in (root / "broken.py").read_text()
