"""The hfi18n MCP server: one tool per job of :mod:`hfi18n.api`, on one repository fixed at start.

``build_server(repo)`` returns an SDK server whose tools take JSON-schema'd arguments (doc paths are
relative to the language folder and validated by the library: nothing outside the repository is read or
written) and return structured results (:mod:`hfi18n.mcp.outputs`). What the tools never take or show:

* secrets: provider keys and the GitHub token come only from the environment (or ``hfi18n.toml``), and
  every string a tool returns goes through :func:`hfi18n.secrets.redact`;
* the provider's base URL: it comes from the environment or the config only, so a tool call cannot send
  the key to another server.

With no provider configured, ``translate`` asks the client's own model when the client can sample
(:mod:`hfi18n.mcp.sampling`); ``prepare_translation`` / ``submit_translation`` let the agent translate
itself, validated like a provider (:mod:`hfi18n.translate.agent`).

A library error becomes a tool error (``isError``) carrying its human message and hint
(:mod:`hfi18n.mcp.calls`). Cancelling a ``translate`` call stops it after the requests in flight, with
finished segments kept in the translation memory and no half-translated file written.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field

from .. import __version__, api
from ..config import load_config
from ..secrets import redact
from ..translate.providers import is_test_double
from . import outputs as out
from .calls import call, output, with_progress
from .sampling import client_sampler
from .sdk import Context, Server, ToolAnnotations, ToolError, new_server, strict_arguments

# ------------------------------------------------------------------------------------ arguments

Lang = Annotated[str, Field(description="target language: a folder under docs/source, e.g. ko, zh, ja")]
Doc = Annotated[str, Field(description="one English doc, relative to the language folder, e.g. guides/cli.md")]
ProviderName = Annotated[
    Literal["anthropic", "openai", "hf"] | None,
    Field(description="LLM provider (default: the configured one, or the one whose key is in the server's "
                      "environment)"),
]
DemoProviderName = Annotated[
    Literal["anthropic", "openai", "hf", "pseudo"] | None,
    Field(description="LLM provider (default: the configured one, or the one whose key is in the server's "
                      "environment); pseudo is an offline test double: scrambled letters written as marked "
                      "drafts, never a translation"),
]
"""The provider argument in demo mode (``hfi18n mcp --demo``); without it pseudo is neither listed nor taken:
an agent offered it used it as a free translator (issue 23)."""
Model = Annotated[str | None, Field(description="model name (default: the configured one or the provider's)")]
NoLLM = Annotated[bool, Field(description="keep English titles for new toctree groups instead of asking the LLM")]
TranslatedDocs = Annotated[list[str] | None, Field(description="translated docs relative to the language folder "
                                                               "(default: every doc of the language)")]
EnglishDocs = Annotated[list[str] | None, Field(description="English docs relative to the language folder "
                                                            "(or give next_n)")]
NextN = Annotated[int | None, Field(ge=1, le=200, description="the n most useful docs (instead of docs)")]

ALIASES = {"paths": "docs", "langs": "lang"}
"""Older argument names, still accepted (docs/mcp.md): every tool names one idea one way, ``lang`` for the
language(s) and ``doc``/``docs`` for the doc(s), as the CLI's ``--lang`` and DOCS do. ``check`` took
``paths``, ``status`` ``langs``, ``translate`` ``doc``: an agent that guessed ``docs`` had its argument dropped
and the whole language checked (issue 33)."""
OpenJob = Annotated[str | None, Field(description="the batch job id (default: the latest open job)")]


NO_PROVIDER = "no translation provider is configured"
NEXT_STEP = ("translate the text of every segment following the rules and the glossary, then call "
             "submit_translation with job='{job}' and translations={{segment id: translated text}}")


def _need_docs(docs: list[str] | None, next_n: int | None, what: str) -> None:
    if not docs and not next_n:
        raise ToolError(f"give docs (the docs to {what}) or next_n (the n most useful docs)")

INSTRUCTIONS = """\
hfi18n keeps Hugging Face doc-builder documentation translated, on one repository fixed when this server
started. A typical loop for language L: next_docs (what to translate) -> plan (what it would cost) ->
translate (writes docs/source/L/<doc> only if it passes check; batch_submit + batch_collect do the same at
about half price, within hours) -> check and review -> toctree -> publish (a draft PR for a human to
review). Doc paths are relative to the language folder (guides/cli.md). Keys and tokens come from the
server's environment and are never tool arguments."""

COST_FREE, COST_TOKENS = "free", "COSTS TOKENS"
EFFECTS: dict[str, tuple[str, str, str]] = {
    # tool: (cost, files written, GitHub)
    "status": (COST_FREE, "nothing (a status cache under .git/hfi18n)", "reads open PRs with pulls=true"),
    "next_docs": (COST_FREE, "nothing (a status cache under .git/hfi18n)", "reads open PRs with pulls=true"),
    "check": (COST_FREE, "nothing", "nothing"),
    "plan": (COST_FREE, "nothing", "nothing"),
    "translate": (COST_TOKENS + " at the server's provider (none through sampling: your model answers)",
                  "docs/source/<lang>/<doc>", "nothing"),
    "approve": (COST_FREE, "docs/source/<lang>/<doc> (the notice removed) and its review record "
                "docs/source/<lang>/_review/<doc>.json", "nothing"),
    "toctree": ("free with no_llm=true, else a few tokens for new group titles", "docs/source/<lang>/_toctree.yml",
                "nothing"),
    "publish": ("free with no_llm=true", "a commit on a new local branch",
                "pushes a branch, OPENS A DRAFT PR (nothing with dry_run=true)"),
    "review": (f"free unless llm=true ({COST_TOKENS})", "nothing", "with post=true, posts a review on the PR"),
    "batch_submit": (COST_TOKENS + " (batch price)", "a job file under .git/hfi18n", "nothing"),
    "batch_status": (COST_FREE, "the job files", "nothing"),
    "batch_collect": ("tokens for retries", "docs/source/<lang>/<doc> of the job", "nothing"),
    "batch_cancel": (COST_FREE, "the job file", "nothing"),
    "glossary_lookup": (COST_FREE, "nothing", "nothing"),
    "prepare_translation": (COST_FREE + " (sends nothing; your model translates)", "a job file under .git/hfi18n",
                            "nothing"),
    "submit_translation": (COST_FREE, "docs/source/<lang>/<doc> once every segment passes", "nothing"),
}
"""What each tool costs, writes and does on GitHub: appended to its description, so an agent (and the user
approving its calls) sees it before calling."""


def describe(name: str) -> str:
    cost, files, github = EFFECTS[name]
    return f"{DESCRIPTIONS[name]} [cost: {cost}; writes: {files}; GitHub: {github}]"


READ_ONLY = ToolAnnotations(readOnlyHint=True, destructiveHint=False, openWorldHint=False)
LOCAL_WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False)
AGENT_JOB = ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False)
REMOTE_WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=True)

DESCRIPTIONS = {
    "status": "Translation status of every English doc per language: up to date, outdated (commits and "
              "sections behind; flag base-unknown when no base can be trusted), missing, in progress "
              "(toctree placeholder or open PR), orphaned; coverage "
              "per language. Reads the repository's git history; with pulls=true asks GitHub for the open "
              "translation PRs of the configured upstream (GITHUB_TOKEN optional). No LLM, no cost.",
    "next_docs": "The n most useful docs to translate next in one language (missing ones, and outdated "
                 "ones with update=true), skipping docs an open PR already translates. No LLM, no cost.",
    "check": "Check translated docs against their English source: anchors, code blocks, links, "
             "doc-builder tags and references, headings, untranslated text, mojibake. An outdated "
             "translation is checked against the English it follows, with one 'outdated' finding for the "
             "drift since. Returns the findings with file and line. Reads files and history; no LLM, no cost.",
    "plan": "What translate would send for the given docs, without sending anything: segments, "
            "requests, tokens in and out, and the estimated cost per model. Free; use it before translate.",
    "translate": "Translate ONE English doc into a language and write docs/source/<lang>/<doc>. Sends the "
                 "doc's prose (never code or markup) to the configured LLM provider: this COSTS TOKENS "
                 "(use plan first; max_cost caps it). With no provider configured, asks YOUR model through "
                 "MCP sampling when this client supports it (or use prepare_translation). The file is written "
                 "only if it passes check, or as a marked draft with allow_errors. An existing translation "
                 "is updated only with update=true "
                 "(keeps the human text of unchanged segments), never overwritten. Returns the written path, "
                 "the check summary and the segments that failed (left in English).",
    "approve": "Record a HUMAN reviewer's sign-off of translated docs, as `hfi18n approve` does: call it only when "
               "the person named in by (default: git config user.name of the repository) reviewed the page and "
               "asks for it. Refused for a page with the draft mark or check errors (the errors are returned); "
               "otherwise the page's review record gets the sign-off (who, when, against which English commit) "
               "and the machine-translation notice is removed from the page. Commit both. No LLM, no cost.",
    "toctree": "Add translated docs (default: every translated doc not listed yet) to the language's "
               "_toctree.yml, mirroring the English order and nesting; returns the changes and the "
               "toctree's remaining problems. New group titles are translated by the LLM (a few tokens) "
               "unless no_llm=true.",
    "publish": "Open a DRAFT pull request upstream for ONE translated doc: checks it, commits it and its "
               "toctree entry on a new branch, pushes to the translator's fork and opens the PR with the "
               "community's title and template. Needs GITHUB_TOKEN in the server's environment; writes to "
               "GitHub (a branch on the fork, a PR upstream). Refuses a doc that fails check or already has "
               "an open PR. dry_run=true makes the branch locally and returns the PR's title and body as they "
               "would be posted, sending nothing (no token or fork needed): show it to the human first.",
    "review": "Review translated docs as a language team's reviewer would: every check finding on its line, "
              "omitted or duplicated paragraphs, English left in, glossary terms rendered unlike the other docs; "
              "local docs (docs), or the docs a pull request changes (pr, read through the GitHub API). Free "
              "unless llm=true (an LLM review of each paragraph: COSTS TOKENS). post=true submits the findings as "
              "one review comment on the PR (needs GITHUB_TOKEN; writes to GitHub).",
    "batch_submit": "Submit the translation of English docs as ONE provider batch job (Anthropic Message "
                    "Batches or the OpenAI Batch API): about half the price of translate, answers within hours. "
                    "COSTS TOKENS (use plan first); returns at once with a job id. Nothing is written until "
                    "batch_collect.",
    "batch_status": "The batch jobs of the repository (or one job), polled at the provider when still open. "
                    "No cost.",
    "batch_collect": "Finish a batch job (default: the latest open one): once its batches ended, validate every "
                     "answer, send what failed in a new batch (or interactively with retry_now, at full price) "
                     "and write the docs that pass check, exactly as translate does. Collecting twice writes "
                     "nothing twice.",
    "batch_cancel": "Ask the provider to cancel a batch job's running batches; what already succeeded is kept "
                    "(collect the job afterwards). No cost.",
    "prepare_translation": "Let YOUR OWN model translate ONE English doc (no provider key on the server): returns "
                           "a job id, the segments to translate (prose with ⟦n⟧ placeholders), the rules, the "
                           "language's style and the glossary terms that occur. Translate every segment's text, "
                           "then call submit_translation. An existing translation only with update=true (its human "
                           "segments are kept and not listed).",
    "submit_translation": "Send your translations for a prepare_translation job: an object mapping segment id -> "
                          "translated text (you may send them in several calls). Each is validated like a "
                          "provider's answer (placeholders, wrong language, echo of the English, chatter); the "
                          "verdicts say which to redo and why. Once all pass and the doc passes check, writes "
                          "docs/source/<lang>/<doc> (or a marked draft with allow_errors). Refused if the English "
                          "or the target changed since prepare.",
    "glossary_lookup": "Terms of the shipped glossary of a language: the required translation of each "
                       "English term, or terms kept in English. With text, only the terms occurring in it "
                       "(what a translation request for that text would carry). No cost.",
}


# ---------------------------------------------------------------------------------------- tools


def build_server(repo: Path | str, *, docs_root: str = api.DEFAULT_DOCS_ROOT, demo: bool = False) -> Server:
    """An MCP server whose tools work on ``repo`` only; ``demo``: the ``pseudo`` test double is offered too."""
    root = Path(repo).resolve()
    server = new_server("hfi18n", instructions=INSTRUCTIONS, version=__version__)

    def real_provider(provider: str | None) -> None:
        """Refuse the pseudo test double outside demo mode, also when ``hfi18n.toml`` configures it."""
        if not demo and is_test_double(provider or load_config(root).get("provider")):
            raise ToolError("the configured provider is pseudo, a test double (scrambled letters, never a "
                            "translation): this server offers it only in demo mode (hfi18n mcp --demo); "
                            "configure a real provider (anthropic, openai, hf)")

    def tool(annotations: ToolAnnotations) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            if demo and "provider" in fn.__annotations__:
                fn.__annotations__["provider"] = DemoProviderName
            server.add_tool(fn, name=fn.__name__, description=describe(fn.__name__), annotations=annotations,
                            structured_output=True)
            strict_arguments(server, fn.__name__, ALIASES)
            return fn
        return register

    @tool(READ_ONLY)
    async def status(
        lang: Annotated[list[str] | str | None, Field(description="a language or a list of them (default: every "
                                                                  "language folder)")] = None,
        states: Annotated[list[Literal["up-to-date", "outdated", "missing", "in-progress", "orphaned"]] | None,
                          Field(description="only docs in these states (default: all)")] = None,
        pulls: Annotated[bool, Field(description="look for open translation PRs upstream on GitHub")] = True,
    ) -> out.StatusOutput:
        langs = [lang] if isinstance(lang, str) else lang
        res = await call(api.status, root, langs, docs_root=docs_root, pulls=pulls)
        rows = [r for r in res.to_json() if not states or r["state"] in states]
        report = res.report
        return output(out.StatusOutput, {
            "head": report.head, "pr_note": res.pr_note, "docs": rows,
            "languages": [report.summaries[lg].to_json() for lg in report.languages if lg in report.summaries]})

    @tool(READ_ONLY)
    async def next_docs(
        lang: Lang,
        n: Annotated[int, Field(ge=1, le=200, description="how many docs")] = 10,
        update: Annotated[bool, Field(description="include outdated translations, not only missing ones")] = False,
        pulls: Annotated[bool, Field(description="skip docs an open upstream PR translates (asks GitHub)")] = True,
    ) -> out.NextDocsOutput:
        res = await call(api.next_docs, root, lang, n, update=update, docs_root=docs_root, pulls=pulls)
        return output(out.NextDocsOutput, {"lang": res.lang, "pr_note": res.pr_note, "docs": res.to_json()})

    @tool(READ_ONLY)
    async def check(
        lang: Lang,
        docs: TranslatedDocs = None,
    ) -> out.CheckOutput:
        res = await call(api.check, root, lang, docs or [], docs_root=docs_root)
        return output(out.CheckOutput, out.check_summary(res.to_json(), res.files))

    @tool(READ_ONLY)
    async def plan(
        lang: Lang,
        docs: EnglishDocs = None,
        next_n: NextN = None,
        update: Annotated[bool, Field(description="plan incremental updates of existing translations")] = False,
        provider: ProviderName = None,
        model: Model = None,
    ) -> out.PlanOutput:
        _need_docs(docs, next_n, "plan")
        res = await call(api.plan, root, lang, docs or [], next_n=next_n, update=update, provider=provider,
                         model=model, docs_root=docs_root)
        data = res.to_json()
        # with no provider configured the estimate is made with the pseudo test double, which this server
        # offers only in demo mode: the model is none, the per-model costs say what each would cost
        shown = res.model if demo or not is_test_double(str(res.model or "").split("/")[0]) else None
        data.update(model=shown, skipped=[{"path": s.en_rel, "reason": s.reason} for s in res.skipped])
        return output(out.PlanOutput, data)

    @tool(REMOTE_WRITE)
    async def translate(
        ctx: Context,
        lang: Lang,
        doc: Doc,
        update: Annotated[bool, Field(description="update an existing (outdated) translation incrementally")] = False,
        allow_errors: Annotated[bool, Field(description="write a marked draft even if check finds errors")] = False,
        provider: ProviderName = None,
        model: Model = None,
        max_cost: Annotated[float | None, Field(ge=0, description="stop sending requests past this many US dollars")]
        = None,
        concurrency: Annotated[int, Field(ge=1, le=16, description="requests to the provider in flight at once")] = 4,
        second_model: Annotated[str | None, Field(description="a second model of the same provider drafts the "
                                                              "segments too (COSTS TOKENS again); where the first "
                                                              "draft breaks the team's style or glossary, or the "
                                                              "two disagree strongly, its draft is returned beside "
                                                              "the first for the translator to pick")] = None,
        new_language: Annotated[bool, Field(description="start the folder of a language the repository has none "
                                                        "of yet (otherwise refused: lang='kr' is a typo of ko)")]
        = False,
    ) -> out.TranslateOutput:
        real_provider(provider)
        cancel = threading.Event()
        sample = client_sampler(ctx) if provider is None else None  # used when no provider is configured
        try:
            res = await with_progress(ctx, api.translate, root, lang, [doc], update=update,
                                      allow_errors=allow_errors, provider=provider, model=model, max_cost=max_cost,
                                      concurrency=concurrency, docs_root=docs_root, cancel=cancel, sample=sample,
                                      new_language=new_language, second_model=second_model)
        except ToolError as exc:
            if provider is None and sample is None and NO_PROVIDER in str(exc):
                raise ToolError(f"{exc}\nhint: here, with no key on the server, translate with your own model: "
                                "call prepare_translation, then submit_translation") from None
            raise
        if not res.docs:
            reasons = "; ".join(f"{s.en_rel}: {s.reason}" for s in res.skipped) or "nothing to translate"
            raise ToolError(redact(f"not translated: {reasons}\nhint: here, call translate with update=true to "
                                   "update an existing translation (the human text of unchanged segments is kept)"))
        d, s = res.docs[0], res.stats
        upd = res.updates.get(d.path)
        return output(out.TranslateOutput, {
            **out.doc_result(root, d), "model": res.model, "segments": s.segments,
            "from_memory": s.cache_hits, "duplicates": s.duplicates, "translated": s.translated,
            "requests": s.requests,
            "tokens_in": s.tokens_in, "tokens_out": s.tokens_out,
            "cost_usd": round(s.cost_usd, 6) if s.cost_known else None, "cancelled": res.cancelled,
            "update": {"kept": upd.kept, "changed": upd.changed, "removed": upd.removed} if upd else None,
            "second_model": res.to_json()["second_model"], "second_drafts": d.second_drafts})

    @tool(LOCAL_WRITE)
    async def approve(
        lang: Lang,
        docs: Annotated[list[str], Field(min_length=1, description="translated docs to sign off, relative to the "
                                                                  "language folder (English paths name their "
                                                                  "twin)")],
        by: Annotated[str | None, Field(description="who signs off: the human reviewer's name (default: git "
                                                    "config user.name of the repository)")] = None,
    ) -> out.ApproveOutput:
        res = await call(api.approve, root, lang, docs, by=by, docs_root=docs_root)
        return output(out.ApproveOutput, {**res.to_json(), "ok": res.exit_code == 0})

    @tool(LOCAL_WRITE)
    async def toctree(
        lang: Lang,
        docs: Annotated[list[str] | None, Field(description="translated docs to add (default: every one "
                                                            "not listed yet)")] = None,
        no_llm: NoLLM = False,
        dry_run: Annotated[bool, Field(description="report the changes without writing the file")] = False,
        provider: ProviderName = None,
        model: Model = None,
    ) -> out.ToctreeOutput:
        if not no_llm:
            real_provider(provider)
        res = await call(api.toctree, root, lang, docs or [], docs_root=docs_root, no_llm=no_llm, provider=provider,
                         model=model, dry_run=dry_run)
        problems = await call(api.toctree_check, root, lang, docs_root=docs_root)
        return output(out.ToctreeOutput, {"written": res.written, "changes": res.to_json(),
                                          "problems": problems.to_json()})

    @tool(REMOTE_WRITE)
    async def publish(
        lang: Lang,
        doc: Doc,
        fork: Annotated[str | None, Field(description="the translator's fork, owner/name (default: "
                                                      "github.fork of hfi18n.toml)")] = None,
        upstream: Annotated[str | None, Field(description="the upstream repository, owner/name (default: "
                                                          "github.upstream of hfi18n.toml)")] = None,
        no_llm: NoLLM = False,
        provider: ProviderName = None,
        model: Model = None,
        dry_run: Annotated[bool, Field(description="make the branch and commits locally and return the PR title "
                                                   "and body; push nothing, post nothing")] = False,
    ) -> out.PublishOutput:
        if not no_llm:
            real_provider(provider)
        res = await call(api.publish, root, lang, doc, docs_root=docs_root, fork=fork, upstream=upstream,
                         no_llm=no_llm, provider=provider, model=model, dry_run=dry_run)
        return output(out.PublishOutput, res.to_json())

    @tool(REMOTE_WRITE)
    async def review(
        lang: Annotated[str | None, Field(description="language of the docs (needed for local docs; with pr, "
                                                      "default: every language the PR changes)")] = None,
        docs: TranslatedDocs = None,
        pr: Annotated[str | None, Field(description="a pull request to review instead: OWNER/REPO#N or its URL")]
        = None,
        post: Annotated[bool, Field(description="post the findings as one review comment on the PR")] = False,
        llm: Annotated[bool, Field(description="also ask the LLM to review each paragraph (costs tokens)")] = False,
        provider: ProviderName = None,
        model: Model = None,
    ) -> out.ReviewOutput:
        if pr is None and lang is None:
            raise ToolError("give lang (to review local docs) or pr (to review a pull request)")
        res = await call(api.review, root, lang, docs or [], pr=pr, post=post, llm=llm, provider=provider,
                         model=model, docs_root=docs_root)
        return output(out.ReviewOutput, res.to_json())

    @tool(REMOTE_WRITE)
    async def batch_submit(
        lang: Lang,
        docs: EnglishDocs = None,
        next_n: NextN = None,
        update: Annotated[bool, Field(description="update existing (outdated) translations incrementally")] = False,
        allow_errors: Annotated[bool, Field(description="write marked drafts even if check finds errors")] = False,
        provider: ProviderName = None,
        model: Model = None,
    ) -> out.BatchJobOutput:
        _need_docs(docs, next_n, "translate")
        res = await call(api.batch_submit, root, lang, docs or [], next_n=next_n, update=update,
                         allow_errors=allow_errors, provider=provider, model=model, docs_root=docs_root)
        return output(out.BatchJobOutput, out.batch_job(root, res))

    @tool(READ_ONLY)
    async def batch_status(
        job: Annotated[str | None, Field(description="one batch job id (default: every job)")] = None,
    ) -> out.BatchStatusOutput:
        res = await call(api.batch_status, root, job, docs_root=docs_root)
        return output(out.BatchStatusOutput, {"jobs": [out.batch_job(root, r) for r in res]})

    @tool(REMOTE_WRITE)
    async def batch_collect(
        ctx: Context,
        job: OpenJob = None,
        retry_now: Annotated[bool, Field(description="retry failed segments interactively now (full price) "
                                                     "instead of in a new batch")] = False,
    ) -> out.BatchJobOutput:
        res = await with_progress(ctx, api.batch_collect, root, job, retry_now=retry_now, docs_root=docs_root)
        return output(out.BatchJobOutput, out.batch_job(root, res))

    @tool(REMOTE_WRITE)
    async def batch_cancel(
        job: OpenJob = None,
    ) -> out.BatchJobOutput:
        res = await call(api.batch_cancel, root, job, docs_root=docs_root)
        return output(out.BatchJobOutput, out.batch_job(root, res))

    @tool(AGENT_JOB)
    async def prepare_translation(
        lang: Lang,
        doc: Doc,
        update: Annotated[bool, Field(description="update an existing (outdated) translation: only the segments "
                                                  "whose English changed are listed")] = False,
    ) -> out.PrepareOutput:
        res = await call(api.prepare_translation, root, lang, doc, update=update, docs_root=docs_root)
        return output(out.PrepareOutput, {**res.to_json(), "next_step": NEXT_STEP.format(job=res.job)})

    @tool(AGENT_JOB)
    async def submit_translation(
        job: Annotated[str, Field(description="the job id prepare_translation returned")],
        translations: Annotated[dict[str, str], Field(description="segment id -> translated text (placeholders "
                                                                  "kept); all at once or in several calls")],
        allow_errors: Annotated[bool, Field(description="write a marked draft even with segments rejected "
                                                        "(left in English) or check errors")] = False,
    ) -> out.SubmitOutput:
        res = await call(api.submit_translation, root, job, translations, allow_errors=allow_errors,
                         docs_root=docs_root)
        return output(out.SubmitOutput, res.to_json())

    @tool(READ_ONLY)
    async def glossary_lookup(
        lang: Lang,
        text: Annotated[str | None, Field(description="only the terms occurring in this English text")] = None,
        terms: Annotated[list[str] | None, Field(description="only these English terms")] = None,
    ) -> out.GlossaryOutput:
        res = await call(api.glossary_lookup, lang, text, terms=terms or [])
        data = res.to_json()
        data.update(total=res.total, prompt=res.prompt)
        return output(out.GlossaryOutput, data)

    return server
