"""Where Python 3.14 and 3.15 changed stdlib enum, typed_enum follows (issue 26).

Each test builds the same class with stdlib ``enum`` and with typed_enum on
the running interpreter and compares what they do, so each runs on every
version and checks there what stdlib does there: the differences it was
written for show only on 3.14/3.15 (CI runs the suite there, ``.ci/newest-pythons``).
"""

from __future__ import annotations

import enum
import sys
import typing
from typing import Any

import pytest

import typed_enum as te

PAIRS = [
    (enum.Enum, te.Enum),
    (enum.IntEnum, te.IntEnum),
    (enum.StrEnum, te.StrEnum),
    (enum.Flag, te.Flag),
    (enum.IntFlag, te.IntFlag),
]


def _outcome(call: typing.Callable[[], object]) -> tuple[str, str]:
    """What a call did: its result's repr, or its exception's type and message."""
    try:
        return "returned", repr(call())
    except Exception as exc:
        return type(exc).__name__, str(exc)


# Defect 3: annotations (3.14+ keeps a class's annotations in __annotate__)


def _annotated(base: type) -> Any:
    class V(base):  # type: ignore[misc, valid-type]
        _value_: int
        a = 1
        b = 2

    return V


def _plain(base: type) -> Any:
    class P(base):  # type: ignore[misc, valid-type]
        a = 1

    return P


@pytest.mark.parametrize(("std", "ours"), PAIRS[:1] + PAIRS[3:4], ids=["Enum", "Flag"])
@pytest.mark.parametrize("make", [_annotated, _plain], ids=["annotated", "plain"])
def test_annotations_are_the_classs_own(std: type, ours: type, make: Any) -> None:
    expected, actual = make(std), make(ours)
    assert actual.__annotations__ == expected.__annotations__
    assert typing.get_type_hints(actual) == typing.get_type_hints(expected)
    if sys.version_info >= (3, 14):
        import annotationlib  # type: ignore[import-not-found, unused-ignore]

        assert annotationlib.get_annotations(actual) == annotationlib.get_annotations(expected)


# Defect 2: a member-less Flag after ``0 in Flag`` (3.14 caches a pseudo-member)


@pytest.mark.parametrize(("std", "ours"), PAIRS[3:], ids=["Flag", "IntFlag"])
def test_member_less_flag_call_after_contains(std: type, ours: type) -> None:
    def run(base: type) -> list[tuple[str, str]]:
        class Empty(base):  # type: ignore[misc, valid-type]
            pass

        return [_outcome(lambda: 0 in Empty), _outcome(lambda: Empty(0))]

    # (3.11-3.13 refuse ``0 in`` naming the metaclass, a documented difference.)
    ours_did = [(kind, text.replace("TypedEnumType", "EnumType")) for kind, text in run(ours)]
    assert ours_did == run(std)


# Defect 1: a negative value in a Flag body (3.15: the complement over the members)


def test_negative_flag_values_follow_stdlib() -> None:
    def run(base: type) -> tuple[Any, ...]:
        try:

            class X(base):  # type: ignore[misc, valid-type]
                A = enum.auto()
                B = enum.auto()
                C = A | B  # type: ignore[operator]
                D = ~A  # type: ignore[operator]
                ALL = -1

        except Exception as exc:
            return ("raised", type(exc).__name__, str(exc))
        return (
            [(m.name, m.value) for m in X],
            {name: (m.name, m.value) for name, m in X.__members__.items()},
            X.D.name,
            X.ALL.name,
        )

    assert run(te.Flag) == run(enum.Flag)
