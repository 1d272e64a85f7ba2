"""Message templates, grouped by the error code they go with."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """``'; did you mean "red"?'`` for the closest candidate, or ``""``.

    The same choice as the runtime's errors, quoted as mypy quotes names.
    (typed_enum's runtime is imported here, on the first error that needs
    it: importing it with the plugin cost every mypy run ~3 ms.)
    """
    from typed_enum._lookup import closest_name

    close = closest_name(word, candidates)
    return f'; did you mean "{close}"?' if close is not None else ""


# typed-enum-duplicate-value
DUPLICATE_VALUE: Final = (
    'Member "{name}" of "{enum}" repeats the value of "{other}"; declare '
    "{name} = alias({other}) if it is another name for {other}, or give it a value of its own"
)
DUPLICATE_UNIQUE_VALUE: Final = (
    'Member "{name}" of "{enum}" repeats the value of "{other}"; its metaclass {meta} '
    "rejects repeated values (ValueError when the class is made): give it a value of its own"
)
DUPLICATE_FUNCTIONAL_VALUE: Final = (
    'Member "{name}" of "{enum}" repeats the value of "{other}"; give it a value of its own '
    "(the functional API cannot declare aliases: write a class with {name} = alias({other}) "
    "if it is another name for {other})"
)

# typed-enum-bad-alias
BAD_ALIAS: Final = (
    'alias() target {target} is not a member of "{enum}" defined above "{name}"{hint}'
)

# typed-enum-reserved
RESERVED_VALUE: Final = (
    'Member "{name}" of "{enum}" takes the value {value}, which {retired} = reserved({value}) '
    "retired (ValueError when the class is made); give {name} a value of its own"
)
RESERVED_NAME: Final = (
    '"{name}" of "{enum}" is retired ({name} = reserved({value})); a member cannot take its '
    "name (TypeError when the class is made): give the member another name"
)
RESERVED_ACCESS: Final = (
    '"{name}" of "{enum}" was retired ({name} = reserved({value})); it is no member, and '
    "{enum}.{name} raises AttributeError"
)
# typed-enum-bad-lookup, for a retired value or name
RETIRED_VALUE: Final = (
    '{value} is not a valid "{enum}": it was retired ({name} = reserved({value})) and no '
    "member may take it"
)
RETIRED_NAME: Final = (
    '"{name}" is not a member of "{enum}": it was retired ({name} = reserved({value})) and no '
    "member may take it"
)

# typed-enum-open-match
OPEN_MATCH: Final = (
    '"{enum}" is open (declared with open=True), so extend() may add members that no case '
    'handles; add "case _:" to this match'
)
OPEN_ASSERT_NEVER: Final = (
    '"{enum}" is open (declared with open=True), so members added by extend() reach this '
    "assert_never() (with any member not handled above); handle them before it (raise, or "
    "return a default)"
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

# typed-enum-bad-lookup
BAD_VALUE: Final = '{value} is not a valid "{enum}"; valid values are {valid}'
BAD_VALUE_NO_MEMBERS: Final = '{value} is not a valid "{enum}": it has no members'
BAD_FLAG_VALUE: Final = (
    '{value} is not a valid "{enum}": bits {bits} belong to no member, and "{enum}" keeps '
    "the STRICT boundary; valid values are combinations of {valid}"
)
BAD_NAME: Final = '"{name}" is not a member of "{enum}"{hint}'
BAD_CONSTANT_VALUE: Final = '{value} is not a value of "{group}"; its values are {valid}'
BAD_CONSTANT_NAME: Final = '"{name}" is not a constant of "{group}"{hint}'
BAD_CONSTANT_TEST: Final = (
    '"{name}" is not a constant of "{group}", so has_name() is False unless {group}.add() '
    "adds it{hint}"
)

# typed-enum-member-value-type
MEMBER_VALUE_TYPE: Final = (
    'Member "{name}" of "{enum}" has the {kind} value {value}, but "{enum}" members are '
    "{expected}{why}; give it {article} {expected} value"
)

# typed-enum-closed-extend
CLOSED_EXTEND: Final = (
    '"{enum}" is closed, so extend() cannot add members to it; declare it with '
    "class {enum}(..., open=True) if members may be added at run time"
)

# typed-enum-open-keyword
OPEN_KEYWORD: Final = (
    '"{enum}" is declared with open={value}: open= must be True or False (or None to inherit '
    "it), so creating the class raises TypeError"
)

# typed-enum-subclass-with-members
# Word for word mypy's own [misc] message, reported first under our code so
# that mypy's duplicate on the same line is dropped (errors are de-duplicated
# by line and text).
SUBCLASS_WITH_MEMBERS: Final = 'Cannot extend enum with existing members: "{base}"'

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
CROSS_ORDERING_VALUES: Final = "silently compares their {data} values"

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

# typed-enum-annotated-member
# Word for word mypy's own [misc] message: reported one column before it, so
# mypy's sorts second and is dropped as a duplicate (same line and text).
ANNOTATED_MEMBER: Final = "Enum members must be left unannotated"

# typed-enum-ignored-name
IGNORED_NAME: Final = (
    '"{name}" is listed in {enum}._ignore_, so it is deleted from "{enum}" when the class is '
    "created; it is not an attribute"
)

# typed-enum-value-annotation
VALUE_ANNOTATION: Final = (
    'Member "{name}" of "{enum}" has a value of type {actual}, but "{enum}" declares '
    "_value_: {declared}"
)

# Word for word mypy's own [assignment] message, reported first on the same
# line, so that mypy's is dropped as a duplicate.
VALUE_ASSIGNMENT: Final = (
    "Incompatible types in assignment (expression has type {actual}, variable has type {declared})"
)

# typed-enum-member-arguments
MEMBER_ARITY: Final = (
    'Member "{name}" of "{enum}" passes {given} to {method}{signature}, which takes {expected}'
)
MEMBER_ARGUMENT: Final = (
    'Member "{name}" of "{enum}" passes {value} (type {actual}) as "{param}" of {method}, '
    "which expects {expected}"
)

# typed-enum-flag-combinations
FLAG_ASSERT_NEVER: Final = (
    '"{enum}" is a Flag: combinations of its members (and {enum}(0)) are values too, and they '
    "reach this assert_never() (with any member not handled above); handle them before it"
)

# typed-enum-bare-auto
BARE_AUTO: Final = (
    'Member "{name}" of "{enum}" is the class auto itself, not a generated value; '
    "write {name} = auto()"
)

# typed-enum-order-mismatch
ORDER_MISMATCH: Final = (
    '_order_ of "{enum}" does not match its members (the class raises TypeError): the members '
    "are {members}; _order_ lists {order}; list the members in definition order"
)

# valid-type (mypy's own code and wording): Literal[Color.helper] where helper is a method,
# a nonmember() or an annotation without a value.  mypy 2.x reports it itself; 1.14
# accepted any attribute of an enum.
LITERAL_NON_MEMBER: Final = "Parameter {index} of Literal[...] is invalid"

# typed-enum-metaclass-conflict
METACLASS_CONFLICT: Final = (
    'Metaclass "{meta}" of "{enum}" derives from enum.EnumMeta but not from '
    'typed_enum.TypedEnumType, the metaclass of its base "{base}" at run time: the class '
    'raises "TypeError: metaclass conflict"; derive {meta} from typed_enum.TypedEnumType'
)

# typed-enum-wildcard-arm
WILDCARD_ARM: Final = (
    '"{arm}" is reached by {members}, which no {kind} names, so a member added later would '
    'go here unnoticed; name {them} ("{fix}"), or keep this default on purpose and silence the '
    'line with "# type: ignore[typed-enum-wildcard-arm]"'
)

# Every code, after its first error of a run under --show-error-code-links:
# mypy's words for its own codes' links (mypy/errors.py).
CODE_LINK: Final = "See {url} for more info"
