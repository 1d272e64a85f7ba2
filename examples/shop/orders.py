"""Orders as stored: statuses and payment methods are looked up from their values."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal

from shop.labels import PAYMENT_FEES, STATUS_LABELS
from shop.notifications import customer_email
from shop.status import OrderStatus, PaymentMethod
from shop.workflow import audit, next_status


@dataclass(frozen=True)
class Order:
    id: int
    status: OrderStatus
    payment: PaymentMethod
    total: Decimal


def load(row: Mapping[str, str]) -> Order:
    """An order from a database row; an unknown status or method raises ValueError/KeyError."""
    return Order(
        id=int(row["id"]),
        status=OrderStatus.from_value(row["status"]),
        payment=PaymentMethod.from_name(row["payment"]),
        total=Decimal(row["total"]),
    )


def advance(order: Order, log: list[str]) -> tuple[Order, str | None]:
    """Move ``order`` on one step; the e-mail to send, if any."""
    status = next_status(order.status)
    if status is None:
        return order, None
    audit(status, log)
    return replace(order, status=status), customer_email(status)


def summary(order: Order) -> str:
    fee = PAYMENT_FEES[order.payment]
    return f"#{order.id}: {STATUS_LABELS[order.status]} ({order.total + fee} incl. fees)"
