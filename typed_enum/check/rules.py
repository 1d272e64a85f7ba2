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


def compare_enum(
    old: EnumRecord,
    new: EnumRecord,
    storage: Storage = "both",
    show_compatible: bool = False,
    strict: bool = False,
) -> list[Finding]:
    """The findings between two revisions of one enum."""
    found: list[Finding] = []
    q = old.qualname

    def at(name: str | None) -> tuple[str, int]:
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
        rule: str, member: str | None, was: Any, now: Any, message: str, where: str | None = None
    ) -> None:
        path, line = at(where if where is not None else member)
        found.append(Finding(rule, old.path, member, was, now, path, line, message, strict))

    if old.open != new.open:
        if old.open:
            text = (
                f"{q} was open and is now closed: members added at run time with extend() "
                f"now fail, and stored values only such members had no longer load"
            )
        else:
            text = (
                f"{q} was closed and is now open: no match over it is exhaustive any more, "
                f"and members can appear at run time that consumers do not know"
            )
        emit("open-changed", None, old.open, new.open, text)
    lost = sorted(old.traits - new.traits)
    if lost:
        uses = "; ".join(_TRAIT_USE[t] for t in lost)
        emit(
            "base-changed",
            None,
            old.kind,
            new.kind,
            f"{q} changed from {old.kind} to {new.kind}: {uses} is gone",
        )
    elif show_compatible and new.traits - old.traits:
        emit(
            "base-widened",
            None,
            old.kind,
            new.kind,
            f"{q} changed from {old.kind} to {new.kind}",
        )

    new_by_key = {m.key: m.canonical for m in new.members if not m.is_alias and m.known}
    for was in old.members:
        now = new.get(was.name)
        if now is not None:
            follows = was.is_alias and now.is_alias and was.canonical == now.canonical
            changed = was.known and now.known and was.key != now.key
            if changed and not follows and storage != "name":
                detail = ""
                if not was.is_alias and now.is_alias:
                    detail = f"; it became an alias of {q}.{now.canonical} by taking its value"
                elif was.is_alias and not now.is_alias:
                    detail = "; it is a member of its own now"
                elif was.auto and now.auto:
                    detail = _shift(old, new, was.name)
                holder = new_by_key.get(was.key)
                if was.is_alias:
                    # Stored data holds the member it aliased, which is unchanged.
                    effect = f"code that uses {q}.{was.name} now gets {now.value}"
                elif holder is None:
                    effect = f"stored {was.value} no longer loads: {q}({was.value}) raises"
                else:
                    effect = f"stored {was.value} now reads as {q}.{holder}"
                kind = "alias" if was.is_alias else "member"
                emit(
                    "value-changed",
                    was.name,
                    was.form,
                    now.form,
                    f"{kind} {q}.{was.name} changed value from {was.value} to {now.value}"
                    f"{detail}: {effect}",
                )
            continue
        if was.is_alias:
            emit(
                "alias-removed",
                was.name,
                was.canonical,
                None,
                f"alias {q}.{was.name} (of {q}.{was.canonical}) no longer resolves: "
                f"{q}.{was.name} and {q}[{was.name!r}] raise",
            )
            continue
        holder = new_by_key.get(was.key) if was.known else None
        before = old.get(holder) if holder is not None else None
        retired = new.retired(was.name) or (
            next((r for r in new.reserved if r.known and r.key == was.key), None)
            if was.known
            else None
        )
        if retired is not None and holder is None:
            emit(
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
            continue
        if holder is None:
            emit(
                "member-removed",
                was.name,
                was.form,
                None,
                f"member {q}.{was.name} was removed and no name accepts its value "
                f"{_shown(was)} any more: {q}({_shown(was)}) and {q}[{was.name!r}] raise "
                f"on stored data",
            )
        elif before is None or before.canonical == was.name:
            # A new name (or a former alias of this member) holds the value now.
            if storage == "value":
                continue
            emit(
                "member-renamed",
                was.name,
                was.name,
                holder,
                f"member {q}.{was.name} was renamed to {q}.{holder} (value {was.value}): "
                f"stored names (pickle, SQLAlchemy's Enum column, {q}[{was.name!r}], "
                f"from_name) no longer load",
                where=holder,
            )
        elif storage == "name":
            emit(
                "member-removed",
                was.name,
                was.form,
                None,
                f"member {q}.{was.name} was removed: {q}[{was.name!r}] raises on stored names",
            )
        else:
            emit(
                "value-reused",
                was.name,
                was.form,
                holder,
                f"member {q}.{was.name} was removed and its value {was.value} now belongs to "
                f"{q}.{holder}: stored {was.value} now silently reads as {q}.{holder}",
                where=holder,
            )

    for gone in old.reserved:
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
            emit(
                "value-reused",
                gone.name,
                gone.form,
                taker.name,
                f"{q}.{gone.name} = reserved({gone.value}) {how} its {took} now "
                f"belongs to {q}.{taker.name}: data stored before the retirement now reads "
                f"as {q}.{taker.name}",
                where=taker.name,
            )
        elif not still:
            emit(
                "reserved-removed",
                gone.name,
                gone.form,
                None,
                f"{q}.{gone.name} = reserved({gone.value}) was dropped: its value and name "
                f"are no longer refused, and a later member may take them",
            )

    if show_compatible:
        renamed_to = {f.new for f in found if f.rule == "member-renamed"}
        for now in new.members:
            if old.get(now.name) is not None or now.name in renamed_to:
                continue
            rule = "alias-added" if now.is_alias else "member-added"
            what = f"alias of {q}.{now.canonical}" if now.is_alias else f"value {now.value}"
            emit(rule, None, None, now.name, f"{q}.{now.name} was added ({what})", where=now.name)
        kept = [m.name for m in old.members if not m.is_alias and new.get(m.name) is not None]
        order = [m.name for m in new.members if not m.is_alias and m.name in kept]
        if kept != order:
            emit(
                "members-reordered",
                None,
                kept,
                order,
                f"{q}'s members were reordered (iteration order changed, values kept)",
            )
    return found
