"""Member values evaluated without running code.

A value is read from the source with ``ast`` and evaluated over literals, the
names the class body and the module assigned literal values to earlier, and
arithmetic on those (``R | W``, ``1 << 3``, ``-1``, ``"a" + "b"``).  Anything
else (a call, an attribute, a name it does not know) is ``Unknown``: the
caller then cannot tell whether it repeats another member's value.  Sizes are
capped, so ``2 ** 10 ** 10`` is Unknown rather than a hang.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["Unknown", "evaluate", "evaluate_source"]

_MAX_BITS = 4096
_MAX_LEN = 10_000


class Unknown(Exception):
    """The value cannot be evaluated safely; ``args[0]`` says why."""


_BINARY: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Div: operator.truediv,
    ast.Pow: operator.pow,
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
    ast.BitOr: operator.or_,
    ast.BitAnd: operator.and_,
    ast.BitXor: operator.xor,
}
_UNARY: dict[type[ast.unaryop], Callable[[Any], Any]] = {
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
    ast.Invert: operator.invert,
}


def _check_size(value: object) -> object:
    if isinstance(value, int) and value.bit_length() > _MAX_BITS:
        raise Unknown("too large to evaluate")
    if isinstance(value, str | bytes | tuple | list) and len(value) > _MAX_LEN:
        raise Unknown("too large to evaluate")
    return value


def _binary(op: ast.operator, left: object, right: object) -> object:
    if isinstance(op, ast.Pow | ast.LShift) and isinstance(right, int) and right > _MAX_BITS:
        raise Unknown("too large to evaluate")
    # ``"ab" * 10**9`` would build a huge string before the size check.
    big = (isinstance(left, int) and left > _MAX_LEN) or (
        isinstance(right, int) and right > _MAX_LEN
    )
    numbers = isinstance(left, int | float) and isinstance(right, int | float)
    if isinstance(op, ast.Mult) and big and not numbers:
        raise Unknown("too large to evaluate")
    function = _BINARY.get(type(op))
    if function is None:
        raise Unknown(f"operator {type(op).__name__} is not evaluated")
    try:
        return _check_size(function(left, right))
    except Unknown:
        raise
    except Exception as exc:
        raise Unknown(f"{type(exc).__name__}: {exc}") from None


def evaluate(node: ast.expr, names: Mapping[str, object]) -> object:
    """The value of ``node``, or raise ``Unknown``."""
    match node:
        case ast.Constant(value=value):
            return value
        case ast.Name(id=name):
            if name in names:
                return names[name]
            raise Unknown(f"{name!r} is not a literal this run can see")
        case ast.Tuple(elts=elts):
            return tuple(evaluate(elt, names) for elt in elts)
        case ast.List(elts=elts):
            return [evaluate(elt, names) for elt in elts]
        case ast.Set(elts=elts):
            try:
                return {evaluate(elt, names) for elt in elts}
            except TypeError as exc:
                raise Unknown(str(exc)) from None
        case ast.Dict(keys=keys, values=values) if None not in keys:
            try:
                return {
                    evaluate(key, names): evaluate(value, names)
                    for key, value in zip(keys, values, strict=True)
                    if key is not None
                }
            except TypeError as exc:
                raise Unknown(str(exc)) from None
        case ast.UnaryOp(op=op, operand=operand):
            inner = evaluate(operand, names)
            try:
                return _UNARY[type(op)](inner)
            except KeyError:
                raise Unknown(f"operator {type(op).__name__} is not evaluated") from None
            except Exception as exc:
                raise Unknown(f"{type(exc).__name__}: {exc}") from None
        case ast.Call(func=ast.Name(id="object"), args=[], keywords=[]):
            return object()  # a sentinel: equal to nothing else
        case ast.BinOp(left=left, op=op, right=right):
            return _binary(op, evaluate(left, names), evaluate(right, names))
    raise Unknown(f"{type(node).__name__} expressions are not evaluated")


def evaluate_source(source: str, names: Mapping[str, object]) -> object:
    """``evaluate`` for an expression's source text (comments and newlines allowed)."""
    try:
        tree = ast.parse(f"(\n{source}\n)", mode="eval")
    except SyntaxError as exc:
        raise Unknown(f"cannot parse {source!r}: {exc.msg}") from None
    return evaluate(tree.body, names)
