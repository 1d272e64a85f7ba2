"""The impact in each format of ``typed-enum check``: appended to the text and
GitHub output, an ``impact`` key in JSON, results located at the sites in SARIF."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from itertools import groupby
from typing import Any, Final

from typed_enum._site import page_url
from typed_enum.check.impact.kinds import KINDS, MENTION, MENTION_RULE
from typed_enum.check.impact.policy import fails
from typed_enum.check.impact.run import Impact, Site
from typed_enum.check.impact.typed import mypy_version

__all__ = ["Shown", "extend", "failing"]

_PAGE: Final = "check-impact"


@dataclass(frozen=True)
class Shown:
    """The impact as the report shows it: the sites, and the kinds that fail."""

    impact: Impact
    fail_on: frozenset[str] = frozenset()


def failing(shown: Shown) -> list[Site]:
    return [site for site in shown.impact.sites if fails(site.kind, shown.fail_on)]


def _short(enum: str) -> str:
    return enum.rpartition(".")[2]


def _removed(impact: Impact) -> list[tuple[str, str, str, int, list[tuple[str, int]]]]:
    """(enum, member, file, line, [(path, line) naming it]) of each removed member
    that some site still names."""
    found = []
    by_change = {change.enum: change for change in impact.changes}
    for (enum, member), group in groupby(impact.mentions, key=lambda m: (m.enum, m.member)):
        change = by_change[enum]
        found.append((enum, member, change.file, change.line, [(m.file, m.line) for m in group]))
    return found


def _removed_text(enum: str, member: str, where: list[tuple[str, int]]) -> str:
    places = ", ".join(f"{path}:{line}" for path, line in where)
    n = len(where)
    return (
        f"{enum}.{member} was removed; the {n} site{'s' if n != 1 else ''} of the new revision "
        f"that still name{'s' if n == 1 else ''} it {'are' if n != 1 else 'is a'} mypy "
        f"error{'s' if n != 1 else ''} ([attr-defined]): {places}"
    )


def _text(shown: Shown) -> str:
    impact = shown.impact
    lines = []
    by_change = {change.enum: change for change in impact.changes}
    for (enum, member), group in groupby(impact.sites, key=lambda s: (s.enum, s.member)):
        sites = list(group)
        change = by_change[enum]
        n = len(sites)
        lines.append(
            f"{change.file}:{change.line}: impact: {_short(enum)}.{member} is new; {n} "
            f"site{'s' if n != 1 else ''} now receive{'s' if n == 1 else ''} it through a "
            f"catch-all:"
        )
        for site in sites:
            mark = " (fails: --fail-on-impact)" if fails(site.kind, shown.fail_on) else ""
            lines.append(f"{site.path}:{site.line}: impact: {site.kind}: {site.what}{mark}")
    for enum, member, file, line, where in _removed(impact):
        lines.append(f"{file}:{line}: impact: {_removed_text(enum, member, where)}")
    return "".join(line + "\n" for line in lines)


def _escape(text: str, property: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property else text


def _mention_text(enum: str, member: str) -> str:
    return f"{_short(enum)}.{member} was removed and is still named here: a mypy error"


def _github(shown: Shown) -> str:
    lines = []
    for mention in shown.impact.mentions:
        lines.append(
            f"::notice file={_escape(mention.file, True)},line={mention.line},"
            f"title={_escape('typed-enum impact removed-named', True)}::"
            f"{_escape(_mention_text(mention.enum, mention.member))}\n"
        )
    for site in shown.impact.sites:
        level = "error" if fails(site.kind, shown.fail_on) else "notice"
        title = f"typed-enum impact {site.kind}"
        message = f"{_short(site.enum)}.{site.member} (new) reaches a catch-all: {site.what}"
        lines.append(
            f"::{level} file={_escape(site.path, True)},line={site.line},"
            f"title={_escape(title, True)}::{_escape(message)}\n"
        )
    return "".join(lines)


def _site_json(site: Site, shown: Shown) -> dict[str, Any]:
    return {**vars(site), "fails": fails(site.kind, shown.fail_on)}


def _summary(shown: Shown) -> dict[str, Any]:
    impact = shown.impact
    return {
        "sites": [_site_json(site, shown) for site in impact.sites],
        "removed": [
            {"enum": enum, "member": member, "named_at": [{"path": p, "line": n} for p, n in at]}
            for enum, member, _, _, at in _removed(impact)
        ],
        "added": [
            {"enum": change.enum, "member": member}
            for change in impact.changes
            for member in change.added
        ],
        "modules_examined": impact.modules,
        "fail_on": sorted(shown.fail_on),
        "not_looked_at": impact.not_looked_at(),
        "types": {
            "used": impact.types == "used",
            "mypy": mypy_version() if impact.types == "used" else None,
            "seconds": round(impact.types_seconds, 3),
            "modules": impact.types_modules,
            "sites_by_types_alone": impact.types_sites,
            "notes": impact.types_notes,
        },
    }


def _json(text: str, shown: Shown) -> str:
    log = json.loads(text)
    log["impact"] = _summary(shown)
    return json.dumps(log, indent=2) + "\n"


def _location(path: str, line: int) -> dict[str, Any]:
    return {
        "physicalLocation": {
            "artifactLocation": {"uri": path, "uriBaseId": "%SRCROOT%"},
            "region": {"startLine": line},
        }
    }


def _rule(kind: str) -> dict[str, Any]:
    what, fix = MENTION_RULE if kind == MENTION else KINDS[kind]
    rule = kind if kind == MENTION else f"impact-{kind}"
    uri = page_url(_PAGE)
    return {
        "id": rule,
        "name": rule,
        "shortDescription": {"text": what},
        "help": {
            "text": f"{what}. How to make it explicit: {fix}.",
            "markdown": f"{what}.\n\n**How to make it explicit:** {fix}.",
        },
        "defaultConfiguration": {"level": "note"},
        **({"helpUri": uri} if uri else {}),
    }


def _sarif(text: str, shown: Shown) -> str:
    log = json.loads(text)
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    first = len(rules)
    kinds = sorted({site.kind for site in shown.impact.sites}, key=list(KINDS).index)
    rules.extend(_rule(kind) for kind in kinds)
    for site in shown.impact.sites:
        run["results"].append(
            {
                "ruleId": f"impact-{site.kind}",
                "ruleIndex": first + kinds.index(site.kind),
                "level": "error" if fails(site.kind, shown.fail_on) else "note",
                "message": {
                    "text": f"{_short(site.enum)}.{site.member} (new) reaches a catch-all: "
                    f"{site.what}"
                },
                "locations": [_location(site.path, site.line)],
                "properties": {"enum": site.enum, "member": site.member, "kind": site.kind},
            }
        )
    if shown.impact.mentions:
        rules.append(_rule(MENTION))
        for mention in shown.impact.mentions:
            run["results"].append(
                {
                    "ruleId": MENTION,
                    "ruleIndex": len(rules) - 1,
                    "level": "note",
                    "message": {"text": _mention_text(mention.enum, mention.member)},
                    "locations": [_location(mention.file, mention.line)],
                    "properties": {"enum": mention.enum, "member": mention.member},
                }
            )
    run["properties"]["impact"] = {
        key: value for key, value in _summary(shown).items() if key != "sites"
    }
    return json.dumps(log, indent=2) + "\n"


_FORMATS: Final[dict[str, Callable[[str, Shown], str]]] = {
    "text": lambda text, shown: text + _text(shown),
    "github": lambda text, shown: text + _github(shown),
    "json": _json,
    "sarif": _sarif,
}


def extend(text: str, format: str, shown: Shown | None) -> str:
    """The rendered report ``text`` in ``format`` with the impact added."""
    if shown is None or not (shown.impact.sites or shown.impact.mentions):
        return text  # nothing reached: the report is the comparison's alone
    return _FORMATS[format](text, shown)
