"""--format json, github and sarif, and one order whatever PYTHONHASHSEED."""

from __future__ import annotations

import json

from check_helpers import Repo

import typed_enum
from typed_enum.check.output import SITE
from typed_enum.check.rule_records import RULES

BEFORE = """
from enum import Enum, IntEnum
class Color(Enum):
    red = 1
    green = 2
class Level(IntEnum):
    low = 1
"""
AFTER = """
from enum import Enum
class Color(Enum):
    red = 1
class Level(Enum):
    low = 1
"""


def _setup(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": BEFORE})
    repo.write({"app/models.py": AFTER})


def test_json_has_one_record_per_finding(repo: Repo) -> None:
    _setup(repo)
    result = repo.check("--against", "HEAD", "--format", "json")
    assert result.status == 1
    log = json.loads(result.out)
    assert {key: value for key, value in log.items() if key != "findings"} == {
        "tool": "typed-enum check",
        "version": typed_enum.__version__,
        "old": {"revision": "HEAD", "enums": 2, "ignored": 0},
        "new": {"revision": "the working tree", "enums": 2, "ignored": 0},
        "read": "import",
        "complete": True,
        "policy": {
            "file": None,
            "revision": None,
            "command_line": [],
            "ignore": [],
            "storage": [],
            "unstored": "fail",
            "private": True,
        },
        # One count per verdict: both findings fail.
        "verdicts": {"fails": 2, "listed": 0, "compatible": 0, "accepted": 0},
        "notes": [],
        # Where each enum is stored (typed_enum.check.storage): nowhere here.
        "storage": {"enums": {}, "unread": []},
    }
    assert {"findings": log["findings"]} == {
        "findings": [
            {
                "rule": "member-removed",
                "verdict": "fails",
                "enum": "app.models.Color",
                "member": "green",
                "old": 2,
                "new": None,
                "path": "app/models.py",
                "line": 2,
                "message": "member Color.green was removed and no name accepts its value 2 any "
                "more: Color(2) and Color['green'] raise on stored data; stored nowhere the "
                "check found (judged as stored both ways)",
                "fix": "restore it; or, if another member now means the same, keep its name as "
                "that member's alias (green = alias(other)); if its stored data must not load "
                "any more, retire it (green = reserved(2)) and convert the stored data first",
                "storage": "unstored",
                "stored": None,
            },
            {
                "rule": "base-changed",
                "verdict": "fails",
                "enum": "app.models.Level",
                "member": None,
                "old": "IntEnum",
                "new": "Enum",
                "path": "app/models.py",
                "line": 4,
                "message": "Level changed from IntEnum to Enum: int behaviour (== with ints, "
                "ordering, arithmetic, int(x)) is gone; stored values still load, code that "
                "relied on it breaks; stored nowhere the check found (judged as stored both "
                "ways)",
                "fix": "keep the stdlib base it had (IntEnum, StrEnum, Flag, ...), or first "
                "change every caller that relies on its behaviour",
                "storage": "unstored",
                "stored": None,
            },
        ],
    }


def test_github_annotates_the_lines(repo: Repo) -> None:
    _setup(repo)
    result = repo.check("--against", "HEAD", "--format", "github")
    assert result.status == 1
    nowhere = "stored nowhere the check found (judged as stored both ways)"
    assert result.lines == [
        "::error file=app/models.py,line=2,title=typed-enum member-removed (fails)::member "
        "Color.green was removed and no name accepts its value 2 any more: Color(2) and "
        f"Color['green'] raise on stored data; {nowhere}%0Afix: restore it; or, if another "
        "member now means the same, keep its name as that member's alias (green = "
        "alias(other)); if its stored data must not load any more, retire it (green = "
        "reserved(2)) and convert the stored data first",
        "::error file=app/models.py,line=4,title=typed-enum base-changed (fails)::Level changed "
        "from IntEnum to Enum: int behaviour (== with ints, ordering, arithmetic, int(x)) is "
        f"gone; stored values still load, code that relied on it breaks; {nowhere}%0Afix: keep "
        "the stdlib base it had (IntEnum, StrEnum, Flag, ...), or first change every caller "
        "that relies on its behaviour",
    ]


def test_sarif_lists_the_rules_and_locates_each_result(repo: Repo) -> None:
    _setup(repo)
    result = repo.check("--against", "HEAD", "--format", "sarif")
    assert result.status == 1
    log = json.loads(result.out)
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert rules[:8] == [
        "enum-removed",
        "member-removed",
        "member-renamed",
        "value-changed",
        "value-reused",
        "alias-removed",
        "open-changed",
        "base-changed",
    ]
    found = [
        (
            r["ruleId"],
            rules[r["ruleIndex"]],
            r["level"],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
        )
        for r in run["results"]
    ]
    assert found == [
        ("member-removed", "member-removed", "error", "app/models.py", 2),
        ("base-changed", "base-changed", "error", "app/models.py", 4),
    ]
    removed = run["tool"]["driver"]["rules"][1]
    page = f"{SITE}check-rules/member-removed/"
    assert removed["helpUri"] == page
    assert removed["help"]["text"] == (
        f"{RULES['member-removed'].summary}. How to fix: {RULES['member-removed'].generic_fix}. "
        f"{page}"
    )
    assert f"[The rule's page]({page})" in removed["help"]["markdown"]
    # Nothing points at a path of this project's repository (the user's has no docs/).
    assert "docs/" not in result.out.replace(SITE, "")
    assert run["invocations"] == [
        {
            "executionSuccessful": True,
            "toolExecutionNotifications": [],
            "properties": {"complete": True},
        }
    ]
    assert run["properties"]["old"] == {"revision": "HEAD", "enums": 2, "ignored": 0}


def test_the_order_does_not_depend_on_the_hash_seed(repo: Repo) -> None:
    classes = "".join(
        f"class E{i}(Enum):\n    a = frozenset({{'x{i}', 'y{i}', 'z{i}'}})\n    b = {i}\n"
        for i in range(8)
    )
    repo.commit({"app/__init__.py": "", "app/models.py": "from enum import Enum\n" + classes})
    repo.write(
        {"app/models.py": "from enum import Enum\n" + classes.replace("    b = ", "    c = ")}
    )
    first = repo.check("--against", "HEAD", "--format", "json", seed="1")
    second = repo.check("--against", "HEAD", "--format", "json", seed="4242")
    assert first.status == second.status == 1
    assert len(json.loads(first.out)["findings"]) == 8
    assert first.out == second.out


def test_every_format_says_the_same_verdict(repo: Repo) -> None:
    # Stored by value: Color's rename is listed, Limit's changed value fails.
    repo.rename_and_revalue({"pyproject.toml": '[tool.typed_enum.check]\nstorage = "value"\n'})
    text = repo.check("--against", "HEAD")
    assert list(zip(text.rules, text.verdicts, strict=True)) == [
        ("member-renamed", "listed"),
        ("value-changed", "fails"),
    ]
    log = json.loads(repo.check("--against", "HEAD", "--format", "json").out)
    assert [(f["rule"], f["verdict"], f["storage"]) for f in log["findings"]] == [
        ("member-renamed", "listed", "value"),
        ("value-changed", "fails", "value"),
    ]
    assert log["verdicts"] == {"fails": 1, "listed": 1, "compatible": 0, "accepted": 0}
    (run,) = json.loads(repo.check("--against", "HEAD", "--format", "sarif").out)["runs"]
    assert [(r["level"], r["properties"]["verdict"]) for r in run["results"]] == [
        ("note", "listed"),
        ("error", "fails"),
    ]
    assert run["properties"]["verdicts"] == log["verdicts"]
    github = repo.check("--against", "HEAD", "--format", "github")
    assert [line.split(" ")[0] for line in github.lines] == ["::notice", "::error"]
    assert [line.split("::")[1].split("title=")[1] for line in github.lines] == [
        "typed-enum member-renamed (listed)",
        "typed-enum value-changed (fails)",
    ]
    # The exit status counts the failing one only, and the summary says what was listed.
    assert text.status == 1
    assert "1 breaking change in 1 enum" in text.err
    assert "; 1 listed for review, not failing (by where the enum is stored)" in text.err
