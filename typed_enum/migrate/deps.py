"""Whether the migrated project declares typed_enum, and whether its build needs it.

Read in the directory the command runs in (the project root): ``pyproject.toml``
(``[project] dependencies``, ``[build-system] requires``, setuptools'
``[tool.setuptools.dynamic] version = {attr = "pkg.mod.__version__"}``),
``setup.cfg`` (``install_requires``, ``version = attr: pkg.mod.__version__``),
``requirements*.txt`` and ``setup.py`` (an import of a package of the tree),
hatchling's ``[tool.hatch.version]``, pdm-backend's ``[tool.pdm.version]`` and
flit_core's dynamic version.  A build that imports a rewritten module runs in
pip's isolated build environment, which has only the build requirements:
typed_enum must be one.  Where the backend reads the version statically (a
literal ``__version__ = "3.12.1"``, a regular expression over the file) it
imports nothing, and no note is given.
"""

from __future__ import annotations

import ast
import configparser
import re
import tomllib
from pathlib import Path
from typing import Any

__all__ = ["REQUIREMENT", "WHY_A_SPEC", "add_dependency", "dependency_notes", "spec_error"]

#: The requirement the notes show: typed_enum has no release on a package index yet, so
#: a bare "typed_enum" cannot be installed; the user names where it comes from (URL).
REQUIREMENT = "typed_enum @ git+URL"
WHY_A_SPEC = (
    "typed_enum has no release on a package index yet: URL is the https:// address of the "
    "typed_enum clone you install from"
)
_NAME = re.compile(r"^\s*typed[-_.]enum\b", re.IGNORECASE | re.MULTILINE)
#: A requirement of typed_enum: the name, extras, then a URL or a version specifier.
_SPEC = re.compile(
    r"^typed[-_.]enum(\[[\w\s,.-]*\])?\s*(@\s*\S+://\S+|[<>=!~][^@]*)?\s*(;.*)?$", re.IGNORECASE
)


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


def _load(root: Path) -> dict[str, Any]:
    pyproject = root / "pyproject.toml"
    if not pyproject.is_file():
        return {}
    try:
        return tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}


def _module_file(root: Path, module: str) -> Path | None:
    """The source file of ``module`` in the project (flat or ``src/`` layout)."""
    parts = module.split(".")
    for base in (root, root / "src"):
        for candidate in (
            base.joinpath(*parts).with_suffix(".py"),
            base.joinpath(*parts, "__init__.py"),
        ):
            if candidate.is_file():
                return candidate
    return None


def _tree(path: Path | None) -> ast.Module | None:
    if path is None:
        return None
    try:
        return ast.parse(path.read_bytes())
    except (OSError, SyntaxError, ValueError):
        return None


def _literal_assignment(path: Path | None, name: str, strings_only: bool = False) -> bool:
    """Whether the module at ``path`` assigns ``name`` a literal at its top level
    (``__version__ = "3.12.1"``), which a static reader takes without importing it."""
    tree = _tree(path)
    if tree is None:
        return False
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            targets = [statement.target]
        else:
            continue
        if not any(isinstance(t, ast.Name) and t.id == name for t in targets):
            continue
        value = statement.value
        assert value is not None
        if strings_only:
            return isinstance(value, ast.Constant) and isinstance(value.value, str)
        try:
            ast.literal_eval(value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return False
        return True
    return False


def _setuptools_attr(root: Path, where: str, attr: str) -> tuple[str, str] | None:
    """setuptools' ``attr:`` reads the attribute from the module's source when it
    is a literal assigned at the top level; only otherwise is the module imported."""
    module, _, name = attr.strip().rpartition(".")
    if _literal_assignment(_module_file(root, module), name):
        return None
    return (where, module)


def _module_of_file(root: Path, path: str) -> str:
    relative = Path(path)
    if relative.parts and relative.parts[0] == "src":
        relative = Path(*relative.parts[1:])
    parts = list(relative.with_suffix("").parts)
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _build_imports(root: Path) -> list[tuple[str, str]]:
    """(where, module or package) the build imports, by each backend's own rule.

    setuptools (``attr:`` in pyproject.toml or setup.cfg): the module is read
    statically when the attribute is a literal assigned at its top level, and
    imported otherwise.  hatchling: ``[tool.hatch.version]`` reads the file
    with a regular expression (no import) unless ``source = "code"``, which
    runs it.  flit_core: a dynamic version is ``__version__ = "..."`` read from
    the module's source; the module is imported only when that is not a
    string literal.  pdm-backend: ``[tool.pdm.version]`` ``source = "file"``
    reads by regular expression, ``source = "call"`` imports the getter's
    module.  setup.py: every import it makes.
    """
    found: list[tuple[str, str]] = []
    data = _load(root)
    dynamic = data.get("tool", {}).get("setuptools", {}).get("dynamic", {})
    for key, value in dynamic.items():
        if isinstance(value, dict) and isinstance(value.get("attr"), str):
            where = f"pyproject.toml [tool.setuptools.dynamic] {key}"
            hit = _setuptools_attr(root, where, value["attr"])
            if hit is not None:
                found.append(hit)
    hatch = data.get("tool", {}).get("hatch", {}).get("version", {})
    if (
        isinstance(hatch, dict)
        and hatch.get("source") == "code"
        and isinstance(hatch.get("path"), str)
    ):
        module = _module_of_file(root, hatch["path"])
        found.append(('pyproject.toml [tool.hatch.version] source = "code"', module))
    pdm = data.get("tool", {}).get("pdm", {}).get("version", {})
    if isinstance(pdm, dict) and pdm.get("source") == "call" and isinstance(pdm.get("getter"), str):
        module = pdm["getter"].partition(":")[0].strip()
        found.append(('pyproject.toml [tool.pdm.version] source = "call"', module))
    backend = data.get("build-system", {}).get("build-backend", "")
    project = data.get("project", {})
    if backend == "flit_core.buildapi" and "version" in project.get("dynamic", []):
        flit = data.get("tool", {}).get("flit", {}).get("module", {})
        name = flit.get("name") if isinstance(flit, dict) else None
        module = name or str(project.get("name", "")).replace("-", "_").replace(".", "_")
        if module and not _literal_assignment(
            _module_file(root, module), "__version__", strings_only=True
        ):
            found.append(("pyproject.toml [project] dynamic version (flit_core)", module))
    setup_cfg = root / "setup.cfg"
    if setup_cfg.is_file():
        parser = configparser.ConfigParser()
        try:
            parser.read(setup_cfg, encoding="utf-8")
            for key, value in parser.items("metadata") if parser.has_section("metadata") else []:
                if value.strip().startswith("attr:"):
                    where = f"setup.cfg [metadata] {key} = attr:"
                    hit = _setuptools_attr(root, where, value.split(":", 1)[1])
                    if hit is not None:
                        found.append(hit)
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
                f'dependencies = [..., "{REQUIREMENT}"]) or run again with --add-dependency '
                f"'{REQUIREMENT}' ({WHY_A_SPEC})",
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
                f"--add-dependency '{REQUIREMENT}'; {WHY_A_SPEC})",
            )
        )
    return notes


def spec_error(spec: str) -> str | None:
    """Why ``spec`` (``--add-dependency SPEC``) is not a requirement of typed_enum, or None."""
    if _SPEC.match(spec.strip()):
        return None
    what = f"{spec!r} is not a requirement of typed_enum" if spec else "none was given"
    return (
        f"--add-dependency takes the requirement to write: --add-dependency '{REQUIREMENT}' "
        f"({WHY_A_SPEC}); {what}"
    )


def add_dependency(root: Path, build: bool, spec: str) -> str | None:
    """Add ``spec`` (a requirement of typed_enum) to pyproject.toml's [project]
    dependencies (and, ``build``, to [build-system] requires), keeping its formatting;
    why not, or None when done."""
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
            values.append(spec.strip())
    if places:
        path.write_text(tomlkit.dumps(document), encoding="utf-8")
    if dynamic:
        done = "; added it to [build-system] requires" if places else ""
        return (
            "--add-dependency: pyproject.toml lists dependencies in [project] dynamic (setup.py "
            f"or setup.cfg gives them): add typed_enum there by hand{done}"
        )
    return None
