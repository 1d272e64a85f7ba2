"""``typed-enum migrate PATH...``: arguments, the file walk, output, exit status."""

from __future__ import annotations

import argparse
import difflib
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, TypeVar

from typed_enum._options import unknown_option
from typed_enum.migrate.deps import spec_error
from typed_enum.migrate.report import Finding, Kind, print_report

if TYPE_CHECKING:
    from typed_enum.migrate.analysis import ModuleInfo

__all__ = ["command", "main"]

# Trees with at least this many Python files get a progress line on stderr.
PROGRESS_FROM = 200
_SKIP_DIRS = frozenset({"__pycache__", "node_modules", "site-packages", "build", "dist"})
# A module that can change names the enum module or one of its classes
# (``enumerate`` does not count): only those are parsed, which is most of the time.
_MENTIONS_ENUM = re.compile(r"\benum\b|\b(?:Int|Str)?Enum\b|\b(?:Int)?Flag\b|\bEnum(?:Meta|Type)\b")
_INSTALL = (
    "typed-enum migrate needs libcst, which is not installed; install it with "
    "pip install 'libcst>=1.9' 'tomlkit>=0.15.3' (what typed_enum's [migrate] extra "
    "installs; in a typed_enum clone: pip install -e '.[migrate]') and run again"
)


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description=(
            "Move a codebase from stdlib enum to typed_enum, keeping its run-time behaviour: "
            "class bases and functional-API calls move, isinstance/issubclass checks and "
            "annotations keep enum, implicit duplicate-value aliases become alias(), and "
            "metaclasses derived from EnumMeta/EnumType derive from TypedEnumType. What "
            "cannot be rewritten safely is reported with file:line and left alone."
        ),
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help="Python files or directories")
    parser.add_argument(
        "--diff", action="store_true", help="print the changes as a unified diff; write nothing"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 when something is left to migrate (a file would change "
        "or a place needs a hand edit)",
    )
    parser.add_argument(
        "--add-dependency",
        metavar="SPEC",
        help="add SPEC, the requirement of typed_enum to write (typed_enum has no release on a "
        "package index yet: 'typed_enum @ git+URL', URL the https:// address of the clone you "
        "install from), to pyproject.toml's [project] dependencies (and to [build-system] "
        "requires where the build imports a rewritten module), keeping its formatting",
    )
    parser.add_argument(
        "--typed-enum-semantics",
        action="store_true",
        help="adopt typed_enum's rules instead of keeping stdlib's behaviour: an enum whose "
        "members stdlib ordered by their str/float/... values does not get ValueOrdered, so "
        "ordering them raises TypeError; the run then lists the ordering uses mypy with the "
        "plugin finds in the rewritten tree (where mypy is installed)",
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="no progress line, even on large trees"
    )
    parser.add_argument(
        "--no-import",
        action="store_true",
        help="do not import the modules to read each enum's members and aliases; evaluate "
        "member values from the source only (calls, attributes and custom __new__ then "
        "leave an enum behind)",
    )
    return parser


def _python_files(paths: Sequence[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_file():
            yield path
            continue
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(
                d
                for d in dirs
                if not d.startswith(".") and d not in _SKIP_DIRS and not d.endswith(".egg-info")
            )
            for name in sorted(files):
                if name.endswith(".py"):
                    yield Path(root) / name


class _Progress:
    """``migrate: 120/4000 files`` on stderr: one line rewritten on a terminal,
    a line per tenth otherwise (CI logs)."""

    def __init__(self, files: int, stream: TextIO, enabled: bool) -> None:
        self.stream = stream
        self.enabled = enabled and files >= PROGRESS_FROM
        self.tty = stream.isatty()

    def __call__(self, done: int, total: int, what: str) -> None:
        if not self.enabled:
            return
        if self.tty:
            print(f"\rmigrate: {what} {done}/{total} files", end="", file=self.stream)
        elif done % max(total // 10, 1) == 0 or done == total:
            print(f"migrate: {what} {done}/{total} files", file=self.stream)

    def close(self) -> None:
        if self.enabled and self.tty:
            print(file=self.stream)


_IMPORTS_TYPED_ENUM = re.compile(r"^[ \t]*(?:import|from)[ \t]+typed_enum\b", re.MULTILINE)
_STAR_IMPORT = re.compile(r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+\*", re.MULTILINE)


def _star_imported(texts: dict[Path, str]) -> dict[str, tuple[str, ...]]:
    """By module, the modules it star-imports, in order (read from every file:
    an ``__init__`` that only re-exports never mentions enum, so is not parsed)."""
    from typed_enum.migrate.analysis import absolute_name, module_name

    found: dict[str, tuple[str, ...]] = {}
    for path, text in texts.items():
        stars = _STAR_IMPORT.findall(text)
        if stars:
            name = module_name(path)
            found[name] = tuple(absolute_name(name, path, dots + rest) for dots, rest in stars)
    return found


def _through(
    parsed: dict[Path, tuple[bytes, ModuleInfo]], texts: dict[Path, str], pulled: set[Path]
) -> list[Path]:
    """The modules of the tree, not parsed yet, that a class base's name goes
    through (``t`` in ``t.enum8`` when another module bound ``t``, a package's
    ``__init__`` that re-exports), and those their imports go through in turn."""
    from typed_enum.migrate.analysis import module_name

    names: set[str] = set()
    for path, (_, info) in parsed.items():
        dotted = [b for c in info.classes for b in [*c.bases, c.metaclass or ""]]
        if path in pulled:
            dotted += list(info.imports.values())
        for name in dotted:
            parts = name.split(".")
            names.update(".".join(parts[:end]) for end in range(1, len(parts)))
    last = {name.rpartition(".")[2] for name in names}
    return [
        path
        for path in texts
        if path not in parsed
        and path not in pulled  # parsed already, or could not be
        and (path.stem if path.stem != "__init__" else path.parent.name) in last
        and module_name(path) in names
    ]


def _parse(path: Path, findings: list[Finding]) -> tuple[bytes, ModuleInfo] | None:
    import libcst as cst

    from typed_enum.migrate.analysis import analyse, module_name

    try:
        data = path.read_bytes()
    except OSError as exc:
        findings.append(Finding(path, 0, Kind.ERROR, f"cannot read it: {exc.strerror}"))
        return None
    try:
        module = cst.parse_module(data)
    except cst.ParserSyntaxError as exc:
        findings.append(
            Finding(
                path,
                exc.raw_line,
                Kind.ERROR,
                f"syntax error, file skipped: {exc.message}; fix it and run again",
            )
        )
        return None
    except Exception as exc:  # an encoding libcst cannot read, …
        findings.append(Finding(path, 0, Kind.ERROR, f"cannot parse it, file skipped: {exc}"))
        return None
    try:
        return data, analyse(path, module_name(path), module)
    except RecursionError:
        findings.append(Finding(path, 1, Kind.ERROR, _TOO_DEEP))
        return None


_TOO_DEEP = (
    "nested too deeply to analyse (Python's recursion limit), file skipped: move its enums by hand"
    # 3.12's limit on C calls is a constant (3.11 has none, 3.13+ one that scales)
    + (", or run typed-enum migrate under Python 3.13+" if sys.version_info[:2] == (3, 12) else "")
)
# Room for a module nested deeper than Python's default limit allows (libcst's
# visitors recurse once a node: CPython's pydoc_data/topics.py has values of a
# thousand adjacent strings, each a level): frames, and the stack they need.
DEEP_RECURSION_LIMIT = 200_000
_DEEP_STACK = 512 * 1024 * 1024
_T = TypeVar("_T")


def _deeply(function: Callable[[], _T]) -> _T:
    """``function()`` in a thread with a larger stack and recursion limit (the
    limit is the process's: it is set back when the thread ends)."""
    import threading

    result: list[_T] = []
    error: list[BaseException] = []

    def run() -> None:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(DEEP_RECURSION_LIMIT)
        try:
            result.append(function())
        except BaseException as exc:  # handed to the caller's thread
            error.append(exc)
        finally:
            sys.setrecursionlimit(limit)

    try:
        size = threading.stack_size(_DEEP_STACK)
    except (ValueError, RuntimeError):  # a platform that refuses it: as deep as it goes
        return function()
    try:
        # a daemon: Ctrl-C in the caller's join() ends the process
        thread = threading.Thread(target=run, name="typed-enum-migrate", daemon=True)
        thread.start()
    except RuntimeError:  # no thread with that stack could start
        return function()
    finally:
        threading.stack_size(size)
    thread.join()
    if error:
        raise error[0]
    return result[0]


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from typed_enum.migrate.plan import make_plan
    from typed_enum.migrate.rewrite import rewrite
    from typed_enum.migrate.style import style_for

    paths = [Path(p) for p in args.paths]
    missing = [p for p in paths if not p.exists()]
    if missing:
        names = ", ".join(repr(str(p)) for p in missing)
        print(f"typed-enum migrate: no such file or directory: {names}", file=err)
        return 2
    files = list(dict.fromkeys(_python_files(paths)))
    progress = _Progress(len(files), err, not args.no_progress)
    findings: list[Finding] = []
    parsed: dict[Path, tuple[bytes, ModuleInfo]] = {}
    # Only modules that mention enum, or a class of the tree an enum can derive
    # from, can change: read each file once, parse those.
    texts: dict[Path, str] = {}
    for done, path in enumerate(files, 1):
        progress(done, len(files), "reading")
        try:
            texts[path] = path.read_bytes().decode("utf-8", "replace")
        except OSError as exc:
            findings.append(Finding(path, 0, Kind.ERROR, f"cannot read it: {exc.strerror}"))
    wanted = [p for p, text in texts.items() if _MENTIONS_ENUM.search(text)]
    pulled: set[Path] = set()  # parsed only because a base's name goes through them
    while wanted:
        for path in wanted:
            result = _parse(path, findings)
            if result is not None:
                parsed[path] = result
        bases = {
            cls.node.name.value
            for _, info in parsed.values()
            for cls in info.classes
            if not cls.members
        }
        pattern = (
            re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(bases))) + r")\b")
            if bases
            else None
        )
        wanted = [
            p
            for p, text in texts.items()
            if p not in parsed
            and pattern is not None
            and pattern.search(text)
            and not any(f.path == p and f.kind is Kind.ERROR for f in findings)
        ]
        through = _through(parsed, texts, pulled)
        pulled.update(through)
        wanted += [p for p in through if p not in wanted]
    modules = [info for _, info in parsed.values()]
    runtime = None
    if not args.no_import:
        from typed_enum.migrate.runtime import read

        runtime = read([(m.name, m.path) for m in modules if any(c.members for c in m.classes)])
        for module in modules:
            why = runtime.errors.get(module.name)
            if why is not None:
                findings.append(
                    Finding(
                        module.path,
                        1,
                        Kind.NOTE,
                        f"not imported ({why}); its enums' values were read from the source",
                    )
                )
    plan = make_plan(
        modules, runtime, _star_imported(texts), keep_ordering=not args.typed_enum_semantics
    )
    from typed_enum.migrate.mypy_config import hiding_setting

    hidden = hiding_setting(Path.cwd())
    if hidden is not None:
        findings.append(Finding(hidden[0], 1, Kind.NOTE, hidden[1]))
    findings.extend(plan.findings)
    findings.extend(_orjson(texts, plan.plain))
    changed = 0
    rewritten: set[str] = set()
    for done, (path, (_data, info)) in enumerate(parsed.items(), 1):
        progress(done, len(parsed), "rewriting")
        notes: list[tuple[int, str]] = []
        try:
            new = rewrite(info, plan, style_for(path.parent), notes)
        except RecursionError:
            findings.append(Finding(path, 1, Kind.ERROR, _TOO_DEEP))
            continue
        findings.extend(Finding(path, line, Kind.NOTE, message) for line, message in notes)
        old = info.wrapper.module.code
        if new == old:
            continue
        changed += 1
        rewritten.add(info.name)
        if args.diff:
            out.writelines(
                difflib.unified_diff(
                    old.splitlines(keepends=True),
                    new.splitlines(keepends=True),
                    f"a/{path}",
                    f"b/{path}",
                )
            )
        if not (args.diff or args.check):
            encoding = info.wrapper.module.encoding
            path.write_bytes(new.encode(encoding))
    progress.close()
    # Modules an earlier run migrated import typed_enum too: a second run (the
    # note's "run again with --add-dependency") rewrites nothing but must still
    # declare what they need.
    from typed_enum.migrate.analysis import module_name

    migrated = {module_name(p) for p, text in texts.items() if _IMPORTS_TYPED_ENUM.search(text)}
    unread = sum(f.kind is Kind.ERROR for f in findings)
    findings.extend(_dependencies(args, rewritten | migrated))
    written = not (args.diff or args.check)
    if plan.unordered:
        findings.extend(_ordering_uses(paths, written))
    print_report(
        findings,
        changed,
        len(files),
        out,
        written=written,
        unread=unread,
        paths=[str(p) for p in paths],
    )
    if any(f.kind is Kind.ERROR for f in findings):
        return 1
    if args.check and (changed or any(f.kind is Kind.LEFT_ALONE for f in findings)):
        return 1
    return 0


_IMPORTS_ORJSON = re.compile(r"^[ \t]*(?:import|from)[ \t]+orjson\b", re.MULTILINE)


def _orjson(texts: dict[Path, str], plain: list[tuple[Path, int, str]]) -> list[Finding]:
    """A note where the tree uses orjson and plain enums moved: orjson serialises
    a stdlib Enum/Flag member by its value, a typed_enum one only with default=."""
    users = sorted(p for p, text in texts.items() if _IMPORTS_ORJSON.search(text))
    if not users or not plain:
        return []
    names = ", ".join(qualname for _, _, qualname in plain[:10])
    more = f" and {len(plain) - 10} more" if len(plain) > 10 else ""
    return [
        Finding(
            path,
            1,
            Kind.NOTE,
            "this module uses orjson, which serialises a stdlib Enum or Flag member by its "
            "value but raises TypeError for typed_enum's (it recognises enums by their exact "
            f"metaclass); the plain enums moved are {names}{more}: pass orjson.dumps(..., "
            "default=lambda o: o.value if isinstance(o, enum.Enum) else ...) where their "
            "members are serialised (typed_enum's documentation: Integrations, json/orjson)",
        )
        for path in users
    ]


def _ordering_uses(paths: list[Path], written: bool) -> list[Finding]:
    """With --typed-enum-semantics: the uses of members that no longer order."""
    from typed_enum.migrate.ordering_uses import ANY_CAVEAT, find_ordering_uses

    if written:
        return find_ordering_uses(paths)
    return [
        Finding(
            paths[0],
            1,
            Kind.NOTE,
            "--typed-enum-semantics: nothing was written, so mypy was not run over the "
            "migrated tree; run without --diff/--check to have the ordering uses listed; "
            + ANY_CAVEAT,
        )
    ]


def _dependencies(args: argparse.Namespace, rewritten: set[str]) -> list[Finding]:
    """Notes on the project's dependencies (``deps``); ``--add-dependency`` applies them."""
    from typed_enum.migrate.deps import add_dependency, dependency_notes

    root = Path.cwd()
    notes = dependency_notes(root, rewritten)
    if not (args.add_dependency and notes) or args.diff or args.check:
        return [Finding(path, 1, Kind.NOTE, message) for path, message in notes]
    build = any("build requirement" in message for _, message in notes)
    why = add_dependency(root, build, args.add_dependency)
    if why is not None:
        return [Finding(Path("pyproject.toml"), 1, Kind.ERROR, why)]
    where = "[project] dependencies" + (" and [build-system] requires" if build else "")
    return [
        Finding(Path("pyproject.toml"), 1, Kind.NOTE, f"added {args.add_dependency} to {where}")
    ]


def _spec_error(argv: Sequence[str]) -> str | None:
    """Why the SPEC of ``--add-dependency SPEC`` is not a requirement of typed_enum (before
    argparse, which would report a PATH it took as the SPEC as missing)."""
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        name, equals, value = arg.partition("=")
        if name != "--add-dependency":
            continue
        if not equals:
            value = argv[index + 1] if index + 1 < len(argv) else ""
        return spec_error(value)
    return None


def main(argv: Sequence[str] | None = None, prog: str = "python -m typed_enum.migrate") -> int:
    """``python -m typed_enum.migrate PATH...``; returns the exit status."""
    parser = _parser(prog)
    argv = list(sys.argv[1:] if argv is None else argv)
    error = unknown_option(parser, argv) or _spec_error(argv)
    if error:
        parser.error(error)
    args = parser.parse_args(argv)
    try:
        import libcst  # noqa: F401
    except ImportError:
        print(_INSTALL, file=sys.stderr)
        return 2
    return _deeply(partial(_run, args, sys.stdout, sys.stderr))


def command(argv: Sequence[str] | None = None) -> int:
    """The ``typed-enum`` console script: ``typed-enum migrate PATH...``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] != "migrate":
        print(
            "usage: typed-enum migrate [--diff] [--check] PATH...\n"
            "typed-enum: the only command is migrate; see typed-enum migrate --help",
            file=sys.stderr,
        )
        return 2
    return main(argv[1:], prog="typed-enum migrate")
