"""Shared by the bench scripts: clone the corpora in ../shared once into a temp folder (or reuse one)."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "corpora"
NAMES = ("diffusers", "huggingface_hub", "smolagents")


def bundle(name: str) -> Path:
    """The git bundle of corpus ``name`` in ../shared (it may be missing)."""
    return SHARED / f"{name}-docs.bundle"


def corpus(name: str) -> Path:
    """Path of a clone of corpus ``name`` (kept in $HFI18N_BENCH_DIR or the temp folder between runs)."""
    base = Path(os.environ.get("HFI18N_BENCH_DIR", Path(tempfile.gettempdir()) / "hfi18n-bench"))
    dest = base / name
    if not (dest / ".git").exists():
        src = bundle(name)
        if not src.exists():
            raise SystemExit(f"corpus bundle {src} not found")
        base.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "-q", str(src), str(dest)], check=True)
    return dest
