"""A break landed on purpose: ``[[tool.typed_enum.check.accept]]`` in the new revision.

::

    [[tool.typed_enum.check.accept]]
    enum = "shop.models.Status"             # the enum's dotted path in the old revision
    member = "paid"                         # left out for enum-removed, open-changed, base-changed
    rule = "member-removed"
    reason = "rows converted to 'settled' by migration 0042"

An entry accepts one change: the finding of ``rule`` for that enum and
member.  It lives in the revision that makes the change, so the reviewer of
the change reads it beside the change; the finding is still reported, marked
accepted with the reason, and no longer fails the check.  Compared with a
revision that already has the change (the next commit's hook, a later pull
request), the entry matches nothing: it is reported as stale, so that it is
removed, and it can never silence a later break of the same member.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from typed_enum.check.rules import BREAKING, DECLARED, Finding

__all__ = ["CLASS_RULES", "Accept", "Acceptance", "is_accepted", "mark", "parse"]

#: The rules reported for a class, not a member: their entries name no member.
CLASS_RULES = frozenset({"enum-removed", "open-changed", "base-changed"})
_KEYS = ("enum", "member", "rule", "reason")
_MARK = "; accepted in "


@dataclass(frozen=True)
class Accept:
    """One entry: the change it accepts, and why."""

    enum: str
    member: str | None
    rule: str
    reason: str

    def names(self) -> str:
        where = self.enum if self.member is None else f"{self.enum}.{self.member}"
        return f"{self.rule} of {where}"


def _entry(number: int, entry: object) -> Accept:
    where = f"accept entry {number}"
    if not isinstance(entry, dict):
        raise ValueError(f"{where} must be a table with enum, member, rule and reason")
    unknown = [key for key in entry if key not in _KEYS]
    if unknown:
        raise ValueError(f"{where} has no key {unknown[0]!r} (the keys are {', '.join(_KEYS)})")
    for key in ("enum", "rule", "reason"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise ValueError(f'{where} needs {key} = "..." (a non-empty string)')
    rule = entry["rule"]
    if rule not in BREAKING and rule not in DECLARED:
        close = difflib.get_close_matches(rule, [*BREAKING, *DECLARED], n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ValueError(f"{where}: no rule {rule!r} to accept{hint}")
    member = entry.get("member")
    if rule in CLASS_RULES:
        if member is not None:
            raise ValueError(f"{where}: {rule} is reported for the class; leave out member")
    elif not isinstance(member, str) or not member:
        raise ValueError(f'{where}: {rule} is reported for a member; name it with member = "..."')
    return Accept(entry["enum"], member, rule, entry["reason"].strip())


def parse(value: object) -> tuple[Accept, ...]:
    """The entries of ``accept`` (an array of tables); ValueError names a bad one."""
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        raise ValueError(
            "accept must be an array of tables: [[tool.typed_enum.check.accept]] with enum, "
            "member, rule and reason"
        )
    return tuple(_entry(number, entry) for number, entry in enumerate(value, 1))


@dataclass
class Acceptance:
    """The entries as the decision's ``accept`` callable: (enum, member, rule) -> the reason
    the change was accepted, or None; it remembers which entries matched."""

    entries: Sequence[Accept]
    used: set[Accept] = field(default_factory=set)

    def __call__(self, enum: str, member: str | None, rule: str) -> str | None:
        for entry in self.entries:
            if (entry.enum, entry.member, entry.rule) == (enum, member, rule):
                self.used.add(entry)
                return entry.reason
        return None

    def stale(self) -> list[Accept]:
        """The entries no change matched: the change is already in the old revision."""
        return [entry for entry in self.entries if entry not in self.used]

    def notes(self, file: str, old: str) -> list[tuple[str, str]]:
        """One note per stale entry, for the report."""
        return [
            (
                file,
                f"stale accept entry ({entry.names()}): no such change against {old}, which "
                f"already has it or never had it; remove the entry",
            )
            for entry in self.stale()
        ]


def mark(findings: Iterable[Finding], accept: Acceptance, file: str) -> list[Finding]:
    """The findings with each accepted one listed (not failing) and its reason shown.

    TODO: records51's decision takes ``accept`` and sets ``verdict = "accepted"``; this
    marking then goes.
    """
    marked = []
    for finding in findings:
        reason = accept(finding.enum, finding.member, finding.rule)
        if reason is not None:
            finding = replace(
                finding, listed=True, message=f"{finding.message}{_MARK}{file}: {reason}"
            )
        marked.append(finding)
    return marked


def is_accepted(finding: Finding) -> bool:
    """Whether ``mark`` accepted the finding (TODO: ``finding.verdict == "accepted"``)."""
    return finding.listed and _MARK in finding.message
