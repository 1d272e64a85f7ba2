"""Reading mypy's data-driven test files (``test-data/unit/*.test``).

The format, as mypy's test suite reads it: ``[case NAME]`` starts a case;
the lines up to the next ``[section]`` are the main module (``__main__``);
``[file PATH]`` adds a module; ``[builtins ...]``, ``[typing ...]`` and
``[_typeshed ...]`` swap in mypy's small test fixtures (ignored here: the
corpus runs on the real typeshed); ``[out]`` is mypy's expected output
(ignored: the two sides are compared with each other).  A line starting
with ``--`` is a comment, ``\\[`` escapes a bracket, a trailing ``\\``
joins the next line.  ``# flags: ...`` in the main module gives mypy's
command-line flags.  Incremental cases (several steps: ``[file x.py.2]``,
``[out2]``, ``[stale]``, ``[rechecked]``, ``[delete]``) and ``-skip``
cases are kept with the reason they are not run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

_HEADER: Final = re.compile(r"^\[(?P<kind>[^\s\]]+)(?: (?P<arg>.*))?\]$")
_FLAGS: Final = re.compile(r"^# flags: (.*)$", re.MULTILINE)
_FIXTURES: Final = frozenset({"builtins", "typing", "_typeshed"})
_STEPPED: Final = re.compile(r"^(out|stale|rechecked|targets|delete|triggered)\d*$")
_ENUM: Final = re.compile(r"\benum\b")


@dataclass(frozen=True)
class Case:
    """One ``[case ...]``: its text as mypy's suite would check it."""

    file: str  # "check-enum.test"
    name: str  # "testEnumBasics" (suffixes such as -skip removed)
    line: int  # where [case ...] is in the file
    main: str
    files: tuple[tuple[str, str], ...] = ()  # [file PATH] sections, in order
    not_run: str | None = None  # why the corpus does not run it, or None
    flags: tuple[str, ...] = field(default=())

    @property
    def key(self) -> str:
        return f"{self.file}::{self.name}"

    def uses_enum(self) -> bool:
        return bool(_ENUM.search(self.main) or any(_ENUM.search(t) for _, t in self.files))


def _logical_lines(text: str) -> list[tuple[bool, str]]:
    """``(is_header, line)``: comments dropped, escapes undone, continuations joined."""
    lines: list[tuple[bool, str]] = []
    joining = False
    for raw in text.split("\n"):
        if raw.startswith("----"):
            raw = raw[2:]
        elif raw.startswith("--"):
            continue
        elif raw.startswith("\\["):
            raw = raw[1:]
        elif raw.startswith("[") and raw.strip().endswith("]"):
            joining = False
            lines.append((True, raw.strip()))
            continue
        cont = raw.endswith("\\")
        piece = raw[:-1] if cont else raw
        if joining and lines and not lines[-1][0]:
            lines[-1] = (False, lines[-1][1] + piece.lstrip(" "))
        else:
            lines.append((False, piece))
        joining = cont
    return lines


def parse(file: str, text: str) -> list[Case]:
    """Every case of one ``.test`` file, in order."""
    cases: list[Case] = []
    number = 0
    header: tuple[str, int] | None = None
    sections: list[tuple[str, str | None, list[str]]] = []

    def finish() -> None:
        if header is not None:
            cases.append(_case(file, header[0], header[1], sections))

    # Line numbers: count on the raw text, where every header sits alone.
    starts: dict[str, list[int]] = {}
    for m in re.finditer(r"^\[case [^\]]+\]", text, re.MULTILINE):
        starts.setdefault(m.group(0), []).append(text.count("\n", 0, m.start()) + 1)
    for is_header, line in _logical_lines(text):
        match = _HEADER.match(line) if is_header else None
        if match is None:
            if sections:
                sections[-1][2].append(line)
            continue
        kind, arg = match.group("kind"), match.group("arg")
        if kind == "case":
            finish()
            number = starts[line].pop(0) if starts.get(line) else 0
            header = (arg or "", number)
            sections = [("main", None, [])]
        elif header is not None:
            sections.append((kind, arg, []))
    finish()
    return cases


def _case(
    file: str, header: str, line: int, sections: list[tuple[str, str | None, list[str]]]
) -> Case:
    name, _, suffixes = header.partition("-")
    tags = set(suffixes.split("-")) if suffixes else set()
    main = "\n".join(sections[0][2]).rstrip() + "\n"
    files: list[tuple[str, str]] = []
    incremental: list[str] = []
    for kind, arg, body in sections[1:]:
        text = "\n".join(body).rstrip() + "\n"
        if kind == "file" and arg is not None:
            if re.search(r"\.\d+$", arg):
                incremental.append(f"[file {arg}]")
            else:
                files.append((arg, text))
        elif kind in _FIXTURES:
            continue
        elif _STEPPED.match(kind) and kind not in ("out", "out1"):
            incremental.append(f"[{kind}]")
    flags_match = _FLAGS.search(main)
    flags = tuple(flags_match.group(1).split()) if flags_match else ()
    not_run: str | None = None
    if "skip" in tags:
        not_run = "marked -skip in mypy's test file"
    elif "windows" in tags:
        not_run = "marked -windows in mypy's test file"
    elif incremental or "incremental" in name.lower() or "only_when_cache" in tags:
        detail = ", ".join(incremental) or "an incremental case"
        not_run = f"incremental (several mypy runs over edited files: {detail})"
    return Case(file, name, line, main, tuple(files), not_run, flags)


#: Every case of these files is about enums; of the others, those that use one.
WHOLE_FILES: Final = frozenset({"check-enum.test"})


def enum_cases(files: dict[str, str]) -> list[Case]:
    """The corpus: ``check-enum.test`` whole, and the cases of the other files that use enums."""
    return [
        case
        for name, text in files.items()
        for case in parse(name, text)
        if name in WHOLE_FILES or case.uses_enum()
    ]
