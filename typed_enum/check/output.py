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
from typed_enum.check.rule_records import RULES, Verdict
from typed_enum.check.rules import Finding
from typed_enum.check.storage.places import StorageMap

__all__ = ["FORMATS", "SITE", "VERDICTS", "Report", "Side", "help_uri", "render"]

#: The documentation site (``typed_enum._site``, mkdocs.yml's ``site_url``); each rule
#: has a page there.  Empty if the site had no address (then no rule links to it).
SITE: Final = SITE_URL or ""

#: The verdicts, in the order the JSON counts them.
VERDICTS: Final[tuple[Verdict, ...]] = ("fails", "listed", "compatible", "accepted")


def help_uri(rule: str) -> str | None:
    """The rule's page on the documentation site (its record's page)."""
    return page_url(RULES[rule].page)


def _rule(rule: str) -> dict[str, Any]:
    """A SARIF rule, from its record: what it reports, how to fix it, and its page where
    the site has one."""
    record = RULES[rule]
    uri = help_uri(rule)
    link = f"\n\n[The rule's page]({uri})" if uri else ""
    fix = record.generic_fix
    described: dict[str, Any] = {
        "id": rule,
        "name": rule,
        "shortDescription": {"text": record.summary},
        "help": {
            "text": f"{record.summary}. How to fix: {fix}." + (f" {uri}" if uri else ""),
            "markdown": f"{record.summary}.\n\n**How to fix:** {fix}.{link}",
        },
        "defaultConfiguration": {"level": "error" if record.kind == "breaking" else "note"},
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
    incomplete: bool = False
    """A module of either revision could not be read: its enums were not compared
    (``complete`` false in json and sarif; exit 3 when nothing breaks)."""

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


def _accepted(report: Report, finding: Finding) -> str:
    """``accepted in pyproject.toml: <the entry's reason>``."""
    return f"accepted in {report.policy.file or 'pyproject.toml'}: {finding.accepted}"


def _details(report: Report, finding: Finding) -> str:
    """The lines after a finding's first: why it was accepted, and its fix."""
    return (f"\n{_accepted(report, finding)}" if finding.accepted is not None else "") + (
        f"\nfix: {finding.fix}" if finding.fix else ""
    )


def _text(report: Report) -> str:
    """``path:line: verdict: rule: what breaks; where it is stored``, then the fix
    (a change with nothing to fix has none)."""
    return "".join(
        f"{f.path}:{f.line}: {f.verdict}: {f.rule}: {f.message}\n"
        + (f"    {_accepted(report, f)}\n" if f.accepted is not None else "")
        + (f"    fix: {f.fix}\n" if f.fix else "")
        for f in report.findings
    )


def _verdicts(report: Report) -> dict[str, int]:
    """How many findings have each verdict."""
    return {v: sum(f.verdict == v for f in report.findings) for v in VERDICTS}


def _json(report: Report) -> str:
    keys = ("rule", "verdict", "enum", "member", "old", "new", "path", "line", "message")
    storage = report.storage
    rows = [
        {
            **{key: getattr(f, key) for key in keys},
            "fix": f.fix or None,
            "storage": f.storage,
            **({"accepted": f.accepted} if f.accepted is not None else {}),
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
        "complete": not report.incomplete,
        "policy": _policy(report),
        "verdicts": _verdicts(report),
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
                ("title", f"typed-enum {f.rule} ({f.verdict})"),
            )
        )
        text = f.message + _details(report, f)
        lines.append(f"::{level} {properties}::{_escape_data(text)}\n")
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
            "message": {"text": f.message + _details(report, f)},
            "locations": [_location(f.path, f.line)],
            "properties": {
                "enum": f.enum,
                "member": f.member,
                "verdict": f.verdict,
                "storage": f.storage,
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
                "invocations": [
                    {
                        "executionSuccessful": True,
                        "toolExecutionNotifications": notes,
                        "properties": {"complete": not report.incomplete},
                    }
                ],
                "properties": {
                    "old": vars(report.old),
                    "new": vars(report.new),
                    "read": "import" if report.run_code else "source",
                    "complete": not report.incomplete,
                    "policy": _policy(report),
                    "verdicts": _verdicts(report),
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
