"""Code that tells stdlib's enum classes apart by identity keeps working (issue 53).

A protobuf wrapper's metaclass recognises its own base with ``if bases[0] ==
enum.IntEnum:``; once that base derives from ``typed_enum.IntEnum`` the test
is false and the package no longer imports.  Each tree below is migrated, and
the same probe runs on the tree before and after: what it prints must not
change.  A metaclass whose enums repeat values stays stdlib's (``TypedEnumType``
would refuse its users' aliases), and the report says so.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from migrate_helpers import Migrate, Tree, summary


def _probe(root: Path, code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _before_after(root: Path, migrate: Migrate, code: str, *paths: str) -> tuple[str, str, str]:
    """(probe output before, after, the report)."""
    orig = root.parent / f"{root.name}-orig"
    shutil.copytree(root, orig)
    before = _probe(orig, code)
    result = migrate("--no-progress", *paths)
    assert result.status == 0, result.out
    return before, _probe(root, code), result.out


_WRAPPER = """
import enum


class Meta(enum.EnumMeta):
    def __new__(mcls, name, bases, attrs):
        # Its own base is built as is; every user's enum gets registered.
        if bases[0] == enum.IntEnum:
            return super().__new__(mcls, name, bases, attrs)
        cls = super().__new__(mcls, name, bases, attrs)
        cls._registered = REGISTRY.setdefault(name, len(REGISTRY))
        return cls


class Enum(enum.IntEnum, metaclass=Meta):
    pass


REGISTRY = {}
"""


def test_a_metaclass_recognising_its_base_by_equality_still_imports(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "wrap/__init__.py": "from .enums import Enum\n",
            "wrap/enums.py": _WRAPPER,
            "wrap/shapes.py": """
            import wrap


            class Shape(wrap.Enum):
                circle = 1
                square = 2
            """,
        }
    )
    code = """
    import wrap.shapes as s
    print(type(s.Shape).__name__, s.Shape._registered, list(s.Shape), s.Shape(2))
    """
    before, after, report = _before_after(root, migrate, code, "wrap")
    assert after == before == "Meta 0 [<Shape.circle: 1>, <Shape.square: 2>] 2\n"
    text = (root / "wrap/enums.py").read_text()
    assert "        if bases[0] in (enum.IntEnum, typed_enum.IntEnum):\n" in text
    assert "class Enum(typed_enum.IntEnum, metaclass=Meta):" in text
    assert (
        "wrap/enums.py:7: identity: bases[0] == enum.IntEnum became bases[0] in "
        "(enum.IntEnum, typed_enum.IntEnum): a class the migration moved is built on "
        "typed_enum.IntEnum now, not enum.IntEnum, and the check tells them apart by "
        "identity; it accepts both, as before the migration"
    ) in report.splitlines()
    # Run again on the migrated tree: nothing is left to do, nothing rewritten twice.
    again = migrate("--check", "--no-progress", "wrap")
    assert again.status == 0, again.out
    assert ": identity: " not in again.out


def test_each_form_of_identity_check_behaves_as_before(tree: Tree, migrate: Migrate) -> None:
    root = tree(
        {
            "pkg/__init__.py": "",
            "pkg/kinds.py": """
            import enum
            from enum import EnumMeta, Flag


            NAMES = {enum.IntEnum: "int", enum.Enum: "plain"}
            BY_KEY = {}
            BY_KEY[enum.Flag] = "flag"


            def kind(cls):
                found = []
                add = found.append
                add(type(cls) is EnumMeta)
                add(type(cls) is not enum.EnumType)
                add(enum.Flag != cls.__bases__[0])
                add(cls.__bases__[0] in (enum.IntEnum, Flag))
                add(cls.__bases__[0] not in [enum.Enum])
                add(enum.Enum in cls.__bases__)
                add(enum.IntEnum not in cls.__bases__)
                add(enum.Enum in cls.__mro__)
                add(NAMES.get(cls.__bases__[0]))
                add(BY_KEY.get(cls.__bases__[0]))
                match cls.__bases__[0]:
                    case enum.IntEnum:
                        add("int")
                return found
            """,
            "pkg/models.py": """
            import enum


            class Color(enum.Enum):
                red = 1


            class Level(enum.IntEnum):
                low = 1


            class Perm(enum.Flag):
                r = 1
            """,
        }
    )
    code = """
    from pkg.kinds import kind
    from pkg.models import Color, Level, Perm
    for cls in (Color, Level, Perm):
        print(cls.__name__, kind(cls))
    """
    before, after, report = _before_after(root, migrate, code, "pkg")
    assert after == before
    assert before.splitlines()[0] == (
        "Color [True, False, True, False, False, True, True, True, 'plain', None]"
    )
    kinds = (root / "pkg/kinds.py").read_text()
    for written in (
        # one key a line: on one line it would pass the line length (88)
        'NAMES = {\n    enum.IntEnum: "int",\n    typed_enum.IntEnum: "int",\n    enum.Enum: '
        '"plain",\n    typed_enum.Enum: "plain",\n}',
        "type(cls) in (EnumMeta, typed_enum.TypedEnumType)",
        "type(cls) not in (enum.EnumType, typed_enum.TypedEnumType)",
        "cls.__bases__[0] not in (enum.Flag, typed_enum.Flag)",
        "cls.__bases__[0] in (enum.IntEnum, typed_enum.IntEnum, Flag, typed_enum.Flag)",
        "cls.__bases__[0] not in [enum.Enum, typed_enum.Enum]",
        "not {enum.Enum, typed_enum.Enum}.isdisjoint(cls.__bases__)",
        "{enum.IntEnum, typed_enum.IntEnum}.isdisjoint(cls.__bases__)",
        # still true: typed_enum's classes derive from stdlib's
        "enum.Enum in cls.__mro__",
        "case enum.IntEnum | typed_enum.IntEnum:",
        'BY_KEY[enum.Flag] = BY_KEY[typed_enum.Flag] = "flag"',
    ):
        assert written in kinds, written
    assert sum(": identity: " in line for line in report.splitlines()) == 10
    assert before.splitlines()[1].endswith("'int', None, 'int']")
    assert before.splitlines()[2].endswith("None, 'flag']")


def test_nothing_moved_off_a_class_leaves_its_comparisons_alone(
    tree: Tree, migrate: Migrate
) -> None:
    source = """
    import enum


    class Color(enum.Enum):
        red = 1


    def plain(cls):
        return cls.__bases__[0] is enum.IntEnum
    """
    root = tree({"pkg/__init__.py": "", "pkg/m.py": source})
    result = migrate("--no-progress", "pkg")
    assert result.status == 0
    assert "return cls.__bases__[0] is enum.IntEnum\n" in (root / "pkg/m.py").read_text()
    assert ": identity: " not in result.out


def test_a_test_pinning_stdlib_classes_is_reported_as_changed_not_rewritten(
    tree: Tree, migrate: Migrate
) -> None:
    test = """
    import enum
    import unittest

    from pkg.models import Color


    def test_pins():
        assert type(Color) is enum.EnumMeta
        assert Color.__mro__ == (Color, enum.Enum, object)
        assert enum.Enum in Color.__mro__


    class T(unittest.TestCase):
        def test_is(self):
            self.assertIs(type(Color), enum.EnumMeta)

        def test_bases(self):
            self.assertTrue(Color.__bases__[0] == enum.Enum)
    """
    root = tree(
        {
            "pkg/__init__.py": "",
            "pkg/models.py": "import enum\n\n\nclass Color(enum.Enum):\n    red = 1\n",
            "tests/test_models.py": test,
        }
    )
    result = migrate("--no-progress", "pkg", "tests")
    assert result.status == 0, result.out
    assert (root / "tests/test_models.py").read_text() == textwrap.dedent(test).lstrip("\n")
    changed = [line for line in result.out.splitlines() if ": changed: " in line]
    assert [line.split(" pins ")[0] for line in changed] == [
        "tests/test_models.py:8: changed: type(Color) is enum.EnumMeta",
        "tests/test_models.py:9: changed: Color.__mro__ == (Color, enum.Enum, object)",
        "tests/test_models.py:15: changed: self.assertIs(type(Color), enum.EnumMeta)",
        "tests/test_models.py:18: changed: Color.__bases__[0] == enum.Enum",
    ]
    assert "no source change keeps it" in result.out
    # ... and they do fail: the report named each one.
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
         "-p", "no:xdist", "tests"],
        cwd=root, env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    assert "3 failed" in done.stdout, done.stdout


def test_a_comparison_it_cannot_rewrite_is_left_alone_and_named(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "pkg/__init__.py": "",
            "pkg/m.py": """
            import enum


            class Color(enum.Enum):
                red = 1


            def check(cls, other):
                return cls.__bases__ == (enum.Enum,) or other == cls.__bases__[0] == enum.Enum
            """,
        }
    )
    result = migrate("--no-progress", "pkg")
    lines = [line for line in result.out.splitlines() if ": left alone: " in line]
    assert [line.split(" compares ")[0] for line in lines] == [
        "pkg/m.py:9: left alone: cls.__bases__ == (enum.Enum,) (a comparison of tuples)",
        "pkg/m.py:9: left alone: other == cls.__bases__[0] == enum.Enum (a chained comparison)",
    ]
    assert "left alone: 2;" in summary(result.out)
    assert (
        "return cls.__bases__ == (enum.Enum,) or other == cls.__bases__[0] == enum.Enum\n"
        in (root / "pkg/m.py").read_text()
    )


def test_a_metaclass_whose_enums_repeat_values_stays_stdlib(tree: Tree, migrate: Migrate) -> None:
    files = {
        "wrap/__init__.py": "from .enums import Enum\n",
        "wrap/enums.py": _WRAPPER,
        "wrap/codes.py": """
        import wrap


        class Code(wrap.Enum):
            UNKNOWN = 0
            DEFAULT = 0
        """,
    }
    root = tree(files)
    result = migrate("--no-progress", "wrap")
    assert result.status == 0
    assert {name: (root / name).read_text() for name in files} == {
        name: textwrap.dedent(source).lstrip("\n") for name, source in files.items()
    }
    assert result.out.splitlines()[:3] == [
        "wrap/codes.py:4: left alone: Code stays a stdlib enum with Meta (wrap/enums.py:4), "
        "which it shares a base or metaclass with",
        "wrap/enums.py:4: left alone: Meta stays a stdlib enum metaclass: it makes Code "
        "(wrap/codes.py:4), whose DEFAULT repeats UNKNOWN's value 0: stdlib makes such a "
        "member an alias, and TypedEnumType would refuse it in every enum this metaclass "
        "makes, also in its users' enums outside this tree (ValueError: duplicate value at "
        "import); typed_enum has no opt-out of unique values for a metaclass, so it keeps "
        "stdlib's aliasing by staying stdlib's",
        "wrap/enums.py:14: left alone: Enum stays a stdlib enum with Meta (wrap/enums.py:4), "
        "which it shares a base or metaclass with",
    ]


def test_a_metaclass_naming_an_alias_option_stays_stdlib(tree: Tree, migrate: Migrate) -> None:
    root = tree(
        {
            "opts.py": '''
            import enum


            class Meta(enum.EnumMeta):
                """Enums of the wire format."""

                def __new__(mcls, name, bases, attrs, allow_alias=False):
                    return super().__new__(mcls, name, bases, attrs)


            class Wire(enum.Enum, metaclass=Meta):
                a = 1
            ''',
        }
    )
    result = migrate("--no-progress", "opts.py")
    assert "class Meta(enum.EnumMeta):" in (root / "opts.py").read_text()
    assert (
        "opts.py:4: left alone: Meta stays a stdlib enum metaclass: its code names an alias "
        "option (allow_alias at line 7): stdlib makes such a member an alias"
    ) in result.out


def test_a_rewrite_that_would_pass_the_line_length_is_laid_out_one_element_a_line(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "pyproject.toml": '[tool.ruff]\nline-length = 56\n[tool.ruff.lint]\nselect = ["E"]\n',
            "pkg/__init__.py": "",
            "pkg/m.py": """
            import enum


            class Color(enum.Enum):
                red = 1


            NAMES = {enum.Enum: "plain", enum.Flag: "flag"}


            def f(cls):
                if True:
                    if cls.__bases__[0] == enum.Enum:
                        return NAMES[cls.__bases__[0]]
                return cls in (enum.Enum, enum.Flag)
            """,
        }
    )
    code = "from pkg.m import Color, f\nprint(f(Color), f(int))\n"
    before, after, _ = _before_after(root, migrate, code, "pkg")
    assert after == before == "plain False\n"
    assert (root / "pkg/m.py").read_text().split("\n\n\n")[2:] == [
        'NAMES = {\n    enum.Enum: "plain",\n    typed_enum.Enum: "plain",\n    enum.Flag: "flag",\n}',
        "def f(cls):\n    if True:\n        if cls.__bases__[0] in (\n            enum.Enum,\n"
        "            typed_enum.Enum,\n        ):\n            return NAMES[cls.__bases__[0]]\n"
        "    return cls in (\n        enum.Enum,\n        typed_enum.Enum,\n        enum.Flag,\n"
        "    )\n",
    ]
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
        cwd=root, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout


def test_an_assertion_about_a_class_that_stays_stdlib_is_not_reported(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "pkg/__init__.py": "",
            "pkg/models.py": """
            import enum


            class Color(enum.Enum):
                red = 1


            class Shape(enum.Enum):
                circle = 1

                @classmethod
                def _missing_(cls, value):
                    return None

                square = "x".join([])
            """,
            "tests/test_models.py": """
            import enum

            from pkg.models import Color, Shape


            def test_types():
                assert type(Shape) is enum.EnumMeta
                assert type(Color) is enum.EnumMeta
            """,
        }
    )
    result = migrate("--no-progress", "--no-import", "pkg", "tests")
    assert "class Color(typed_enum.Enum):" in (root / "pkg/models.py").read_text()
    assert "class Shape(enum.Enum):" in (root / "pkg/models.py").read_text()
    assert [
        line.split(" pins ")[0] for line in result.out.splitlines() if ": changed: " in line
    ] == ["tests/test_models.py:8: changed: type(Color) is enum.EnumMeta"]


def test_a_named_collection_read_by_in_gets_typed_enum_classes(
    tree: Tree, migrate: Migrate
) -> None:
    root = tree(
        {
            "pkg/__init__.py": "",
            "pkg/m.py": """
            import enum

            STDLIB = (enum.Enum, enum.IntEnum)
            BASES = frozenset({enum.Flag, enum.Enum})
            OTHER = [enum.Enum]
            CHECKED = (enum.Enum,)


            class Color(enum.Enum):
                red = 1


            def f(cls):
                base = cls.__bases__[0]
                return base in STDLIB, base not in BASES, isinstance(cls, CHECKED), base in OTHER, OTHER
            """,
        }
    )
    code = "from pkg.m import Color, f\nprint(f(Color)[:3])\n"
    before, after, report = _before_after(root, migrate, code, "pkg")
    assert after == before == "(True, False, False)\n"
    text = (root / "pkg/m.py").read_text()
    assert "STDLIB = (enum.Enum, typed_enum.Enum, enum.IntEnum)\n" in text
    assert "BASES = frozenset({enum.Flag, enum.Enum, typed_enum.Enum})\n" in text
    # also read otherwise (returned): named, not rewritten; isinstance only: nothing to do
    assert "OTHER = [enum.Enum]\nCHECKED = (enum.Enum,)\n" in text
    assert [line.split(": ", 2)[:2] for line in report.splitlines() if "pkg/m.py:" in line] == [
        ["pkg/m.py:3", "identity"],
        ["pkg/m.py:4", "identity"],
        ["pkg/m.py:5", "left alone"],
    ]
    assert "pkg/m.py:5: left alone: OTHER = [enum.Enum] holds enum.Enum, and is read " in report
