"""A class's own ``_generate_next_value_``, read from its source and evaluated without running it.

``auto()`` takes its value from ``_generate_next_value_(name, start, count,
last_values)`` of the class or its nearest base defining one.  Reading a
module from its source, ``typed-enum check`` evaluates that function when its
body is one ``return`` of a simple expression: the member's name
(``name``, ``name.lower()``, ``name.upper()``, other ``str`` methods with
literal arguments), a literal, ``count + 1``, ``last_values[-1] * 2``, an
f-string of those.  Anything else (a loop, a call into other code, a name of
the module) is not evaluated: the ``auto()`` members of that class are
compared by name only, and a note names the base.  Nothing of the user's
code is run.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Generator", "NotEvaluated", "evaluate", "generator"]

#: ``str`` methods whose result depends only on the string and literal arguments.
_STR_METHODS = frozenset(
    {
        "lower",
        "upper",
        "title",
        "capitalize",
        "casefold",
        "swapcase",
        "strip",
        "lstrip",
        "rstrip",
        "replace",
        "removeprefix",
        "removesuffix",
        "zfill",
        "center",
        "ljust",
        "rjust",
    }
)
_BUILTINS: dict[str, Callable[..., Any]] = {"str": str, "len": len, "int": int}
_OPERATORS: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.LShift: lambda a, b: a << b,
    ast.Pow: lambda a, b: a**b,
}
#: Longest string or largest number an evaluation may build (a bound on the work done).
_LIMIT = 10_000


class NotEvaluated(Exception):
    """The expression is not one this module evaluates."""


@dataclass(frozen=True)
class Generator:
    """One ``_generate_next_value_`` as written in a class body."""

    owner: str
    """The class that defines it, as the note names it (set to its dotted path once known)."""
    returns: ast.expr | None
    """The one returned expression; None: the body is not one this module evaluates."""
    params: tuple[str, ...] = ()
    """Its parameters' names, bound in order to ``name, start, count, last_values``."""
    read: bool = True
    """False: the class is an installed library's, whose source is not read."""

    def at(self, owner: str) -> Generator:
        """The same function, named by ``owner`` in notes."""
        return Generator(owner, self.returns, self.params, self.read)

    def why(self) -> str:
        """Why its values are not known, for a note."""
        if not self.read:
            return f"come from {self.owner}, an installed library's class the check does not read"
        return (
            f"come from {self.owner}._generate_next_value_, which reading the source cannot "
            f"evaluate"
        )


def generator(node: ast.FunctionDef, owner: str) -> Generator:
    """``def _generate_next_value_(...)`` of a class body, read (not run)."""
    body = list(node.body)
    if (
        body
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    ):
        body = body[1:]  # its docstring
    arguments = node.args
    params = [a.arg for a in [*arguments.posonlyargs, *arguments.args]]
    decorators = {d.id for d in node.decorator_list if isinstance(d, ast.Name)}
    if "classmethod" in decorators or (params[:1] in (["self"], ["cls"])):
        params = params[1:]
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return Generator(owner, None)
    if decorators - {"staticmethod", "classmethod"}:
        return Generator(owner, None)
    return Generator(owner, body[0].value, tuple(params))


def _bounded(value: Any) -> Any:
    if isinstance(value, str | list | tuple) and len(value) > _LIMIT:
        raise NotEvaluated("too long")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 1 << 64:
        raise NotEvaluated("too large")
    return value


def _literal(node: ast.expr) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise NotEvaluated(ast.dump(node)) from None


def _value(node: ast.expr, names: dict[str, Any]) -> Any:
    if isinstance(node, ast.Name):
        if node.id in names:
            return names[node.id]
        raise NotEvaluated(node.id)
    if isinstance(node, ast.Constant | ast.Tuple | ast.List | ast.Dict | ast.Set):
        if isinstance(node, ast.Tuple | ast.List):
            found = [_value(item, names) for item in node.elts]
            return tuple(found) if isinstance(node, ast.Tuple) else found
        return _literal(node)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return _bounded(-_value(node.operand, names))
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _value(node.left, names), _value(node.right, names)
        if isinstance(node.op, ast.Pow | ast.LShift) and (not isinstance(right, int) or right > 64):
            raise NotEvaluated("exponent")
        sized = isinstance(node.op, ast.Mult) and isinstance(left, str | list | tuple)
        if sized and (not isinstance(right, int) or len(left) * right > _LIMIT):
            raise NotEvaluated("too long")
        try:
            return _bounded(_OPERATORS[type(node.op)](left, right))
        except (TypeError, ValueError, ZeroDivisionError, OverflowError):
            raise NotEvaluated("operator") from None
    if isinstance(node, ast.Subscript):
        base = _value(node.value, names)
        index = node.slice
        try:
            if isinstance(index, ast.Slice):
                parts = [
                    None if p is None else _value(p, names)
                    for p in (index.lower, index.upper, index.step)
                ]
                return base[slice(*parts)]
            return base[_value(index, names)]
        except (TypeError, IndexError, KeyError, ValueError):
            raise NotEvaluated("subscript") from None
    if isinstance(node, ast.JoinedStr):
        text = ""
        for part in node.values:
            if isinstance(part, ast.Constant):
                text += str(part.value)
            elif isinstance(part, ast.FormattedValue) and part.format_spec is None:
                value = _value(part.value, names)
                if not isinstance(value, str | int) or isinstance(value, bool):
                    raise NotEvaluated("formatted value")
                text += repr(value) if part.conversion == ord("r") else str(value)
            else:
                raise NotEvaluated("format")
        return _bounded(text)
    if isinstance(node, ast.Call) and not any(k.arg is None for k in node.keywords):
        arguments = [_value(a, names) for a in node.args if not isinstance(a, ast.Starred)]
        if len(arguments) != len(node.args) or node.keywords:
            raise NotEvaluated("arguments")
        if isinstance(node.func, ast.Attribute) and node.func.attr in _STR_METHODS:
            target = _value(node.func.value, names)
            if not isinstance(target, str) or any(
                not isinstance(a, str | int) or isinstance(a, bool) for a in arguments
            ):
                raise NotEvaluated("method")
            if any(isinstance(a, int) and a > _LIMIT for a in arguments):
                raise NotEvaluated("too long")
            try:
                return _bounded(getattr(target, node.func.attr)(*arguments))
            except (TypeError, ValueError):
                raise NotEvaluated("method") from None
        if (
            isinstance(node.func, ast.Name)
            and node.func.id in _BUILTINS
            and node.func.id not in names
        ):
            if len(arguments) != 1 or not isinstance(arguments[0], str | int | list | tuple):
                raise NotEvaluated("builtin")
            try:
                return _bounded(_BUILTINS[node.func.id](arguments[0]))
            except (TypeError, ValueError):
                raise NotEvaluated("builtin") from None
    raise NotEvaluated(type(node).__name__)


def evaluate(function: Generator, name: str, start: int, count: int, last_values: list[Any]) -> Any:
    """What ``function`` returns for the next ``auto()`` member; raises NotEvaluated."""
    if function.returns is None:
        raise NotEvaluated("body")
    bound = dict(zip(function.params, (name, start, count, list(last_values)), strict=False))
    try:
        return _value(function.returns, bound)
    except (RecursionError, MemoryError, OverflowError):
        raise NotEvaluated("too deep or too large") from None
