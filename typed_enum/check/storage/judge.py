"""The findings judged per enum by where it is stored.

A finding was made as if the enum were stored both by name and by value (the
default policy).  With the storage map:

- stored by value only: a rename (member-renamed) breaks nothing stored, but only the
  reviewer can tell whether the new name means what the old one did: it is listed,
  not failing (never dropped);
- stored by name only: a changed value (value-changed) breaks nothing stored and is
  dropped, and a removed member whose value another member took (value-reused) breaks
  stored names, so it becomes member-removed;
- stored both ways: every finding stays;
- storage unknown (a place that could store it was not read: ``StorageMap.unknown_because``):
  every finding stays (the conservative judgement), with a note naming the place and
  how to declare the storage in the policy;
- stored nowhere the check read: every finding stays (the conservative judgement),
  or, with ``unstored = "list"``, is listed without failing the check, unless a
  module of models could not be read (then nothing is known to be unstored).

Every finding of a stored enum says where it is stored.  An enum the policy gives a
storage (``[tool.typed_enum.check.storage]``) is judged by the policy alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fnmatch import fnmatchcase
from typing import Final

from typed_enum.check.policy import Policy
from typed_enum.check.rules import BREAKING, Finding
from typed_enum.check.storage.places import StorageMap

__all__ = ["judge"]

#: Rules that break stored data only of one kind of storage.
_NAME_ONLY: Final = frozenset({"member-renamed"})
_VALUE_ONLY: Final = frozenset({"value-changed"})
#: Places named in a message; more are counted.
_SHOWN: Final = 3


def stored(storage: StorageMap, enum: str) -> str:
    """``stored by name in a.B.c (SQLAlchemy Enum column) and by value in ...``."""
    places = storage.of(enum)
    text = " and ".join(place.described for place in places[:_SHOWN])
    more = len(places) - _SHOWN
    return f"stored {text}" + (
        f" and {more} more place{'s' if more > 1 else ''}" if more > 0 else ""
    )


def unknown(storage: StorageMap, enum: str) -> str:
    """``where it is stored is unknown: <the first place not read>``."""
    because = storage.unknown_because(enum)
    first = because[0]
    more = len(because) - 1
    return f"where it is stored is unknown: {first.file}:{first.line}: {first.why}" + (
        f" (and {more} more place{'s' if more > 1 else ''})" if more > 0 else ""
    )


def _qualname(finding: Finding) -> str:
    """The enum's qualified name as the finding's message writes it (``member Status.void
    was removed ...``); its dotted path if the message does not start so."""
    head = finding.message.partition(" ")[2].partition(" ")[0]
    qualname, _, member = head.rpartition(".")
    return qualname if member == finding.member and qualname else finding.enum


def _explicit(policy: Policy, enum: str) -> str | None:
    return next((kind for pattern, kind in policy.storage if fnmatchcase(enum, pattern)), None)


def judge(
    findings: Sequence[Finding], storage: StorageMap, policy: Policy, show_compatible: bool = False
) -> list[Finding]:
    """``findings`` judged by ``storage``; see the module's docstring."""
    judged: list[Finding] = []
    for finding in findings:
        if finding.rule not in BREAKING or _explicit(policy, finding.enum) is not None:
            judged.append(finding)
            continue
        how = storage.how(finding.enum)
        if how == "unknown":
            judged.append(
                dataclasses.replace(
                    finding, message=f"{finding.message}; {unknown(storage, finding.enum)}"
                )
            )
            continue
        if how is None:
            # A removed enum is stored nowhere in the new revision, whatever the old stored.
            if policy.unstored == "list" and not storage.unread and finding.rule != "enum-removed":
                judged.append(
                    dataclasses.replace(
                        finding,
                        message=f"{finding.message}; stored nowhere the check found "
                        f'(unstored = "list": listed, not failing)',
                        listed=True,
                    )
                )
            else:
                judged.append(finding)
            continue
        where = stored(storage, finding.enum)
        harmless = (how == "value" and finding.rule in _NAME_ONLY) or (
            how == "name" and finding.rule in _VALUE_ONLY
        )
        if how == "value" and finding.rule == "member-renamed":
            # Stored values still load, as the new name: listed, not failing, never dropped
            # (only the reviewer can tell whether the new name means what the old one did).
            judged.append(
                dataclasses.replace(
                    finding,
                    message=f"{finding.message}; {where}: listed, not failing, for the "
                    f"reviewer to decide",
                    listed=True,
                )
            )
            continue
        if harmless:
            if show_compatible:
                judged.append(
                    dataclasses.replace(
                        finding,
                        message=f"{finding.message}; {where}: compatible",
                        listed=True,
                    )
                )
            continue
        if how == "name" and finding.rule == "value-reused":
            # Its value went to another member, but stored names only miss the name.
            member = f"{_qualname(finding)}.{finding.member}"
            finding = dataclasses.replace(
                finding,
                rule="member-removed",
                new=None,
                message=f"member {member} was removed: {_qualname(finding)}"
                f"[{finding.member!r}] raises on stored names",
            )
        judged.append(dataclasses.replace(finding, message=f"{finding.message}; {where}"))
    return judged
