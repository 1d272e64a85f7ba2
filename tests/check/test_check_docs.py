"""docs/check.md shows what the command prints; its CI job works as shown (the hooks: test_check_hooks.py).

Each rule's page says what its record (``typed_enum.check.rule_records``) says:
its summary, how each storage judges it, and its fix.  It holds ``models.py`` at
HEAD (the first python block), in the working tree (the second), and the output
(the ``text`` block after ``$ typed-enum check --against HEAD``): each is run here
as a user runs it.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from check_helpers import Repo

from typed_enum.check.rule_records import RULES, STORAGES, Rule
from typed_enum.check.rules import BREAKING, DECLARED

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "check.md").read_text()
_BLOCK = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```$", re.MULTILINE | re.DOTALL)


RULES_DIR = ROOT / "docs" / "check-rules"
#: The rules with a page of their own (the others are listed on docs/check.md).
PAGED = [rule for rule, record in RULES.items() if record.page == f"check-rules/{rule}"]
#: How a page's first line says what a rule's findings do to the exit status.
KIND_SAID = {
    "breaking": "breaking: exit 1",
    "declared": "listed; fails with `--strict`",
    "compatible": "compatible: listed with `--show-compatible`",
}
#: The header of a page's table of judgements, one column per storage (STORAGES).
JUDGED_HEADER = (
    '| the enum is stored | by name | by value | both ways | unknown | nowhere (`unstored = "list"`) |\n'
    "|---|---|---|---|---|---|\n"
)


def _section(rule: str) -> str:
    return (RULES_DIR / f"{rule}.md").read_text()


def _blocks(text: str, lang: str) -> list[str]:
    return [body for found, body in _BLOCK.findall(text) if found == lang]


def _yaml_block(title: str) -> str:
    start = PAGE.index(f'```yaml title="{title}"\n') + len(f'```yaml title="{title}"\n')
    return PAGE[start : PAGE.index("```", start)]


def test_every_rule_has_a_page_listed_on_the_check_page() -> None:
    rules = [*BREAKING, *DECLARED]
    assert sorted(p.stem for p in RULES_DIR.glob("*.md")) == sorted(PAGED)
    assert set(rules) <= set(PAGED)
    listed = re.findall(
        r"^\| \[`([a-z-]+)`\]\(check-rules/\1\.md\) \| (.*?) \| (.*?) \|$", PAGE, re.M
    )
    assert [(name, what) for name, what, _ in listed] == [
        (name, BREAKING.get(name) or DECLARED[name]) for name in rules
    ]
    assert [status for _, _, status in listed] == [
        "1" if name in BREAKING else "0 (1 with `--strict`)" for name in rules
    ]
    for rule in PAGED:
        assert _section(rule).startswith(f"# `{rule}`\n")


def _judged(record: Rule) -> str:
    """The page's table of how each storage judges the rule, from its record."""
    verdicts = " | ".join(record.judged[storage] for storage in STORAGES)
    return f"{JUDGED_HEADER}| its findings | {verdicts} |\n"


@pytest.mark.parametrize("rule", PAGED)
def test_each_page_says_what_its_record_says(rule: str) -> None:
    record, page = RULES[rule], _section(rule)
    assert page.startswith(
        f"# `{rule}`\n\n**A rule of [`typed-enum check`](../check.md)** "
        f"({KIND_SAID[record.kind]}): {record.summary}.\n"
    )
    assert _judged(record) in page
    # The fix, as SARIF's rule help gives it: a paragraph of its own.
    paragraphs = [" ".join(text.split()) for text in page.split("\n\n")]
    assert f"**How to fix:** {record.generic_fix}." in paragraphs


@pytest.mark.parametrize("rule", PAGED)
def test_each_rule_example_prints_what_the_page_shows(rule: str, repo: Repo) -> None:
    before, after = _blocks(_section(rule), "python")
    (shown,) = _blocks(_section(rule), "text")
    # The two files are labelled as the sides the command compares, in that order.
    assert re.findall(r'^```python title="([^"]+)"$', _section(rule), re.MULTILINE) == [
        "models.py at HEAD (the old side)",
        "models.py in the working tree (the new side)",
    ]
    command, *expected = shown.splitlines()
    assert command.startswith("$ typed-enum check --against HEAD")
    repo.commit({"models.py": before})
    repo.write({"models.py": after})
    result = repo.check(*shlex.split(command)[3:])
    assert result.lines == expected
    assert result.status == (1 if rule in BREAKING else 0)
    if rule in DECLARED:
        assert repo.check("--against", "HEAD", "--strict").status == 1
    assert all(f": {rule}: " in line or ": value-changed: " in line for line in result.findings)


def _run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    # The console script of this environment, as pre-commit and the CI job call it.
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=False)


def test_the_github_actions_job_annotates_a_pull_request(repo: Repo, tmp_path: Path) -> None:
    job = yaml.safe_load(_yaml_block(".github/workflows/enums.yml"))
    # pull_request: the importing mode runs a fork's code without secrets (YAML 1.1 reads
    # the key `on` as True).
    assert job[True] == "pull_request"
    assert job["permissions"] == {"contents": "read"}
    steps = job["jobs"]["typed-enum-check"]["steps"]
    assert steps[-2]["run"] == (
        'pip install -e . "typed_enum @ git+${{ vars.TYPED_ENUM_GIT_URL }}"'
    )
    assert steps[0]["with"]["fetch-depth"] == 0
    command = steps[-1]["run"].replace("${{ github.base_ref }}", "main")
    repo.commit({"models.py": "from enum import Enum\nclass C(Enum):\n    a = 1\n    b = 2\n"})
    # The runner's checkout: a clone, where the base branch is origin/main.
    clone = tmp_path / "checkout"
    subprocess.run(["git", "clone", "-q", str(repo.root), str(clone)], check=True)
    (clone / "models.py").write_text("from enum import Enum\nclass C(Enum):\n    a = 1\n")
    done = _run(shlex.split(command), clone)
    assert done.returncode == 1
    assert done.stdout == (
        "::error file=models.py,line=2,title=typed-enum member-removed (fails)::member C.b was "
        "removed and no name accepts its value 2 any more: C(2) and C['b'] raise on stored "
        "data; stored nowhere the check found (judged as stored both ways)%0Afix: restore it; "
        "or, if another member now means the same, keep its name as that member's alias (b = "
        "alias(other)); if its stored data must not load any more, retire it (b = reserved(2)) "
        "and convert the stored data first\n"
    )
