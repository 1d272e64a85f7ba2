"""The comparison: one finding per change that breaks stored or sent data.

Each rule has an id (its docs page is ``docs/check-rules/<id>.md``).  Names are
compared first (a name that remains), then values (what a stored value now
means).  An enum whose module was read from the source compares values only
where the source told them (literals, ``auto()``, ``alias()``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from typed_enum.check.snapshot import EnumRecord, Member
from typed_enum.check.source import KIND_TRAITS

__all__ = [
    "BREAKING",
    "COMPATIBLE",
    "DECLARED",
    "RULES",
    "Finding",
    "compare_enum",
    "removed_enum",
]

#: rule id -> one-line description (SARIF, docs).
BREAKING: Final = {
    "enum-removed": "an enum class is no longer importable under its old path",
    "member-removed": "a member is gone and no name accepts its value",
    "member-renamed": "a member's value now belongs to a new name (stored names break)",
    "value-changed": "a remaining member or alias has another value (stored values break)",
    "value-reused": "a removed member's or a dropped reserved() value now belongs to another member",
    "alias-removed": "an alias name no longer resolves",
    "open-changed": "an open enum became closed, or a closed one open",
    "base-changed": "a behaviour the class had through its stdlib base is gone",
}
#: Declared with typed_enum's ``reserved()``: always listed, a reason to fail
#: only with --strict (buf's reserved numbers and names, made checkable).
DECLARED: Final = {
    "member-retired": "a member was retired with reserved(): its value and name stay refused",
    "reserved-removed": "a reserved() retirement was dropped: its value and name may come back",
}
#: Listed with --show-compatible only; never a reason to fail.
COMPATIBLE: Final = {
    "enum-added": "a new enum class",
    "member-added": "a new member",
    "alias-added": "a new alias",
    "members-reordered": "the members' order changed, values kept",
    "base-widened": "the class gained a behaviour through its stdlib base",
    "canonical-changed": "a member became an alias of a name that was its alias (value kept)",
}
RULES: Final = {**BREAKING, **DECLARED, **COMPATIBLE}

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
    strict: bool = False
    """--strict: a declared change (DECLARED) fails the check too."""
    listed: bool = False
    """Listed only: where the enum is stored, the change breaks nothing
    (typed_enum.check.storage.judge)."""

    @property
    def breaking(self) -> bool:
        if self.listed:
            return False
        return self.rule in BREAKING or (self.strict and self.rule in DECLARED)

    def sort_key(self) -> tuple[str, int, str, str, str]:
        return (self.path, self.line, self.enum, self.member or "", self.rule)


#: storage kind of one enum: "value", "name" or "both"
Storage = str


def removed_enum(old: EnumRecord) -> Finding:
    return Finding(
        "enum-removed",
        old.path,
        None,
        old.path,
        None,
        old.file,
        old.line,
        f"{old.path} is no longer importable under this path: code that imports it and data "
        f"that names it (pickles) break; keep it importable there (a re-export is enough)",
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
    """Two revisions of one enum, and the findings between them so far."""

    old: EnumRecord
    new: EnumRecord
    storage: Storage
    strict: bool
    found: list[Finding]

    @property
    def q(self) -> str:
        return self.old.qualname

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
        listed: bool = False,
    ) -> None:
        path, line = self.at(where if where is not None else member)
        self.found.append(
            Finding(rule, self.old.path, member, was, now, path, line, message, self.strict, listed)
        )

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
            f"now fail, and stored values only such members had no longer load; keep "
            f"them loading by keeping it open (open=True) or declaring those members"
        )
    else:
        text = (
            f"{q} was closed and is now open: no match over it is exhaustive any more, "
            f"and members can appear at run time that consumers do not know; stored data "
            f"still loads, but readers must handle members they do not know (or keep it closed)"
        )
    pair.emit("open-changed", None, old.open, new.open, text)


def _base_changed(pair: _Pair, show_compatible: bool) -> None:
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
            f"code that relied on it breaks: keep the base",
        )
    elif show_compatible and new.traits - old.traits:
        pair.emit("base-widened", None, old.kind, new.kind, f"{q} changed from {was} to {now}")


def _value_changed(pair: _Pair, was: Member, now: Member) -> None:
    """A name that remains, with another value (or another role at the same value)."""
    q = pair.q
    follows = was.is_alias and now.is_alias and was.canonical == now.canonical
    changed = was.known and now.known and was.key != now.key
    if not changed or follows or pair.storage == "name":
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
    elif holder is None:
        effect = (
            f"stored {was.value} no longer loads: {q}({was.value}) raises; keep it loading: "
            f"give it its old value back"
        )
    else:
        effect = (
            f"stored {was.value} now reads as {q}.{holder.name}; keep stored data meaning "
            f"what it did: give it its old value back"
        )
    if not was.is_alias and was.auto and now.auto:
        effect += " (write the number out instead of auto())"
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
    )


def _alias_removed(pair: _Pair, was: Member) -> None:
    q = pair.q
    pair.emit(
        "alias-removed",
        was.name,
        was.canonical,
        None,
        f"alias {q}.{was.name} (of {q}.{was.canonical}) no longer resolves: "
        f"{q}.{was.name} and {q}[{was.name!r}] raise; keep stored names loading: keep "
        f"the alias",
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
        f"them again; convert stored data before deploying, or restore the member "
        f"to keep it loading",
        where=retired.name,
    )


def _member_removed(pair: _Pair, was: Member, holder: Member | None) -> None:
    q = pair.q
    if holder is None:
        text = (
            f"member {q}.{was.name} was removed and no name accepts its value "
            f"{_shown(was)} any more: {q}({_shown(was)}) and {q}[{was.name!r}] raise "
            f"on stored data; keep it loading: restore it, or make its name an alias() of "
            f"the member that now means the same"
        )
    else:
        text = (
            f"member {q}.{was.name} was removed: {q}[{was.name!r}] raises on stored names "
            f"(its value {was.value} now belongs to {q}.{holder.name}); keep them loading: "
            f"restore it, or make its name an alias() of the member that now means the same"
        )
    pair.emit("member-removed", was.name, was.form, None, text)


def _member_renamed(pair: _Pair, was: Member, holder: Member, was_alias: bool) -> None:
    """The value stayed, the name changed: the reviewer decides whether it means the same."""
    q, v, new = pair.q, was.value, holder.name
    whose = f"{q}.{new}, its alias before" if was_alias else f"the new {q}.{new}"
    pair.emit(
        "member-renamed",
        was.name,
        was.name,
        new,
        f"member {q}.{was.name} is gone and its value {v} now belongs to {whose}: "
        f"the value stayed, the name changed; stored {v} (and pickles) now load as "
        f"{q}.{new}, stored names raise ({q}[{was.name!r}], SQLAlchemy's Enum column); "
        f"if {new} means what {was.name} meant, keep the old name ({was.name} = "
        f"alias({new})); if not, retire the value ({was.name} = reserved({v})) and give "
        f"{q}.{new} a value of its own"
        + (
            "; stored by value (the policy): listed, not failing, for the reviewer to decide"
            if pair.storage == "value"
            else ""
        ),
        where=new,
        # Stored by value, stored data still loads: whether it still means the same only
        # the reviewer can tell, so the rename is listed, never silently dropped.
        listed=pair.storage == "value",
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
        f"stored {v} now silently reads as {q}.{new}; keep stored data meaning what it did: "
        f"restore the removed member, or retire its value with reserved() and give the "
        f"other member a value of its own",
        where=new,
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
    elif pair.storage == "name":
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
            f"as {q}.{taker.name}; keep it refused: keep the reserved() line and give the "
            f"member another {'name' if took == 'name' else 'value'}",
            where=taker.name,
        )
    elif not still:
        pair.emit(
            "reserved-removed",
            gone.name,
            gone.form,
            None,
            f"{q}.{gone.name} = reserved({gone.value}) was dropped: its value and name "
            f"are no longer refused, and a later member may take them; keep the "
            f"reserved() line so stored data never loads as another member",
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
    storage: Storage = "both",
    show_compatible: bool = False,
    strict: bool = False,
) -> list[Finding]:
    """The findings between two revisions of one enum."""
    pair = _Pair(old, new, storage, strict, [])
    _open_changed(pair)
    _base_changed(pair, show_compatible)
    for was in old.members:
        now = new.get(was.name)
        if now is not None:
            _value_changed(pair, was, now)
            if show_compatible:
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
