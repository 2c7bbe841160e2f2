"""doc-builder accepts what ``hfi18n toctree`` writes: build the huggingface_hub corpus's ko docs.

Needs the test extra (hf-doc-builder, huggingface_hub, requests; works offline): skipped when doc-builder is
absent, but fails under ``CI=true``, where the test extra must have installed it.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest

from hfi18n.check.toctree import check_toctree
from hfi18n.repo.layout import DocsLayout
from hfi18n.repo.toctree import load_toctree
from hfi18n.repo.toctree_edit import update_toctree

from .conftest import require

pytestmark = [pytest.mark.docbuilder, pytest.mark.slow, pytest.mark.corpus]

PAGES = {
    # an existing group (How-to guides), and a group the ko toctree does not have yet (Conceptual guides)
    "guides/buckets.md": "# 버킷 사용하기 [[buckets]]\n\n버킷은 파일을 저장하는 공간입니다.\n",
    "concepts/git_vs_http.md": "# Git 대 HTTP 패러다임 [[git-vs-http-paradigm]]\n\n두 가지 방식을 비교합니다.\n",
}


def build(exe: str, repo: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [exe, "build", "huggingface_hub", "docs/source/ko", "--language", "ko", "--build_dir", str(out)],
        cwd=repo, capture_output=True, text=True, timeout=600,
    )


def test_doc_builder_builds_ko_after_adding_pages(corpus_copy, tmp_path: Path) -> None:
    require("requests")  # doc-builder imports it; huggingface_hub 2.x no longer brings it
    exe = require("doc-builder", exe=True)
    from hfi18n.translate.providers import get_provider
    from hfi18n.translate.titles import llm_title_translator

    repo = corpus_copy("huggingface_hub")
    layout = DocsLayout.open(repo)
    for rel, text in PAGES.items():
        assert layout.path("en", rel).is_file()
        target = layout.path("ko", rel)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    # without the entries, doc-builder refuses the build: the test can fail
    assert [f.check for f in check_toctree(layout, "ko")].count("toctree-unlisted") == 2

    translate = llm_title_translator(get_provider("pseudo", lang="ko"), "Korean")
    _, changes = update_toctree(layout, "ko", list(PAGES), translate_titles=translate)
    assert [c.action for c in changes] == ["added", "added"]
    assert changes[1].created_groups and changes[1].created_groups[0] != "Conceptual guides"
    entries = {e.local: e for e in load_toctree(layout.lang_dir("ko") / "_toctree.yml").entries()}
    assert entries["guides/buckets"].title == "버킷 사용하기"
    assert entries["concepts/git_vs_http"].groups == changes[1].created_groups
    assert not [f for f in check_toctree(layout, "ko") if f.severity == "error"]

    out = tmp_path / "build"
    start = time.perf_counter()
    proc = build(exe, repo, out)
    elapsed = time.perf_counter() - start
    assert proc.returncode == 0, proc.stderr[-3000:]
    built = list(out.glob("huggingface_hub/*/ko"))
    assert len(built) == 1, list(out.rglob("*"))[:20]
    for rel in PAGES:
        page = built[0] / (rel.rsplit(".", 1)[0] + ".mdx")
        assert page.is_file(), page
    toc = (built[0] / "_toctree.yml").read_text(encoding="utf-8")
    assert "guides/buckets" in toc and "concepts/git_vs_http" in toc
    print(f"doc-builder build of huggingface_hub ko: {elapsed:.1f} s")
