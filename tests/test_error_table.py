"""Every user mistake the runtime or the plugin catches, with its exact message.

Each row of the README's error table is a row here: the code that makes the
mistake, what catches it (the runtime, the plugin, mypy itself), and the
exact message.  Runtime rows run their code and expect the exception;
plugin rows type-check their code (all in one mypy run) and expect exactly
that one error on the line marked ``# mistake``; config rows run mypy with
the malformed section.  ``python tests/test_error_table.py`` prints the
table as Markdown, so the README's copy can be regenerated from what is
asserted here.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass(frozen=True)
class Row:
    mistake: str
    caught_by: str  # "run time", "plugin", "mypy", "plugin config"
    kind: str  # the exception type or the error code
    message: str
    source: str
    """Python code making the mistake (config rows: the config section)."""

    @property
    def id(self) -> str:
        return f"{self.caught_by}: {self.mistake}"


def runtime(mistake: str, kind: str, message: str, source: str) -> Row:
    return Row(mistake, "run time", kind, message, textwrap.dedent(source))


def plugin(mistake: str, code: str, message: str, source: str, by: str = "plugin") -> Row:
    return Row(mistake, by, code, message, textwrap.dedent(source))


RUNTIME_ROWS = [
    runtime(
        "Two members with the same value (no alias declared)",
        "ValueError",
        "duplicate value 1 in enum Color: 'crimson' and 'red'; declare crimson = alias(red) "
        "if it is meant as the same member, give crimson a value of its own, or use "
        "typed_enum.Constants for separate constants that happen to be equal",
        """
        class Color(Enum):
            red = 1
            crimson = 1
        """,
    ),
    runtime(
        "alias() of a name that is not a member above it",
        "ValueError",
        "alias 'crimson' in Color: 'rd' is not a member defined above it; write "
        "crimson = alias(name) after the member it names; did you mean 'red'?",
        """
        class Color(Enum):
            red = 1
            crimson = alias("rd")
        """,
    ),
    runtime(
        "A _sunder_ name as a member",
        "ValueError",
        "_sunder_ names, such as '_x_', are reserved for future Enum use",
        """
        class Color(Enum):
            _x_ = 1
        """,
    ),
    runtime(
        "A reserved name as a member (functional API)",
        "ValueError",
        "invalid enum member name(s) 'mro'",
        """
        Enum("Color", ["mro"])
        """,
    ),
    runtime(
        "A member value that does not fit the data type",
        "ValueError",
        "invalid literal for int() with base 10: 'x' (note: raised while creating member 'low' "
        "of enum Level from the value 'x'; give 'low' an int value)",
        """
        class Level(IntEnum):
            low = "x"
        """,
    ),
    runtime(
        "Subclassing an enum that has members",
        "TypeError",
        "<enum 'More'> cannot extend <enum 'Color'>; an enum with members cannot be "
        "subclassed: put shared methods in a member-less base class and derive both enums "
        "from it",
        """
        class Color(Enum):
            red = 1

        class More(Color):
            blue = 2
        """,
    ),
    runtime(
        "open= that is not a bool",
        "TypeError",
        "Plugin: open= must be True or False, not 1",
        """
        class Plugin(Enum, open=1):
            a = 1
        """,
    ),
    runtime(
        "Ordering members of an enum that is not ordered",
        "TypeError",
        "'<' not supported between instances of 'Mode' and 'Mode': Mode is not ordered; "
        "derive it from typed_enum.OrderedEnum to order members by declaration, or from "
        "typed_enum.IntEnum to order them by value",
        """
        class Mode(StrEnum):
            read = "r"
            write = "w"

        Mode.read < Mode.write
        """,
    ),
    runtime(
        "Ordering members of two different OrderedEnums",
        "TypeError",
        "'<' not supported between instances of 'Level' and 'Size': OrderedEnum members "
        "compare only with members of the same enum",
        """
        class Level(OrderedEnum):
            low = 1

        class Size(OrderedEnum):
            small = 1

        Level.low < Size.small
        """,
    ),
    runtime(
        "Looking up a value no member has",
        "ValueError",
        "3 is not a valid Color; valid values are 1 (red), 2 (green)",
        """
        class Color(Enum):
            red = 1
            green = 2

        Color(3)
        """,
    ),
    runtime(
        "Looking up a name no member has",
        "KeyError",
        "'rde' is not a member of Color; did you mean 'red'?",
        """
        class Color(Enum):
            red = 1

        Color["rde"]
        """,
    ),
    runtime(
        "extend() on a closed enum",
        "TypeError",
        "Color is closed, so extend() cannot add members to it; declare it with class "
        "Color(..., open=True) if members may be added at run time",
        """
        class Color(Enum):
            red = 1

        Color.extend("blue", 3)
        """,
    ),
    runtime(
        "extend() with a name that is not an identifier",
        "ValueError",
        "Plugin.extend(): '1x' is not a valid identifier",
        """
        class Plugin(Enum, open=True):
            a = 1

        Plugin.extend("1x", 2)
        """,
    ),
    runtime(
        "extend() with an underscore name",
        "ValueError",
        "Plugin.extend(): '_x' starts with an underscore; _sunder_, __dunder__ and _private "
        "names cannot be members",
        """
        class Plugin(Enum, open=True):
            a = 1

        Plugin.extend("_x", 2)
        """,
    ),
    runtime(
        "extend() with an existing member's name",
        "ValueError",
        "Plugin.extend(): 'a' is already a member of Plugin",
        """
        class Plugin(Enum, open=True):
            a = 1

        Plugin.extend("a", 2)
        """,
    ),
    runtime(
        "extend() with an existing member's value",
        "ValueError",
        "duplicate value 1 in enum Plugin: Plugin.extend() was given 'b' with the value of "
        "'a'; values are unique, so give b a value of its own",
        """
        class Plugin(Enum, open=True):
            a = 1

        Plugin.extend("b", 1)
        """,
    ),
    runtime(
        "extend() of a Flag with a value that is not an int",
        "TypeError",
        "Perm.extend('w', 'x'): Perm is a Flag, whose members are bits; pass an int value, "
        "such as 1",
        """
        class Perm(Flag, open=True):
            r = 1

        Perm.extend("w", "x")
        """,
    ),
    runtime(
        "extend() with a value of the wrong kind",
        "ValueError",
        "Level.extend('high', 'x'): cannot make a Level member from 'x' (invalid literal for "
        "int() with base 10: 'x'); pass a value of the kind its members have, such as 1",
        """
        class Level(IntEnum, open=True):
            low = 1

        Level.extend("high", "x")
        """,
    ),
    runtime(
        "exhaustive_map() that misses a member or has a foreign key",
        "ValueError",
        "exhaustive_map(Color) has missing Color.green; and keys that are not Color members: "
        "3; give every Color member exactly one entry",
        """
        class Color(Enum):
            red = 1
            green = 2

        exhaustive_map(Color, {Color.red: "r", 3: "x"})
        """,
    ),
    runtime(
        "exhaustive_map() of an open enum",
        "TypeError",
        "exhaustive_map(Plugin): Plugin is open, so no map can cover all of its members; "
        "use a dict with a default for members added by extend()",
        """
        class Plugin(Enum, open=True):
            a = 1

        exhaustive_map(Plugin, {Plugin.a: 1})
        """,
    ),
    runtime(
        "exhaustive_map() of something that is not an enum",
        "TypeError",
        "exhaustive_map() needs an enum class as its first argument, not <class 'int'>",
        """
        exhaustive_map(int, {})
        """,
    ),
    runtime(
        "Assigning to an exhaustive map",
        "AttributeError",
        "EnumMap is immutable; cannot set 'x'",
        """
        class Color(Enum):
            red = 1

        exhaustive_map(Color, {Color.red: 1}).x = 2
        """,
    ),
    runtime(
        "A named constant whose name is not an identifier",
        "ValueError",
        "constant(): name must be an identifier, not '1x'",
        """
        constant("1x", 1)
        """,
    ),
    runtime(
        "A named constant of a bool value",
        "TypeError",
        "x: bool values cannot be named constants: a constant is an instance of a subclass of "
        "its value's type, and bool cannot be subclassed; use an Enum, or a value of another "
        "type",
        """
        constant("x", True)
        """,
    ),
    runtime(
        "Reassigning a constant",
        "AttributeError",
        "cannot reassign constant HTTP.OK; constants never change: add one under a new name "
        "with HTTP.add(name, value)",
        """
        class HTTP(Constants):
            OK = 200

        HTTP.OK = 201
        """,
    ),
    runtime(
        "Instantiating a group of constants",
        "TypeError",
        "HTTP is a group of constants and is not instantiated; use its constants, e.g. HTTP.OK",
        """
        class HTTP(Constants):
            OK = 200

        HTTP(200)
        """,
    ),
    runtime(
        "Looking up a constant by a value none has",
        "ValueError",
        "500 is not a value of HTTP; its values are 200 (OK), 404 (NOT_FOUND)",
        """
        class HTTP(Constants):
            OK = 200
            NOT_FOUND = 404

        HTTP.from_value(500)
        """,
    ),
    runtime(
        "Adding a constant under a taken name",
        "ValueError",
        "HTTP.add(): HTTP.OK already exists; choose another name",
        """
        class HTTP(Constants):
            OK = 200

        HTTP.add("OK", 201)
        """,
    ),
    runtime(
        "Combining int constants of two different groups",
        "TypeError",
        "unsupported operand for |: O.CREAT and HTTP.OK are constants of different groups "
        "(O and HTTP); combine constants of one group, or their .value if plain ints are meant",
        """
        class O(Constants):
            CREAT = 64

        class HTTP(Constants):
            OK = 200

        O.CREAT | HTTP.OK
        """,
    ),
    runtime(
        "Testing a name with a value",
        "TypeError",
        "HTTP.has_name() takes a constant's name (a str), not 200; test a value with 200 in HTTP",
        """
        class HTTP(Constants):
            OK = 200

        HTTP.has_name(200)
        """,
    ),
]

PLUGIN_ROWS = [
    plugin(
        "Two members with the same value (no alias declared)",
        "typed-enum-duplicate-value",
        'Member "crimson" of "Color" repeats the value of "red"; declare crimson = alias(red) '
        "if it is another name for red, or give it a value of its own",
        """
        class Color(Enum):
            red = 1
            crimson = 1  # mistake
        """,
    ),
    plugin(
        "Two members with the same value (functional API)",
        "typed-enum-duplicate-value",
        'Member "crimson" of "Color" repeats the value of "red"; give it a value of its own '
        "(the functional API cannot declare aliases: write a class with crimson = alias(red) "
        "if it is another name for red)",
        """
        Color = Enum("Color", {"red": 1, "crimson": 1})  # mistake
        """,
    ),
    plugin(
        "alias() of a name that is not a member above it",
        "typed-enum-bad-alias",
        'alias() target "rd" is not a member of "Color" defined above "crimson"; did you mean '
        '"red"?',
        """
        class Color(Enum):
            red = 1
            crimson = alias("rd")  # mistake
        """,
    ),
    plugin(
        "A member value that does not fit the data type",
        "typed-enum-member-value-type",
        'Member "high" of "Level" has the str value \'x\', but "Level" members are int; give '
        "it an int value",
        """
        class Level(IntEnum):
            low = 1
            high = "x"  # mistake
        """,
    ),
    plugin(
        "An annotated member",
        "typed-enum-annotated-member",
        "Enum members must be left unannotated",
        """
        class Color(Enum):
            red: int = 1  # mistake
        """,
    ),
    plugin(
        "Using a name listed in _ignore_",
        "typed-enum-ignored-name",
        '"tmp" is listed in Color._ignore_, so it is deleted from "Color" when the class is '
        "created; it is not an attribute",
        """
        class Color(Enum):
            _ignore_ = ["tmp"]
            red = 1
            tmp = 2

        Color.tmp  # mistake
        """,
    ),
    plugin(
        "Subclassing an enum that has members",
        "typed-enum-subclass-with-members",
        'Cannot extend enum with existing members: "Color"',
        """
        class Color(Enum):
            red = 1

        class More(Color):  # mistake
            blue = 2
        """,
    ),
    plugin(
        "Ordering members of an enum that is not ordered",
        "typed-enum-ordering",
        '"Mode" is not ordered: "<" on its members raises TypeError at run time; derive it '
        "from OrderedEnum to order members by declaration, or from IntEnum to order them by "
        "value",
        """
        class Mode(StrEnum):
            read = "r"
            write = "w"

        Mode.read < Mode.write  # mistake
        """,
    ),
    plugin(
        "Ordering members of a stdlib str enum (silently compares strings)",
        "typed-enum-ordering",
        '"Mode" is not ordered: "<" on its members silently compares their str values; derive '
        "it from typed_enum.OrderedEnum to order members by declaration, or from IntEnum to "
        "order them by value",
        """
        class Mode(enum.StrEnum):
            read = "r"
            write = "w"

        Mode.read < Mode.write  # mistake
        """,
    ),
    plugin(
        "sorted() over members of an enum that is not ordered",
        "typed-enum-ordering",
        '"Mode" is not ordered: sorted() of its members raises TypeError at run time; pass '
        "key=, or derive it from OrderedEnum to order members by declaration, or from IntEnum "
        "to order them by value",
        """
        class Mode(StrEnum):
            read = "r"
            write = "w"

        sorted([Mode.read, Mode.write])  # mistake
        """,
    ),
    plugin(
        "Ordering members of two different enums",
        "typed-enum-cross-enum-ordering",
        '"<" compares members of two different enums, "Level" and "Size": this silently '
        "compares their int values; compare .value if that is meant",
        """
        class Level(IntEnum):
            low = 1

        class Size(IntEnum):
            small = 1

        Level.low < Size.small  # mistake
        """,
    ),
    plugin(
        "Comparing members of two different enums (never equal)",
        "typed-enum-cross-enum-equality",
        '"==" compares members of two different enums, "Color" and "Shape": they are never '
        "equal, so this is always False",
        """
        class Color(Enum):
            red = 1

        class Shape(Enum):
            round = 1

        Color.red == Shape.round  # mistake
        """,
    ),
    plugin(
        "Comparing members of two different int enums (compares values)",
        "typed-enum-cross-enum-equality",
        '"==" compares members of two different enums, "Level" and "Size": they are equal '
        "whenever their int values are, so this silently compares values; compare .value if "
        "that is meant",
        """
        class Level(IntEnum):
            low = 1

        class Size(IntEnum):
            small = 1

        Level.low == Size.small  # mistake
        """,
    ),
    plugin(
        "Looking for a member among another enum's members",
        "typed-enum-cross-enum-equality",
        '"in" looks for a member of "Color" among members of "Shape": they are never equal, '
        "so this is always False",
        """
        class Color(Enum):
            red = 1

        class Shape(Enum):
            round = 1

        Color.red in [Shape.round]  # mistake
        """,
    ),
    plugin(
        "Looking up a literal value no member has",
        "typed-enum-bad-lookup",
        '3 is not a valid "Color"; valid values are 1 (red), 2 (green)',
        """
        class Color(Enum):
            red = 1
            green = 2

        Color(3)  # mistake
        """,
    ),
    plugin(
        "Looking up a value in an enum without members",
        "typed-enum-bad-lookup",
        '1 is not a valid "Empty": it has no members',
        """
        class Empty(Enum):
            pass

        Empty.from_value(1)  # mistake
        """,
    ),
    plugin(
        "Looking up a Flag value with bits no member has",
        "typed-enum-bad-lookup",
        '8 is not a valid "Perm": bits 0b1000 belong to no member, and "Perm" keeps the '
        "STRICT boundary; valid values are combinations of 4 (r), 2 (w)",
        """
        class Perm(Flag):
            r = 4
            w = 2

        Perm(8)  # mistake
        """,
    ),
    plugin(
        "Looking up a literal name no member has",
        "typed-enum-bad-lookup",
        '"rde" is not a member of "Color"; did you mean "red"?',
        """
        class Color(Enum):
            red = 1

        Color.from_name("rde")  # mistake
        """,
    ),
    plugin(
        "Looking up a constant by a value none has",
        "typed-enum-bad-lookup",
        '500 is not a value of "HTTP"; its values are 200 (OK), 404 (NOT_FOUND)',
        """
        class HTTP(Constants):
            OK = 200
            NOT_FOUND = 404

        HTTP.from_value(500)  # mistake
        """,
    ),
    plugin(
        "Looking up a constant by a name none has",
        "typed-enum-bad-lookup",
        '"OKK" is not a constant of "HTTP"; did you mean "OK"?',
        """
        class HTTP(Constants):
            OK = 200

        HTTP.from_name("OKK")  # mistake
        """,
    ),
    plugin(
        "Testing a name no constant has",
        "typed-enum-bad-lookup",
        '"OKK" is not a constant of "HTTP", so has_name() is False unless HTTP.add() adds it; '
        'did you mean "OK"?',
        """
        class HTTP(Constants):
            OK = 200

        HTTP.has_name("OKK")  # mistake
        """,
    ),
    plugin(
        "extend() on a closed enum",
        "typed-enum-closed-extend",
        '"Color" is closed, so extend() cannot add members to it; declare it with class '
        "Color(..., open=True) if members may be added at run time",
        """
        class Color(Enum):
            red = 1

        Color.extend("blue", 3)  # mistake
        """,
    ),
    plugin(
        "open= that is not True or False",
        "typed-enum-open-keyword",
        '"Plugin" is declared with open=1: open= must be True or False (or None to inherit '
        "it), so creating the class raises TypeError",
        """
        class Plugin(Enum, open=1):  # mistake
            core = 1
        """,
    ),
    plugin(
        "A match over an open enum without case _",
        "typed-enum-open-match",
        '"Plugin" is open (declared with open=True), so extend() may add members that no '
        'case handles; add "case _:" to this match',
        """
        class Plugin(Enum, open=True):
            a = 1
            b = 2

        def f(p: Plugin) -> int:
            match p:  # mistake
                case Plugin.a:
                    return 1
                case Plugin.b:
                    return 2
            return 0
        """,
    ),
    plugin(
        "assert_never() reached by an open enum's future members",
        "typed-enum-open-match",
        '"Plugin" is open (declared with open=True), so members added by extend() reach this '
        "assert_never() (with any member not handled above); handle them before it (raise, or "
        "return a default)",
        """
        class Plugin(Enum, open=True):
            a = 1

        def f(p: Plugin) -> int:
            if p is Plugin.a:
                return 1
            assert_never(p)  # mistake
        """,
    ),
    plugin(
        "exhaustive_map() that misses a member",
        "typed-enum-exhaustive-map",
        'exhaustive_map(Color, ...) has no entry for Color.green; give every "Color" member '
        "exactly one entry",
        """
        class Color(Enum):
            red = 1
            green = 2

        exhaustive_map(Color, {Color.red: "r"})  # mistake
        """,
    ),
    plugin(
        "exhaustive_map() with a key that is not a member",
        "typed-enum-exhaustive-map",
        'exhaustive_map(Color, ...) key of type "Literal[2]" is not a member of "Color"',
        """
        class Color(Enum):
            red = 1

        exhaustive_map(Color, {Color.red: "r", 2: "g"})  # mistake
        """,
    ),
    plugin(
        "exhaustive_map() of an open enum",
        "typed-enum-open-exhaustive-map",
        'exhaustive_map(Plugin, ...): "Plugin" is open (declared with open=True), so no map '
        "covers all of its members; use a dict with a default for members added by extend()",
        """
        class Plugin(Enum, open=True):
            a = 1

        exhaustive_map(Plugin, {Plugin.a: 1})  # mistake
        """,
    ),
    plugin(
        "Functional API with names that are not a literal",
        "misc",
        "Second argument of Enum() must be string, tuple, list or dict literal for mypy to "
        "determine Enum members",
        """
        names = ["red", "green"]
        Color = Enum("Color", names)  # mistake
        """,
        by="mypy",
    ),
    plugin(
        "A member value that does not fit the declared _value_ type",
        "typed-enum-value-annotation",
        'Member "GREEN" of "Color" has a value of type "str", but "Color" declares _value_: "int"',
        """
        class Color(Enum):
            _value_: int
            RED = 1
            GREEN = "green"  # mistake
        """,
    ),
    plugin(
        "A member tuple that does not fit the enum's __init__",
        "typed-enum-member-arguments",
        'Member "MARS" of "Planet" passes 1 value to __init__(self, value, mass), which takes 2',
        """
        class Planet(Enum):
            def __init__(self, value: int, mass: float) -> None:
                self._value_ = value
                self.mass = mass

            EARTH = (3, 5.976e24)
            MARS = (6.421e23,)  # mistake
        """,
    ),
    plugin(
        "assert_never() after every member of a Flag (combinations reach it)",
        "typed-enum-flag-combinations",
        '"Perm" is a Flag: combinations of its members (and Perm(0)) are values too, and they '
        "reach this assert_never() (with any member not handled above); handle them before it",
        """
        class Perm(Flag):
            R = 1
            W = 2

        def f(p: Perm) -> int:
            if p is Perm.R:
                return 1
            elif p is Perm.W:
                return 2
            assert_never(p)  # mistake
        """,
    ),
    plugin(
        "auto without the call",
        "typed-enum-bare-auto",
        'Member "red" of "Color" is the class auto itself, not a generated value; write '
        "red = auto()",
        """
        class Color(Enum):
            red = enum.auto  # mistake
        """,
    ),
    plugin(
        "_order_ that does not list the members in definition order",
        "typed-enum-order-mismatch",
        '_order_ of "Color" does not match its members (the class raises TypeError): the '
        "members are red, green; _order_ lists green, red; list the members in definition order",
        """
        class Color(Enum):
            _order_ = "green red"  # mistake
            red = 1
            green = 2
        """,
    ),
    plugin(
        "A metaclass derived from EnumMeta alone on a typed_enum enum",
        "typed-enum-metaclass-conflict",
        'Metaclass "Meta" of "Color" derives from enum.EnumMeta but not from '
        'typed_enum.TypedEnumType, the metaclass of its base "Enum" at run time: the class '
        'raises "TypeError: metaclass conflict"; derive Meta from typed_enum.TypedEnumType',
        """
        class Meta(enum.EnumMeta):
            pass

        class Color(Enum, metaclass=Meta):  # mistake
            red = 1
        """,
    ),
]

CONFIG_ROWS = [
    Row(
        "Unknown key in the plugin's config section",
        "plugin config",
        "exit status 2",
        "typed_enum mypy plugin: mypy.ini: [mypy.plugins.typed_enum]: unknown key 'ordring'; "
        'did you mean "ordering"?; the keys are the checks {keys}, each true or false, '
        "and value-metaclasses",
        "[mypy.plugins.typed_enum]\nordring = false\n",
    ),
    Row(
        "A value that is not true or false in the plugin's config section",
        "plugin config",
        "exit status 2",
        "typed_enum mypy plugin: mypy.ini: [mypy.plugins.typed_enum]: ordering must be true or "
        "false, not 'maybe'",
        "[mypy.plugins.typed_enum]\nordering = maybe\n",
    ),
]

PRELUDE = """\
import enum
from typing import assert_never
from typed_enum import (
    Constants, Enum, Flag, IntEnum, OrderedEnum, StrEnum, alias, constant, exhaustive_map,
)
"""


def _keys() -> str:
    from mypy_plugin.config import CHECKS

    return ", ".join(sorted(CHECKS))


@pytest.mark.parametrize("row", RUNTIME_ROWS, ids=[r.id for r in RUNTIME_ROWS])
def test_runtime_message(row: Row) -> None:
    code = compile(PRELUDE + row.source, f"<{row.mistake}>", "exec")
    with pytest.raises(Exception) as caught:  # noqa: PT011 - the type is asserted below
        exec(code, {"__name__": "rows"})
    assert type(caught.value).__name__ == row.kind
    shown = caught.value.args[0] if isinstance(caught.value, KeyError) else str(caught.value)
    # typed_enum adds a note (PEP 678) to an error it did not raise itself.
    for note in getattr(caught.value, "__notes__", []):
        shown += f" (note: {note})"
    assert shown == row.message


@pytest.fixture(scope="module")
def plugin_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """mypy's errors for every plugin row, each row its own module, in one run."""
    root = tmp_path_factory.mktemp("error_table")
    (root / "mypy.ini").write_text("[mypy]\nplugins = mypy_plugin\nstrict = true\n")
    files = []
    for number, row in enumerate(PLUGIN_ROWS):
        name = f"row_{number}.py"
        (root / name).write_text(PRELUDE + row.source)
        files.append(name)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--config-file", "mypy.ini", *files],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    errors: dict[str, list[str]] = {name: [] for name in files}
    for line in done.stdout.splitlines():
        path, _, rest = line.partition(":")
        if path in errors and ": error: " in rest:
            errors[path].append(rest)
    return errors


@pytest.mark.parametrize("number", range(len(PLUGIN_ROWS)), ids=[r.id for r in PLUGIN_ROWS])
def test_plugin_message(plugin_errors: dict[str, list[str]], number: int) -> None:
    row = PLUGIN_ROWS[number]
    lines = (PRELUDE + row.source).splitlines()
    marked = [i + 1 for i, text in enumerate(lines) if text.endswith("# mistake")]
    assert len(marked) == 1
    expected = f"{marked[0]}: error: {row.message}  [{row.kind}]"
    assert plugin_errors[f"row_{number}.py"] == [expected]


@pytest.mark.parametrize("row", CONFIG_ROWS, ids=[r.id for r in CONFIG_ROWS])
def test_config_message(tmp_path: Path, row: Row) -> None:
    (tmp_path / "mypy.ini").write_text("[mypy]\nplugins = mypy_plugin\n\n" + row.source)
    (tmp_path / "ok.py").write_text("x = 1\n")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--config-file", "mypy.ini", "ok.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [row.message.format(keys=_keys())]


def markdown() -> str:
    """The README's table: one line per row, in the order above."""

    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    out = [
        "| Mistake | Caught by | Exception / error code | Message |",
        "|---|---|---|---|",
    ]
    for row in [*RUNTIME_ROWS, *PLUGIN_ROWS, *CONFIG_ROWS]:
        kind = f"`{row.kind}`" if row.caught_by != "plugin config" else row.kind
        message = row.message.format(keys="…") if row.caught_by == "plugin config" else row.message
        out.append(f"| {cell(row.mistake)} | {row.caught_by} | {kind} | `{cell(message)}` |")
    return "\n".join(out)


def test_the_docs_have_this_table() -> None:
    """docs/mistakes.md's copy (and the README's, while it has one) is this table, row for row."""
    root = Path(__file__).resolve().parent.parent
    for page in (root / "docs" / "mistakes.md", root / "README.md"):
        text = page.read_text(encoding="utf-8")
        if page.name == "README.md" and "| Mistake | Caught by |" not in text:
            continue
        assert markdown() in text, (
            f"{page.name}'s error table is stale: paste `python tests/test_error_table.py`"
        )


if __name__ == "__main__":
    print(markdown())
