"""Shared fixtures: the real doc corpora in ../shared, cloned once per test session."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("HFI18N_CORPORA") or ROOT.parent / "shared" / "corpora")
"""The corpus bundles: ``../shared/corpora`` (CI), or ``$HFI18N_CORPORA`` (a worktree elsewhere)."""
CORPORA = ("diffusers", "huggingface_hub", "smolagents")
FIXTURES = Path(__file__).parent / "fixtures"


def _clone(name: str, dest: Path) -> Path:
    bundle = SHARED / f"{name}-docs.bundle"
    if not bundle.exists():
        pytest.skip(f"corpus bundle {bundle} not available")
    if not (dest / ".git").exists():
        subprocess.run(["git", "clone", "-q", str(bundle), str(dest)], check=True)
    return dest


@pytest.fixture(scope="session")
def corpora_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("corpora")


@pytest.fixture(scope="session")
def corpus(corpora_dir: Path):
    """``corpus("diffusers")`` -> path of a fresh clone of that corpus (shared by the session; do not modify)."""

    def get(name: str) -> Path:
        return _clone(name, corpora_dir / name)

    return get


@pytest.fixture()
def corpus_copy(tmp_path: Path):
    """``corpus_copy("huggingface_hub")`` -> a private clone a test may modify."""

    def get(name: str) -> Path:
        return _clone(name, tmp_path / name)

    return get


def under_ci() -> bool:
    """True when running in CI (``CI`` set to anything but empty/0/false)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require(name: str, *, exe: bool = False) -> str:
    """Skip the test when module (or executable, ``exe=True``) ``name`` is missing; under CI, fail.

    For dependencies the test extra promises: on CI a missing one is a broken install, not a reason to
    skip. An executable is looked up next to the running Python first (the venv's ``bin``), then on PATH.
    Returns the module name or the executable's path.
    """
    if exe:
        local = Path(sys.executable).with_name(name)
        found = str(local) if local.is_file() else shutil.which(name)
    else:
        try:
            found = name if importlib.util.find_spec(name) is not None else None
        except (ImportError, ValueError):
            found = None
    if found is None:
        what = f"{'executable' if exe else 'module'} {name!r} is not installed"
        if under_ci():
            pytest.fail(f"{what}, but the test extra promises it (pip install -e '.[test]')", pytrace=False)
        pytest.skip(what)
    return found


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    """The example repository (:mod:`hfi18n.example`) in a fresh folder (a test file may define its own)."""
    from hfi18n.example import build_example_repo

    return build_example_repo(tmp_path / "repo")


@pytest.fixture()
def server():
    """The loopback LLM server (tests/fakes/llm_server.py), accepting the key ``test-key``."""
    from tests.fakes.llm_server import FakeLLMServer

    with FakeLLMServer(api_key="test-key") as s:
        yield s
