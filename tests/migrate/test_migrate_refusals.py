"""What ``typed-enum migrate`` leaves alone, and how it says so (file:line)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from migrate_helpers import Migrate, Tree


def test_without_import_a_computed_value_leaves_the_class_and_its_group_alone(
    tree: Tree, migrate: Migrate
) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/base.py": """
        import enum


        class Base(enum.Enum):
            pass
        """,
        "pkg/env.py": """
        import os

        from .base import Base


        class Env(Base):
            home = os.environ.get("HOME")
            other = "x"
        """,
    }
    root = tree(files)
    before = {name: (root / name).read_text() for name in files}
    result = migrate("--no-import", "pkg")
    assert result.status == 0
    assert {name: (root / name).read_text() for name in files} == before
    assert result.out.splitlines()[:2] == [
        "pkg/base.py:4: left alone: Base stays a stdlib enum with Env (pkg/env.py:6), which it "
        "shares a base or metaclass with",
        "pkg/env.py:7: left alone: Env stays a stdlib enum: cannot evaluate the value of home "
        '(os.environ.get("HOME"): Call expressions are not evaluated), so cannot tell whether '
        "it repeats another member's; move it by hand and declare any such member with alias()",
    ]


def test_without_import_star_import_dynamic_base_new_and_repr_enum_are_left_alone(
    tree: Tree, migrate: Migrate
) -> None:
    files = {
        "star.py": """
        from enum import *


        class Color(Enum):
            red = 1
        """,
        "dynamic.py": """
        import enum

        BASES = (enum.Enum,)


        class Color(*BASES):
            red = 1


        class Shape(enum.Enum if True else object):
            circle = 1
        """,
        "new.py": """
        import enum


        class Planet(enum.Enum):
            earth = (5.97e24, 6.37e6)

            def __new__(cls, mass: float, radius: float) -> "Planet":
                member = object.__new__(cls)
                member._value_ = mass
                return member
        """,
        "repr_enum.py": """
        import enum


        class Loud(enum.ReprEnum):
            a = 1
        """,
    }
    root = tree(files)
    before = {name: (root / name).read_text() for name in files}
    result = migrate("--no-import", ".")
    assert result.status == 0
    assert {name: (root / name).read_text() for name in files} == before
    assert result.out.splitlines() == [
        "dynamic.py:6: left alone: class Color: dynamic base '*BASES' left alone; if it is a "
        "stdlib enum class, write typed_enum's counterpart in the class statement by hand",
        "dynamic.py:10: left alone: class Shape: dynamic base 'enum.Enum if True else object' "
        "left alone; if it is a stdlib enum class, write typed_enum's counterpart in the class "
        "statement by hand",
        "new.py:4: left alone: Planet stays a stdlib enum: it defines __new__, so this run "
        "cannot tell the members' values; move it by hand and declare any member whose value "
        "repeats another's with alias()",
        "repr_enum.py:4: left alone: Loud stays a stdlib enum: it derives from enum.ReprEnum, "
        "which typed_enum has no counterpart of",
        "star.py:1: left alone: from enum import * left alone: the names it binds cannot be told "
        "apart from the module's own; import the enum classes by name and run again",
        # the class the star import binds its base is named too, not only the import
        "star.py:4: left alone: Color stays a stdlib enum: its base Enum is enum.Enum, bound by "
        "from enum import *; import Enum from enum by name in this module and run again",
        "0 of 4 files rewritten; implicit aliases declared with alias(): 0; left alone: 6; "
        "files that could not be read or parsed: 0",
    ]


def test_a_functional_call_it_cannot_evaluate_is_left_alone(tree: Tree, migrate: Migrate) -> None:
    root = tree(
        {
            "m.py": """
            from enum import Enum

            NAMES = load_names()
            Dynamic = Enum("Dynamic", NAMES)
            """
        }
    )
    result = migrate("m.py")
    assert (root / "m.py").read_text().startswith("from enum import Enum\n")
    assert result.out.splitlines()[0] == (
        "m.py:4: left alone: functional-API call left on stdlib enum: cannot evaluate its "
        "members ('NAMES' is not a literal this run can see)"
    )


def test_unpacking_in_a_class_body_is_left_alone(tree: Tree, migrate: Migrate) -> None:
    root = tree(
        {
            "m.py": """
            from enum import Enum


            class Pair(Enum):
                a, b = 1, 2
            """
        }
    )
    result = migrate("m.py")
    assert "class Pair(Enum):" in (root / "m.py").read_text()
    assert result.out.splitlines()[0] == (
        "m.py:5: left alone: Pair stays a stdlib enum: cannot tell the members of a, b = 1, 2"
    )


def test_a_stdlib_class_imported_through_another_module_is_left_alone(
    tree: Tree, migrate: Migrate
) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/compat.py": """
        from enum import Enum, EnumMeta

        __all__ = ["Enum", "EnumMeta"]
        """,
        "pkg/m.py": """
        from .compat import Enum, EnumMeta


        class Meta(EnumMeta):
            pass


        class Color(Enum, metaclass=Meta):
            red = 1
        """,
    }
    root = tree(files)
    before = {name: (root / name).read_text() for name in files}
    result = migrate("pkg")
    assert {name: (root / name).read_text() for name in files} == before
    assert result.out.splitlines()[:2] == [
        "pkg/m.py:4: left alone: Meta stays a stdlib enum metaclass: its base "
        "pkg.compat.EnumMeta is enum.EnumMeta imported through another module; import it from "
        "enum in this module and run again",
        "pkg/m.py:8: left alone: Color stays a stdlib enum: its base pkg.compat.Enum is "
        "enum.Enum imported through another module; import it from enum in this module and run "
        "again",
    ]


def test_an_alias_of_a_stdlib_enum_class_is_reported(tree: Tree, migrate: Migrate) -> None:
    root = tree(
        {
            "codes.py": """
            import enum

            Base = enum.IntEnum


            class Code(Base):
                ok = 0
            """
        }
    )
    before = (root / "codes.py").read_text()
    result = migrate("codes.py")
    assert result.status == 0
    assert (root / "codes.py").read_text() == before
    assert result.out.splitlines()[0] == (
        "codes.py:3: left alone: Base = enum.IntEnum left alone: an alias of a stdlib enum "
        "class, so the classes derived through it stay stdlib enums; derive them from "
        "typed_enum's class by name (or bind the alias to it) by hand"
    )
    assert migrate("--check", "codes.py").status == 1


def test_a_value_over_several_lines_is_reported_on_one_line(tree: Tree, migrate: Migrate) -> None:
    tree(
        {
            "m.py": """
            import enum


            class Color(enum.Enum):
                red = compute(
                    1,
                    2,
                )
            """
        }
    )
    result = migrate("--no-import", "m.py")
    first = result.out.splitlines()[0]
    assert first.startswith("m.py:5: left alone: Color stays a stdlib enum: cannot evaluate the ")
    assert "(compute( 1, 2, ):" in first


def _report(root: Path, seed: str) -> str:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "typed_enum.migrate",
            "--no-progress",
            "--check",
            "--no-import",
            ".",
        ],
        cwd=root,
        env={**os.environ, "PYTHONHASHSEED": seed},
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout


def test_the_report_is_the_same_whatever_the_hash_seed(tree: Tree) -> None:
    files = {"base.py": "import enum\n\n\nclass Base(enum.Enum):\n    pass\n"}
    for i in range(8):
        files[f"m{i}.py"] = (
            f"import os\n\nfrom base import Base\n\n\nclass E{i}(Base):\n"
            f'    a = os.environ.get("X{i}")\n'
        )
    root = tree(files)
    reports = {_report(root, seed) for seed in ("1", "2", "3")}
    assert len(reports) == 1
    (report,) = reports
    assert "base.py:4: left alone: Base stays a stdlib enum with E0 (m0.py:6)" in report
