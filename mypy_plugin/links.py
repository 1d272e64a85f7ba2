"""Error-code links: under ``--show-error-code-links``, a note naming each code's page.

For its own codes mypy then adds ``note: See <its docs>#code-<code> for more
info`` after the first error of each code in a run.  For a plugin's codes
it adds nothing (tried on mypy 1.14.1 and 2.4.1): it links only the codes it
knew before any plugin was loaded (``mypy.errorcodes.mypy_error_codes`` is a
copy made when that module is imported), so it never sends a plugin's code
to its own documentation.  The plugin adds the note for its codes, in mypy's
words, pointing at the code's page on the documentation site
(``typed_enum._site``), and nothing while the site has no address.

The note goes where its error goes: the same position, code and lines for
``# type: ignore`` (an ignored error's note is ignored with it), through
the same error filters (a note made inside a trial that mypy drops is
dropped with its error).  It is reported ``only_once``, which mypy decides
when a note is kept, in its own per-run set of messages: one note per code
per run, as for mypy's codes, and again at each daemon update.  Like
mypy's, it follows the errors: an error mypy replays from its cache (2.x)
comes without a link if the flag was off when it was cached.
"""

from __future__ import annotations

from collections.abc import Iterable

from mypy.errorcodes import ErrorCode
from mypy.errors import Errors
from mypy.nodes import ClassDef, Context, Expression, FuncDef
from mypy.options import Options
from mypy.plugin import CheckerPluginInterface, SemanticAnalyzerPluginInterface
from mypy.semanal import SemanticAnalyzer

from mypy_plugin import errorcodes, messages


def page(code: ErrorCode) -> str:
    """The documentation page of ``code``: ``errors/<suffix>`` (``docs/errors/<suffix>.md``)."""
    return f"errors/{code.code.removeprefix(errorcodes.PREFIX)}"


def site(options: Options) -> str | None:
    """The address this run's links start with; None when it shows none.

    Part of the plugin's cache data (``cache.config_data``): a cached
    module's errors are replayed with the notes they were cached with, so a
    run that shows links (or other links) must re-check it.
    """
    if not options.show_error_code_links or options.hide_error_codes:
        return None
    from typed_enum._site import page_url

    return page_url("errors")


def add_link(
    api: CheckerPluginInterface | SemanticAnalyzerPluginInterface,
    code: ErrorCode,
    context: Context,
) -> None:
    """After an error of ``code`` at ``context``: the note linking its page, if asked for.

    Nothing unless ``show_error_code_links`` is on and error codes are shown
    (mypy's own conditions), and the site has an address.
    """
    options = api.options
    if not options.show_error_code_links or options.hide_error_codes:
        return
    from typed_enum._site import page_url  # on the first link only

    url = page_url(page(code))
    if url is None:
        return
    span: Iterable[int] | None
    if isinstance(api, CheckerPluginInterface):
        errors: Errors = api.msg.errors
        span = _span(api, context)
    elif isinstance(api, SemanticAnalyzer):
        if not api.in_checked_function():
            return  # its fail() dropped the error
        errors = api.errors
        span = None  # as its fail(): the error's line
    else:
        return
    errors.report(
        context.line,
        context.column,
        messages.CODE_LINK.format(url=url),
        code=code,
        severity="note",
        only_once=True,
        origin_span=span,
        end_line=context.end_line,
        end_column=context.end_column,
    )


def _span(api: CheckerPluginInterface, context: Context) -> Iterable[int]:
    """The lines where a ``# type: ignore`` covers the checker's error at ``context``."""
    span_from_context = getattr(api.msg, "span_from_context", None)
    if span_from_context is not None:  # a method on 2.4.1
        span: Iterable[int] = span_from_context(context)
        return span
    # mypy 1.14.1 has its rule only inside MessageBuilder.report: the same here.
    if isinstance(context, ClassDef | FuncDef):
        first = getattr(context, "deco_line", None) or context.line  # no deco_line on 2.4
        return range(first, context.line + 1)
    if not isinstance(context, Expression):
        return [context.line]
    return range(context.line, (context.end_line or context.line) + 1)
