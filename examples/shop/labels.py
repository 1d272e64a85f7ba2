"""Lookup tables that must name every member: exhaustive maps."""

from __future__ import annotations

from decimal import Decimal

from shop.status import OrderStatus, PaymentMethod
from typed_enum import exhaustive_map

STATUS_LABELS = exhaustive_map(
    OrderStatus,
    {
        OrderStatus.pending: "Awaiting payment",
        OrderStatus.paid: "Paid",
        OrderStatus.shipped: "On its way",
        OrderStatus.delivered: "Delivered",
        OrderStatus.cancelled: "Cancelled",
    },
)

PAYMENT_FEES = exhaustive_map(
    PaymentMethod,
    {
        PaymentMethod.card: Decimal("0.30"),
        PaymentMethod.paypal: Decimal("0.35"),
        PaymentMethod.wire: Decimal("0"),
    },
)
