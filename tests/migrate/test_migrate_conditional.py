"""Bases imported conditionally (issue 39): moved when every branch binds a stdlib
enum class or a known backport of it, reported otherwise; never skipped silently."""

from __future__ import annotations

import textwrap

from migrate_helpers import Migrate, Tree, snapshot, unaccounted


def _src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


_VERSION = """
\"\"\"Colours.\"\"\"

import sys
from enum import auto

if sys.version_info >= (3, 11):
    from enum import StrEnum
else:
    from backports.strenum import StrEnum


class Color(StrEnum):
    RED = auto()
    GREEN = "green"
"""

_TRY = """
try:
    from enum import StrEnum
except ImportError:
    from strenum import StrEnum


class Shape(StrEnum):
    CIRCLE = "circle"


def is_str_enum(x: object) -> bool:
    return isinstance(x, StrEnum)
"""

_FALLBACK = """
import sys
from enum import Enum

if sys.version_info >= (3, 11):
    from enum import StrEnum
else:

    class StrEnum(str, Enum):
        pass


class Base(StrEnum):
    def shout(self) -> str:
        return self.value.upper()
"""

_SUB = """
from .fallback import Base


class Tone(Base):
    LOW = "low"
"""

_MIXED = """
try:
    from enum import IntEnum
except ImportError:
    from enum import Enum as IntEnum


class Level(IntEnum):
    LOW = 1
"""

_NESTED = """
import sys

if sys.version_info >= (3, 12):
    from enum import StrEnum
elif sys.version_info >= (3, 11):
    from enum import StrEnum
else:
    from backports.strenum import StrEnum


class Outer:
    class Inner(StrEnum):
        A = "a"
"""

_FUNCTIONAL = """
try:
    from enum import StrEnum
except ImportError:  # Python < 3.11
    from backports.strenum import StrEnum

Mode = StrEnum("Mode", "fast slow")
"""

_STRENUM_FIRST = """
try:
    from strenum import StrEnum
except ImportError:
    from enum import StrEnum
from enum import auto


class Kind(StrEnum):
    ONE = auto()
"""

# A stand-in for the strenum package (on the import path, not migrated): its
# auto() keeps the member's name, where stdlib's StrEnum lower-cases it.
_STRENUM = """
import enum


class StrEnum(str, enum.Enum):
    @staticmethod
    def _generate_next_value_(name, *_):
        return name
"""

FILES = {
    "app/__init__.py": "",
    "app/version.py": _VERSION,
    "app/tryexcept.py": _TRY,
    "app/fallback.py": _FALLBACK,
    "app/sub.py": _SUB,
    "app/mixed.py": _MIXED,
    "app/nested.py": _NESTED,
    "app/functional.py": _FUNCTIONAL,
    "app/strenum_first.py": _STRENUM_FIRST,
    "strenum.py": _STRENUM,
}


def test_a_version_conditional_import_gives_way_to_typed_enums(
    tree: Tree, migrate: Migrate
) -> None:
    # typed_enum needs 3.11+, where the condition always holds: the if/else
    # (and ``import sys``, now unused) is replaced by typed_enum's import.
    root = tree({"app/__init__.py": "", "app/version.py": _VERSION})
    result = migrate("app")
    assert result.status == 0, result.out
    assert (root / "app/version.py").read_text() == _src(
        """
        \"\"\"Colours.\"\"\"

        from enum import auto

        from typed_enum import StrEnum, ValueOrdered


        class Color(ValueOrdered, StrEnum):
            RED = auto()
            GREEN = "green"
        """
    )


def test_a_conditional_name_used_elsewhere_stays_and_the_base_is_qualified(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree({"app/__init__.py": "", "app/tryexcept.py": _TRY})
    assert migrate("app").status == 0
    assert (root / "app/tryexcept.py").read_text() == _src(
        """
        import typed_enum

        try:
            from enum import StrEnum
        except ImportError:
            from strenum import StrEnum


        class Shape(typed_enum.ValueOrdered, typed_enum.StrEnum):
            CIRCLE = "circle"


        def is_str_enum(x: object) -> bool:
            return isinstance(x, StrEnum)
        """
    )


def test_a_branch_that_binds_no_stdlib_class_or_backport_is_reported(
    tree: Tree, migrate: Migrate
) -> None:
    files = {
        k: v
        for k, v in FILES.items()
        if k.split("/")[-1] in ("__init__.py", "fallback.py", "sub.py", "mixed.py")
    }
    root = tree(files)
    before = {name: (root / name).read_text() for name in files}
    assert migrate("--check", "app").status == 1
    result = migrate("app")
    assert [line for line in result.out.splitlines() if ": left alone: " in line] == [
        "app/fallback.py:12: left alone: Base stays a stdlib enum: its base StrEnum is bound "
        "conditionally, to enum.StrEnum (line 5) or app.fallback.StrEnum (line 8), and "
        "app.fallback.StrEnum is neither a stdlib enum class nor a known backport of one "
        "(backports.strenum.StrEnum, strenum.StrEnum); bind only those in every branch and run "
        "again, or move it by hand",
        "app/mixed.py:7: left alone: Level stays a stdlib enum: its base IntEnum is bound "
        "conditionally, to enum.IntEnum (line 2) or enum.Enum (line 4): different enum classes; "
        "bind the same one in every branch and run again, or move it by hand",
        "app/sub.py:4: left alone: Tone stays a stdlib enum with Base (app/fallback.py:12), "
        "which it shares a base or metaclass with",
    ]
    assert result.status == 0
    assert (root / "app/sub.py").read_text() == before["app/sub.py"]
    assert (root / "app/mixed.py").read_text() == before["app/mixed.py"]
    assert migrate("--check", "app").status == 1


def test_auto_under_a_backport_that_computes_it_otherwise_is_reported(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {"app/__init__.py": "", "app/strenum_first.py": _STRENUM_FIRST, "strenum.py": _STRENUM}
    )
    before = (root / "app/strenum_first.py").read_text()
    result = migrate("app")
    assert [line for line in result.out.splitlines() if ": left alone: " in line] == [
        "app/strenum_first.py:9: left alone: Kind stays a stdlib enum: ONE = auto() is 'ONE' "
        "under strenum.StrEnum but 'one' under enum.StrEnum, which typed_enum's StrEnum "
        "derives from; write the value out and run again",
    ]
    assert (root / "app/strenum_first.py").read_text() == before


def test_every_enum_class_at_run_time_is_moved_or_reported(tree: Tree, migrate: Migrate) -> None:
    root = tree(FILES)
    before = snapshot(root, ("app",))
    result = migrate("app")
    assert result.status == 0, result.out
    after = snapshot(root, ("app",))
    assert after["imports"] == before["imports"]
    assert after["enums"] == before["enums"]
    classes = after["classes"]
    assert isinstance(classes, dict)
    assert sorted(k for k, typed in classes.items() if typed) == [
        "app.functional:Mode",
        "app.nested:Outer.Inner",
        "app.tryexcept:Shape",
        "app.version:Color",
    ]
    assert len(classes) == 8
    assert unaccounted(after, result.out) == []
    # The check itself: a class the report did not name is caught.
    assert unaccounted(after, result.out.replace("Tone stays", "Tone keeps")) == ["app.sub:Tone"]


def test_a_conditional_binding_re_exported_by_another_module_is_reported(
    tree: Tree, migrate: Migrate
) -> None:
    # mail-deduplicate 9.4.0: the package's __init__ binds the StrEnum shim
    # conditionally and re-exports it; its modules ``from . import StrEnum``.
    # Three of its seven enums were neither moved nor reported, --check exit 0.
    tree(
        {
            "pkg/__init__.py": """
            import sys

            if sys.version_info >= (3, 11):
                from enum import StrEnum
            else:
                from backports.strenum import StrEnum

            __all__ = ["StrEnum"]
            """,
            "pkg/action.py": """
            from . import StrEnum


            class Action(StrEnum):
                A = "a"
            """,
        }
    )
    result = migrate("--check", "pkg")
    assert result.status == 1
    assert [line for line in result.out.splitlines() if ": left alone: " in line] == [
        "pkg/action.py:4: left alone: Action stays a stdlib enum: its base pkg.StrEnum is "
        "enum.StrEnum imported through another module; import it from enum in this module "
        "and run again",
    ]


def test_a_conditional_import_of_moved_names_and_enum_meta_gives_way_whole(
    tree: Tree, migrate: Migrate
) -> None:
    # mopipe 0.2.0: the statement also binds EnumMeta, whose every use (a
    # metaclass's base) moves too; the statement used to stay, its IntEnum and
    # StrEnum unused (ruff F401) and the classes written typed_enum.IntEnum.
    root = tree(
        {
            "app/__init__.py": "",
            "app/meta.py": """
            import sys

            # A comment of the module's.

            # Python 3.11 has StrEnum (this one goes with the statement).
            if sys.version_info >= (3, 11):
                from enum import EnumMeta, IntEnum, StrEnum
            else:
                from enum import EnumMeta, IntEnum

                from strenum import StrEnum


            class Level(IntEnum):
                LOW = 1


            class ContainsMeta(EnumMeta):
                def __contains__(cls, item: object) -> bool:
                    return item in cls.__members__


            class Key(StrEnum, metaclass=ContainsMeta):
                NAME = "name"
            """,
        }
    )
    result = migrate("app")
    assert result.status == 0, result.out
    assert (root / "app/meta.py").read_text() == _src(
        """
        from typed_enum import IntEnum, StrEnum, TypedEnumType, ValueOrdered

        # A comment of the module's.


        class Level(IntEnum):
            LOW = 1


        class ContainsMeta(TypedEnumType):
            def __contains__(cls, item: object) -> bool:
                return item in cls.__members__


        class Key(ValueOrdered, StrEnum, metaclass=ContainsMeta):
            NAME = "name"
        """
    )


_PARTIAL = """
\"\"\"Experiments.\"\"\"

import sys
import typing as t

if sys.version_info >= (3, 11):
    from enum import StrEnum, auto
else:
    from enum import auto

    from strenum import StrEnum

from app.util import helper


class Kind(StrEnum):
    ONE = "one"
    TWO = auto()


def first() -> t.Any:
    return helper(Kind.ONE)
"""


def test_a_conditional_import_that_binds_other_names_too_loses_only_the_moved_ones(
    tree: Tree, migrate: Migrate
) -> None:
    # mopipe 0.2.0 again: the statement also binds auto, which stays. StrEnum
    # leaves every branch; the branches are then the same, so the statement
    # gives way to its one import, sorted into the import block (and
    # ``import sys``, now unused, goes).
    root = tree(
        {
            # a project root: app is first party (isort's section of its own)
            "pyproject.toml": '[project]\nname = "app"\nversion = "1"\n',
            "app/__init__.py": "",
            "app/util.py": "def helper(x):\n    return x\n",
            "app/x.py": _PARTIAL,
        }
    )
    result = migrate("app")
    assert result.status == 0, result.out
    assert (root / "app/x.py").read_text() == _src(
        """
        \"\"\"Experiments.\"\"\"

        import typing as t
        from enum import auto

        from typed_enum import StrEnum, ValueOrdered

        from app.util import helper


        class Kind(ValueOrdered, StrEnum):
            ONE = "one"
            TWO = auto()


        def first() -> t.Any:
            return helper(Kind.ONE)
        """
    )


def test_branches_that_still_differ_stay_without_the_moved_name(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "app/__init__.py": "",
            "app/x.py": """
            try:
                from enum import StrEnum
                from tomllib import loads
            except ImportError:
                from strenum import StrEnum
                from tomli import loads


            class Kind(StrEnum):
                ONE = "one"


            def read(text: str) -> object:
                return loads(text)
            """,
        }
    )
    result = migrate("app")
    assert result.status == 0, result.out
    assert (root / "app/x.py").read_text() == _src(
        """
        from typed_enum import StrEnum, ValueOrdered

        try:
            from tomllib import loads
        except ImportError:
            from tomli import loads


        class Kind(ValueOrdered, StrEnum):
            ONE = "one"


        def read(text: str) -> object:
            return loads(text)
        """
    )


def test_an_import_the_statement_gives_way_to_joins_one_of_the_same_module(
    tree: Tree, migrate: Migrate
) -> None:
    # isort writes one ``from enum import`` line (ruff I001 otherwise).
    root = tree(
        {
            "app/__init__.py": "",
            "app/x.py": """
            import sys
            from enum import Flag

            if sys.version_info >= (3, 11):
                from enum import StrEnum, auto
            else:
                from enum import auto

                from strenum import StrEnum


            class Kind(StrEnum):
                ONE = auto()


            def is_flag(x: object) -> bool:
                return isinstance(x, Flag)
            """,
        }
    )
    assert migrate("app").status == 0
    assert (
        (root / "app/x.py")
        .read_text()
        .startswith(
            "from enum import Flag, auto\n\nfrom typed_enum import StrEnum, ValueOrdered\n\n\nclass Kind"
        )
    )
