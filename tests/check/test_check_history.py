"""Real history: python-telegram-bot 21.0, 22.0 and 22.8 from the package index (issue 40).

The three releases' ``telegram/`` are committed one after the other into a
throwaway repository and compared two by two with ``typed-enum check
--against vA --new vB``.  The findings must be exactly the enum changes
between the releases: what an independent dump of every enum's
``__members__`` in each release (tests/check/history.py, no typed_enum.check
involved) shows as a removed class, a removed name or a changed value, and
nothing else.  The rules were checked by hand against the releases' source
(docs/check.md, "On real history").
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from history import check, members, releases

DISTRIBUTION, PACKAGE = "python-telegram-bot", "telegram"
VERSIONS = ("21.0", "22.0", "22.8")

#: (rule, enum, member) of each finding, read by hand in the releases' constants.py.
EXPECTED = {
    ("21.0", "22.0"): {
        ("member-removed", "telegram.constants.InlineQueryLimit", "MIN_SWITCH_PM_TEXT_LENGTH"),
        ("alias-removed", "telegram.constants.InlineQueryLimit", "MAX_SWITCH_PM_TEXT_LENGTH"),
    },
    ("22.0", "22.8"): {
        ("enum-removed", "telegram.constants.StarTransactions", None),
        ("member-removed", "telegram.constants.StarTransactionsLimit", "NANOSTAR_MAX_AMOUNT"),
        ("member-removed", "telegram.constants.StarTransactionsLimit", "NANOSTAR_MIN_AMOUNT"),
        ("value-changed", "telegram.constants.ChatSubscriptionLimit", "MAX_PRICE"),
        # 2 -> 1: it took MIN_QUESTION_LENGTH's value and became its alias.
        ("value-changed", "telegram.constants.PollLimit", "MIN_OPTION_NUMBER"),
        ("value-changed", "telegram.constants.PollLimit", "MAX_OPTION_NUMBER"),
        ("value-changed", "telegram.constants.PollLimit", "MAX_OPEN_PERIOD"),
        ("value-changed", "telegram.constants.InvoiceLimit", "MAX_STAR_COUNT"),
        # An alias that became a member of its own.
        ("value-changed", "telegram.constants.InvoiceLimit", "SUBSCRIPTION_MAX_PRICE"),
    },
}


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("history")
    return releases(DISTRIBUTION, PACKAGE, VERSIONS, base / "repo", base / "wheels")


def _check(root: Path, old: str, new: str) -> tuple[int, list[dict[str, Any]], str]:
    done = check(root, old, new, PACKAGE, "--format", "json")
    return done.returncode, json.loads(done.stdout)["findings"], done.stderr


def _changes(old: dict[str, Any], new: dict[str, Any]) -> set[tuple[str, str | None]]:
    """(enum, name) of every class gone, name gone or value changed between two dumps."""
    found: set[tuple[str, str | None]] = set()
    for path, names in old.items():
        if path not in new:
            found.add((path, None))
            continue
        for name, (_, value) in names.items():
            now = new[path].get(name)
            if now is None or now[1] != value:
                found.add((path, name))
    return found


@pytest.mark.parametrize(("old", "new"), list(EXPECTED))
def test_every_enum_change_between_releases_is_reported_and_nothing_else(
    history: Path, old: str, new: str
) -> None:
    status, findings, err = _check(history, old, new)
    assert status == 1, err
    assert {(f["rule"], f["enum"], f["member"]) for f in findings} == EXPECTED[(old, new)]
    assert len(findings) == len(EXPECTED[(old, new)])
    # Against the independent dump of __members__: the same (enum, name) pairs.
    before, after = members(history, f"v{old}", PACKAGE), members(history, f"v{new}", PACKAGE)
    assert {(f["enum"], f["member"]) for f in findings} == _changes(before["enums"], after["enums"])
    # A module the dump cannot import (telegram.ext._utils.webhookhandler needs
    # tornado, an optional extra) must define no enum, or the dump misses some.
    for dump, version in ((before, old), (after, new)):
        for module in dump["not_imported"]:
            source = subprocess.run(
                ["git", "show", f"v{version}:{module.replace('.', '/')}.py"],
                cwd=history,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            assert "Enum" not in source, module
    # No note: stderr holds the summary line alone (every format prints it).
    assert err.splitlines() == [err.partition("\n")[0]], err
    assert err.startswith(f"typed-enum check: {len(findings)} breaking change"), err
