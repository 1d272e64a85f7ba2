"""The storage settled before the comparison, and each finding's verdict decided once
(typed_enum.check.decision), from the rules' records (typed_enum.check.rule_records)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from typed_enum.check.decision import Stored, decide, settle
from typed_enum.check.policy import Policy
from typed_enum.check.rule_records import RULES, STORAGES
from typed_enum.check.rules import compare_enum
from typed_enum.check.snapshot import EnumRecord, Member
from typed_enum.check.storage.places import Place, StorageMap, Unread

ENUM = "app.enums.Status"
ORDER = Place(ENUM, "app.models.Order.status", "name", "SQLAlchemy", "Enum column", "m.py", 8)
HELPER = Unread(
    "app.models.Row.status", "app/models.py", 12, "EnumColumn(...) is not resolved to a column"
)


@dataclass
class _Unknown(StorageMap):
    """A storage map that answers "unknown" for the enums it was told (the interface of
    issue 51; the reading that answers it is the storage map's own)."""

    unknown: dict[str, list[Unread]] = field(default_factory=dict)

    def how(self, enum: str) -> str | None:
        return "unknown" if enum in self.unknown else super().how(enum)

    def unknown_because(self, enum: str) -> list[Unread]:
        return self.unknown.get(enum, [])


def _map(*places: Place) -> StorageMap:
    found = StorageMap()
    found.add(places)
    return found


def test_the_policy_comes_first() -> None:
    policy = Policy(storage=(("app.enums.*", "value"),))
    stored = settle(ENUM, policy, _map(ORDER))
    assert stored == Stored("value", "stored by value (the policy)")


def test_then_every_place_the_map_read() -> None:
    stored = settle(ENUM, Policy(), _map(ORDER))
    assert stored == Stored(
        "name", "stored by name in app.models.Order.status (SQLAlchemy Enum column)"
    )


def test_a_place_the_map_cannot_classify_makes_it_unknown_and_says_where() -> None:
    storage = _Unknown(unknown={ENUM: [HELPER]})
    storage.add([ORDER])
    stored = settle(ENUM, Policy(unstored="list"), storage)
    assert stored.how == "unknown"
    assert stored.judged_as == "unknown"
    assert stored.where == (
        "storage unknown, judged as stored both ways (not read: app/models.py:12 "
        "app.models.Row.status: EnumColumn(...) is not resolved to a column); declare how it "
        'is stored in pyproject.toml: [tool.typed_enum.check.storage] "app.enums.Status" = '
        '"name" (or "value", "both")'
    )


@pytest.mark.parametrize("unstored", ["fail", "list"])
def test_stored_nowhere_is_listed_only_under_unstored_list(unstored: str) -> None:
    stored = settle(ENUM, Policy(unstored=unstored), _map())
    assert stored.how == "unstored"
    assert stored.judged_as == ("unstored" if unstored == "list" else "both")
    verdict, _ = decide("member-removed", stored, ENUM, "void")
    assert verdict == ("listed" if unstored == "list" else "fails")


def test_a_model_not_read_means_nothing_is_known_to_be_stored_nowhere() -> None:
    storage = _map()
    storage.unread.append(HELPER)
    stored = settle(ENUM, Policy(unstored="list"), storage)
    assert (stored.how, decide("member-removed", stored, ENUM, "void")[0]) == ("unknown", "fails")


def test_unknown_is_always_the_strict_judgement() -> None:
    for rule, record in RULES.items():
        assert record.judged["unknown"] == record.judged["both"], rule
        assert set(record.judged) == set(STORAGES), rule


#: The judgements of the previous release where the storage was known (storage/judge.py
#: and the policy), written out by hand: rule -> (name, value, both).
BEFORE = {
    "enum-removed": ("fails", "fails", "fails"),
    "member-removed": ("fails", "fails", "fails"),
    "member-renamed": ("fails", "listed", "fails"),
    "value-changed": ("compatible", "fails", "fails"),
    "value-reused": ("fails", "fails", "fails"),
    "alias-removed": ("fails", "fails", "fails"),
    "open-changed": ("fails", "fails", "fails"),
    "base-changed": ("fails", "fails", "fails"),
    "member-retired": ("listed", "listed", "listed"),
    "reserved-removed": ("listed", "listed", "listed"),
}


@pytest.mark.parametrize("rule", sorted(BEFORE))
def test_known_storage_judges_as_before(rule: str) -> None:
    judged = RULES[rule].judged
    assert (judged["name"], judged["value"], judged["both"]) == BEFORE[rule]
    # A removed enum fails even under unstored = "list": the new revision stores it nowhere
    # whatever the old one stored.
    assert judged["unstored"] == ("fails" if rule == "enum-removed" else "listed")


def test_strict_fails_a_declared_change() -> None:
    nowhere = Stored("unstored", "stored nowhere the check found", listed_unstored=True)
    assert decide("member-retired", nowhere, ENUM, "void") == ("listed", None)
    assert decide("member-retired", nowhere, ENUM, "void", strict=True) == ("fails", None)


def _member(name: str, value: int, line: int) -> Member:
    return Member(name, name, repr(value), value, line, False)


def _record(*members: Member) -> EnumRecord:
    return EnumRecord(
        ENUM, "Status", "app/enums.py", 1, "Enum", frozenset(), False, members, from_source=False
    )


def test_an_acknowledged_change_is_accepted_when_it_is_made() -> None:
    old = _record(_member("open", 1, 2), _member("void", 2, 3))
    new = _record(_member("open", 1, 2))
    asked: list[tuple[str, str | None, str]] = []

    def accept(enum: str, member: str | None, rule: str) -> str | None:
        asked.append((enum, member, rule))
        return "migrated in 0042_drop_void" if member == "void" else None

    stored = Stored("value", "stored by value (the policy)")
    (finding,) = compare_enum(old, new, stored, accept=accept)
    assert asked == [(ENUM, "void", "member-removed")]
    assert (finding.verdict, finding.accepted, finding.storage) == (
        "accepted",
        "migrated in 0042_drop_void",
        "value",
    )
    assert not finding.breaking
    # Stored by value only: the message says what breaks for values, nothing about names.
    assert finding.message == (
        "member Status.void was removed and no name accepts its value 2 any more: "
        "Status(2) raises on stored values; stored by value (the policy)"
    )
    (kept,) = compare_enum(old, new, stored)
    assert (kept.verdict, kept.accepted) == ("fails", None)


def test_a_change_its_storage_makes_harmless_is_made_compatible_with_nothing_to_fix() -> None:
    old = _record(_member("open", 1, 2))
    new = _record(_member("open", 5, 2))
    by_name = Stored("name", "stored by name (the policy)")
    assert compare_enum(old, new, by_name) == []
    (finding,) = compare_enum(old, new, by_name, show_compatible=True)
    assert (finding.rule, finding.verdict, finding.fix) == ("value-changed", "compatible", "")
    (failing,) = compare_enum(old, new, Stored("value", "stored by value (the policy)"))
    assert failing.verdict == "fails"
    assert failing.fix.startswith("give it its old value back")
