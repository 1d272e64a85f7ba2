"""Member-added impact on real history: python-telegram-bot 22.6, 22.7 and 22.8 (issue 55).

The releases' ``telegram/`` come from the package index (tests/check/history.py).
Each release added members to ``telegram.constants`` and, in the same release,
named them in the code that dispatches on them: between two releases no site
is reached.  The pull request that adds the members before the code catches
up is rebuilt from the releases themselves: the old release's code with the
new release's ``constants.py`` (tag ``v<new>-constants``).  There the sites are
exactly those the real release then changed to name the new member, read by
hand in the releases' source:

- 22.6 -> 22.7 adds ``MessageEntityType.DATE_TIME``: ``Message._parse_markdown``
  refuses some entity types for Markdown version 1 by looping over a tuple of
  them (22.7 adds DATE_TIME to it), and its if/elif chain tests
  ``entity.type in (BLOCKQUOTE, EXPANDABLE_BLOCKQUOTE)`` (22.7 adds an
  ``elif`` for DATE_TIME).  The ``else:`` of ``_parse_html``'s chain, which 22.7
  also extends, is not listed: that chain names only some of the old members
  (docs/check-impact.md, "What is not looked at").
- 22.7 -> 22.8 adds ``PaidMediaType.LIVE_PHOTO``: ``PaidMedia.de_json`` tests
  ``data.get("type") in _class_mapping`` (a dict keyed by the class's aliases of
  the members, ``cls.PREVIEW`` ...) before reading it; 22.8 adds the key.

mypy's types run on every pair (the check's default when mypy is installed) and
add no site: the other catch-alls of these releases were reached before the
change too (``_parse_html``'s ``else:`` takes the entity types the chain does not
name; ``MessageEntity.type`` is typed ``str``, which no test narrows away).
"""

from __future__ import annotations

import json
import subprocess
from itertools import pairwise
from pathlib import Path

import pytest
from history import check, releases

DISTRIBUTION, PACKAGE = "python-telegram-bot", "telegram"
VERSIONS = ("22.6", "22.7", "22.8")

#: (kind, path, line, enum, member) of each site, read by hand in the old release.
EXPECTED = {
    ("22.6", "22.7-constants"): [
        (
            "iteration",
            "telegram/_message.py",
            5412,
            "telegram.constants.MessageEntityType",
            "DATE_TIME",
        ),
        (
            "membership",
            "telegram/_message.py",
            5498,
            "telegram.constants.MessageEntityType",
            "DATE_TIME",
        ),
    ],
    ("22.7", "22.8-constants"): [
        (
            "membership",
            "telegram/_paidmedia.py",
            105,
            "telegram.constants.PaidMediaType",
            "LIVE_PHOTO",
        ),
    ],
    ("22.6", "22.7"): [],
    ("22.7", "22.8"): [],
}


def _git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=True
    ).stdout


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("impact-history")
    root = releases(DISTRIBUTION, PACKAGE, VERSIONS, base / "repo", base / "wheels")
    for old, new in pairwise(VERSIONS):
        _git(root, "checkout", "-q", f"v{old}")
        constants = _git(root, "show", f"v{new}:{PACKAGE}/constants.py")
        (root / PACKAGE / "constants.py").write_text(constants)
        _git(root, "commit", "-q", "-am", f"{new}'s constants on {old}'s code")
        _git(root, "tag", f"v{new}-constants")
    _git(root, "checkout", "-q", "main")
    return root


@pytest.mark.parametrize(("old", "new"), list(EXPECTED))
def test_the_sites_are_those_the_release_changed_to_name_the_new_member(
    history: Path, old: str, new: str
) -> None:
    done = check(history, old, new, PACKAGE, "--no-import", "--format", "json")
    assert done.returncode in (0, 1), done.stderr  # 22.8 also removes members (issue 40)
    impact = json.loads(done.stdout).get("impact", {"sites": []})
    found = [(s["kind"], s["path"], s["line"], s["enum"], s["member"]) for s in impact["sites"]]
    assert found == EXPECTED[(old, new)]
    if found:
        assert impact["types"]["used"], impact["types"]["notes"]


def test_a_chosen_kind_fails_the_check_on_real_history(history: Path) -> None:
    args = (history, "22.6", "22.7-constants", PACKAGE, "--no-import", "--impact-types", "off")
    args = (*args, "--fail-on-impact")
    assert check(*args, "table").returncode == 0  # 22.6 -> 22.7 breaks nothing else
    done = check(*args, "iteration")
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines()[1] == (
        "telegram/_message.py:5412: impact: iteration: the loop over (MessageEntity."
        "EXPANDABLE_BLOCKQUOTE, MessageEntity.BLOCKQUOTE, MessageEntity.CUSTOM_EMOJI, Messa... "
        "skips DATE_TIME (fails: --fail-on-impact)"
    )
