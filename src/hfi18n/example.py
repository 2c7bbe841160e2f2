"""The bundled example repository used by ``hfi18n demo`` and the tests.

:func:`build_example_repo` creates a real git repository with a small ``docs/source`` tree in two
commits: the English docs with a Korean translation (``data/example/v1``), then an English update
(``data/example/v2``) that leaves one Korean page outdated. The Korean quick tour carries typical
defects (a fragment link to a Korean anchor, a heading without its English anchor, a leaked
placeholder) for ``check`` to find.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from importlib import resources
from pathlib import Path

from .errors import RepoError

_ENV = {
    "GIT_AUTHOR_NAME": "hfi18n example",
    "GIT_AUTHOR_EMAIL": "example@hfi18n.invalid",
    "GIT_COMMITTER_NAME": "hfi18n example",
    "GIT_COMMITTER_EMAIL": "example@hfi18n.invalid",
}


def _git(repo: Path, *args: str, date: str) -> None:
    env = {**os.environ, **_ENV, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    subprocess.run(["git", "-C", str(repo), *args], check=True, env=env, capture_output=True)


def build_example_repo(dest: Path | str) -> Path:
    """Create the example repo at ``dest`` (must not exist or be empty) and return its path."""
    dest = Path(dest)
    if dest.exists() and any(dest.iterdir()):
        raise RepoError(f"{dest} is not empty", hint="choose a new folder for the example repo")
    if shutil.which("git") is None:
        raise RepoError("git is not installed", hint="install git (apt-get install git)")
    data = resources.files("hfi18n") / "data" / "example"
    docs = dest / "docs" / "source"
    docs.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(dest)], check=True, capture_output=True)
    for version, message, date in (
        ("v1", "Add English docs and the Korean translation", "2026-01-05T10:00:00+00:00"),
        ("v2", "Update the English index page", "2026-03-02T10:00:00+00:00"),
    ):
        src = data / version
        with resources.as_file(src) as src_path:
            shutil.copytree(src_path, docs, dirs_exist_ok=True)
        _git(dest, "add", "-A", date=date)
        _git(dest, "commit", "-q", "-m", message, date=date)
    return dest
