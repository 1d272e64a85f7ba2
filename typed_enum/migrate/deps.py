"""Whether the migrated project declares typed_enum, and whether its build needs it.

Read in the directory the command runs in (the project root): ``pyproject.toml``
(``[project] dependencies``, ``[build-system] requires``, setuptools'
``[tool.setuptools.dynamic] version = {attr = "pkg.mod.__version__"}``),
``setup.cfg`` (``install_requires``, ``version = attr: pkg.mod.__version__``),
``requirements*.txt`` and ``setup.py`` (an import of a package of the tree).
A build that imports a rewritten module runs in pip's isolated build
environment, which has only the build requirements: typed_enum must be one.
"""

from __future__ import annotations

import configparser
import re
import tomllib
from pathlib import Path

__all__ = ["REQUIREMENT", "add_dependency", "dependency_notes"]

REQUIREMENT = "typed_enum"
_NAME = re.compile(r"^\s*typed[-_.]enum\b", re.IGNORECASE | re.MULTILINE)


def _declared(root: Path) -> str | None:
    """Where typed_enum is declared as a dependency, if it is."""
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        try:
            data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            data = {}
        deps = data.get("project", {}).get("dependencies", [])
        if any(isinstance(d, str) and _NAME.match(d) for d in deps):
            return "pyproject.toml [project] dependencies"
    setup_cfg = root / "setup.cfg"
    if setup_cfg.is_file():
        parser = configparser.ConfigParser()
        try:
            parser.read(setup_cfg, encoding="utf-8")
            requires = parser.get("options", "install_requires", fallback="")
        except (configparser.Error, UnicodeDecodeError):
            requires = ""
        if _NAME.search(requires):
            return "setup.cfg install_requires"
    for path in sorted(root.glob("requirements*.txt")):
        try:
            if _NAME.search(path.read_text(encoding="utf-8")):
                return path.name
        except (OSError, UnicodeDecodeError):
            continue
    return None


def _build_imports(root: Path) -> list[tuple[str, str]]:
    """(where, module or package) the build imports."""
    found: list[tuple[str, str]] = []
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        try:
            data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            data = {}
        dynamic = data.get("tool", {}).get("setuptools", {}).get("dynamic", {})
        for key, value in dynamic.items():
            if isinstance(value, dict) and isinstance(value.get("attr"), str):
                module = value["attr"].rpartition(".")[0]
                found.append((f"pyproject.toml [tool.setuptools.dynamic] {key}", module))
    setup_cfg = root / "setup.cfg"
    if setup_cfg.is_file():
        parser = configparser.ConfigParser()
        try:
            parser.read(setup_cfg, encoding="utf-8")
            for key, value in parser.items("metadata") if parser.has_section("metadata") else []:
                if value.strip().startswith("attr:"):
                    module = value.split(":", 1)[1].strip().rpartition(".")[0]
                    found.append((f"setup.cfg [metadata] {key} = attr:", module))
        except (configparser.Error, UnicodeDecodeError):
            pass
    setup_py = root / "setup.py"
    if setup_py.is_file():
        try:
            text = setup_py.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        for match in re.finditer(r"^\s*(?:from|import)\s+([\w.]+)", text, re.MULTILINE):
            found.append(("setup.py", match[1]))
    return found


def dependency_notes(root: Path, rewritten: set[str]) -> list[tuple[Path, str]]:
    """(file, message) notes for a run that rewrote the modules ``rewritten``
    (dotted names): whether typed_enum is declared, and a build requirement the
    build needs."""
    metadata = [root / n for n in ("pyproject.toml", "setup.cfg", "setup.py")]
    if not rewritten or not (
        any(p.is_file() for p in metadata) or any(root.glob("requirements*.txt"))
    ):
        return []  # no project metadata here: nothing to declare it in
    notes: list[tuple[Path, str]] = []
    where = _declared(root)
    pyproject = root / "pyproject.toml"
    if where is None:
        target = "pyproject.toml" if pyproject.is_file() else "setup.cfg or requirements.txt"
        notes.append(
            (
                Path(target if pyproject.is_file() else "."),
                f"typed_enum is not declared in the project's dependencies, and the migrated "
                f'modules import it; add "{REQUIREMENT}" to {target} ([project] dependencies: '
                f'dependencies = [..., "{REQUIREMENT}"]) or run again with --add-dependency',
            )
        )
    build_requires: list[object] = []
    if pyproject.is_file():
        try:
            data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
            build_requires = list(data.get("build-system", {}).get("requires", []))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            pass
    if any(isinstance(r, str) and _NAME.match(r) for r in build_requires):
        return notes  # already a build requirement
    for source, module in _build_imports(root):
        touched = sorted(
            m
            for m in rewritten
            if m == module or module.startswith(m + ".") or m.startswith(module + ".")
        )
        if not touched:
            continue
        notes.append(
            (
                Path(source.split()[0]),
                f"the build imports {module} ({source}), which imports rewritten module "
                f"{touched[0]}: with build isolation typed_enum must be a build requirement; "
                f'add it to [build-system]: requires = [..., "{REQUIREMENT}"] (or run again with '
                "--add-dependency)",
            )
        )
    return notes


def add_dependency(root: Path, build: bool) -> str | None:
    """Add typed_enum to pyproject.toml's [project] dependencies (and, ``build``, to
    [build-system] requires), keeping its formatting; why not, or None when done."""
    import tomlkit

    path = root / "pyproject.toml"
    if not path.is_file():
        return "--add-dependency needs a pyproject.toml in the current directory"
    try:
        document = tomlkit.parse(path.read_text(encoding="utf-8"))
    except Exception as exc:
        return f"--add-dependency: cannot read pyproject.toml: {exc}"
    project = document.get("project")
    if project is None:
        return "--add-dependency: pyproject.toml has no [project] table; add typed_enum by hand"
    # ``dynamic = ["dependencies"]``: setup.py or setup.cfg gives them, and
    # setuptools refuses a [project] dependencies beside it (pyatv 0.18.0).
    dynamic = "dependencies" in project.get("dynamic", [])
    places = [] if dynamic else [(project, "dependencies")]
    if build:
        system = document.get("build-system")
        if system is not None:
            places.append((system, "requires"))
    for table, key in places:
        if key not in table:
            table[key] = tomlkit.array()
        values = table[key]
        if not any(isinstance(v, str) and _NAME.match(v) for v in values):
            values.append(REQUIREMENT)
    if places:
        path.write_text(tomlkit.dumps(document), encoding="utf-8")
    if dynamic:
        done = "; added it to [build-system] requires" if places else ""
        return (
            "--add-dependency: pyproject.toml lists dependencies in [project] dynamic (setup.py "
            f"or setup.cfg gives them): add typed_enum there by hand{done}"
        )
    return None
