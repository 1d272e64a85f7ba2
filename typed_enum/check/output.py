"""The report as text, json, GitHub workflow commands or SARIF 2.1.0.

Every format lists the findings in one order (path, line, enum, member,
rule), whatever PYTHONHASHSEED: the same change gives the same output.
json and sarif also carry the run: the tool's version, the revisions and how
many enums of each were compared, the policy and the file it was read from,
and the notes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

import typed_enum
from typed_enum._site import SITE_URL, page_url
from typed_enum.check.impact.render import Shown, extend
from typed_enum.check.policy import Policy
from typed_enum.check.rules import BREAKING, COMPATIBLE, DECLARED, RULES, Finding
from typed_enum.check.storage.places import StorageMap

__all__ = ["FIXES", "FORMATS", "SITE", "Report", "Side", "help_uri", "render"]

#: The documentation site (``typed_enum._site``, mkdocs.yml's ``site_url``); each rule
#: has a page there.  Empty if the site had no address (then no rule links to it).
SITE: Final = SITE_URL or ""

#: rule id -> how to keep stored data loading (SARIF's help text).
FIXES: Final = {
    "enum-removed": "keep the class importable under its old path (a re-export from its new "
    "module is enough) while stored data or code may name it",
    "member-removed": "keep the member, or retire it with reserved() so that its value and "
    "name stay refused and are never given to another member; migrate the stored rows first",
    "member-renamed": "if the new name means the same, keep the old one as an alias "
    "(old = alias(new)) so stored names still load; if it means something else, retire the "
    "old value with reserved() and give the new member a value of its own",
    "value-changed": "restore the old value; to move to a new one, migrate the stored data "
    "first, or keep the old value loading as an alias",
    "value-reused": "give the new member a value of its own and retire the old value with "
    "reserved(), so that stored data keeps its meaning",
    "alias-removed": "keep the alias (name = alias(member)) while stored data or callers may "
    "use the name",
    "open-changed": "restore the open or closed declaration; closing an open enum refuses the "
    "members added at run time, opening a closed one ends its exhaustiveness checks",
    "base-changed": "keep the stdlib base the class had (IntEnum, StrEnum, Flag, ...), or "
    "first change every caller and stored value that relies on its behaviour",
    "member-retired": "nothing to fix: the value and name stay refused (--strict fails on it, "
    "for a review of every retirement)",
    "reserved-removed": "keep the reserved() entry, so that the retired value and name cannot "
    "come back with another meaning",
    **dict.fromkeys(
        COMPATIBLE, "nothing to fix: a compatible change, listed with --show-compatible"
    ),
}


def help_uri(rule: str) -> str | None:
    """The rule's page on the documentation site (compatible changes: the check's page)."""
    if rule in BREAKING or rule in DECLARED:
        return page_url(f"check-rules/{rule}")
    return page_url("check")


def _rule(rule: str) -> dict[str, Any]:
    """A SARIF rule: what it reports, how to fix it, and its page where the site has one."""
    uri = help_uri(rule)
    link = f"\n\n[The rule's page]({uri})" if uri else ""
    described: dict[str, Any] = {
        "id": rule,
        "name": rule,
        "shortDescription": {"text": RULES[rule]},
        "help": {
            "text": f"{RULES[rule]}. How to fix: {FIXES[rule]}." + (f" {uri}" if uri else ""),
            "markdown": f"{RULES[rule]}.\n\n**How to fix:** {FIXES[rule]}.{link}",
        },
        "defaultConfiguration": {"level": "error" if rule in BREAKING else "note"},
    }
    if uri:
        described["helpUri"] = uri
    return described


@dataclass(frozen=True)
class Side:
    """One revision: its name, and how many of its enums were compared and left out."""

    revision: str
    enums: int
    ignored: int = 0


@dataclass(frozen=True)
class Report:
    findings: Sequence[Finding]
    old: Side
    new: Side
    policy: Policy = field(default_factory=Policy)
    policy_revision: str | None = None
    """The revision whose pyproject.toml was read; None for ``--config`` or no file."""
    overrides: tuple[str, ...] = ()
    """The command-line options that changed the policy, as given."""
    notes: Sequence[tuple[str, str]] = ()
    """(file, text), sorted."""
    run_code: bool = True
    """False: both revisions read from the source only (--no-import)."""
    storage: StorageMap | None = None
    """Where the new revision stores each enum: json and sarif carry it (``storage``,
    and ``stored`` on each finding)."""
    impact: Shown | None = None
    """The sites new members reach (issue 55): added to every format by ``impact.render``."""

    def policy_source(self) -> str:
        """Where the policy came from, for the summary line."""
        if self.policy.file is None:
            where = f"the defaults (no pyproject.toml in {self.policy_revision})"
        elif self.policy_revision is None:
            where = f"{self.policy.file} (--config)"
        else:
            where = f"{self.policy.file} of {self.policy_revision}"
        if self.overrides:
            where += f" and the command line ({' '.join(self.overrides)})"
        return where


def _policy(report: Report) -> dict[str, Any]:
    policy = report.policy
    return {
        "file": policy.file,
        "revision": report.policy_revision if policy.file else None,
        "command_line": list(report.overrides),
        "ignore": list(policy.ignore),
        "storage": [list(rule) for rule in policy.storage],
        "unstored": policy.unstored,
        "private": policy.private,
    }


def _text(report: Report) -> str:
    return "".join(f"{f.path}:{f.line}: {f.rule}: {f.message}\n" for f in report.findings)


def _json(report: Report) -> str:
    keys = ("rule", "enum", "member", "old", "new", "path", "line", "message")
    storage = report.storage
    rows = [
        {
            **{key: getattr(f, key) for key in keys},
            **({"stored": storage.how(f.enum)} if storage is not None else {}),
        }
        for f in report.findings
    ]
    log = {
        "tool": "typed-enum check",
        "version": typed_enum.__version__,
        "old": vars(report.old),
        "new": vars(report.new),
        "read": "import" if report.run_code else "source",
        "policy": _policy(report),
        "findings": rows,
        "notes": [{"path": path, "message": text} for path, text in report.notes],
        **({"storage": storage.as_json()} if storage is not None else {}),
    }
    return json.dumps(log, indent=2) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(report: Report) -> str:
    lines = []
    for f in report.findings:
        level = "error" if f.breaking else "notice"
        properties = ",".join(
            f"{key}={_escape_property(value)}"
            for key, value in (
                ("file", f.path),
                ("line", str(f.line)),
                ("title", f"typed-enum {f.rule}"),
            )
        )
        lines.append(f"::{level} {properties}::{_escape_data(f.message)}\n")
    return "".join(lines)


def _location(path: str, line: int | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"artifactLocation": {"uri": path, "uriBaseId": "%SRCROOT%"}}
    if line is not None:
        found["region"] = {"startLine": line}
    return {"physicalLocation": found}


def _sarif(report: Report) -> str:
    ids = list(RULES)
    storage = report.storage
    rules = [_rule(rule) for rule in ids]
    results: list[dict[str, Any]] = [
        {
            "ruleId": f.rule,
            "ruleIndex": ids.index(f.rule),
            "level": "error" if f.breaking else "note",
            "message": {"text": f.message},
            "locations": [_location(f.path, f.line)],
            "properties": {
                "enum": f.enum,
                "member": f.member,
                "old": f.old,
                "new": f.new,
                **({"stored": storage.how(f.enum)} if storage is not None else {}),
            },
        }
        for f in report.findings
    ]
    notes = [
        {"level": "note", "message": {"text": text}, "locations": [_location(path)]}
        for path, text in report.notes
    ]
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "typed-enum check",
                        "version": typed_enum.__version__,
                        **({"informationUri": page_url("check")} if SITE_URL else {}),
                        "rules": rules,
                    }
                },
                "invocations": [{"executionSuccessful": True, "toolExecutionNotifications": notes}],
                "properties": {
                    "old": vars(report.old),
                    "new": vars(report.new),
                    "read": "import" if report.run_code else "source",
                    "policy": _policy(report),
                    **({"storage": storage.as_json()} if storage is not None else {}),
                },
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2) + "\n"


FORMATS: Final[dict[str, Callable[[Report], str]]] = {
    "text": _text,
    "json": _json,
    "github": _github,
    "sarif": _sarif,
}


def render(report: Report, format: str) -> str:
    """``report`` in ``format``, its findings sorted."""
    findings = sorted(report.findings, key=Finding.sort_key)
    text = FORMATS[format](replace(report, findings=findings, notes=sorted(report.notes)))
    return extend(text, format, report.impact)
