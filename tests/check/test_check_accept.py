"""A break landed on purpose: ``[[tool.typed_enum.check.accept]]`` in the new revision.

It accepts one change (enum, member, rule), which is still reported, marked accepted with its
reason; compared with a revision that already has the change, the entry is stale and said so.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from check_helpers import Repo, Result

COLOR = """
from enum import Enum
class Color(Enum):
    red = 1
    green = 2
    blue = 3
"""
NO_GREEN = COLOR.replace("    green = 2\n", "")
NO_GREEN_NO_BLUE = NO_GREEN.replace("    blue = 3\n", "")

ACCEPT_GREEN = """
[[tool.typed_enum.check.accept]]
enum = "app.models.Color"
member = "green"
rule = "member-removed"
reason = "green rows converted to red by migration 0042"
"""


def test_an_accepted_break_is_reported_as_accepted_and_passes(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR})
    repo.write({"app/models.py": NO_GREEN, "pyproject.toml": ACCEPT_GREEN})
    result = repo.check("--against", "HEAD")
    assert result.status == 0, result.err
    assert len(result.lines) == 1
    assert result.lines[0].startswith("app/models.py:2: member-removed: member Color.green ")
    assert result.lines[0].endswith(
        "; accepted in pyproject.toml: green rows converted to red by migration 0042"
    )
    assert result.err.splitlines()[-1] == (
        "typed-enum check: 0 breaking changes in 0 enums (1 enum compared with HEAD); "
        "1 accepted in pyproject.toml, listed only; policy: pyproject.toml of the working tree"
    )
    # The json report keeps the finding too.
    found = json.loads(repo.check("--against", "HEAD", "--format", "json").out)["findings"]
    assert [(f["rule"], f["member"]) for f in found] == [("member-removed", "green")]


def test_the_entry_accepts_that_change_only(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR})
    repo.write({"app/models.py": NO_GREEN_NO_BLUE, "pyproject.toml": ACCEPT_GREEN})
    result = repo.check("--against", "HEAD")
    assert result.status == 1
    assert result.rules == ["member-removed", "member-removed"]
    accepted = [line for line in result.lines if "; accepted in pyproject.toml" in line]
    failing = [line for line in result.lines if line not in accepted]
    assert [line.split(" ")[3] for line in accepted] == ["Color.green"]
    assert [line.split(" ")[3] for line in failing] == ["Color.blue"]


def test_against_a_revision_that_has_the_change_the_entry_is_stale(repo: Repo) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR}, "before")
    repo.commit({"app/models.py": NO_GREEN, "pyproject.toml": ACCEPT_GREEN}, "the break")
    # The next change compares with the commit that made the break.
    repo.write({"app/models.py": NO_GREEN + "    # a comment\n"})
    result = repo.check("--against", "HEAD")
    assert (result.status, result.out) == (0, "")
    assert (
        "pyproject.toml: note: stale accept entry (member-removed of app.models.Color.green): "
        "no such change against HEAD, which already has it or never had it; remove the entry"
    ) in result.err.splitlines()
    # The same entry never accepts a later break of another member.
    repo.write({"app/models.py": NO_GREEN_NO_BLUE})
    later = repo.check("--against", "HEAD")
    assert later.status == 1
    assert later.rules == ["member-removed"]
    assert "accepted" not in later.out
    # Against the revision before the break, the entry still applies.
    assert repo.check("--against", "HEAD~1", "--new", "HEAD").status == 0


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            'enum = "app.models.Color"\nmember = "green"\nrule = "member-remove"\nreason = "x"',
            "accept entry 1: no rule 'member-remove' to accept; did you mean 'member-removed'?",
        ),
        (
            'enum = "app.models.Color"\nmember = "green"\nrule = "member-removed"',
            'accept entry 1 needs reason = "..." (a non-empty string)',
        ),
        (
            'enum = "app.models.Color"\nrule = "member-removed"\nreason = "x"',
            'accept entry 1: member-removed is reported for a member; name it with member = "..."',
        ),
        (
            'enum = "app.models.Color"\nmember = "green"\nrule = "enum-removed"\nreason = "x"',
            "accept entry 1: enum-removed is reported for the class; leave out member",
        ),
        (
            'enum = "app.models.Color"\nmembr = "green"\nrule = "member-removed"\nreason = "x"',
            "accept entry 1 has no key 'membr' (the keys are enum, member, rule, reason)",
        ),
    ],
)
def test_a_bad_entry_exits_2_with_the_fix(repo: Repo, entry: str, message: str) -> None:
    repo.commit({"app/__init__.py": "", "app/models.py": COLOR})
    repo.write({"pyproject.toml": f"[[tool.typed_enum.check.accept]]\n{entry}\n"})
    result = repo.check("--against", "HEAD")
    assert (result.status, result.err) == (
        2,
        f"typed-enum check: pyproject.toml: [tool.typed_enum.check] {message}\n",
    )


# docs/check.md shows these runs: each block is run here as printed.

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "check.md").read_text()
MODELS = """\
from enum import Enum


class Status(Enum):
    pending = "pending"
    paid = "paid"
    shipped = "shipped"
"""
REMOVED = MODELS.replace('    paid = "paid"\n', "")


def _blocks(section: str, lang: str) -> list[str]:
    start = PAGE.index(section)
    end = PAGE.find("\n## ", start + len(section))
    text = PAGE[start : end if end != -1 else None]
    return re.findall(rf"^```{lang}\n(.*?)^```$", text, re.M | re.S)


def _printed(result: Result) -> list[str]:
    return [*result.lines, *result.err.splitlines()]


def test_the_page_opens_with_what_a_run_prints(repo: Repo) -> None:
    (shown,) = _blocks("# Reviewing enum changes", "text")[:1]
    repo.commit({"shop/__init__.py": "", "shop/models.py": MODELS})
    repo.write({"shop/models.py": REMOVED})
    result = repo.check("--against", "main")
    assert result.status == 1
    assert _printed(result) == shown.splitlines()


def test_the_accept_section_shows_what_a_run_prints(repo: Repo) -> None:
    (entry,) = _blocks("## Landing a break on purpose", "toml")
    accepted, stale = _blocks("## Landing a break on purpose", "text")
    repo.commit({"shop/__init__.py": "", "shop/models.py": MODELS})
    repo.write({"shop/models.py": REMOVED, "pyproject.toml": entry})
    result = repo.check("--against", "HEAD")
    assert result.status == 0
    assert _printed(result) == accepted.splitlines()
    repo.commit({}, "the break")
    repo.write({"shop/models.py": REMOVED + "# later\n"})
    later = repo.check("--against", "HEAD")
    assert later.status == 0
    assert later.err.splitlines()[0] == stale.strip()
