"""Enums read from the source (issue 44): functional API, Django Choices, bases it cannot
resolve, one note per missing dependency, auto() numbers taken by new members, and the
same findings whether a module is imported or read from its source."""

from __future__ import annotations

import enum
import textwrap

import pytest
from check_helpers import Repo

from typed_enum.check._child import describe
from typed_enum.check.source import parse, source_enums

#: Importing this fails: the module is read from its source.
MISSING = "import a_dependency_that_is_not_installed\n"

FUNCTIONAL = [
    'Mode = Enum("Mode", "fast slow eco")',
    'Mode = Enum("Mode", "fast, slow, eco")',
    'Mode = Enum("Mode", ["fast", "slow", "eco"])',
    'Mode = Enum("Mode", [("fast", 10), ("slow", 20), ("eco", 10)])',
    'Mode = Enum("Mode", {"fast": "f", "slow": "s"})',
    'Mode = Enum("Mode", names="fast slow", module=__name__, qualname="Mode")',
    'Mode = Enum("Mode", "fast slow", start=0)',
    'Mode = Enum("Mode", "fast slow", type=int)',
    'Mode = IntEnum("Mode", "fast slow eco", start=5)',
    'Mode = StrEnum("Mode", "Fast Slow")',
    'Mode = Flag("Mode", "r w x")',
    'Mode = IntFlag("Mode", "r w x", start=4)',
    'Mode = enum.Enum("Mode", "fast slow")',
]


@pytest.mark.parametrize("line", FUNCTIONAL)
def test_a_functional_enum_read_from_source_is_what_importing_gives(line: str) -> None:
    text = f"import enum\nfrom enum import Enum, IntEnum, StrEnum, Flag, IntFlag\n{line}\n"
    namespace: dict[str, object] = {"__name__": "functional_case"}
    exec(text, namespace)
    cls = namespace["Mode"]
    assert isinstance(cls, type)
    assert issubclass(cls, enum.Enum)
    imported = describe(cls)
    read = source_enums(parse(text))["Mode"]
    assert (read["kind"], read["traits"], read["members"]) == (
        imported["kind"],
        imported["traits"],
        imported["members"],
    )


def _two(repo: Repo, before: str, after: str, extra: dict[str, str] | None = None) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": textwrap.dedent(before), **(extra or {})})
    repo.write({"app/models.py": textwrap.dedent(after)})


def test_a_removed_member_of_a_functional_enum_in_an_unimportable_module_fails(
    repo: Repo,
) -> None:
    before = (
        MISSING
        + 'from enum import Enum\nclass Size(Enum):\n    s = 1\nMode = Enum("Mode", "fast slow eco")\n'
    )
    _two(repo, before, before.replace("fast slow eco", "fast slow"))
    result = repo.check("--against", "HEAD")
    assert result.status == 1
    assert result.lines == [
        "app/models.py:5: fails: member-removed: member Mode.eco was removed and no name "
        "accepts its value 3 any more: Mode(3) and Mode['eco'] raise on stored data; stored "
        "nowhere the check found (judged as stored both ways)",
        "    fix: restore it; or, if another member now means the same, keep its name as that "
        "member's alias (eco = alias(other)); if its stored data must not load any more, "
        "retire it (eco = reserved(3)) and convert the stored data first",
    ]
    assert "(2 enums compared with HEAD)" in result.err


DJANGO = """
from django.db import models
from django.utils.translation import gettext_lazy as _

class Suit(models.IntegerChoices):
    HEART = 1, _("Heart")
    SPADE = 2, _("Spade")

class Status(models.TextChoices):
    DRAFT = "DF", "Draft"
    DONE = "DN", _("Done")

class Plain(models.Choices):
    A = 1
"""


def test_django_choices_are_read_value_first_label_dropped() -> None:
    found = source_enums(parse(textwrap.dedent(DJANGO)))
    assert sorted(found) == ["Plain", "Status", "Suit"]
    assert found["Suit"]["members"] == [["HEART", "HEART", "1", 1], ["SPADE", "SPADE", "2", 2]]
    assert found["Suit"]["traits"] == ["int"]
    assert [m[3] for m in found["Status"]["members"][:2]] == ["DF", "DN"]
    assert found["Status"]["traits"] == ["str"]


def test_django_text_choices_auto_is_the_name() -> None:
    text = "from django.db import models\nfrom enum import auto\nclass K(models.TextChoices):\n    red = auto()\n    BLUE = auto()\n"
    assert [m[3] for m in source_enums(parse(text))["K"]["members"]] == ["red", "BLUE"]


def test_a_removed_django_choice_in_an_unimportable_module_fails(repo: Repo) -> None:
    _two(repo, DJANGO, DJANGO.replace('    SPADE = 2, _("Spade")\n', ""))
    result = repo.check("--against", "HEAD")
    assert result.status == 1
    assert [line.split(": ")[1:4] for line in result.findings] == [
        [
            "fails",
            "member-removed",
            "member Suit.SPADE was removed and no name accepts its value 2 any more",
        ]
    ]
    assert "(3 enums compared with HEAD)" in result.err


def test_a_class_whose_enum_base_cannot_be_resolved_is_named_in_a_note(repo: Repo) -> None:
    text = MISSING + "from elsewhere import StringEnum\nclass Kind(StringEnum):\n    a = 'a'\n"
    _two(repo, text, text.replace("    a = 'a'\n", "    b = 'b'\n"))
    result = repo.check("--against", "HEAD")
    assert result.status == 0
    notes = [line for line in result.err.splitlines() if "Kind" in line]
    assert notes == [
        "app/models.py: note: HEAD and the working tree: class Kind (line 3) derives from "
        "StringEnum, which reading the source cannot resolve to an enum: it was not compared "
        "(the module was not imported: ModuleNotFoundError: No module named "
        "'a_dependency_that_is_not_installed')"
    ]


def test_a_base_from_another_module_of_the_tree_is_resolved(repo: Repo) -> None:
    base = "import enum\nclass StringEnum(str, enum.Enum):\n    pass\n"
    text = (
        MISSING
        + "from app.base import StringEnum\nclass Kind(StringEnum):\n    a = 'a'\n    b = 'b'\n"
    )
    _two(repo, text, text.replace("    b = 'b'\n", ""), {"app/base.py": base})
    result = repo.check("--against", "HEAD")
    assert result.status == 1
    assert result.rules == ["member-removed"]


def test_one_missing_dependency_gives_one_note_per_run_without_paths(repo: Repo) -> None:
    files = {
        f"app/m{i}.py": MISSING + f"from enum import Enum\nclass E{i}(Enum):\n    a = 1\n"
        for i in range(5)
    }
    repo.commit({"app/__init__.py": "", **files})
    result = repo.check("--against", "HEAD")
    assert result.status == 0
    notes = [line for line in result.err.splitlines() if ": note: " in line]
    why = "ModuleNotFoundError: No module named 'a_dependency_that_is_not_installed'"
    assert notes == [
        "app/m0.py: note: HEAD and the working tree: this module and 4 other modules were not "
        f"imported ({why}); their enums were read from the source"
    ]
    assert "/tmp" not in result.err


AUTO_BEFORE = """
from enum import IntEnum, auto
class Preview(IntEnum):
    hug = auto()
    wrap = auto()
    strings = auto()
"""
AUTO_AFTER = """
from enum import IntEnum, auto
class Preview(IntEnum):
    hug = auto()
    wrap = auto()
    parens = auto()
"""


@pytest.mark.parametrize("storage", ["value", "both"])
def test_an_auto_number_taken_by_a_new_member_is_value_reused_not_renamed(
    repo: Repo, storage: str
) -> None:
    repo.commit({"pyproject.toml": f'[tool.typed_enum.check]\nstorage = "{storage}"\n'})
    _two(repo, AUTO_BEFORE, AUTO_AFTER)
    result = repo.check("--against", "HEAD")
    assert result.status == 1
    said = {"value": "stored by value", "both": "stored by name and by value"}[storage]
    assert result.lines == [
        "app/models.py:5: fails: value-reused: member Preview.strings was removed and its "
        "value 3 now belongs to the new Preview.parens, which took it from auto() (the next "
        "number, not a rename): stored 3 now silently reads as Preview.parens; "
        f"{said} (the policy)",
        "    fix: restore the removed member (or its reserved() line), or retire its value "
        "with reserved() and give parens a value (or name) of its own",
    ]


def test_an_auto_number_taken_by_a_new_member_under_name_storage_is_a_removal(
    repo: Repo,
) -> None:
    repo.commit({"pyproject.toml": '[tool.typed_enum.check]\nstorage = "name"\n'})
    _two(repo, AUTO_BEFORE, AUTO_AFTER)
    result = repo.check("--against", "HEAD")
    assert result.status == 1
    assert result.rules == ["member-removed"]
    # Stored by name: the name is gone; the number auto() handed on is no concern.
    assert result.findings[0].endswith(
        "member Preview.strings was removed: Preview['strings'] raises on stored names (its "
        "value 3 now belongs to Preview.parens); stored by name (the policy)"
    )


@pytest.mark.parametrize("storage", ["value", "name", "both"])
def test_a_rename_is_reported_under_every_storage(repo: Repo, storage: str) -> None:
    repo.commit({"pyproject.toml": f'[tool.typed_enum.check]\nstorage = "{storage}"\n'})
    _two(
        repo,
        "from enum import Enum\nclass C(Enum):\n    a = 1\n    b = 2\n",
        "from enum import Enum\nclass C(Enum):\n    a = 1\n    bee = 2\n",
    )
    result = repo.check("--against", "HEAD")
    # Stored by value, stored data still loads: listed for the reviewer, not failing;
    # stored by name (or both), the stored name "b" raises: failing.
    assert result.status == (0 if storage == "value" else 1)
    # Each says what breaks under its storage, and nothing else.
    effect = {
        "value": "stored 2 (and pickles) now load as C.bee: the reviewer decides whether bee "
        "means what b meant; stored by value (the policy)",
        "name": "stored names raise (C['b']); stored by name (the policy)",
        "both": "stored names raise (C['b']); stored 2 (and pickles) now load as C.bee; "
        "stored by name and by value (the policy)",
    }[storage]
    verdict = "listed" if storage == "value" else "fails"
    assert result.lines == [
        f"app/models.py:4: {verdict}: member-renamed: member C.b is gone and its value 2 now "
        f"belongs to the new C.bee: {effect}",
        "    fix: if bee means what b meant, keep the old name (b = alias(bee)); if not, "
        "retire the value (b = reserved(2)) and give bee a value of its own",
    ]


@pytest.mark.parametrize("raising", [False, True], ids=["imported", "from-source"])
@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        # The alias became the member, the member its alias: same value.
        (
            "a = 1\n    b = 1\n    c = 2\n",
            "b = 1\n    a = 1\n    c = 2\n",
            [
                "app/models.py:{a}: compatible: canonical-changed: member C.a became an alias "
                "of C.b (value 1 kept): stored values and names still load; C(1).name is now "
                "'b', and iterating C no longer lists a",
                "    fix: stored data needs nothing; to keep what .name gives for 1 and the "
                "order of iteration, declare a before b again",
            ],
        ),
        # An alias demoted to a member of its own (another value).
        (
            "a = 1\n    b = 1\n",
            "a = 1\n    b = 2\n",
            [
                "app/models.py:{b}: fails: value-changed: alias C.b changed value from 1 to 2; "
                "it is a member of its own now: code that uses C.b now gets 2; stored data "
                "holds C.a, unchanged, and still loads; stored nowhere the check found "
                "(judged as stored both ways)",
                "    fix: give it its old value back (where auto() moved it, write the number "
                "out, or add new auto() members after the old ones); if the new value is "
                "intended, convert the stored values before deploying",
            ],
        ),
        # A member demoted to an alias (it took another member's value).
        (
            "a = 1\n    b = 2\n",
            "a = 1\n    b = 1\n",
            [
                "app/models.py:{b}: fails: value-changed: member C.b changed value from 2 to 1; "
                "it became an alias of C.a by taking its value: stored 2 no longer loads: C(2) "
                "raises; stored nowhere the check found (judged as stored both ways)",
                "    fix: give it its old value back (where auto() moved it, write the number "
                "out, or add new auto() members after the old ones); if the new value is "
                "intended, convert the stored values before deploying",
            ],
        ),
    ],
    ids=["swapped", "alias-to-member", "member-to-alias"],
)
def test_alias_demotion_is_the_same_imported_or_read_from_source(
    repo: Repo, raising: bool, before: str, after: str, expected: list[str]
) -> None:
    head = (MISSING if raising else "") + "from enum import Enum\nclass C(Enum):\n    "
    _two(repo, head + before, head + after)
    result = repo.check("--against", "HEAD", "--show-compatible")
    lines = (head + after).splitlines()
    where = {
        n: 1 + next(i for i, t in enumerate(lines) if t.strip().startswith(f"{n} =")) for n in "ab"
    }
    assert result.lines == [line.format(**where) for line in expected]


@pytest.mark.parametrize("raising", [False, True], ids=["imported", "from-source"])
def test_an_int_mixin_base_is_shown_as_written(repo: Repo, raising: bool) -> None:
    head = (MISSING if raising else "") + "from enum import Enum\n"
    _two(
        repo,
        head + "class Level(int, Enum):\n    low = 1\n",
        head + "class Level(Enum):\n    low = 1\n",
    )
    result = repo.check("--against", "HEAD")
    assert result.lines == [
        f"app/models.py:{2 + raising}: fails: base-changed: Level changed from (int, Enum) to "
        "Enum: int behaviour (== with ints, ordering, arithmetic, int(x)) is gone; stored values "
        "still load, code that relied on it breaks; stored nowhere the check found (judged as "
        "stored both ways)",
        "    fix: keep the stdlib base it had (IntEnum, StrEnum, Flag, ...), or first change "
        "every caller that relies on its behaviour",
    ]


@pytest.mark.parametrize("raising", [False, True], ids=["imported", "from-source"])
def test_a_member_replaced_by_its_alias_is_a_rename_that_says_so(repo: Repo, raising: bool) -> None:
    head = (MISSING if raising else "") + "from enum import Enum\nclass C(Enum):\n"
    _two(repo, head + "    a = 1\n    b = 1\n", head + "    b = 1\n")
    result = repo.check("--against", "HEAD")
    (line,) = result.findings
    assert line.startswith(
        f"app/models.py:{3 + raising}: fails: member-renamed: member C.a is gone and its value "
        "1 now belongs to C.b, its alias before: stored names raise (C['a'])"
    )
    assert "keep the old name (a = alias(b))" in result.fixes[0]
