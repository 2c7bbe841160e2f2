"""The public library API of hfi18n: one function per job, plain arguments in, a typed result out.

The CLI (:mod:`hfi18n.cli`), the web app and the MCP server call only this module. Every function takes
the repository path, the language and plain options (``docs_root`` defaults to ``docs/source``), raises
:class:`hfi18n.errors.HfI18nError` subclasses with a human message and a hint, prints nothing, and returns
a slotted dataclass whose ``to_json()`` gives plain JSON-able data (the exact shapes ``--format json`` of
the CLI prints).

Functions:

``status(repo, lang)`` -> :class:`StatusResult`
    the state of every English doc in each language (up to date, outdated, missing, in progress,
    orphaned), with the ranked "translate next" list.
``next_docs(repo, lang, n)`` -> :class:`NextDocsResult`
    the ``n`` most useful docs to translate next (missing, and outdated with ``update=True``).
``check(repo, lang, docs)`` -> :class:`CheckResult`
    findings of every check on translated docs against their English source.
``plan(repo, lang, docs)`` -> :class:`PlanResult`
    what ``translate`` would send (segments, requests, tokens, cost per model); sends nothing.
``translate(repo, lang, docs)`` -> :class:`TranslateResult`
    translate English docs; a doc is written only if it passes ``check`` (or as a marked draft with
    ``allow_errors``); progress through ``progress``; a ``cancel`` event stops it within one request.
``prepare_translation(repo, lang, doc)`` -> :class:`PreparedTranslation`, then
``submit_translation(repo, job, translations)`` -> :class:`SubmitResult`
    the calling agent translates (no provider, no key): prepare lists the segments, rules and glossary
    terms; submit validates each answer as a provider's, and writes through the same gate once all pass.
``batch_submit(repo, lang, docs)`` -> :class:`BatchJobResult`, then ``batch_collect(repo)``
    the same translation as one provider batch job at half price: submit returns at once; collect
    validates, retries what failed and writes through the same gate (``batch_status``, ``batch_cancel``).
``toctree(repo, lang, docs)`` -> :class:`ToctreeResult`
    add translated docs to the language's ``_toctree.yml`` mirroring English.
``toctree_check(repo, lang)`` -> :class:`CheckResult`
    problems of the language's ``_toctree.yml``.
``dashboard(repo, lang, upstream=..., issue=...)`` -> :class:`DashboardResult`
    the status page of each language kept on GitHub: one issue (or tracking-issue comment) per language,
    found by a marker only the token's own account can own, edited in place (the Action's nightly mode).
``job_estimate(repo, lang, docs)``, ``job_launch(estimate, fork=...)``, ``job_status(id)``, ``job_logs(id)``
    a library-wide run as a Hugging Face Job (vLLM serving an open model; one commit per doc pushed to
    the fork); ``job_worker`` is what the job runs (needs the jobs extra, huggingface_hub).
``caching(False)``
    a context in which no call reads or writes the persistent cache ``.git/hfi18n/cache.sqlite``
    (:mod:`hfi18n.repo.cache`; the CLI's ``--no-cache``).
``fix_anchors(repo, lang, docs)`` -> ``list[AnchorFix]``
    rename translators' own heading anchors to the English ones, with every link to them.
``publish(repo, lang, doc)`` -> :class:`PublishResult`
    push one translated doc to the translator's fork and open a draft pull request upstream.
``approve(repo, lang, docs, by=...)`` -> :class:`ApproveResult`
    a reviewer's sign-off: refused for a page with the draft mark or check errors; otherwise recorded in
    the page's review record (in the repository) and the reader notice removed.
``review_queue(report, lang)``, ``review_counts(report, lang)``, ``review_risk(doc)``
    the machine pages of a status report ranked for review, the pages by review state.
``review(repo, lang, docs)`` or ``review(pr="OWNER/REPO#N", post=True)`` -> :class:`ReviewResult`
    review translated docs or a translation PR (check findings on lines, omissions and duplications,
    glossary consistency, optional LLM review); ``post`` submits one COMMENT review on the PR.
``review_text(repo, lang, doc, text)`` -> :class:`DocReview`
    review a translation that is not in the checkout (an uploaded file) against the English of ``doc``.
``preview_html(text)`` -> ``str``
    a doc's Markdown as safe HTML, the way doc-builder shows the page (for a live-preview check).
``glossary_lookup(lang, text)`` -> :class:`GlossaryResult`
    the glossary of a language, or only the terms occurring in ``text``.
``glossary_validate(path, lang)``, ``glossary_usage(repo, lang)``, ``glossary_mine(repo, lang)``
    lint a glossary; count how the human translations follow it; propose entries from them.
``glossary_export(lang, repo=...)``, ``glossary_import(path, lang)``
    doc-builder's YAML glossary (``pin:``/``keep:``, counts as comments) written and read.
``memory_list(repo, doc=..., provider=..., older_than=..., failing=...)``, ``memory_purge(...)`` -> :class:`MemoryReport`
    look into the translation memory and forget entries (by doc, provider, age, or today's checks).

Secrets (provider keys, the GitHub token) come only from the environment or the config
(:func:`hfi18n.config.load_config`, or a :class:`~hfi18n.config.Config` passed as ``config``; the web
app builds one in memory from the key fields with :func:`session_config`); no job function takes a
secret as an argument, and no result carries one.

The jobs live in one module each (``_status``, ``_check``, ``_translate``, ``_batch``, ``_toctree``,
``_publish``, ``_review``, ``_glossary``, ``_memory``, on the shared ``_common``); import them from here, never from
those modules.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE: dict[str, tuple[str, ...]] = {
    "..doc.preview": ("preview_html=render_html",),
    "..origin": ("Origin",),
    "..repo.cache": ("caching",),
    "..repo.clone": ("CloneResult",),
    "..repo.layout": ("DEFAULT_DOCS_ROOT",),
    "..repo.status": ("RANK_LIMIT",),
    "..report.queue": ("review_counts", "review_queue", "review_risk"),
    "..review.service": ("ReviewResult",),
    "..write.segment_review": ("DraftReview",),
    "._agent": ("PreparedTranslation", "SubmitResult", "SubmitState", "agent_root", "prepare_translation",
                "submit_translation"),
    "._approve": ("ApproveResult", "approve"),
    "._batch": ("BatchJobResult", "batch_cancel", "batch_collect", "batch_root", "batch_status",
                "batch_submit"),
    "._check": ("CheckResult", "check", "fix_anchors", "toctree_check"),
    "._common": ("ProgressEvent", "ProgressFn", "ProgressKind", "default_memory_path", "load_glossary",
                 "session_config", "title_translator"),
    "._dashboard": ("DashboardResult", "dashboard"),
    "._glossary": ("GlossaryMineResult", "GlossaryResult", "GlossaryUsageResult", "GlossaryValidation",
                   "glossary_export", "glossary_import", "glossary_lookup", "glossary_mine",
                   "glossary_usage", "glossary_validate"),
    "._jobs": ("JOBS_DEFAULT_MODEL=DEFAULT_MODEL", "JobEstimate", "JobLaunch", "JobState", "WorkerResult",
               "job_estimate", "job_launch", "job_logs", "job_ready", "job_status", "job_worker"),
    "._memory": ("MemoryReport", "memory_list", "memory_purge"),
    "._publish": ("PublishResult", "github_client", "publish"),
    "._review": ("review", "review_text"),
    "._status": ("NextDocsResult", "StatusResult", "clone", "deepen_history", "history_gap", "next_docs",
                 "personal_checkout", "status"),
    "._toctree": ("ToctreeResult", "toctree"),
    "._translate": ("DocOutcome", "PlanResult", "TranslateResult", "draft", "plan", "translate",
                    "write_draft"),
}
"""Where each public name lives (``"name=original"``: imported under another name), imported on first use.

``hfi18n check`` imported every job of the API (the review service, the translation pipeline, Hugging Face
Jobs' client...) before reading a doc: 0.33 cpu s per command, half of it for modules ``check`` never runs.
The names are looked up here on first use (:func:`__getattr__`, PEP 562) and kept in the module after; a
name's module is imported whole, so what it needs comes with it."""

_ORIGIN = {(spec.partition("=")[0]): (module, spec.partition("=")[2] or spec.partition("=")[0])
           for module, specs in _WHERE.items() for spec in specs}

__all__ = list(_ORIGIN)


def __getattr__(name: str) -> Any:
    try:
        module, attr = _ORIGIN[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module, __name__), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

