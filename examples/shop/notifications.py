"""What the customer is told about their order."""

from __future__ import annotations

from typing import assert_never

from shop.status import OrderStatus


def customer_email(status: OrderStatus) -> str | None:
    """The e-mail sent when an order reaches ``status``, if any."""
    if status is OrderStatus.pending:
        return None
    elif status is OrderStatus.paid:
        return "Thank you, we have received your payment."
    elif status == OrderStatus.shipped:
        return "Your order is on its way."
    elif status is OrderStatus.delivered:
        return "Your order has arrived."
    elif status is OrderStatus.cancelled:
        return "Your order was cancelled and you have not been charged."
    else:
        assert_never(status)
