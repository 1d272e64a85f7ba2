"""The comparison: one finding per change that breaks stored or sent data.

Each rule's facts (id, summary, how each storage judges it, fix, page) are its
record in ``rule_records``.  The enum's storage is settled before the comparison
(``decision.settle``) and each finding is made once, with its verdict and a first
line that is true for that storage: what breaks, and where the enum is stored.

Names are compared first (a name that remains), then values (what a stored value
now means).  An enum whose module was read from the source compares values only
where the source told them (literals, ``auto()``, ``alias()``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from typed_enum.check.decision import BOTH, AcceptCall, Stored, decide
from typed_enum.check.rule_records import RULES, Verdict
from typed_enum.check.snapshot import EnumRecord, Member
from typed_enum.check.source import KIND_TRAITS

__all__ = [
    "BREAKING",
    "COMPATIBLE",
    "DECLARED",
    "RULES",
    "Finding",
    "added_enum",
    "compare_enum",
    "removed_enum",
]

#: rule id -> summary, by kind (views of the records).
BREAKING: Final = {r.id: r.summary for r in RULES.values() if r.kind == "breaking"}
DECLARED: Final = {r.id: r.summary for r in RULES.values() if r.kind == "declared"}
COMPATIBLE: Final = {r.id: r.summary for r in RULES.values() if r.kind == "compatible"}

#: What each stdlib trait gives a class, for base-changed messages.
_TRAIT_USE: Final = {
    "int": "int behaviour (== with ints, ordering, arithmetic, int(x))",
    "str": "str behaviour (== with strings, str methods, f-strings give the value)",
    "flag": "Flag behaviour (|, &, ~ and `in` on combinations)",
}


@dataclass(frozen=True)
class Finding:
    rule: str
    enum: str
    """The old importable path of the enum."""
    member: str | None
    """The old member or alias name; None for class-level rules."""
    old: Any
    new: Any
    path: str
    line: int
    message: str
    """What breaks, for this enum's storage, and where it is stored."""
    verdict: Verdict
    """fails, listed (for the reviewer), compatible, or accepted (acknowledged)."""
    storage: str
    """The storage the verdict used: name, value, both, unknown or unstored."""
    fix: str = ""
    """The rule's fix with this finding's names (its record's)."""
    accepted: str | None = None
    """Why it was accepted (typed_enum.check.accept), when the verdict is accepted."""

    @property
    def breaking(self) -> bool:
        return self.verdict == "fails"

    def sort_key(self) -> tuple[str, int, str, str, str]:
        return (self.path, self.line, self.enum, self.member or "", self.rule)


def _make(
    rule: str,
    enum: str,
    qualname: str,
    member: str | None,
    was: Any,
    now: Any,
    at: tuple[str, int],
    message: str,
    stored: Stored,
    strict: bool = False,
    accept: AcceptCall | None = None,
    new_name: str | None = None,
    value: str = "",
) -> Finding:
    """A finding with its verdict, decided here once."""
    record = RULES[rule]
    verdict, reason = decide(rule, stored, enum, member, strict, accept)
    if record.kind != "compatible" and rule != "enum-removed":
        message = f"{message}; {stored.where}"
    # Nothing to fix: a compatible change, or one its storage makes harmless.
    # Accepted: the entry says why, and there is nothing left to fix.
    harmless = (
        not record.has_fix
        or verdict == "accepted"
        or (verdict == "compatible" and record.kind != "compatible")
    )
    fix = "" if harmless else record.fix_for(qualname, member, new_name, value)
    return Finding(rule, enum, member, was, now, *at, message, verdict, stored.how, fix, reason)


def removed_enum(
    old: EnumRecord, stored: Stored = BOTH, accept: AcceptCall | None = None
) -> Finding:
    return _make(
        "enum-removed",
        old.path,
        old.qualname,
        None,
        old.path,
        None,
        (old.file, old.line),
        f"{old.path} is no longer importable under this path: code that imports it and data "
        f"that names it (pickles) break",
        stored,
        accept=accept,
    )


def added_enum(new: EnumRecord, stored: Stored = BOTH) -> Finding:
    return _make(
        "enum-added",
        new.path,
        new.qualname,
        None,
        None,
        new.path,
        (new.file, new.line),
        f"{new.path} was added ({new.kind}, {len(new.members)} "
        f"name{'s' if len(new.members) != 1 else ''})",
        stored,
    )


def _shown(member: Member) -> str:
    return member.value if member.known else f"{member.value} (not evaluated)"


def _shift(old: EnumRecord, new: EnumRecord, name: str) -> str:
    """Why an auto() value moved: members inserted or removed before ``name``."""
    old_names = [m.name for m in old.members if not m.is_alias]
    new_names = [m.name for m in new.members if not m.is_alias]
    if name not in old_names or name not in new_names:
        return ""
    inserted = [
        m.name
        for m in new.members[: new_names.index(name)]
        if not m.is_alias and m.auto and old.get(m.name) is None
    ]
    removed = [
        m.name
        for m in old.members[: old_names.index(name)]
        if not m.is_alias and m.auto and new.get(m.name) is None
    ]
    parts = []
    if inserted:
        names = ", ".join(f"{new.qualname}.{n}" for n in inserted)
        parts.append(f"the inserted auto() member{'s' if len(inserted) > 1 else ''} {names}")
    if removed:
        names = ", ".join(f"{old.qualname}.{n}" for n in removed)
        parts.append(f"the removal of the auto() member{'s' if len(removed) > 1 else ''} {names}")
    return f" (shifted by {' and '.join(parts)})" if parts else ""


def shown_base(record: EnumRecord) -> str:
    """The class's stdlib base as written: ``IntEnum``, or ``(int, Enum)`` for a mixin."""
    mixins = [t for t in ("int", "str") if t in record.traits and t not in KIND_TRAITS[record.kind]]
    return f"({', '.join([*mixins, record.kind])})" if mixins else record.kind


@dataclass
class _Pair:
    """Two revisions of one enum, how it is stored, and the findings between them so far."""

    old: EnumRecord
    new: EnumRecord
    stored: Stored
    strict: bool
    show_compatible: bool
    accept: AcceptCall | None
    found: list[Finding]

    @property
    def q(self) -> str:
        return self.old.qualname

    @property
    def names_stored(self) -> bool:
        """Stored names may break: stored by name, both ways, or not known to be by value."""
        return self.stored.how != "value"

    @property
    def values_stored(self) -> bool:
        """Stored values may break: stored by value, both ways, or not known to be by name."""
        return self.stored.how != "name"

    def at(self, name: str | None) -> tuple[str, int]:
        old, new = self.old, self.new
        if name is not None:
            member = new.get(name) or new.retired(name)
            if member is not None:
                return new.file, member.line
            member = old.get(name)
            if member is not None and old.file == new.file:
                # Gone from the new revision: the class's line there.
                return new.file, new.line
            if member is not None:
                return old.file, member.line
        return new.file, new.line

    def emit(
        self,
        rule: str,
        member: str | None,
        was: Any,
        now: Any,
        message: str,
        where: str | None = None,
        new_name: str | None = None,
    ) -> None:
        """The finding, with its verdict; one that is compatible only with
        --show-compatible."""
        before = None if member is None else self.old.get(member) or self.old.retired(member)
        finding = _make(
            rule,
            self.old.path,
            self.q,
            member,
            was,
            now,
            self.at(where if where is not None else member),
            message,
            self.stored,
            self.strict,
            self.accept,
            new_name,
            before.value if before is not None else "",
        )
        if finding.verdict != "compatible" or self.show_compatible:
            self.found.append(finding)

    def holder_of(self, member: Member) -> Member | None:
        """The new member (not an alias) that holds ``member``'s value, if known."""
        if not member.known:
            return None
        return next(
            (m for m in self.new.members if not m.is_alias and m.known and m.key == member.key),
            None,
        )


def _open_changed(pair: _Pair) -> None:
    q, old, new = pair.q, pair.old, pair.new
    if old.open == new.open:
        return
    if old.open:
        text = (
            f"{q} was open and is now closed: members added at run time with extend() "
            f"now fail, and stored values only such members had no longer load"
        )
    else:
        text = (
            f"{q} was closed and is now open: no match over it is exhaustive any more, "
            f"and members can appear at run time that consumers do not know; stored data "
            f"still loads, but readers must handle members they do not know"
        )
    pair.emit("open-changed", None, old.open, new.open, text)


def _base_changed(pair: _Pair) -> None:
    q, old, new = pair.q, pair.old, pair.new
    lost = sorted(old.traits - new.traits)
    was, now = shown_base(old), shown_base(new)
    if lost:
        uses = "; ".join(_TRAIT_USE[t] for t in lost)
        pair.emit(
            "base-changed",
            None,
            old.kind,
            new.kind,
            f"{q} changed from {was} to {now}: {uses} is gone; stored values still load, "
            f"code that relied on it breaks",
        )
    elif new.traits - old.traits:
        pair.emit("base-widened", None, old.kind, new.kind, f"{q} changed from {was} to {now}")


def _value_changed(pair: _Pair, was: Member, now: Member) -> None:
    """A name that remains, with another value (or another role at the same value)."""
    q = pair.q
    follows = was.is_alias and now.is_alias and was.canonical == now.canonical
    changed = was.known and now.known and was.key != now.key
    if not changed or follows:
        return
    detail = ""
    if not was.is_alias and now.is_alias:
        detail = f"; it became an alias of {q}.{now.canonical} by taking its value"
    elif was.is_alias and not now.is_alias:
        detail = "; it is a member of its own now"
    elif was.auto and now.auto:
        detail = _shift(pair.old, pair.new, was.name)
    holder = pair.holder_of(was)
    if was.is_alias:
        # Stored data holds the member it aliased, which is unchanged.
        effect = (
            f"code that uses {q}.{was.name} now gets {now.value}; stored data holds "
            f"{q}.{was.canonical}, unchanged, and still loads"
        )
    elif not pair.values_stored:
        effect = f"stored names still load; code that uses the value {was.value} gets " + (
            f"{q}.{holder.name}" if holder is not None else f"an error ({q}({was.value}))"
        )
    elif holder is None:
        effect = f"stored {was.value} no longer loads: {q}({was.value}) raises"
    else:
        effect = f"stored {was.value} now reads as {q}.{holder.name}"
    kind = "alias" if was.is_alias else "member"
    pair.emit(
        "value-changed",
        was.name,
        was.form,
        now.form,
        f"{kind} {q}.{was.name} changed value from {was.value} to {now.value}{detail}: {effect}",
    )


def _canonical_changed(pair: _Pair, was: Member, now: Member) -> None:
    """A member that became an alias at the same value (its alias is the member now)."""
    q = pair.q
    if was.is_alias or not now.is_alias or not (was.known and now.known and was.key == now.key):
        return
    pair.emit(
        "canonical-changed",
        was.name,
        was.canonical,
        now.canonical,
        f"member {q}.{was.name} became an alias of {q}.{now.canonical} (value {now.value} "
        f"kept): stored values and names still load; {q}({now.value}).name is now "
        f"{now.canonical!r}, and iterating {q} no longer lists {was.name}",
        new_name=now.canonical,
    )


def _alias_removed(pair: _Pair, was: Member) -> None:
    q = pair.q
    if pair.names_stored:
        effect = f"{q}.{was.name} and {q}[{was.name!r}] raise, on stored names too"
    else:
        effect = (
            f"code that uses {q}.{was.name} or {q}[{was.name!r}] raises; stored values still load"
        )
    pair.emit(
        "alias-removed",
        was.name,
        was.canonical,
        None,
        f"alias {q}.{was.name} (of {q}.{was.canonical}) no longer resolves: {effect}",
        new_name=was.canonical,
    )


def _member_retired(pair: _Pair, was: Member, retired: Member) -> None:
    q = pair.q
    pair.emit(
        "member-retired",
        was.name,
        was.form,
        f"reserved({retired.value})",
        f"member {q}.{was.name} was retired ({retired.name} = "
        f"reserved({retired.value})): stored {was.value} and the name "
        f"{was.name!r} now raise an error that says so, and no member may take "
        f"them again",
        where=retired.name,
    )


def _member_removed(pair: _Pair, was: Member, holder: Member | None) -> None:
    q = pair.q
    if holder is not None:
        # Only under name storage: its value belongs to another member now.
        text = (
            f"member {q}.{was.name} was removed: {q}[{was.name!r}] raises on stored names "
            f"(its value {was.value} now belongs to {q}.{holder.name})"
        )
    else:
        head = (
            f"member {q}.{was.name} was removed and no name accepts its value "
            f"{_shown(was)} any more: "
        )
        if not pair.values_stored:
            text = head + f"{q}[{was.name!r}] raises on stored names"
        elif not pair.names_stored:
            text = head + f"{q}({_shown(was)}) raises on stored values"
        else:
            text = head + f"{q}({_shown(was)}) and {q}[{was.name!r}] raise on stored data"
    pair.emit("member-removed", was.name, was.form, None, text)


def _member_renamed(pair: _Pair, was: Member, holder: Member, was_alias: bool) -> None:
    """The value stayed, the name changed: the reviewer decides whether it means the same."""
    q, v, new = pair.q, was.value, holder.name
    whose = f"{q}.{new}, its alias before" if was_alias else f"the new {q}.{new}"
    if not pair.names_stored:
        # Stored data still loads: whether it still means the same only the reviewer
        # can tell, so the rename is listed, never silently dropped.
        effect = (
            f"stored {v} (and pickles) now load as {q}.{new}: the reviewer decides whether "
            f"{new} means what {was.name} meant"
        )
    elif not pair.values_stored:
        effect = f"stored names raise ({q}[{was.name!r}])"
    else:
        effect = f"stored names raise ({q}[{was.name!r}]); stored {v} (and pickles) now load as {q}.{new}"
    pair.emit(
        "member-renamed",
        was.name,
        was.name,
        new,
        f"member {q}.{was.name} is gone and its value {v} now belongs to {whose}: {effect}",
        where=new,
        new_name=new,
    )


def _value_reused(pair: _Pair, was: Member, holder: Member, by_auto: bool) -> None:
    q, v, new = pair.q, was.value, holder.name
    if by_auto:
        how = f"the new {q}.{new}, which took it from auto() (the next number, not a rename)"
    else:
        how = f"{q}.{new}"
    pair.emit(
        "value-reused",
        was.name,
        was.form,
        new,
        f"member {q}.{was.name} was removed and its value {v} now belongs to {how}: "
        f"stored {v} now silently reads as {q}.{new}",
        where=new,
        new_name=new,
    )


def _member_gone(pair: _Pair, was: Member) -> None:
    """A member name that is gone: retired, removed, renamed, or its value reused."""
    holder = pair.holder_of(was)
    retired = pair.new.retired(was.name) or (
        next((r for r in pair.new.reserved if r.known and r.key == was.key), None)
        if was.known
        else None
    )
    if retired is not None and holder is None:
        _member_retired(pair, was, retired)
        return
    if holder is None:
        _member_removed(pair, was, None)
        return
    before = pair.old.get(holder.name)
    is_new = before is None or before.canonical == was.name
    by_auto = is_new and holder.auto
    if is_new and not by_auto:
        # A new name (or a former alias of this member) holds the value now.
        _member_renamed(pair, was, holder, before is not None)
    elif not pair.values_stored:
        # Its value went to another member, but stored names only miss the name.
        _member_removed(pair, was, holder)
    else:
        _value_reused(pair, was, holder, by_auto)


def _reserved_dropped(pair: _Pair, gone: Member) -> None:
    q, new = pair.q, pair.new
    still = new.retired(gone.name) is not None
    taker = new.get(gone.name)
    if taker is None and gone.known:
        taker = next((m for m in new.members if m.known and m.key == gone.key), None)
    if taker is not None:
        # Dropping reserved() and taking the value or name again is the reuse
        # it was there to stop.  (With reserved() kept, the class refuses it
        # at import: the module is read from its source, and it is the same.)
        took = "name" if taker.name == gone.name else f"value {gone.value}"
        how = "is still declared, but" if still else "was dropped and"
        pair.emit(
            "value-reused",
            gone.name,
            gone.form,
            taker.name,
            f"{q}.{gone.name} = reserved({gone.value}) {how} its {took} now "
            f"belongs to {q}.{taker.name}: data stored before the retirement now reads "
            f"as {q}.{taker.name}",
            where=taker.name,
            new_name=taker.name,
        )
    elif not still:
        pair.emit(
            "reserved-removed",
            gone.name,
            gone.form,
            None,
            f"{q}.{gone.name} = reserved({gone.value}) was dropped: its value and name "
            f"are no longer refused, and a later member may take them",
        )


def _added(pair: _Pair) -> None:
    q, old = pair.q, pair.old
    renamed_to = {f.new for f in pair.found if f.rule == "member-renamed"}
    for now in pair.new.members:
        if old.get(now.name) is not None or now.name in renamed_to:
            continue
        rule = "alias-added" if now.is_alias else "member-added"
        what = f"alias of {q}.{now.canonical}" if now.is_alias else f"value {now.value}"
        pair.emit(rule, None, None, now.name, f"{q}.{now.name} was added ({what})", where=now.name)


def _reordered(pair: _Pair) -> None:
    old, new = pair.old, pair.new

    def is_member(record: EnumRecord, name: str) -> bool:
        found = record.get(name)
        return found is not None and not found.is_alias

    # Members in both revisions (a member that became an alias is not reordered).
    kept = [m.name for m in old.members if not m.is_alias and is_member(new, m.name)]
    order = [m.name for m in new.members if not m.is_alias and m.name in kept]
    if kept != order:
        pair.emit(
            "members-reordered",
            None,
            kept,
            order,
            f"{pair.q}'s members were reordered (iteration order changed, values kept)",
        )


def compare_enum(
    old: EnumRecord,
    new: EnumRecord,
    stored: Stored = BOTH,
    show_compatible: bool = False,
    strict: bool = False,
    accept: AcceptCall | None = None,
) -> list[Finding]:
    """The findings between two revisions of one enum stored as ``stored`` (settled
    before: ``decision.settle``); compatible ones only with ``show_compatible``."""
    pair = _Pair(old, new, stored, strict, show_compatible, accept, [])
    _open_changed(pair)
    _base_changed(pair)
    for was in old.members:
        now = new.get(was.name)
        if now is not None:
            _value_changed(pair, was, now)
            _canonical_changed(pair, was, now)
        elif was.is_alias:
            _alias_removed(pair, was)
        else:
            _member_gone(pair, was)
    for gone in old.reserved:
        _reserved_dropped(pair, gone)
    if show_compatible:
        _added(pair)
        _reordered(pair)
    return pair.found
