"""The installed mypy's source distribution, from the registry, cached.

mypy's sdist (``mypy-X.Y.Z.tar.gz``) carries its data-driven tests under
``test-data/unit/``; the wheels do not.  It is found through the simple API
(PEP 691 JSON) of the index pip is configured for (``PIP_INDEX_URL``, or
``index-url`` in pip's configuration, or pip's default; find-links and
constraints play no part), checked against the registry's SHA-256, and
the ``.test`` files it holds are kept in a cache directory outside the
repository: ``$TYPED_ENUM_CACHE_DIR`` or ``$XDG_CACHE_HOME/typed_enum`` or
``~/.cache/typed_enum``.  Offline, ``$TYPED_ENUM_MYPY_SDIST`` may name a
``mypy-X.Y.Z.tar.gz`` fetched by hand.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from importlib.metadata import version
from pathlib import Path
from typing import Final

#: The script that reads the machine's registries from their clients' configuration.
REGISTRIES: Final = Path(__file__).resolve().parents[2] / ".ci" / "registries"
#: The project page of mypy on the index; None: the index of pip's configuration.
INDEX: str | None = None
#: The files of ``test-data/unit/`` the corpus reads.
TEST_FILES: Final = ("check-enum.test", "check-narrowing.test", "check-python310.test")
TIMEOUT: Final = 60


class CorpusUnavailable(RuntimeError):
    """mypy's test files could not be had: the message says why and what to do."""


def mypy_version() -> str:
    return version("mypy")


def cache_root() -> Path:
    explicit = os.environ.get("TYPED_ENUM_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "typed_enum"


def corpus_files(mypy: str | None = None) -> dict[str, str]:
    """``{"check-enum.test": text, ...}`` of mypy ``mypy`` (the installed one by default)."""
    mypy = mypy or mypy_version()
    directory = cache_root() / f"mypy-{mypy}-test-data"
    if not all((directory / name).is_file() for name in TEST_FILES):
        archive = _archive(mypy)
        _extract(archive, mypy, directory)
    return {name: (directory / name).read_text(encoding="utf-8") for name in TEST_FILES}


def _archive(mypy: str) -> Path:
    local = os.environ.get("TYPED_ENUM_MYPY_SDIST")
    if local:
        path = Path(local)
        if path.name != f"mypy-{mypy}.tar.gz" or not path.is_file():
            raise CorpusUnavailable(
                f"TYPED_ENUM_MYPY_SDIST={local} is not a file named mypy-{mypy}.tar.gz "
                f"(the installed mypy is {mypy}); point it at that version's sdist or unset it"
            )
        return path
    target = cache_root() / f"mypy-{mypy}.tar.gz"
    if target.is_file():
        return target
    url, sha256 = _locate(mypy)
    data = _get(url, f"mypy {mypy}'s source distribution")
    if hashlib.sha256(data).hexdigest() != sha256:
        raise CorpusUnavailable(f"{url} does not match the registry's SHA-256 {sha256}")
    _write_atomically(target, data)
    return target


def pip_index() -> str:
    """The simple index pip installs from here: what ``.ci/registries pip-index`` reads from
    PIP_INDEX_URL and pip's configuration (the one reader of it), else pip's default."""
    configured = subprocess.run(
        [sys.executable, str(REGISTRIES), "pip-index"], capture_output=True, text=True, check=False
    ).stdout.strip()
    if configured:
        return configured
    from pip._internal.models.index import PyPI  # pip's own default, not a host named here

    return str(PyPI.simple_url)


def _locate(mypy: str) -> tuple[str, str]:
    """The sdist's URL and SHA-256, from the index's simple API."""
    page = INDEX or urllib.parse.urljoin(pip_index().rstrip("/") + "/", "mypy/")
    listing = json.loads(_get(page, "the index's list of mypy files", json_api=True))
    wanted = f"mypy-{mypy}.tar.gz"
    for entry in listing.get("files", []):
        if entry.get("filename") == wanted:
            return urllib.parse.urljoin(page, entry["url"]), entry["hashes"]["sha256"]
    raise CorpusUnavailable(f"{page} lists no {wanted}: the corpus needs mypy's sdist")


def _get(url: str, what: str, *, json_api: bool = False) -> bytes:
    headers = {"Accept": "application/vnd.pypi.simple.v1+json"} if json_api else {}
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            data: bytes = response.read()
            return data
    except (urllib.error.URLError, OSError) as exc:
        raise CorpusUnavailable(
            f"could not download {what} from {url} ({exc}). The mypy corpus test "
            "(tests/mypy_corpus) needs network access once per mypy version; it then "
            f"keeps mypy's test files in {cache_root()}. Offline, set "
            "TYPED_ENUM_MYPY_SDIST to a mypy-X.Y.Z.tar.gz of the installed mypy."
        ) from exc


def _extract(archive: Path, mypy: str, directory: Path) -> None:
    members = {f"mypy-{mypy}/test-data/unit/{name}": name for name in TEST_FILES}
    found: dict[str, bytes] = {}
    try:
        with tarfile.open(archive, "r:gz") as tar:
            for member in tar:
                name = members.get(member.name)
                if name is not None and member.isfile():
                    extracted = tar.extractfile(member)
                    if extracted is not None:
                        found[name] = extracted.read()
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise CorpusUnavailable(f"{archive} is not a readable sdist ({exc}); delete it") from exc
    missing = sorted(set(TEST_FILES) - set(found))
    if missing:
        raise CorpusUnavailable(f"{archive} holds no test-data/unit/{', '.join(missing)}")
    for name, data in found.items():
        _write_atomically(directory / name, data)


def _write_atomically(path: Path, data: bytes) -> None:
    """Write via a temporary file and a rename: pytest-xdist workers may race."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
