"""Shared fixtures: the real doc corpora in ../shared, cloned once per test session."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "corpora"
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
