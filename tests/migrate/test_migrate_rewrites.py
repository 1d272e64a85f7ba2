"""Each rewrite of ``typed-enum migrate``, on small trees, with the exact result."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from migrate_helpers import Migrate, Tree

from typed_enum.migrate.report import next_step


def _src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def test_a_name_used_only_as_a_base_is_imported_from_typed_enum(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "m.py": """
            from enum import Enum, auto  # colours


            class Color(Enum):
                red = auto()
                green = auto()
            """
        }
    )
    result = migrate("m.py")
    assert result.status == 0
    assert (root / "m.py").read_text() == _src(
        """
        from enum import auto  # colours

        from typed_enum import Enum


        class Color(Enum):
            red = auto()
            green = auto()
        """
    )
    assert result.out.splitlines()[-5] == (
        "1 of 1 files rewritten; implicit aliases declared with alias(): 0; left alone: 0; "
        "files that could not be read or parsed: 0"
    )
    assert result.out.splitlines()[-4] == "Next step: enable typed_enum's mypy plugin and run mypy."


def test_uses_that_accept_any_enum_keep_the_stdlib_name(tree: Tree, migrate: Migrate) -> None:
    # isinstance/issubclass, annotations and registrations must keep accepting a
    # caller's stdlib enum: only the class base moves.
    root = tree(
        {
            "m.py": """
            import functools
            from enum import Enum


            class Color(Enum):
                red = 1


            def name(x: Enum) -> str:
                if isinstance(x, Enum) or issubclass(type(x), Enum):
                    return x.name
                return ""


            @functools.singledispatch
            def dump(x: object) -> object:
                return x


            dump.register(Enum, lambda x: x.value)
            """
        }
    )
    assert migrate("m.py").status == 0
    assert (root / "m.py").read_text() == _src(
        """
        import functools
        from enum import Enum

        import typed_enum


        class Color(typed_enum.Enum):
            red = 1


        def name(x: Enum) -> str:
            if isinstance(x, Enum) or issubclass(type(x), Enum):
                return x.name
            return ""


        @functools.singledispatch
        def dump(x: object) -> object:
            return x


        dump.register(Enum, lambda x: x.value)
        """
    )


def test_a_name_also_written_in_a_string_keeps_the_stdlib_import(
    tree: Tree, migrate: Migrate
) -> None:
    # ``__all__`` re-exports it: other modules may use it for any enum.
    root = tree(
        {
            "m.py": """
            from enum import IntEnum

            __all__ = ["IntEnum", "Level"]


            class Level(IntEnum):
                low = 1
            """
        }
    )
    assert migrate("m.py").status == 0
    assert "class Level(typed_enum.IntEnum):" in (root / "m.py").read_text()
    assert "from enum import IntEnum\n" in (root / "m.py").read_text()


def test_module_import_moves_when_every_use_moves_and_stays_otherwise(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "only_bases.py": """
            import enum


            class Color(enum.Enum):
                red = 1


            Shape = enum.IntEnum("Shape", "circle square")
            """,
            "checks.py": """
            import enum


            class Color(enum.StrEnum):
                red = "red"


            def is_enum(x: object) -> bool:
                return isinstance(x, enum.Enum)
            """,
        }
    )
    assert migrate(".").status == 0
    assert (root / "only_bases.py").read_text() == _src(
        """
        import typed_enum


        class Color(typed_enum.Enum):
            red = 1


        Shape = typed_enum.IntEnum("Shape", "circle square")
        """
    )
    assert (root / "checks.py").read_text() == _src(
        """
        import enum

        import typed_enum


        class Color(typed_enum.ValueOrdered, typed_enum.StrEnum):
            red = "red"


        def is_enum(x: object) -> bool:
            return isinstance(x, enum.Enum)
        """
    )


def test_every_implicit_alias_becomes_alias_and_is_listed(tree: Tree, migrate: Migrate) -> None:
    root = tree(
        {
            "m.py": """
            from enum import Flag, IntEnum, auto

            DEFAULT_RETRIES = 3


            class Limits(IntEnum):
                retries = DEFAULT_RETRIES
                depth = 10
                max_retries = 3  # same number, another limit?
                max_depth: int = 10
                timeout = 30
                also_depth = depth  # already a declared alias: left as it is


            class Perm(Flag):
                R = auto()
                W = auto()
                RW = R | W
                WR = W | R


            class Level(IntEnum):
                low = high = 1
            """
        }
    )
    result = migrate("m.py")
    assert result.status == 0
    assert (root / "m.py").read_text() == _src(
        """
        from enum import auto

        from typed_enum import Flag, IntEnum, alias

        DEFAULT_RETRIES = 3


        class Limits(IntEnum):
            retries = DEFAULT_RETRIES
            depth = 10
            # was 3
            max_retries = alias(retries)  # same number, another limit?
            max_depth: int = alias(depth)
            timeout = 30
            also_depth = depth  # already a declared alias: left as it is


        class Perm(Flag):
            R = auto()
            W = auto()
            RW = R | W
            WR = alias(RW)  # was W | R


        class Level(IntEnum):
            low = 1
            high = alias(low)
        """
    )
    assert result.out == (
        "m.py:9: alias: Limits.max_retries = alias(retries): its value 3 repeats retries's, "
        "though its source 3 differs from retries's DEFAULT_RETRIES: alias() drops it (kept as "
        "a comment where the line length allows)\n"
        "m.py:10: alias: Limits.max_depth = alias(depth): its value 10 repeats depth's\n"
        "m.py:19: alias: Perm.WR = alias(RW): its value 3 repeats RW's, though its source W | R "
        "differs from RW's R | W: alias() drops it (kept as a comment where the line length "
        "allows)\n"
        "m.py:23: alias: Level.high = alias(low): its value 1 repeats low's\n"
        "Each implicit alias above (a member whose value repeats an earlier member's, which "
        "stdlib silently makes the same member) is now declared with alias(), so behaviour is "
        "unchanged. Review them: where two names are separate constants that happen to be "
        "equal, not one member, give each a value of its own or use typed_enum.Constants for "
        "the group.\n"
        "1 of 1 files rewritten; implicit aliases declared with alias(): 4; left alone: 0; "
        "files that could not be read or parsed: 0\n" + next_step(["m.py"]) + "\n"
    )


def test_alias_is_qualified_when_the_module_has_its_own_alias(tree: Tree, migrate: Migrate) -> None:
    root = tree(
        {
            "m.py": """
            from enum import Enum


            def alias(x: str) -> str:
                return x


            class Color(Enum):
                red = 1
                crimson = 1
            """
        }
    )
    assert migrate("m.py").status == 0
    text = (root / "m.py").read_text()
    assert "    crimson = typed_enum.alias(red)\n" in text
    assert "import typed_enum\n" in text


def test_enum_metaclass_subclasses_move_to_typed_enum_type(tree: Tree, migrate: Migrate) -> None:
    root = tree(
        {
            "m.py": """
            from enum import Enum, EnumMeta


            class HealthCheckMeta(EnumMeta):
                def __iter__(cls):
                    return iter(m for m in super().__iter__() if m.name != "old")


            class HealthCheck(Enum, metaclass=HealthCheckMeta):
                slow = 1
                old = 2
            """
        }
    )
    assert migrate("m.py").status == 0
    assert (root / "m.py").read_text() == _src(
        """
        from typed_enum import Enum, TypedEnumType


        class HealthCheckMeta(TypedEnumType):
            def __iter__(cls):
                return iter(m for m in super().__iter__() if m.name != "old")


        class HealthCheck(Enum, metaclass=HealthCheckMeta):
            slow = 1
            old = 2
        """
    )


def test_a_subclass_in_another_module_gets_its_aliases(tree: Tree, migrate: Migrate) -> None:
    root = tree(
        {
            "pkg/__init__.py": "",
            "pkg/base.py": """
            import enum


            class Described(enum.Enum):
                def describe(self) -> str:
                    return self.name.title()
            """,
            "pkg/status.py": """
            from .base import Described


            class Status(Described):
                active = "A"
                enabled = "A"
            """,
        }
    )
    result = migrate("pkg")
    assert result.status == 0
    assert "class Described(typed_enum.Enum):" in (root / "pkg/base.py").read_text()
    assert (root / "pkg/status.py").read_text() == _src(
        """
        from typed_enum import alias

        from .base import Described


        class Status(Described):
            active = "A"
            enabled = alias(active)
        """
    )
    assert "pkg/status.py:6: alias: Status.enabled = alias(active)" in result.out


def test_functional_api_calls_move_when_their_members_are_known(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "m.py": """
            from enum import Enum, StrEnum

            Color = Enum("Color", [("red", 1), ("green", 2)])
            Pairs = Enum("Pairs", [("a", 1), ("b", 1)])
            Words = StrEnum("Words", "A a")
            """
        }
    )
    result = migrate("m.py")
    assert result.status == 0
    assert (root / "m.py").read_text() == _src(
        """
        from enum import Enum, StrEnum

        import typed_enum

        Color = typed_enum.Enum("Color", [("red", 1), ("green", 2)])
        Pairs = Enum("Pairs", [("a", 1), ("b", 1)])
        Words = StrEnum("Words", "A a")
        """
    )
    assert result.out.splitlines()[:2] == [
        "m.py:4: left alone: functional-API call left on stdlib enum: 'b' repeats the value of "
        "'a' (1), an implicit alias; write ('b', alias('a')) if it is meant, else give it a "
        "value of its own, and move the call by hand",
        "m.py:5: left alone: functional-API call left on stdlib enum: 'a' repeats the value of "
        "'A' ('a'), an implicit alias; write ('a', alias('A')) if it is meant, else give it a "
        "value of its own, and move the call by hand",
    ]


def test_names_that_are_not_references_do_not_keep_the_stdlib_import(
    tree: Tree, migrate: Migrate
) -> None:
    # ``settings.Enum`` is an attribute, ``Enum=`` a keyword, ``Enum`` a parameter:
    # none of them is the imported class.
    root = tree(
        {
            "m.py": """
            from enum import Enum


            class Color(Enum):
                \"\"\"A docstring may name Enum: it is prose.\"\"\"

                red = 1


            def f(settings: object, Enum: int = 0) -> object:
                return dict(Enum=1), getattr(settings, "x"), settings.Enum  # type: ignore[attr-defined]
            """
        }
    )
    assert migrate("m.py").status == 0
    assert (root / "m.py").read_text().startswith("from typed_enum import Enum\n")


def test_an_enum_defined_in_a_function_gets_its_aliases(tree: Tree, migrate: Migrate) -> None:
    root = tree(
        {
            "m.py": """
            from enum import Enum


            def make() -> type:
                class Base(Enum):
                    pass

                class Local(Base):
                    a = 1
                    b = 1

                return Local
            """
        }
    )
    result = migrate("m.py")
    assert result.status == 0
    text = (root / "m.py").read_text()
    assert "        b = alias(a)\n" in text
    assert "m.py:10: alias: make.<locals>.Local.b = alias(a): its value 1 repeats a's" in (
        result.out
    )


def test_a_star_imported_module_keeps_its_stdlib_names(tree: Tree, migrate: Migrate) -> None:
    root = tree(
        {
            "pkg/__init__.py": "from .a import *\nfrom .b import *\n",
            "pkg/a.py": """
            from enum import IntEnum


            class Level(IntEnum):
                low = 1
            """,
            "pkg/b.py": """
            from enum import IntEnum


            def is_level(x: object) -> bool:
                return isinstance(x, IntEnum)
            """,
        }
    )
    assert migrate("pkg").status == 0
    # Kept only to be re-exported: the redundant alias tells ruff/flake8 so
    # (no "imported but unused").
    assert (root / "pkg/a.py").read_text() == (
        "from enum import IntEnum as IntEnum\n\nimport typed_enum\n\n\n"
        "class Level(typed_enum.IntEnum):\n    low = 1\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--strict", "pkg"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert "Incompatible import" not in done.stdout
    assert done.returncode == 0, done.stdout
