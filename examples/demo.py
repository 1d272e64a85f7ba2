"""A tour of what typed_enum and its mypy plugin check.

Type-check it with ``mypy --config-file examples/mypy.ini examples/``: it is
clean.  Add a member to ``Status`` and mypy names every place below that no
longer handles all members.
"""

from __future__ import annotations

from typing import assert_never

from typed_enum import Enum, alias, exhaustive_map


class Status(Enum):
    pending = "pending"
    paid = "paid"
    shipped = "shipped"
    sent = alias(shipped)  # another name, not another member


LABELS = exhaustive_map(
    Status, {Status.pending: "Awaiting payment", Status.paid: "Paid", Status.shipped: "On its way"}
)


def next_step(status: Status) -> str:
    match status:
        case Status.pending:
            return "collect payment"
        case Status.paid:
            return "ship"
        case Status.shipped:
            return "nothing"


def is_final(status: Status) -> bool:
    if status is Status.pending or status is Status.paid:
        return False
    elif status is Status.shipped:
        return True
    else:
        assert_never(status)


if __name__ == "__main__":
    for status in Status:
        print(f"{status.name}: {LABELS[status]} -> {next_step(status)}")
    print(Status.from_value("paid"), Status.sent is Status.shipped, is_final(Status.sent))
