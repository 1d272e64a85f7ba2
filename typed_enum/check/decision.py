"""Each finding's verdict, decided once: the enum's storage is settled before the
comparison, and each rule's record (``rule_records``) judges the finding by it.

The storage of an enum, in this order:

1. the policy (``[tool.typed_enum.check.storage]``, ``--storage``): its kind, as given;
2. the storage map of the new revision (``StorageMap.how``): ``name``, ``value`` or
   ``both`` when every place that may store it was read and agrees; ``unknown`` when a
   place could not be classified (the strict judgement, with a note naming the place);
3. stored nowhere (``unstored``): listed only under ``unstored = "list"``, failing
   otherwise.

Nothing changes a finding after it is made: ``decide`` gives its verdict as the rule
makes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Final

from typed_enum.check.policy import Policy
from typed_enum.check.rule_records import RULES, Storage, Verdict
from typed_enum.check.storage.places import StorageMap, Unread, declare

__all__ = ["AcceptCall", "Stored", "decide", "settle"]

#: (enum path, member, rule) -> the reason it was accepted, or None (typed_enum.check.accept).
AcceptCall = Callable[[str, str | None, str], str | None]
#: Places named in a message; more are counted.
_SHOWN: Final = 3
_KNOWN: Final[dict[str | None, Storage]] = {"name": "name", "value": "value", "both": "both"}
#: How the policy's storage is said.
_POLICY_SAYS: Final = {
    "name": "stored by name",
    "value": "stored by value",
    "both": "stored by name and by value",
}


@dataclass(frozen=True)
class Stored:
    """How one enum is stored, settled before its comparison."""

    how: Storage
    where: str
    """Where it is stored, said in a finding's first line: ``stored by name in
    app.models.Order.status (SQLAlchemy Enum column)``."""
    listed_unstored: bool = False
    """``unstored = "list"`` applies (``how`` is ``unstored``)."""

    @property
    def judged_as(self) -> Storage:
        """The storage whose column of a rule's record gives the verdict."""
        if self.how == "unstored" and not self.listed_unstored:
            return "both"
        return self.how


#: Stored both ways: the judgement when nothing is known (and the default of compare_enum).
BOTH: Final = Stored("both", "stored by name and by value (assumed)")


def _places(storage: StorageMap, enum: str) -> str:
    """``stored by name in a.B.c (SQLAlchemy Enum column) and by value in ...``."""
    places = storage.of(enum)
    text = " and ".join(place.described for place in places[:_SHOWN])
    more = len(places) - _SHOWN
    return f"stored {text}" + (
        f" and {more} more place{'s' if more > 1 else ''}" if more > 0 else ""
    )


def _unknown(enum: str, because: Sequence[Unread]) -> str:
    """``storage unknown, judged as stored both ways (not read: app/x.py:4 app.x.Row: why);
    declare how it is stored in pyproject.toml: ...`` (once, though the map's reasons
    each end with it)."""
    shown = "; ".join(
        f"{u.file}:{u.line} {u.what}: {u.why.removesuffix('; ' + declare(enum))}"
        for u in because[:_SHOWN]
    )
    more = len(because) - _SHOWN
    if more > 0:
        shown += f" and {more} more place{'s' if more > 1 else ''}"
    return (
        f"storage unknown, judged as stored both ways "
        f"(not read: {shown or 'a place that may store it'}); {declare(enum)}"
    )


def _explicit(policy: Policy, enum: str) -> str | None:
    return next((kind for pattern, kind in policy.storage if fnmatchcase(enum, pattern)), None)


def settle(enum: str, policy: Policy, storage: StorageMap | None) -> Stored:
    """How ``enum`` (its old dotted path) is stored: the policy, then the map, then nowhere."""
    kind = _explicit(policy, enum)
    if kind is not None:
        return Stored(_KNOWN[kind], f"{_POLICY_SAYS[kind]} (the policy)")
    if storage is None:
        return BOTH
    how = storage.how(enum)
    if how in _KNOWN:
        return Stored(_KNOWN[how], _places(storage, enum))
    if how == "unknown":
        return Stored("unknown", _unknown(enum, storage.unknown_because(enum)))
    if storage.unread:
        # A module of models was not read: nothing is known to be stored nowhere.
        return Stored("unknown", _unknown(enum, storage.unread))
    listed = policy.unstored == "list"
    return Stored(
        "unstored",
        'stored nowhere the check found (unstored = "list")'
        if listed
        else "stored nowhere the check found (judged as stored both ways)",
        listed,
    )


def decide(
    rule: str,
    stored: Stored,
    enum: str,
    member: str | None,
    strict: bool = False,
    accept: AcceptCall | None = None,
) -> tuple[Verdict, str | None]:
    """The verdict of a finding of ``rule`` on ``enum`` stored as ``stored``, and the
    reason it was accepted (None: not accepted)."""
    record = RULES[rule]
    verdict = record.verdict(stored.judged_as)
    if strict and record.kind == "declared":
        verdict = "fails"
    if accept is not None and verdict in ("fails", "listed"):
        reason = accept(enum, member, rule)
        if reason is not None:
            return "accepted", reason
    return verdict, None
