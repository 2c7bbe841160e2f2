"""Small real repositories for the property harness (``tests/test_properties.py``, ``bench/bench_properties.py``).

:func:`seed_repo` builds, once per session, a git repository holding a few English docs of a corpus and
their Korean twins with their real history: every commit of the corpus that changed one of them, with its
subject, date and the files as that commit left them (followed through renames, the legacy layout mapped
into ``en/``). Its objects are borrowed from the corpus clone while it is built, then packed into the new
repository, so each example's :func:`fresh_copy` is a cheap local clone of a few hundred kilobytes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from hfi18n.repo.doclog import load_history
from hfi18n.repo.layout import DocsLayout

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "corpora"
CORPORA = ("smolagents", "huggingface_hub", "diffusers")

SEED_DOCS: dict[str, tuple[str, ...]] = {
    "smolagents": ("conceptual_guides/react.md", "tutorials/memory.md", "reference/agents.md", "installation.md"),
    "huggingface_hub": ("package_reference/mixins.md", "package_reference/community.md",
                        "package_reference/webhooks_server.md", "installation.md"),
    "diffusers": ("conceptual/ethical_guidelines.md", "optimization/tome.md", "installation.md",
                  "training/create_dataset.md"),
}
"""Docs with a Korean twin, per corpus: short enough that a step takes a fraction of a second; up to date
and outdated ones, lists (smolagents installation.md: the reorder of issue 31), ``[[autodoc]]`` pages
(huggingface_hub package_reference), identifier headings (``### @webhook_endpoint``), code-heavy guides, and
installation pages that many sweeps reaching every language went through (the carried changes of issue 31)."""

KO = "docs/source/ko"
EN = "docs/source/en"
IDENTITY = ("-c", "user.name=Harness", "-c", "user.email=harness@example.com")


def git(cwd: Path, *args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> str:
    """Run git in ``cwd``; its stdout (a failure raises)."""
    return subprocess.run(["git", "-C", str(cwd), *args], check=True, capture_output=True, text=True,
                          input=stdin, env={**os.environ, **(env or {})}).stdout


def corpus_clone(name: str, where: Path) -> Path:
    """A clone of corpus ``name``'s bundle under ``where`` (made once)."""
    bundle = SHARED / f"{name}-docs.bundle"
    if not bundle.exists():
        raise FileNotFoundError(bundle)
    dest = where / f"corpus-{name}"
    if not (dest / ".git").exists():
        subprocess.run(["git", "clone", "-q", str(bundle), str(dest)], check=True)
    return dest


def seed_repo(name: str, where: Path, docs: tuple[str, ...] | None = None) -> Path:
    """The seed repository of corpus ``name`` under ``where`` (built once; see the module docstring)."""
    dest = where / f"seed-{name}"
    if (dest / ".git").exists():
        return dest
    src = corpus_clone(name, where)
    docs = docs or SEED_DOCS[name]
    history = load_history(DocsLayout.open(src))
    lineages = [lin for rel in docs for lang in ("en", "ko") if (lin := history.current.get((lang, rel)))]
    if len(lineages) != 2 * len(docs):
        raise ValueError(f"{name}: every seed doc needs an English and a Korean file: {docs}")
    tmp = Path(tempfile.mkdtemp(prefix="seed-", dir=where))
    git(tmp, "init", "-q", "-b", "main")
    (tmp / ".git/objects/info/alternates").write_text(str(src / ".git/objects") + "\n", encoding="utf-8")
    index = {"GIT_INDEX_FILE": str(tmp / ".git/seed-index")}
    parent: str | None = None
    for idx in sorted({v.commit for lin in lineages for v in lin.versions}):
        entries = []
        for lin in lineages:
            now = [v for v in lin.versions if v.commit <= idx]
            if now and now[-1].blob:
                entries.append(f"100644 {now[-1].blob}\tdocs/source/{lin.lang}/{now[-1].path}\n")
        git(tmp, "read-tree", "--empty", env=index)
        git(tmp, "update-index", "--index-info", env=index, stdin="".join(entries))
        tree = git(tmp, "write-tree", env=index).strip()
        commit = history.commits[idx]
        when = {k: f"@{commit.time} +0000" for k in ("GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE")}
        parent = git(tmp, *IDENTITY, "commit-tree", tree, *(["-p", parent] if parent else []), "-m",
                     commit.subject or "docs", env=when).strip()
    assert parent is not None
    git(tmp, "update-ref", "refs/heads/main", parent)
    git(tmp, "repack", "-a", "-d", "-q")
    (tmp / ".git/objects/info/alternates").unlink()
    (tmp / ".git/seed-index").unlink(missing_ok=True)
    git(tmp, "reset", "-q", "--hard", "main")
    tmp.rename(dest)
    return dest


def fresh_copy(seed: Path, dest: Path) -> Path:
    """A clone of ``seed`` at ``dest`` (replacing what is there), as a translator's checkout."""
    if dest.exists():
        shutil.rmtree(dest)
    subprocess.run(["git", "clone", "-q", str(seed), str(dest)], check=True)
    return dest
