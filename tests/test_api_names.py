"""One name per idea across the CLI, the library API, MCP and the web (issue 33, item 12).

The MCP tools had been renamed to ``docs``/``doc`` and ``lang`` (an agent that guessed ``docs`` for ``check``'s
``paths`` had the argument dropped and the whole language checked), but the library they call still said
``paths`` and ``langs``: a Python user and an agent spelled the same call two ways."""
from __future__ import annotations

import inspect
from pathlib import Path

from hfi18n import api

OLD_NAMES = {"paths", "langs", "path_list"}


def _public_functions():
    for name in api.__all__:
        obj = getattr(api, name)
        if inspect.isfunction(obj):
            yield name, obj


def test_no_public_api_function_takes_paths_or_langs() -> None:
    checked = dict(_public_functions())
    assert {"status", "check", "plan", "translate", "toctree", "review", "batch_submit", "job_estimate",
            "fix_anchors", "approve", "dashboard"} <= set(checked)
    for name, fn in checked.items():
        params = set(inspect.signature(fn).parameters)
        assert not params & OLD_NAMES, (name, sorted(params & OLD_NAMES))
    for name in ("check", "plan", "translate", "toctree", "review", "batch_submit", "job_estimate", "fix_anchors"):
        assert list(inspect.signature(checked[name]).parameters)[:3] == ["repo", "lang", "docs"], name
    for name in ("status", "dashboard"):
        assert list(inspect.signature(checked[name]).parameters)[:2] == ["repo", "lang"], name


def test_status_takes_one_language_or_several_under_the_same_name(repo: Path) -> None:
    one = api.status(repo, "ko", pulls=False)
    listed = api.status(repo, lang=["ko"], pulls=False)
    assert list(one.report.summaries) == list(listed.report.summaries) == ["ko"]
    assert one.to_json() == listed.to_json()


def test_check_names_its_docs_docs(repo: Path) -> None:
    docs = sorted(p.name for p in (repo / "docs/source/ko").glob("*.md"))
    assert docs
    result = api.check(repo, lang="ko", docs=docs[:1])
    assert result.files == 1
