"""One record per rule of ``typed-enum check``: the only place a rule's facts are written.

A record holds the rule's id, its one-line summary, how each storage of the
enum judges it, the fix, and its documentation page.  The findings
(``typed_enum.check.rules``), the JSON and SARIF output (``output``), the
command's help (``cli``) and the pages (``docs/check-rules/<id>.md``, held to
the records by tests/check/test_check_docs.py) are all made from these.

How a storage judges a finding (``Rule.judged``):

- ``name``, ``value``, ``both``: where the enum is stored, as the policy says or,
  failing that, as every place the storage map read agrees;
- ``unknown``: a place that may store it could not be classified; always the
  judgement of ``both`` (the strict one);
- ``unstored``: stored nowhere, every place read; the judgement under
  ``unstored = "list"`` (under ``unstored = "fail"``, the default, ``both``'s).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

__all__ = ["KINDS", "NOTHING", "RULES", "STORAGES", "Kind", "Rule", "Storage", "Verdict"]

Verdict = Literal["fails", "listed", "compatible", "accepted"]
Storage = Literal["name", "value", "both", "unknown", "unstored"]
Kind = Literal["breaking", "declared", "compatible"]
#: The storages a rule is judged under, in the order of its page's table.
STORAGES: Final[tuple[Storage, ...]] = ("name", "value", "both", "unknown", "unstored")
#: breaking: fails the check; declared (typed_enum's ``reserved()``): listed, fails with
#: --strict; compatible: listed with --show-compatible, never fails.
KINDS: Final[tuple[Kind, ...]] = ("breaking", "declared", "compatible")
#: The words a generic fix (SARIF's rule help, the pages) shows for a finding's names.
_GENERIC: Final = {"enum": "E", "member": "old", "new": "new", "value": "value"}


@dataclass(frozen=True)
class Rule:
    id: str
    summary: str
    """What changed, one line without a final period (SARIF's short description, the
    check page's table)."""
    kind: Kind
    judged: Mapping[Storage, Verdict]
    """The verdict under each storage (see the module's docstring)."""
    fix: str
    """How to keep stored data loading, without a final period; ``{enum}`` (the enum's
    qualified name), ``{member}`` (the old name), ``{new}`` (the new name) and ``{value}``
    (the old value) are filled in from the finding."""
    page: str
    """Its page in docs/, without ``.md``."""

    def verdict(self, storage: Storage) -> Verdict:
        return self.judged[storage]

    def fix_for(self, enum: str, member: str | None, new: str | None, value: str) -> str:
        """The fix with the finding's names."""
        return self.fix.format(enum=enum, member=member or "", new=new or "", value=value)

    @property
    def has_fix(self) -> bool:
        """Whether a finding of this rule has something to fix (not a compatible change
        with nothing to do)."""
        return self.fix != NOTHING

    @property
    def generic_fix(self) -> str:
        """The fix with placeholder words (``old``, ``new``): the rule's help and page."""
        return self.fix.format(**_GENERIC)


def _judged(
    name: Verdict = "fails",
    value: Verdict = "fails",
    unstored: Verdict = "listed",
) -> Mapping[Storage, Verdict]:
    """Stored both ways, or unknown: fails (a breaking rule's strict judgement)."""
    return {"name": name, "value": value, "both": "fails", "unknown": "fails", "unstored": unstored}


_LISTED: Final[Mapping[Storage, Verdict]] = dict.fromkeys(STORAGES, "listed")
_COMPATIBLE: Final[Mapping[Storage, Verdict]] = dict.fromkeys(STORAGES, "compatible")
NOTHING: Final = "nothing to fix: a compatible change, listed with --show-compatible"


def _page(rule: str) -> str:
    return f"check-rules/{rule}"


_RECORDS: Final = (
    Rule(
        "enum-removed",
        "an enum class is no longer importable under its old path",
        "breaking",
        # The new revision stores a removed enum nowhere, whatever the old one stored.
        _judged(unstored="fails"),
        "keep it importable there (a re-export from its new module is enough) while stored "
        "data or code may name it",
        _page("enum-removed"),
    ),
    Rule(
        "member-removed",
        "a member is gone and no name accepts its value",
        "breaking",
        _judged(),
        "restore it; or, if another member now means the same, keep its name as that "
        "member's alias ({member} = alias(other)); if its stored data must not load any "
        "more, retire it ({member} = reserved({value})) and convert the stored data first",
        _page("member-removed"),
    ),
    Rule(
        "member-renamed",
        "a member's value now belongs to a new name (stored names break)",
        "breaking",
        # Stored by value, stored data still loads, as the new name: whether it means the
        # same only the reviewer can tell, so the rename is listed, never dropped.
        _judged(value="listed"),
        "if {new} means what {member} meant, keep the old name ({member} = alias({new})); "
        "if not, retire the value ({member} = reserved({value})) and give {new} a value of "
        "its own",
        _page("member-renamed"),
    ),
    Rule(
        "value-changed",
        "a remaining member or alias has another value (stored values break)",
        "breaking",
        _judged(name="compatible"),
        "give it its old value back (where auto() moved it, write the number out, or add new "
        "auto() members after the old ones); if the new value is intended, convert the stored "
        "values before deploying",
        _page("value-changed"),
    ),
    Rule(
        "value-reused",
        "a removed member's or a dropped reserved() value now belongs to another member",
        "breaking",
        _judged(),
        "restore the removed member (or its reserved() line), or retire its value with "
        "reserved() and give {new} a value (or name) of its own",
        _page("value-reused"),
    ),
    Rule(
        "alias-removed",
        "an alias name no longer resolves",
        "breaking",
        _judged(),
        "keep the alias ({member} = alias({new})) while stored data or callers may use the name",
        _page("alias-removed"),
    ),
    Rule(
        "open-changed",
        "an open enum became closed, or a closed one open",
        "breaking",
        _judged(),
        "keep the declaration it had (open=True keeps members added with extend() loading; "
        "a closed enum keeps every match over it exhaustive), or first change every reader "
        "of its stored data",
        _page("open-changed"),
    ),
    Rule(
        "base-changed",
        "a behaviour the class had through its stdlib base is gone",
        "breaking",
        _judged(),
        "keep the stdlib base it had (IntEnum, StrEnum, Flag, ...), or first change every "
        "caller that relies on its behaviour",
        _page("base-changed"),
    ),
    Rule(
        "member-retired",
        "a member was retired with reserved(): its value and name stay refused",
        "declared",
        _LISTED,
        "nothing to fix if the retirement is intended: convert the stored data before "
        "deploying, or restore the member to keep it loading (--strict fails on it, for a "
        "review of every retirement)",
        _page("member-retired"),
    ),
    Rule(
        "reserved-removed",
        "a reserved() retirement was dropped: its value and name may come back",
        "declared",
        _LISTED,
        "keep the reserved() line ({member} = reserved({value})), so that the retired value "
        "and name cannot come back with another meaning",
        _page("reserved-removed"),
    ),
    Rule("enum-added", "a new enum class", "compatible", _COMPATIBLE, NOTHING, _page("enum-added")),
    Rule("member-added", "a new member", "compatible", _COMPATIBLE, NOTHING, _page("member-added")),
    Rule("alias-added", "a new alias", "compatible", _COMPATIBLE, NOTHING, _page("alias-added")),
    Rule(
        "members-reordered",
        "the members' order changed, values kept",
        "compatible",
        _COMPATIBLE,
        NOTHING,
        _page("members-reordered"),
    ),
    Rule(
        "base-widened",
        "the class gained a behaviour through its stdlib base",
        "compatible",
        _COMPATIBLE,
        NOTHING,
        _page("base-widened"),
    ),
    Rule(
        "canonical-changed",
        "a member became an alias of a name that was its alias (value kept)",
        "compatible",
        _COMPATIBLE,
        "stored data needs nothing; to keep what .name gives for {value} and the order of "
        "iteration, declare {member} before {new} again",
        _page("canonical-changed"),
    ),
)

#: rule id -> its record, breaking rules first, then declared, then compatible.
RULES: Final[Mapping[str, Rule]] = {rule.id: rule for rule in _RECORDS}
