"""Order transitions: matches over every status."""

from __future__ import annotations

from shop.status import OrderStatus


def next_status(status: OrderStatus) -> OrderStatus | None:
    """The status an order moves to next, or None once it is final."""
    match status:
        case OrderStatus.pending:
            return OrderStatus.paid
        case OrderStatus.paid:
            return OrderStatus.shipped
        case OrderStatus.shipped:
            return OrderStatus.delivered
        case OrderStatus.delivered | OrderStatus.cancelled:
            return None


def audit(status: OrderStatus, log: list[str]) -> None:
    """Record a status change; only effects, so only exhaustive-match checks it."""
    match status:
        case OrderStatus.pending | OrderStatus.paid:
            log.append(f"open order: {status}")
        case OrderStatus.shipped:
            log.append("handed to the carrier")
        case OrderStatus.delivered:
            log.append("delivered")
        case OrderStatus.cancelled:
            log.append("cancelled; release the stock")
