"""Find the Python examples of the documentation and what each is said to print.

A Markdown page shows an example as a fenced ``python`` block, optionally
named (```` ```python title="colors.py" ````; unnamed blocks are
``example.py``).  The ``console`` block that directly follows it, if any,
shows commands run on that file and their exact output::

    $ mypy colors.py
    colors.py:5: error: ...  [typed-enum-duplicate-value]
    Found 1 error in 1 file (checked 1 source file)
    $ python colors.py
    Traceback (most recent call last):
      ...
    ValueError: duplicate value 1 in enum Color: ...

``$ mypy ARGS`` runs mypy with the recommended configuration
(``plugins = typed_enum.mypy``, ``strict = true``) and expects exactly the
lines shown; a config block written just before the python block, with a
name (```` ```ini title="review.ini" ````), is a file beside it, for
``$ mypy --config-file review.ini ...``.  ``$ python FILE`` runs the file and expects its output; a
traceback is shown as its first line, ``  ...``, and the exception's last
line, and then the run must fail with exactly that exception.  A python
block with no console block after it must run without error.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

_FENCE = re.compile(r"^(?P<indent> *)(?P<fence>```+|~~~+)\s*(?P<info>.*)$")
_TITLE = re.compile(r'title="(?P<title>[^"]+)"')


@dataclass(frozen=True)
class Command:
    """One ``$ ...`` line of a console block and the output shown under it."""

    argv: tuple[str, ...]
    output: tuple[str, ...]


@dataclass(frozen=True)
class Example:
    page: Path
    line: int  # 1-based line of the opening fence
    filename: str
    code: str
    commands: tuple[Command, ...] = field(default=())
    files: tuple[tuple[str, str], ...] = field(default=())
    """Config files shown right before the example: (name, text)."""

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


@dataclass(frozen=True)
class _Block:
    line: int
    lang: str
    info: str
    text: str
    end: int  # index of the line after the closing fence


def _blocks(lines: list[str]) -> list[_Block]:
    blocks = []
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        indent, fence, info = match["indent"], match["fence"], match["info"].strip()
        body = []
        j = i + 1
        while j < len(lines) and lines[j].strip() != fence:
            body.append(lines[j][len(indent) :] if lines[j].startswith(indent) else lines[j])
            j += 1
        lang = info.split()[0] if info else ""
        blocks.append(_Block(i + 1, lang, info, "\n".join(body) + "\n", j + 1))
        i = j + 1
    return blocks


def _commands(text: str, where: str) -> tuple[Command, ...]:
    commands: list[Command] = []
    argv: list[str] | None = None
    output: list[str] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            if argv is not None:
                commands.append(Command(tuple(argv), tuple(output)))
            argv, output = shlex.split(line[2:]), []
        elif argv is None:
            raise ValueError(f"{where}: a console block after an example starts with '$ '")
        else:
            output.append(line)
    if argv is not None:
        commands.append(Command(tuple(argv), tuple(output)))
    for command in commands:
        if command.argv[0] not in ("mypy", "python"):
            raise ValueError(f"{where}: only '$ mypy ...' and '$ python FILE' are run")
    return tuple(commands)


def examples(page: Path) -> list[Example]:
    """The page's python blocks, each with the console block that follows it."""
    lines = page.read_text().splitlines()
    blocks = _blocks(lines)
    found = []
    for n, block in enumerate(blocks):
        if block.lang != "python":
            continue
        title = _TITLE.search(block.info)
        commands: tuple[Command, ...] = ()
        after = blocks[n + 1] if n + 1 < len(blocks) else None
        between = lines[block.end : after.line - 1] if after else []
        if after and after.lang == "console" and not any(s.strip() for s in between):
            commands = _commands(after.text, f"{page}:{after.line}")
        files: tuple[tuple[str, str], ...] = ()
        before = blocks[n - 1] if n > 0 else None
        if before and before.lang in ("ini", "toml"):
            named = _TITLE.search(before.info)
            gap = lines[before.end : block.line - 1]
            if named and not any(s.strip() for s in gap):
                files = ((named["title"], before.text),)
        found.append(
            Example(
                page,
                block.line,
                title["title"] if title else "example.py",
                block.text,
                commands,
                files,
            )
        )
    return found


def pages() -> list[Path]:
    """Every Markdown page whose examples are tested: the site's, and the README."""
    return [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]
