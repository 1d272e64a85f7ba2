"""The states an order and its payment go through."""

from __future__ import annotations

from typed_enum import Enum, StrEnum, alias


class OrderStatus(StrEnum):
    """Where an order is; stored in the database as its value."""

    pending = "pending"
    paid = "paid"
    shipped = "shipped"
    delivered = "delivered"
    cancelled = "cancelled"


class PaymentMethod(Enum):
    """How a customer pays."""

    card = 1
    paypal = 2
    bank_transfer = 3
    wire = alias(bank_transfer)  # another name, not another member
