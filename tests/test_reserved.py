"""``reserved()``: a retired value and name, never a member again (issue 40, point 4)."""

from __future__ import annotations

import pickle

import pytest

from typed_enum import Enum, IntEnum, StrEnum, reserved

RETIRED = r"it was retired \(cancelled = reserved\(4\)\) and no member may take it"


class Status(Enum):
    pending = 1
    cancelled = reserved(4)
    done = 2


def test_a_retired_name_is_neither_member_nor_alias() -> None:
    assert list(Status) == [Status.pending, Status.done]
    assert list(Status.__members__) == ["pending", "done"]
    assert not hasattr(Status, "cancelled")
    assert "cancelled" not in Status._member_map_


def test_lookups_of_a_retired_value_say_so() -> None:
    with pytest.raises(ValueError, match=rf"^4 is not a valid Status: {RETIRED}$"):
        Status(4)
    with pytest.raises(ValueError, match=RETIRED):
        Status.from_value(4)
    assert Status.try_from_value(4) is None


def test_lookups_of_a_retired_name_say_so() -> None:
    message = rf"'cancelled' is not a member of Status: {RETIRED}"
    with pytest.raises(KeyError, match=message):
        Status["cancelled"]
    with pytest.raises(KeyError, match=message):
        Status.from_name("cancelled")
    with pytest.raises(AttributeError, match=message):
        Status.cancelled  # type: ignore[attr-defined]  # noqa: B018
    assert Status.try_from_name("cancelled") is None


def test_other_lookups_are_unchanged() -> None:
    assert Status(2) is Status.done
    assert Status["pending"] is Status.pending
    with pytest.raises(ValueError, match=r"^9 is not a valid Status; valid values are 1"):
        Status(9)
    assert pickle.loads(pickle.dumps(Status.done)) is Status.done


def test_a_member_cannot_take_a_retired_value() -> None:
    with pytest.raises(ValueError, match=r"member 'paid' takes the value 4, which cancelled"):

        class Bad(Enum):
            cancelled = reserved(4)
            paid = 4


def test_an_equal_value_counts_as_the_retired_one() -> None:
    with pytest.raises(ValueError, match=r"member 'four' takes the value 4"):

        class Bad(IntEnum):
            four = 4
            old = reserved(4.0)


def test_a_member_cannot_take_a_retired_name() -> None:
    with pytest.raises(TypeError, match=r"'cancelled' was retired .* cannot take its name"):

        class Bad(Enum):
            cancelled = reserved(4)
            cancelled = 5  # noqa: PIE794


def test_a_member_is_not_retired_by_its_own_name() -> None:
    with pytest.raises(TypeError, match=r"'cancelled' is defined above and retired"):

        class Bad(Enum):
            cancelled = 4
            cancelled = reserved(4)  # noqa: PIE794


def test_extend_cannot_bring_back_a_retired_value_or_name() -> None:
    class Plugin(StrEnum, open=True):
        core = "core"
        legacy = reserved("legacy")

    with pytest.raises(ValueError, match=r"'legacy' is not a member of \S*Plugin: it was retired"):
        Plugin.extend("legacy", "new")
    with pytest.raises(ValueError, match=r"'legacy' is not a valid \S*Plugin: it was retired"):
        Plugin.extend("renamed", "legacy")
    assert Plugin.extend("extra", "extra").value == "extra"


def test_only_a_class_with_retired_names_keeps_them() -> None:
    class Plain(Enum):
        a = 1

    assert "_te_reserved_" not in vars(Plain)
    assert vars(Status)["_te_reserved_"] == {"cancelled": 4}
