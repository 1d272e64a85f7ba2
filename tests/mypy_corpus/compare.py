"""One case's difference between mypy alone and mypy with the plugin."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .runner import Outcome


def difference(alone: Outcome, plugin: Outcome) -> tuple[str, ...]:
    """``"- line"`` for what only mypy alone printed, ``"+ line"`` for what only the plugin did.

    Compared as multisets of lines (mypy's order within a line number may
    differ); sorted by line number, ``-`` before ``+``.
    """
    before, after = Counter(alone.lines), Counter(plugin.lines)
    lines = [f"- {line}" for line in (before - after).elements()]
    lines += [f"+ {line}" for line in (after - before).elements()]
    return tuple(sorted(lines, key=_order))


def _order(line: str) -> tuple[str, int, bool, str]:
    sign, text = line[:1], line[2:]
    path, _, rest = text.partition(":")
    number, _, message = rest.partition(":")
    return (path, int(number) if number.isdigit() else 0, sign == "+", message)


def unmatched(actual: Iterable[str], expected: Iterable[str]) -> tuple[list[str], list[str]]:
    """Lines of the actual difference no entry accepts, and accepted lines that did not occur."""
    have, want = Counter(actual), Counter(expected)
    return list((have - want).elements()), list((want - have).elements())
