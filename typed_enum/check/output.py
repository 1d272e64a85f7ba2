"""The findings as text, json, GitHub workflow commands or SARIF 2.1.0.

Every format lists the findings in one order (path, line, enum, member,
rule), whatever PYTHONHASHSEED: the same change gives the same output.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Final

import typed_enum
from typed_enum.check.rules import BREAKING, RULES, Finding

__all__ = ["FORMATS", "render"]

#: Where each rule is described (one documentation page a rule).
DOCS: Final = "docs/check-rules"


def _text(findings: Sequence[Finding]) -> str:
    return "".join(f"{f.path}:{f.line}: {f.rule}: {f.message}\n" for f in findings)


def _json(findings: Sequence[Finding]) -> str:
    keys = ("rule", "enum", "member", "old", "new", "path", "line", "message")
    rows = [{key: getattr(f, key) for key in keys} for f in findings]
    return json.dumps({"findings": rows}, indent=2) + "\n"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(findings: Sequence[Finding]) -> str:
    lines = []
    for f in findings:
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


def _sarif(findings: Sequence[Finding]) -> str:
    ids = list(RULES)
    rules = [
        {
            "id": rule,
            "name": rule,
            "shortDescription": {"text": RULES[rule]},
            "help": {"text": f"{RULES[rule]}; see {DOCS}/{rule}.md"},
            "defaultConfiguration": {"level": "error" if rule in BREAKING else "note"},
        }
        for rule in ids
    ]
    results: list[dict[str, Any]] = [
        {
            "ruleId": f.rule,
            "ruleIndex": ids.index(f.rule),
            "level": "error" if f.breaking else "note",
            "message": {"text": f.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": f.path, "uriBaseId": "%SRCROOT%"},
                        "region": {"startLine": f.line},
                    }
                }
            ],
            "properties": {"enum": f.enum, "member": f.member, "old": f.old, "new": f.new},
        }
        for f in findings
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
                        "rules": rules,
                    }
                },
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2) + "\n"


FORMATS: Final[dict[str, Callable[[Sequence[Finding]], str]]] = {
    "text": _text,
    "json": _json,
    "github": _github,
    "sarif": _sarif,
}


def render(findings: Sequence[Finding], format: str) -> str:
    """``findings`` in ``format``, sorted."""
    return FORMATS[format](sorted(findings, key=Finding.sort_key))
