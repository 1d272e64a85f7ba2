"""Enums read from the source under a base with its own ``_generate_next_value_``, and one
reading per module on both sides (issue 51): no invented ``auto()`` numbers, no findings that
come only from a module being imported on one side and read from its source on the other,
no false ``enum-removed`` for star re-exports or enums built at import, no parser warnings."""

from __future__ import annotations

import enum
import json
import textwrap

import pytest
from check_helpers import Repo

from typed_enum.check._child import describe
from typed_enum.check.source import parse, source_enums

#: Importing this fails: the module is read from its source.
MISSING = "import a_dependency_that_is_not_installed\n"

#: (the generator's body, the members' bodies): each read from the source must give
#: what importing the class gives.
EVALUATED = [
    "return name",
    "return name.lower()",
    "return name.upper()",
    "return name.lower().replace('_', '-')",
    "return 'x'",  # every member an alias of the first
    "return f'{name}-{count}'",
    "return (count + 1) * 10",
    "return start + count",
    "return last_values[-1] * 2 if False else len(last_values) + 100",
    '"""Its docstring."""\nreturn name.title()',
]


def _generating(body: str, decorator: str = "") -> str:
    """A module: ``Base`` with ``_generate_next_value_`` of ``body``, ``Kind`` deriving from it."""
    lines = [
        "from enum import Enum, auto",
        "class Base(Enum):",
        *([f"    {decorator}"] if decorator else []),
        "    def _generate_next_value_(name, start, count, last_values):",
        *[f"        {line}" for line in body.splitlines()],
        "class Kind(Base):",
        "    NEW_ONE = auto()",
        "    old = auto()",
        "    fixed = 7",
        "    Last_one = auto()",
    ]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("body", EVALUATED)
@pytest.mark.parametrize("decorator", ["", "@staticmethod"])
def test_an_evaluable_generate_next_value_gives_what_importing_gives(
    body: str, decorator: str
) -> None:
    text = _generating(body, decorator)
    namespace: dict[str, object] = {"__name__": "generate_case"}
    exec(text, namespace)
    cls = namespace["Kind"]
    assert isinstance(cls, type)
    assert issubclass(cls, enum.Enum)
    read = source_enums(parse(text))["Kind"]
    if "if False" in body:  # a conditional expression: not evaluated
        assert read["auto from"] == (
            "come from Base._generate_next_value_, which reading the source cannot evaluate"
        )
        assert [m[3] for m in read["members"]] == [{"unknown": "auto()"}] * 2 + [7] + [
            {"unknown": "auto()"}
        ]
        return
    assert read["members"] == describe(cls)["members"]
    assert read["auto from"] is None


@pytest.mark.parametrize(
    "signature",
    ["name, *_", "name: str, *_: object, **__: object", "name, start, count, last_values, /"],
)
def test_any_signature_binds_the_name_first(signature: str) -> None:
    text = (
        "from enum import Enum, auto\n"
        "class AutoEnum(str, Enum):\n"
        "    @staticmethod\n"
        f"    def _generate_next_value_({signature}):\n"
        "        return name\n"
        "class State(AutoEnum):\n"
        "    RUNNING = auto()\n"
        "    DONE = auto()\n"
    )
    namespace: dict[str, object] = {"__name__": "signature_case"}
    exec(text, namespace)
    cls = namespace["State"]
    assert isinstance(cls, type)
    assert issubclass(cls, enum.Enum)
    assert source_enums(parse(text))["State"]["members"] == describe(cls)["members"]


def test_a_generator_in_the_class_itself_and_over_str_enum_is_applied() -> None:
    text = textwrap.dedent(
        """\
        from enum import StrEnum, auto
        class Upper(StrEnum):
            def _generate_next_value_(name, start, count, last_values):
                return name.upper()
            a = auto()
        class Lower(StrEnum):
            a = auto()
        """
    )
    found = source_enums(parse(text))
    assert found["Upper"]["members"] == [["a", "a", "'A'", "A"]]
    assert found["Lower"]["members"] == [["a", "a", "'a'", "a"]]


@pytest.mark.parametrize(
    "body",
    [
        "return some_helper(name)",
        "if name:\n    return name\nreturn 'x'",
        "return name * 100000",
        "return 2 ** count ** 99",
    ],
    ids=["call", "branches", "too-long", "too-large"],
)
def test_a_generator_not_evaluated_leaves_auto_values_unknown(body: str) -> None:
    text = _generating(body)
    read = source_enums(parse(text), home="app.models")["Kind"]
    unknown = ["auto()", {"unknown": "auto()"}]
    assert read["members"] == [
        ["NEW_ONE", "NEW_ONE", *unknown],
        ["old", "old", *unknown],
        ["fixed", "fixed", "7", 7],
        ["Last_one", "Last_one", *unknown],
    ]
    assert read["auto from"] == (
        "come from app.models.Base._generate_next_value_, which reading the source cannot evaluate"
    )


@pytest.mark.parametrize(
    ("imports", "values"),
    [
        ("from enum import StrEnum", ["a", "b"]),
        ("from typed_enum import StrEnum", ["a", "b"]),
        ("from strenum import StrEnum", [{"unknown": "auto()"}] * 2),
        ("from some_library.enums import IntEnum as StrEnum", [{"unknown": "auto()"}] * 2),
    ],
)
def test_auto_under_a_base_of_an_installed_library_is_unknown(
    imports: str, values: list[object]
) -> None:
    text = f"{imports}\nfrom enum import auto\nclass K(StrEnum):\n    a = auto()\n    b = auto()\n"
    read = source_enums(parse(text))["K"]
    assert [m[3] for m in read["members"]] == values


def test_a_library_base_is_named_in_the_note(repo: Repo) -> None:
    text = (
        MISSING
        + "from enum import auto\nfrom strenum import StrEnum\n"
        + "class Mode(StrEnum):\n    fast = auto()\n    slow = auto()\n"
    )
    _two(repo, {"app/models.py": text}, {"app/models.py": text.replace("    slow = auto()\n", "")})
    result = repo.check("--against", "HEAD")
    assert result.rules == ["member-removed"]
    notes = [n for n in result.err.splitlines() if "strenum" in n]
    assert notes == [
        "app/models.py: note: HEAD: the auto() values of Mode (line 4) come from "
        "strenum.StrEnum, an installed library's class the check does not read: its 2 auto() "
        "members are compared by name only",
        "app/models.py: note: the working tree: the auto() values of Mode (line 4) come from "
        "strenum.StrEnum, an installed library's class the check does not read: its 1 auto() "
        "member is compared by name only",
    ]


def _two(repo: Repo, before: dict[str, str], after: dict[str, str]) -> None:
    repo.commit({"app/__init__.py": "", **{k: textwrap.dedent(v) for k, v in before.items()}})
    repo.write({k: textwrap.dedent(v) for k, v in after.items()})


AUTO_NAME = """
from enum import Enum
class AutoName(Enum):
    def _generate_next_value_(name, _start, _count, _last_values):
        return name
"""
TOKENS = """
from enum import auto
from app.helpers import AutoName
class Token(AutoName):
    L_PAREN = auto()
    R_PAREN = auto()
    COMMA = auto()
    DOT = auto()
"""


@pytest.mark.parametrize("where", ["imported", "from-source", "new-from-source", "no-import"])
def test_a_removal_under_a_base_returning_the_name_is_a_removal_of_that_name(
    repo: Repo, where: str
) -> None:
    head = MISSING if where == "from-source" else ""
    before = head + TOKENS
    after = (MISSING if where == "new-from-source" else "") + before
    _two(
        repo,
        {"app/helpers.py": AUTO_NAME, "app/tokens.py": before},
        {"app/tokens.py": after.replace("    R_PAREN = auto()\n", "")},
    )
    result = repo.check("--against", "HEAD", *(["--no-import"] if where == "no-import" else []))
    assert result.status == 1
    assert [line.split(": ")[1:3] for line in result.lines] == [
        [
            "member-removed",
            "member Token.R_PAREN was removed and no name accepts its value 'R_PAREN' any more",
        ]
    ]


def test_auto_under_a_generator_not_evaluated_is_compared_by_name_with_a_note(
    repo: Repo,
) -> None:
    helper = AUTO_NAME.replace("return name", "return registry.next_value(name)")
    _two(
        repo,
        {"app/helpers.py": helper, "app/tokens.py": TOKENS},
        {"app/tokens.py": TOKENS.replace("    COMMA = auto()\n", "")},
    )
    result = repo.check("--against", "HEAD", "--no-import")
    assert result.status == 1
    assert result.rules == ["member-removed"]
    # Its value is not known from the source: no number is invented for it.
    found = json.loads(repo.check("--against", "HEAD", "--no-import", "--format", "json").out)
    assert [(f["member"], f["old"]) for f in found["findings"]] == [
        ("COMMA", {"unknown": "auto()"})
    ]
    notes = [n for n in result.err.splitlines() if "_generate_next_value_" in n]
    assert notes == [
        "app/tokens.py: note: HEAD: the auto() values of Token (line 3) come from "
        "app.helpers.AutoName._generate_next_value_, which reading the source cannot "
        "evaluate: its 4 auto() members are compared by name only",
        "app/tokens.py: note: the working tree: the auto() values of Token (line 3) come from "
        "app.helpers.AutoName._generate_next_value_, which reading the source cannot "
        "evaluate: its 3 auto() members are compared by name only",
    ]


#: A custom __new__: importing gives value 1, the source reads the tuple.
LABELLED = """
from enum import Enum
class Level(Enum):
    def __new__(cls, value, label):
        member = object.__new__(cls)
        member._value_ = value
        member.label = label
        return member
    low = 1, "Low"
    high = 2, "High"
"""


@pytest.mark.parametrize("side", ["old", "new"])
def test_a_module_imported_on_one_side_only_is_read_from_the_source_on_both(
    repo: Repo, side: str
) -> None:
    before = (MISSING if side == "old" else "") + LABELLED
    after = (MISSING if side == "new" else "") + LABELLED + "    top = 3, 'Top'\n"
    _two(repo, {"app/models.py": before}, {"app/models.py": after})
    result = repo.check("--against", "HEAD")
    assert (result.status, result.lines) == (0, [])
    ran, other = ("the working tree", "HEAD") if side == "old" else ("HEAD", "the working tree")
    assert (
        f"app/models.py: note: {ran}: read from the source, not imported, as in {other} "
        "(where importing it failed: ModuleNotFoundError: No module named "
        "'a_dependency_that_is_not_installed'), so that both revisions are read the same way"
    ) in result.err.splitlines()


def test_a_removal_is_still_found_when_the_readings_are_aligned(repo: Repo) -> None:
    _two(
        repo,
        {"app/models.py": LABELLED},
        {"app/models.py": MISSING + LABELLED.replace('    high = 2, "High"\n', "")},
    )
    result = repo.check("--against", "HEAD")
    assert result.status == 1
    assert result.rules == ["member-removed"]


FUNCTIONAL = """
from enum import Enum
NAMES = "red green"
Color = Enum("Color", NAMES)
class Size(Enum):
    s = 1
"""


def test_an_enum_built_at_import_is_not_removed_when_the_new_side_cannot_import(
    repo: Repo,
) -> None:
    _two(repo, {"app/models.py": FUNCTIONAL}, {"app/models.py": MISSING + FUNCTIONAL})
    result = repo.check("--against", "HEAD")
    assert (result.status, result.lines) == (0, [])
    assert (
        "app/models.py: note: HEAD: enum Color (line 3) is seen only by importing the module "
        "(built at import), which the working tree could not do (ModuleNotFoundError: No "
        "module named "
        "'a_dependency_that_is_not_installed'): it was compared in neither revision"
    ) in result.err.splitlines()


@pytest.mark.parametrize("mode", ["import", "no-import"])
@pytest.mark.parametrize("star", ["app.colors", ".colors"])
def test_an_enum_moved_behind_a_star_re_export_is_not_removed(
    repo: Repo, mode: str, star: str
) -> None:
    color = "from enum import Enum\nclass Color(Enum):\n    red = 1\n    green = 2\n"
    _two(
        repo,
        {"app/models.py": color},
        {
            "app/models.py": MISSING + f"from {star} import *\n",
            "app/colors.py": MISSING + color,
        },
    )
    options = ["--no-import"] if mode == "no-import" else []
    result = repo.check("--against", "HEAD", *options)
    assert (result.status, result.lines) == (0, [])
    # ... and what the star re-export leads to is compared.
    repo.write({"app/colors.py": MISSING + color.replace("    green = 2\n", "")})
    result = repo.check("--against", "HEAD", *options)
    assert result.rules == ["member-removed"]


def test_parsing_the_code_prints_no_warning(repo: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every warning shown (3.11 makes an invalid escape a DeprecationWarning, hidden by default).
    monkeypatch.setenv("PYTHONWARNINGS", "default")
    text = MISSING + 'from enum import Enum\nPATTERN = "\\d+"\nclass C(Enum):\n    a = 1\n'
    _two(repo, {"app/models.py": text}, {"app/models.py": text.replace("a = 1", "a = 2")})
    for options in ([], ["--no-import"]):
        result = repo.check("--against", "HEAD", *options)
        assert result.rules == ["value-changed"]
        assert "Warning" not in result.err


def test_a_base_only_importing_resolves_passes_on_its_generate_next_value(repo: Repo) -> None:
    # The source reading cannot tell AutoName is an enum (its base is an alias); importing
    # can, and says its auto() is its own: a module read from the source invents no number.
    helper = AUTO_NAME.replace("from enum import Enum", "import enum\nBase = enum.Enum").replace(
        "class AutoName(Enum)", "class AutoName(Base)"
    )
    tokens = MISSING + TOKENS
    _two(
        repo,
        {"app/helpers.py": helper, "app/tokens.py": tokens},
        {"app/tokens.py": tokens.replace("    COMMA = auto()\n", "")},
    )
    result = repo.check("--against", "HEAD", "--format", "json")
    found = json.loads(result.out)["findings"]
    assert [(f["rule"], f["member"], f["old"]) for f in found] == [
        ("member-removed", "COMMA", {"unknown": "auto()"})
    ]
    notes = [n["message"] for n in json.loads(result.out)["notes"] if "auto()" in n["message"]]
    assert notes == [
        "HEAD: the auto() values of Token (line 5) come from "
        "app.helpers.AutoName._generate_next_value_, which reading the source cannot "
        "evaluate: its 4 auto() members are compared by name only",
        "the working tree: the auto() values of Token (line 5) come from "
        "app.helpers.AutoName._generate_next_value_, which reading the source cannot "
        "evaluate: its 3 auto() members are compared by name only",
    ]


def test_modules_read_from_the_source_on_both_sides_share_one_note(repo: Repo) -> None:
    files = {
        f"app/m{i}.py": f"from enum import Enum\nclass E{i}(Enum):\n    a = 1\n" for i in range(3)
    }
    _two(repo, files, {name: MISSING + text for name, text in files.items()})
    result = repo.check("--against", "HEAD")
    assert (result.status, result.lines) == (0, [])
    notes = [line for line in result.err.splitlines() if "same way" in line]
    assert notes == [
        "app/m0.py: note: HEAD: this module and 2 other modules were read from the source, not "
        "imported, as in the working tree (where importing them failed: ModuleNotFoundError: "
        "No module named 'a_dependency_that_is_not_installed'), so that both revisions are "
        "read the same way"
    ]


@pytest.mark.parametrize("where", ["from-source", "no-import"])
def test_values_made_by_a_custom_new_are_compared_by_name_only(repo: Repo, where: str) -> None:
    # Importing gives Level.low the value 1 on both sides; only its label changed.
    head = MISSING if where == "from-source" else ""
    options = ["--no-import"] if where == "no-import" else []
    _two(
        repo,
        {"app/models.py": head + LABELLED},
        {"app/models.py": head + LABELLED.replace('"Low"', '"Lowest"')},
    )
    result = repo.check("--against", "HEAD", *options)
    assert (result.status, result.lines) == (0, [])
    assert (
        "app/models.py: note: HEAD and the working tree: the values of Level (line "
        f"{4 if head else 2}) are what app.models.Level.__new__ makes of them, which reading the "
        "source "
        "does not run: its members are compared by name only"
    ) in result.err.splitlines()
    # ... and a removal is still one.
    repo.write({"app/models.py": head + LABELLED.replace('    high = 2, "High"\n', "")})
    assert repo.check("--against", "HEAD", *options).rules == ["member-removed"]
