"""The differences the plugin may make to mypy's own enum test cases.

Each entry names a case (``file::name``), the mypy versions whose corpus
shows it (the corpora differ between releases, and so do line numbers),
the lines that differ (``-`` printed by mypy alone only, ``+`` with the
plugin only), and why that is accepted:

* ``IMPROVEMENT``: more precise or more correct than mypy alone (a type
  closer to the run time, a false error gone);
* ``OWN_CODE``: mypy's own message under the plugin's code, documented in
  README.md's "Error codes" (the code is a sub-code of mypy's, so
  ``# type: ignore[misc]`` still covers it);
* ``RULE``: a check the plugin adds, documented in README.md, that is right
  about the case (the case's code raises at run time, or breaks a rule the
  README states);
* ``KNOWN``: a known loss, fixed on another branch (``why`` names it: issue
  33's problems 2 and 5 on branch ``values``, the value literal unions of
  issue 27); the entry goes when that branch merges.

A difference not listed fails the test, and so does a listed one that no
longer occurs.  ``python -m tests.mypy_corpus --write`` rewrites the table
for the installed mypy (keeping the reasons of entries that still hold,
marking new ones ``TODO``, which fails until a reason is written).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

IMPROVEMENT: Final = "improvement"
OWN_CODE: Final = "own code"
RULE: Final = "documented rule"
KNOWN: Final = "known, fixed on another branch"
TODO: Final = "TODO"
REASONS: Final = frozenset({IMPROVEMENT, OWN_CODE, RULE, KNOWN})


@dataclass(frozen=True)
class Accepted:
    case: str
    mypy: tuple[str, ...]
    reason: str
    why: str
    lines: tuple[str, ...]


def expected(case: str, mypy: str) -> list[str]:
    """Every accepted line of ``case`` on mypy ``mypy``, one of the releases the table records."""
    return [
        line for entry in TABLE if entry.case == case and mypy in entry.mypy for line in entry.lines
    ]


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".") if part.isdigit())


def between(mypy: str) -> bool:
    """Whether ``mypy`` lies strictly between the releases the table records.

    The table is written at the two ends of the supported range; a release
    in between (CI runs each minor, ``.ci/mypy-minors``) may show any
    difference that an end shows for the same case, and need not show it
    (its corpus and its narrowing lie between theirs): see ``allowed``.
    """
    ends = sorted({v for entry in TABLE for v in entry.mypy}, key=_version)
    return bool(ends) and _version(ends[0]) < _version(mypy) < _version(ends[-1])


def allowed(case: str) -> list[str]:
    """The lines ``case`` may show between the ends: those either end accepts for it."""
    return [line for entry in TABLE if entry.case == case for line in entry.lines]


# BEGIN TABLE (python -m tests.mypy_corpus --write rewrites what follows)
TABLE: Final[tuple[Accepted, ...]] = (
    Accepted(
        case="check-enum.test::testEnumAccessFromInstance",
        mypy=("2.4.1",),
        reason=IMPROVEMENT,
        why="B.x.value is 1 at run time (the member named value does not shadow the value property on a member)",
        lines=(
            '+ main:31: note: Revealed type is "Literal[1]?"',
            '- main:31: note: Revealed type is "Literal[2]?"',
            '+ main:32: note: Revealed type is "Literal[1]?"',
            '- main:32: note: Revealed type is "Literal[2]?"',
            '+ main:38: note: Revealed type is "Literal[1]?"',
            '- main:38: note: Revealed type is "Literal[2]?"',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumAttributeAccessMatrix",
        mypy=("1.14.1",),
        reason=IMPROVEMENT,
        why="the member's own value literal instead of int",
        lines=(
            '+ main:18: note: Revealed type is "Literal[1]?"',
            '- main:18: note: Revealed type is "builtins.int"',
            '+ main:19: note: Revealed type is "Literal[1]?"',
            '- main:19: note: Revealed type is "builtins.int"',
            '+ main:39: note: Revealed type is "Literal[1]?"',
            '- main:39: note: Revealed type is "builtins.int"',
            '+ main:40: note: Revealed type is "Literal[1]?"',
            '- main:40: note: Revealed type is "builtins.int"',
            '+ main:80: note: Revealed type is "Literal[1]?"',
            '- main:80: note: Revealed type is "builtins.int"',
            '+ main:81: note: Revealed type is "Literal[1]?"',
            '- main:81: note: Revealed type is "builtins.int"',
            '+ main:99: note: Revealed type is "Literal[1]?"',
            '- main:99: note: Revealed type is "builtins.int"',
            '+ main:100: note: Revealed type is "Literal[1]?"',
            '- main:100: note: Revealed type is "builtins.int"',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumAttributeAccessMatrix",
        mypy=("1.14.1",),
        reason=IMPROVEMENT,
        why="an IntFlag member's .value is its literal, as a Flag member's (issue 33, problem 5: typeshed's IntFlag.__new__ is stdlib's, not a custom one)",
        lines=(
            '- main:61: note: Revealed type is "builtins.int"',
            '+ main:61: note: Revealed type is "Literal[1]?"',
            '- main:62: note: Revealed type is "builtins.int"',
            '+ main:62: note: Revealed type is "Literal[1]?"',
            '- main:65: note: Revealed type is "builtins.int"',
            '+ main:65: note: Revealed type is "Literal[1]?"',
            '- main:66: note: Revealed type is "builtins.int"',
            '+ main:66: note: Revealed type is "Literal[1]?"',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumAttributeAccessMatrix",
        mypy=("2.4.1",),
        reason=IMPROVEMENT,
        why="the member's own value literal instead of int",
        lines=(
            '+ main:18: note: Revealed type is "Literal[1]?"',
            '- main:18: note: Revealed type is "int"',
            '+ main:19: note: Revealed type is "Literal[1]?"',
            '- main:19: note: Revealed type is "int"',
            '+ main:37: note: Revealed type is "Literal[1]?"',
            '- main:37: note: Revealed type is "int"',
            '+ main:38: note: Revealed type is "Literal[1]?"',
            '- main:38: note: Revealed type is "int"',
            '+ main:75: note: Revealed type is "Literal[1]?"',
            '- main:75: note: Revealed type is "int"',
            '+ main:76: note: Revealed type is "Literal[1]?"',
            '- main:76: note: Revealed type is "int"',
            '+ main:94: note: Revealed type is "Literal[1]?"',
            '- main:94: note: Revealed type is "int"',
            '+ main:95: note: Revealed type is "Literal[1]?"',
            '- main:95: note: Revealed type is "int"',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumAttributeAccessMatrix",
        mypy=("2.4.1",),
        reason=IMPROVEMENT,
        why="an IntFlag member's .value is its literal, as a Flag member's (issue 33, problem 5: typeshed's IntFlag.__new__ is stdlib's, not a custom one)",
        lines=(
            '- main:56: note: Revealed type is "int"',
            '+ main:56: note: Revealed type is "Literal[1]?"',
            '- main:57: note: Revealed type is "int"',
            '+ main:57: note: Revealed type is "Literal[1]?"',
            '- main:60: note: Revealed type is "int"',
            '+ main:60: note: Revealed type is "Literal[1]?"',
            '- main:61: note: Revealed type is "int"',
            '+ main:61: note: Revealed type is "Literal[1]?"',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumExplicitlyAndImplicitlyFinal",
        mypy=(
            "1.14.1",
            "2.4.1",
        ),
        reason=OWN_CODE,
        why="mypy's own [misc] message under typed-enum-subclass-with-members (README: Error codes), a sub-code of [misc]",
        lines=(
            '+ main:47: error: Cannot extend enum with existing members: "NonEmptyEnum"  [typed-enum-subclass-with-members]',
            '- main:47: error: Cannot extend enum with existing members: "NonEmptyEnum"  [misc]',
            '+ main:49: error: Cannot extend enum with existing members: "NonEmptyIntEnum"  [typed-enum-subclass-with-members]',
            '- main:49: error: Cannot extend enum with existing members: "NonEmptyIntEnum"  [misc]',
            '+ main:51: error: Cannot extend enum with existing members: "NonEmptyFlag"  [typed-enum-subclass-with-members]',
            '- main:51: error: Cannot extend enum with existing members: "NonEmptyFlag"  [misc]',
            '+ main:53: error: Cannot extend enum with existing members: "NonEmptyIntFlag"  [typed-enum-subclass-with-members]',
            '- main:53: error: Cannot extend enum with existing members: "NonEmptyIntFlag"  [misc]',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumFinalSpecialProps",
        mypy=(
            "1.14.1",
            "2.4.1",
        ),
        reason=RULE,
        why="true positives: _order_ that does not list the members raises TypeError (typed-enum-order-mismatch), an IntEnum member with a str value raises ValueError (typed-enum-member-value-type)",
        lines=(
            '+ main:17: error: _order_ of "E" does not match its members (the class raises TypeError): the members are name, value; _order_ lists X, Y; list the members in definition order  [typed-enum-order-mismatch]',
            '+ main:26: error: Member "name" of "EI" has the str value \'a\', but "EI" members are int; give it an int value  [typed-enum-member-value-type]',
            '+ main:30: error: _order_ of "EI" does not match its members (the class raises TypeError): the members are name, value; _order_ lists X, Y; list the members in definition order  [typed-enum-order-mismatch]',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumFinalSubtypingMethodAndValueSpecialCase",
        mypy=(
            "1.14.1",
            "2.4.1",
        ),
        reason=OWN_CODE,
        why="mypy's own [misc] message under typed-enum-subclass-with-members (README: Error codes), a sub-code of [misc]",
        lines=(
            '+ main:21: error: Cannot extend enum with existing members: "NonEmptyEnum"  [typed-enum-subclass-with-members]',
            '- main:21: error: Cannot extend enum with existing members: "NonEmptyEnum"  [misc]',
            '+ main:23: error: Cannot extend enum with existing members: "NonEmptyIntEnum"  [typed-enum-subclass-with-members]',
            '- main:23: error: Cannot extend enum with existing members: "NonEmptyIntEnum"  [misc]',
            '+ main:25: error: Cannot extend enum with existing members: "NonEmptyFlag"  [typed-enum-subclass-with-members]',
            '- main:25: error: Cannot extend enum with existing members: "NonEmptyFlag"  [misc]',
            '+ main:27: error: Cannot extend enum with existing members: "NonEmptyIntFlag"  [typed-enum-subclass-with-members]',
            '- main:27: error: Cannot extend enum with existing members: "NonEmptyIntFlag"  [misc]',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumImplicitlyFinalForSubclassing",
        mypy=(
            "1.14.1",
            "2.4.1",
        ),
        reason=OWN_CODE,
        why="mypy's own [misc] message under typed-enum-subclass-with-members (README: Error codes), a sub-code of [misc]",
        lines=(
            '+ main:12: error: Cannot extend enum with existing members: "NonEmptyEnum"  [typed-enum-subclass-with-members]',
            '- main:12: error: Cannot extend enum with existing members: "NonEmptyEnum"  [misc]',
            '+ main:14: error: Cannot extend enum with existing members: "NonEmptyIntEnum"  [typed-enum-subclass-with-members]',
            '- main:14: error: Cannot extend enum with existing members: "NonEmptyIntEnum"  [misc]',
            '+ main:16: error: Cannot extend enum with existing members: "NonEmptyFlag"  [typed-enum-subclass-with-members]',
            '- main:16: error: Cannot extend enum with existing members: "NonEmptyFlag"  [misc]',
            '+ main:18: error: Cannot extend enum with existing members: "NonEmptyIntFlag"  [typed-enum-subclass-with-members]',
            '- main:18: error: Cannot extend enum with existing members: "NonEmptyIntFlag"  [misc]',
            '+ main:21: error: Cannot extend enum with existing members: "NonEmptyEnum"  [typed-enum-subclass-with-members]',
            '- main:21: error: Cannot extend enum with existing members: "NonEmptyEnum"  [misc]',
            '+ main:23: error: Cannot extend enum with existing members: "NonEmptyIntEnum"  [typed-enum-subclass-with-members]',
            '- main:23: error: Cannot extend enum with existing members: "NonEmptyIntEnum"  [misc]',
            '+ main:25: error: Cannot extend enum with existing members: "NonEmptyFlag"  [typed-enum-subclass-with-members]',
            '- main:25: error: Cannot extend enum with existing members: "NonEmptyFlag"  [misc]',
            '+ main:27: error: Cannot extend enum with existing members: "NonEmptyIntFlag"  [typed-enum-subclass-with-members]',
            '- main:27: error: Cannot extend enum with existing members: "NonEmptyIntFlag"  [misc]',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumImplicitlyFinalForSubclassingWithCallableMember",
        mypy=("2.4.1",),
        reason=OWN_CODE,
        why="mypy's own [misc] message under typed-enum-subclass-with-members (README: Error codes), a sub-code of [misc]",
        lines=(
            '+ main:17: error: Cannot extend enum with existing members: "NonEmptyEnum"  [typed-enum-subclass-with-members]',
            '- main:17: error: Cannot extend enum with existing members: "NonEmptyEnum"  [misc]',
            '+ main:19: error: Cannot extend enum with existing members: "NonEmptyIntEnum"  [typed-enum-subclass-with-members]',
            '- main:19: error: Cannot extend enum with existing members: "NonEmptyIntEnum"  [misc]',
            '+ main:21: error: Cannot extend enum with existing members: "NonEmptyFlag"  [typed-enum-subclass-with-members]',
            '- main:21: error: Cannot extend enum with existing members: "NonEmptyFlag"  [misc]',
            '+ main:23: error: Cannot extend enum with existing members: "NonEmptyIntFlag"  [typed-enum-subclass-with-members]',
            '- main:23: error: Cannot extend enum with existing members: "NonEmptyIntFlag"  [misc]',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumMemberWithPlaceholder",
        mypy=(
            "1.14.1",
            "2.4.1",
        ),
        reason=OWN_CODE,
        why="mypy's own [misc] message under typed-enum-annotated-member (README: Error codes), a sub-code of [misc]",
        lines=(
            "+ main:5: error: Enum members must be left unannotated  [typed-enum-annotated-member]",
            "- main:5: error: Enum members must be left unannotated  [misc]",
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumNotFinalWithMethodsAndUninitializedValues",
        mypy=(
            "1.14.1",
            "2.4.1",
        ),
        reason=OWN_CODE,
        why="mypy's own [misc] messages under typed-enum-annotated-member and typed-enum-subclass-with-members (README: Error codes), sub-codes of [misc]",
        lines=(
            "+ main:12: error: Enum members must be left unannotated  [typed-enum-annotated-member]",
            "- main:12: error: Enum members must be left unannotated  [misc]",
            '+ main:13: error: Cannot extend enum with existing members: "A1"  [typed-enum-subclass-with-members]',
            '- main:13: error: Cannot extend enum with existing members: "A1"  [misc]',
            '+ main:18: error: Cannot extend enum with existing members: "A2"  [typed-enum-subclass-with-members]',
            '- main:18: error: Cannot extend enum with existing members: "A2"  [misc]',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumNotFinalWithMethodsAndUninitializedValuesStub",
        mypy=(
            "1.14.1",
            "2.4.1",
        ),
        reason=OWN_CODE,
        why="mypy's own [misc] message under typed-enum-subclass-with-members (README: Error codes), a sub-code of [misc]",
        lines=(
            '+ lib.pyi:9: error: Cannot extend enum with existing members: "C"  [typed-enum-subclass-with-members]',
            '- lib.pyi:9: error: Cannot extend enum with existing members: "C"  [misc]',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumReachabilityPEP484ExampleSingletonWithMethod",
        mypy=("1.14.1",),
        reason=IMPROVEMENT,
        why="token = lambda x: x is a method, not a member, at run time (mypy 2.x alone agrees): the new errors are true",
        lines=(
            '+ main:13: error: Incompatible default for argument "x" (default has type "Callable[[Any], Any]", argument has type "int | Empty | None")  [assignment]',
            '+ main:15: error: Non-overlapping identity check (left operand type: "int | Empty | None", right operand type: "Callable[[Any], Any]")  [comparison-overlap]',
            '+ main:16: note: Revealed type is "Union[builtins.int, None, __main__.Empty]"',
            '- main:16: note: Revealed type is "Literal[__main__.Empty.token]"',
            '+ main:22: note: Revealed type is "Union[builtins.int, __main__.Empty]"',
            '- main:22: note: Revealed type is "builtins.int"',
            '+ main:23: error: Unsupported operand types for + ("Empty" and "int")  [operator]',
            '+ main:23: note: Left operand is of type "int | Empty"',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumValueAllAuto",
        mypy=("1.14.1",),
        reason=IMPROVEMENT,
        why=".value of an enum variable is the union of its members' value literals, as pyright gives (issue 27), where mypy alone gives the value type or Any",
        lines=(
            '- main:7: note: Revealed type is "builtins.int"',
            '+ main:7: note: Revealed type is "Union[Literal[1]?, Literal[2]?]"',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumValueAllAuto",
        mypy=("2.4.1",),
        reason=IMPROVEMENT,
        why=".value of an enum variable is the union of its members' value literals, as pyright gives (issue 27), where mypy alone gives the value type or Any",
        lines=(
            '- main:7: note: Revealed type is "int"',
            '+ main:7: note: Revealed type is "Literal[1]? | Literal[2]?"',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumValueInhomogeneous",
        mypy=("2.4.1",),
        reason=IMPROVEMENT,
        why=".value of an enum variable is the union of its members' value literals, as pyright gives (issue 27), where mypy alone gives the value type or Any",
        lines=(
            '- main:7: note: Revealed type is "Any"',
            "+ main:7: note: Revealed type is \"Literal['True']? | Literal[0]?\"",
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumValueInhomogenous",
        mypy=("1.14.1",),
        reason=IMPROVEMENT,
        why=".value of an enum variable is the union of its members' value literals, as pyright gives (issue 27), where mypy alone gives the value type or Any",
        lines=(
            '- main:7: note: Revealed type is "Any"',
            "+ main:7: note: Revealed type is \"Union[Literal['True']?, Literal[0]?]\"",
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumValueSomeAuto",
        mypy=("1.14.1",),
        reason=IMPROVEMENT,
        why=".value of an enum variable is the union of its members' value literals, as pyright gives (issue 27), where mypy alone gives the value type or Any",
        lines=(
            '- main:7: note: Revealed type is "builtins.int"',
            '+ main:7: note: Revealed type is "Union[Literal[8675309]?, Literal[8675310]?]"',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumValueSomeAuto",
        mypy=("2.4.1",),
        reason=IMPROVEMENT,
        why=".value of an enum variable is the union of its members' value literals, as pyright gives (issue 27), where mypy alone gives the value type or Any",
        lines=(
            '- main:7: note: Revealed type is "int"',
            '+ main:7: note: Revealed type is "Literal[8675309]? | Literal[8675310]?"',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumValueWithPlaceholderNodeType",
        mypy=(
            "1.14.1",
            "2.4.1",
        ),
        reason=OWN_CODE,
        why="mypy's own [misc] message under typed-enum-annotated-member (README: Error codes), a sub-code of [misc]",
        lines=(
            "+ main:5: error: Enum members must be left unannotated  [typed-enum-annotated-member]",
            "- main:5: error: Enum members must be left unannotated  [misc]",
            "+ main:6: error: Enum members must be left unannotated  [typed-enum-annotated-member]",
            "- main:6: error: Enum members must be left unannotated  [misc]",
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumWithPartialTypes",
        mypy=("1.14.1",),
        reason=IMPROVEMENT,
        why="the members' value types (list[Any] | None) instead of Any",
        lines=(
            '+ main:13: note: Revealed type is "Union[builtins.list[Any], None]"',
            '- main:13: note: Revealed type is "Any"',
            '+ main:16: note: Revealed type is "Union[builtins.list[Any], None]"',
            '- main:16: note: Revealed type is "Any"',
        ),
    ),
    Accepted(
        case="check-enum.test::testEnumWithPartialTypes",
        mypy=("2.4.1",),
        reason=IMPROVEMENT,
        why="the members' value types (list[Any] | None) instead of Any",
        lines=(
            '+ main:13: note: Revealed type is "list[Any] | None"',
            '- main:13: note: Revealed type is "Any"',
            '+ main:16: note: Revealed type is "list[Any] | None"',
            '- main:16: note: Revealed type is "Any"',
        ),
    ),
    Accepted(
        case="check-enum.test::testErrorOnAnnotatedMember",
        mypy=(
            "1.14.1",
            "2.4.1",
        ),
        reason=OWN_CODE,
        why="mypy's own [misc] message under typed-enum-annotated-member (README: Error codes), a sub-code of [misc]",
        lines=(
            "+ main:4: error: Enum members must be left unannotated  [typed-enum-annotated-member]",
            "- main:4: error: Enum members must be left unannotated  [misc]",
            "+ main:5: error: Enum members must be left unannotated  [typed-enum-annotated-member]",
            "- main:5: error: Enum members must be left unannotated  [misc]",
        ),
    ),
    Accepted(
        case="check-enum.test::testGenericEnum",
        mypy=("1.14.1",),
        reason=IMPROVEMENT,
        why="x: T without a value is an attribute, not a member (typing spec; mypy 2.x alone says the same)",
        lines=(
            '+ main:10: note: Revealed type is "T`1"',
            '- main:10: note: Revealed type is "__main__.F[builtins.int]"',
        ),
    ),
    Accepted(
        case="check-enum.test::testStrEnumEqualityAlias",
        mypy=("2.4.1",),
        reason=IMPROVEMENT,
        why="YELLOW = AMBER is an alias (README: Aliases; the typing spec): AMBER is YELLOW is True at run time, so mypy's [comparison-overlap] was false",
        lines=(
            '+ main:21: note: Revealed type is "Literal[__main__.TrafficLight.RED] | Literal[__main__.TrafficLight.GREEN]"',
            '- main:21: note: Revealed type is "Literal[__main__.TrafficLight.RED] | Literal[__main__.TrafficLight.GREEN] | Literal[__main__.TrafficLight.YELLOW]"',
            '+ main:26: note: Revealed type is "Literal[__main__.TrafficLight.RED] | Literal[__main__.TrafficLight.GREEN]"',
            '- main:26: note: Revealed type is "Literal[__main__.TrafficLight.RED] | Literal[__main__.TrafficLight.GREEN] | Literal[__main__.TrafficLight.YELLOW]"',
            '- main:29: error: Non-overlapping identity check (left operand type: "Literal[TrafficLight.AMBER]", right operand type: "Literal[TrafficLight.YELLOW]")  [comparison-overlap]',
        ),
    ),
    Accepted(
        case="check-enum.test::testSunderValueTypeEllipsisNonStub",
        mypy=("2.4.1",),
        reason=RULE,
        why="FOO = ... in a .py file is Ellipsis (issue 33, problem 2): true positives of typed-enum-value-annotation (mypy's own TODO says Ellipsis is not assignable to int) and of typed-enum-member-value-type (StrEnum refuses Ellipsis at class creation); .value stays EllipsisType as without the plugin",
        lines=(
            '+ main:16: error: Member "FOO" of "FromStub" has a value of type "EllipsisType", but "FromStub" declares _value_: "int"  [typed-enum-value-annotation]',
            '+ main:23: error: Member "FOO" of "InheritedStr" has the ellipsis value ..., but "InheritedStr" members are str; give it a str value  [typed-enum-member-value-type]',
            '+ main:31: error: Member "FOO" of "Nested" has the ellipsis value ..., but "Nested" members are str; give it a str value  [typed-enum-member-value-type]',
        ),
    ),
    Accepted(
        case="check-python310.test::testMatchLiteralPatternEnumWithTypedAttribute",
        mypy=("1.14.1",),
        reason=RULE,
        why="true positive of typed-enum-member-arguments: 1 is builtins.int, __new__ expects the module's own class int",
        lines=(
            '+ main:17: error: Member "gold" of "Medal" passes 1 (type "builtins.int") as "value" of __new__(), which expects "__main__.int"  [typed-enum-member-arguments]',
            '+ main:18: error: Member "silver" of "Medal" passes 2 (type "builtins.int") as "value" of __new__(), which expects "__main__.int"  [typed-enum-member-arguments]',
            '+ main:19: error: Member "bronze" of "Medal" passes 3 (type "builtins.int") as "value" of __new__(), which expects "__main__.int"  [typed-enum-member-arguments]',
        ),
    ),
    Accepted(
        case="check-python310.test::testMatchLiteralPatternEnumWithTypedAttribute",
        mypy=("2.4.1",),
        reason=RULE,
        why="true positive of typed-enum-member-arguments: 1 is builtins.int, __new__ expects the module's own class int",
        lines=(
            '+ main:18: error: Member "gold" of "Medal" passes 1 (type "builtins.int") as "value" of __new__(), which expects "__main__.int"  [typed-enum-member-arguments]',
            '+ main:19: error: Member "silver" of "Medal" passes 2 (type "builtins.int") as "value" of __new__(), which expects "__main__.int"  [typed-enum-member-arguments]',
            '+ main:20: error: Member "bronze" of "Medal" passes 3 (type "builtins.int") as "value" of __new__(), which expects "__main__.int"  [typed-enum-member-arguments]',
        ),
    ),
)
# END TABLE
