"""The catch-alls that mypy's types reach only once the new members exist.

The syntactic finder (``sites``) knows a subject holds the enum when the site
names its members; this one asks mypy, which narrows any expression of the
enum's type (an attribute, a call's result, a parameter of any name,
``Color | None``) by ``is``, ``==``, ``in``, ``isinstance`` and ``match``, and
does not check a block it proves unreachable.  mypy runs twice over the modules
that import the changed enums' modules (``modules.Tree.importers``):

- "with": the new revision as it is;
- "without": the enums' modules with each added member's statement blanked
  (``pass`` at its first line, its other lines empty: every line keeps its
  number).

A block is reached in a run when an expression inside it has a type in that
run.  A site is the block reached with the new members and not without them:
a ``case`` arm (``wildcard``), the ``else:`` of an ``if`` (``else``), an ``if``
or ``elif`` branch (``branch``: ``if x is not A and x is not B:``), the
statements after a ``match`` or ``if`` chain (``fall-through``, placed at the
chain).  A block with no expression (``pass``, ``break``) cannot be told, nor
can a block reached before for other members.

mypy's incremental cache is one directory under the check's cache directory,
for every repository (mypy checks each entry against its module's source):
every examined module is given by its text, so mypy checks it in both runs;
every other module (the standard library, the packages installed, the
repository's other modules) comes from the cache.  mypy's
errors are not findings; a failure of mypy is a note, and the syntactic sites
stand alone.
"""

from __future__ import annotations

import ast
import configparser
import importlib.util
import io
import os
import re
import shutil
import time
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final

from typed_enum.check.census import default_directory
from typed_enum.check.impact.changes import Change
from typed_enum.check.impact.modules import Module
from typed_enum.check.impact.sites import (
    Candidate,
    first_statement,
    reaches_assert_never,
    shown,
)
from typed_enum.check.source import parse_quietly

if TYPE_CHECKING:
    from mypy.modulefinder import BuildSource
    from mypy.options import Options

__all__ = ["Typed", "find_typed", "mypy_version"]

#: mypy's cache is emptied past this size (it is a few MB for the standard library and
#: about 16 MB with homeassistant's modules).
_CACHE_BYTES: Final = 256 * 1024 * 1024

#: mypy's configuration files, in the order mypy looks for them.
_CONFIGS: Final = ("mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg")

Position = tuple[int, int]


@dataclass
class Typed:
    """What the type-informed search found, and how it went."""

    candidates: list[Candidate] = field(default_factory=list)
    used: bool = False
    """mypy ran both times and its types were read."""
    seconds: float = 0.0
    """The two mypy runs, with the cache."""
    notes: list[str] = field(default_factory=list)
    """What was skipped (a plugin of the repository) or why mypy was not used."""
    modules: int = 0
    """How many modules mypy was given (the others come from its cache)."""


def mypy_version() -> str | None:
    """The installed mypy's version, None if mypy cannot be imported."""
    try:
        from mypy.version import __version__
    except ImportError:
        return None
    return __version__


def _cache_dir() -> Path | None:
    """mypy's cache under the check's cache directory (private to the user, like the
    census's): one for every repository, so that the standard library and the packages
    installed are analysed once, not once per repository (mypy checks each module's
    entry against its source, so two repositories' ``app.models`` cannot be mixed up);
    emptied past ``_CACHE_BYTES``, looked at once a day.  None: no usable directory."""
    parent = default_directory() / "mypy"
    directory = parent / "shared"
    try:
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not _mine(directory.stat()) or not _mine(parent.stat()):
            return None
        stamp = parent / "measured"
        if not stamp.exists() or time.time() - stamp.stat().st_mtime > 86400:
            stamp.touch()
            for old in parent.iterdir():  # a cache per repository (an earlier version's)
                if old.is_dir() and old != directory:
                    shutil.rmtree(old, ignore_errors=True)
            if _size(directory) > _CACHE_BYTES:
                shutil.rmtree(directory, ignore_errors=True)
                directory.mkdir(mode=0o700)
    except OSError:
        return None
    return directory


def _size(directory: Path) -> int:
    total = 0
    for where, _, files in os.walk(directory):
        for name in files:
            try:
                total += os.stat(os.path.join(where, name)).st_size
            except OSError:
                continue
    return total


def _mine(found: os.stat_result) -> bool:
    """Owned by the user, and nobody else can write to it."""
    mine = not hasattr(os, "getuid") or found.st_uid == os.getuid()
    return mine and not found.st_mode & 0o022


def _config_file(root: Path) -> Path | None:
    for name in _CONFIGS:
        path = root / name
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if name == "pyproject.toml" and not re.search(r"^\[tool\.mypy[\].]", text, re.M):
            continue
        if name == "setup.cfg":
            parser = configparser.ConfigParser(interpolation=None)
            try:
                parser.read_string(text)
            except configparser.Error:
                continue
            if "mypy" not in parser:
                continue
        return path
    return None


def _installed(plugin: str, root: Path) -> bool:
    """The plugin is a module installed outside the repository (not a file of it)."""
    name = plugin.partition(":")[0]
    if name.endswith(".py") or "/" in name or os.sep in name:
        return False
    try:
        spec = importlib.util.find_spec(name.partition(".")[0])
    except (ImportError, ValueError):
        return False
    if spec is None:
        return False
    places = [spec.origin, *(spec.submodule_search_locations or [])]
    inside = root.resolve()
    for place in filter(None, places):
        path = Path(place).resolve()
        if path == inside or inside in path.parents:
            return False
    return True


def _options(root: Path, cache: Path | None, no_import: bool, notes: list[str]) -> Options:
    from mypy.config_parser import parse_config_file
    from mypy.options import Options

    options = Options()
    config = _config_file(root)
    if config is not None:
        saved = os.environ.get("MYPY_CONFIG_FILE_DIR")
        try:
            parse_config_file(options, lambda: None, str(config), io.StringIO(), io.StringIO())
        finally:
            if saved is None:
                os.environ.pop("MYPY_CONFIG_FILE_DIR", None)
            else:
                os.environ["MYPY_CONFIG_FILE_DIR"] = saved
        if no_import:
            skipped = [p for p in options.plugins if not _installed(p, root)]
            options.plugins = [p for p in options.plugins if p not in skipped]
            if skipped:
                notes.append(
                    f"mypy ran without the plugins of the repository's {config.name} "
                    f"({', '.join(skipped)}): --no-import runs none of its code"
                )
    options.follow_imports = "silent"
    options.export_types = True
    options.preserve_asts = True
    options.incremental = cache is not None
    options.cache_dir = str(cache) if cache is not None else os.devnull
    # One file per entry, each written whole and renamed into place: two checks may share
    # the cache (mypy's SQLite store, its default since 2.x, would make them wait).
    options.sqlite_cache = False
    options.fine_grained_incremental = False
    options.use_fine_grained_cache = False
    options.cache_fine_grained = False
    if hasattr(options, "native_parser"):  # mypy 2: its parser reads the file, not the text
        options.native_parser = False
    options.raise_exceptions = False
    options.show_traceback = False
    return options


def _blanked(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """``text`` with each span of lines blanked: ``pass`` at its first line (same
    indent), its other lines empty; every line keeps its number."""
    lines = text.splitlines(keepends=True)
    for start, end in spans:
        line = lines[start - 1]
        indent = line[: len(line) - len(line.lstrip())]
        lines[start - 1] = f"{indent}pass\n"
        for i in range(start, end):
            lines[i] = "\n"
    return "".join(lines)


def _member_spans(text: str, lines: Sequence[int]) -> list[tuple[int, int]] | None:
    """The line span of each statement that starts at one of ``lines`` (an added
    member's assignment); None if one of them is no assignment of its own."""
    try:
        tree = parse_quietly(text)
    except (SyntaxError, ValueError):
        return None
    spans = {
        node.lineno: (node.lineno, node.end_lineno or node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.lineno in lines
    }
    return [spans[line] for line in lines] if set(lines) <= set(spans) else None


def _positions(sources: list[BuildSource], options: Options) -> dict[str, list[Position]]:
    """Module -> the sorted (line, column) of its expressions that have a type."""
    from mypy import build
    from mypy.server.subexpr import get_subexpressions

    sink = io.StringIO()
    try:
        with redirect_stdout(sink), redirect_stderr(sink):
            result = build.build(sources, options, stdout=sink, stderr=sink)
    except SystemExit as exc:  # mypy's internal error: it printed why, then exited
        said = [line for line in sink.getvalue().splitlines() if line.strip()]
        raise RuntimeError(said[-1] if said else f"exit status {exc.code}") from None
    types = result.types
    found: dict[str, list[Position]] = {}
    for source in sources:
        state = result.graph.get(source.module)
        if state is None or state.tree is None:
            continue
        found[source.module] = sorted(
            {(e.line, e.column) for e in get_subexpressions(state.tree) if e in types}
        )
    return found


def _any_within(positions: list[Position], start: Position, end: Position) -> bool:
    i = bisect_left(positions, start)
    return i < len(positions) and positions[i] <= end


@dataclass
class _Reach:
    """One module's typed positions with and without the new members."""

    with_new: list[Position]
    without: list[Position]

    def newly(self, block: list[ast.stmt]) -> bool:
        """The block has a typed expression with the new members and none without."""
        start = (block[0].lineno, block[0].col_offset)
        end = (block[-1].end_lineno or block[-1].lineno, block[-1].end_col_offset or 0)
        return _any_within(self.with_new, start, end) and not _any_within(self.without, start, end)


def _words(nodes: Sequence[ast.AST | None]) -> set[str]:
    return {
        word for node in nodes if node is not None for word in re.findall(r"\w+", ast.unparse(node))
    }


def _chain(node: ast.If) -> list[ast.If]:
    """The ``if`` and each ``elif`` of a chain."""
    chain = [node]
    while len(chain[-1].orelse) == 1 and isinstance(chain[-1].orelse[0], ast.If):
        chain.append(chain[-1].orelse[0])
    return chain


Block = tuple[str, ast.stmt | ast.match_case, list[ast.stmt], set[str]]


def _blocks(body: list[ast.stmt], reach: _Reach) -> Iterator[Block]:
    """(kind, where, block, words of the arms' patterns or the chain's tests) of each
    outermost block of ``body`` reached only with the new members."""
    for i, stmt in enumerate(body):
        words: set[str] = set()
        if isinstance(stmt, ast.Match):
            words = _words([case.pattern for case in stmt.cases])
            for case in stmt.cases:
                if reach.newly(case.body):
                    yield "wildcard", case, case.body, words
                else:
                    yield from _blocks(case.body, reach)
        elif isinstance(stmt, ast.If):
            chain = _chain(stmt)
            words = _words([node.test for node in chain])
            for node in chain:
                if reach.newly(node.body):
                    yield "branch", node, node.body, words
                else:
                    yield from _blocks(node.body, reach)
            final = chain[-1].orelse
            if final and reach.newly(final):
                yield "else", stmt, final, words
            elif final:
                yield from _blocks(final, reach)
        else:
            for name in ("body", "orelse", "finalbody"):
                inner = getattr(stmt, name, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    yield from _blocks(inner, reach)
            for handler in getattr(stmt, "handlers", []):
                yield from _blocks(handler.body, reach)
        rest = body[i + 1 :]
        if isinstance(stmt, ast.If | ast.Match) and rest and reach.newly(rest):
            yield "fall-through", stmt, rest, words
            return


def _changes_of(words: set[str], changes: Sequence[Change]) -> list[Change]:
    """The changed enums a block's chain names (its class or a member); all of them
    when it names none (the subject is known by its type alone)."""
    named = [
        change
        for change in changes
        if change.enum.rpartition(".")[2] in words or words & set(change.names)
    ]
    return named or list(changes)


def _candidates(
    module: Module, tree: ast.Module, reach: _Reach, changes: Sequence[Change]
) -> Iterator[Candidate]:
    for kind, where, block, words in _blocks(tree.body, reach):
        if reaches_assert_never(block):
            continue
        first = first_statement(block)
        if isinstance(where, ast.match_case):
            line, what = where.pattern.lineno, shown(first)
        elif kind in ("else", "branch"):
            line, what = first.lineno, shown(first)
        else:
            end = where.end_lineno or where.lineno
            what = (
                f"none of the arms runs (the match ends at line {end})"
                if isinstance(where, ast.Match)
                else f"none of the branches runs (the chain ends at line {end})"
            ) + f"; next: {shown(first)}"
            line = where.lineno
        raises = kind != "fall-through" and isinstance(first, ast.Raise)
        for change in _changes_of(words, changes):
            named = frozenset(change.names[w] for w in words if w in change.names)
            yield Candidate(kind, change.enum, named, False, module.file, line, what, raises)


def _base(root: Path, module: Module) -> str:
    """The directory the module's top package is in (mypy's search path for it)."""
    path = root / module.file
    depth = module.name.count(".") + (path.name == "__init__.py")
    return str(path.parents[depth])


def find_typed(
    root: Path,
    repo: Path,
    modules: Sequence[Module],
    changes: Sequence[Change],
    no_import: bool,
    cache: bool = True,
) -> Typed:
    """The catch-alls of ``modules`` (the new revision, checked out at ``root``) that
    mypy reaches with the added members of ``changes`` and not without them."""
    typed = Typed()
    if mypy_version() is None:
        typed.notes.append("mypy is not installed")
        return typed
    from mypy.modulefinder import BuildSource

    started = time.perf_counter()
    by_file = {module.file: module for module in modules}
    without: dict[str, str] = {}
    added = [change for change in changes if change.added]
    for change in added:
        module = by_file.get(change.file)
        spans = _member_spans(module.text, change.added_lines) if module else None
        if module is None or spans is None:
            typed.notes.append(
                f"{change.enum}: its new members are not assignments of their own in "
                f"{change.file}; types were not asked for it"
            )
            continue
        without[module.name] = _blanked(without.get(module.name, module.text), spans)
    if not without:
        return typed

    def sources(texts: dict[str, str]) -> list[BuildSource]:
        return [
            BuildSource(
                str(root / module.file),
                module.name,
                texts.get(module.name, module.text),
                _base(root, module),
            )
            for module in modules
        ]

    try:
        options = _options(root, _cache_dir() if cache else None, no_import, typed.notes)
        before = _positions(sources(without), options)
        after = _positions(sources({}), options)
    except (Exception, SystemExit) as exc:  # mypy's crash is a note, never a traceback
        why = str(exc).strip().splitlines()[-1:] or [type(exc).__name__]
        typed.notes.append(f"mypy failed ({why[0][:200]})")
        typed.seconds = time.perf_counter() - started
        return typed
    typed.used = True
    typed.modules = len(modules)
    for module in modules:
        reach = _Reach(after.get(module.name, []), before.get(module.name, []))
        if reach.with_new == reach.without:
            continue
        try:
            tree = module.tree if module.whole else parse_quietly(module.text)
        except (SyntaxError, ValueError):
            continue
        typed.candidates.extend(_candidates(module, tree, reach, added))
    typed.seconds = time.perf_counter() - started
    return typed
