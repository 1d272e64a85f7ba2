"""Message templates, grouped by the error code they go with."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from typed_enum._lookup import closest_name


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """``'; did you mean "red"?'`` for the closest candidate, or ``""``.

    The same choice as the runtime's errors, quoted as mypy quotes names.
    """
    close = closest_name(word, candidates)
    return f'; did you mean "{close}"?' if close is not None else ""


# typed-enum-duplicate-value
DUPLICATE_VALUE: Final = (
    'Member "{name}" of "{enum}" repeats the value of "{other}"; declare '
    "{name} = alias({other}) if it is another name for {other}, or give it a value of its own"
)

# typed-enum-bad-alias
BAD_ALIAS: Final = (
    'alias() target {target} is not a member of "{enum}" defined above "{name}"{hint}'
)

# typed-enum-ordering
ORDERING: Final = '"{enum}" is not ordered: {what} {outcome}; {fix}'
ORDERING_RAISES: Final = "raises TypeError at run time"
ORDERING_SILENT: Final = "silently compares their {data} values"
ORDERING_FIX: Final = (
    "derive it from {ordered} to order members by declaration, or from IntEnum to order them "
    "by value"
)
ORDERING_FIX_KEY: Final = "pass key=, or "

# typed-enum-cross-enum-ordering
CROSS_ENUM_ORDERING: Final = (
    '"{op}" compares members of two different enums, "{left}" and "{right}": this {outcome}; '
    "compare .value if that is meant"
)
CROSS_ORDERING_VALUES: Final = "silently compares their int values"

# typed-enum-cross-enum-equality
CROSS_ENUM_EQUALITY: Final = (
    '"{op}" compares members of two different enums, {left} and {right}: {outcome}'
)
CROSS_ENUM_MEMBERSHIP: Final = (
    '"{op}" looks for a member of {left} among members of {right}: {outcome}'
)
CROSS_EQUALITY_NEVER: Final = "they are never equal, so this is always {result}"
CROSS_EQUALITY_VALUES: Final = (
    "they are equal whenever their {data} values are, so this silently compares values; "
    "compare .value if that is meant"
)

# typed-enum-open-match
OPEN_MATCH: Final = (
    '"{enum}" is open (declared with open=True), so extend() may add members that no case '
    'handles; add "case _:" to this match'
)
OPEN_ASSERT_NEVER: Final = (
    '"{enum}" is open (declared with open=True), so members added by extend() reach this '
    "assert_never(); handle them before it (raise, or return a default)"
)

# typed-enum-exhaustive-map
MAP_MISSING: Final = (
    'exhaustive_map({enum}, ...) has no entry for {enum}.{member}; give every "{enum}" member '
    "exactly one entry"
)
MAP_FOREIGN: Final = 'exhaustive_map({enum}, ...) key of type {key} is not a member of "{enum}"'

# typed-enum-open-exhaustive-map
MAP_OPEN: Final = (
    'exhaustive_map({enum}, ...): "{enum}" is open (declared with open=True), so no map covers '
    "all of its members; use a dict with a default for members added by extend()"
)
