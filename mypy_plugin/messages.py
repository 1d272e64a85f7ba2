"""Message templates, grouped by the error code they go with."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Final


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """``"; did you mean 'red'?"`` for the closest candidate, or ``""``."""
    names = list(candidates)
    folded = [n for n in names if n.casefold() == word.casefold()]
    close = folded or difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    return f'; did you mean "{close[0]}"?' if close else ""


# typed-enum-duplicate-value
DUPLICATE_VALUE: Final = (
    'Member "{name}" of "{enum}" repeats the value of "{other}"; declare '
    "{name} = alias({other}) if it is another name for {other}, or give it a value of its own"
)

# typed-enum-bad-alias
BAD_ALIAS: Final = (
    'alias() target {target} is not a member of "{enum}" defined above "{name}"{hint}'
)
