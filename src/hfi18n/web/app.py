"""The Gradio app: a translator's whole loop on one page, over :mod:`hfi18n.api` only.

1. **Status**: repository and language -> coverage per language, the ranked "translate next" list,
   outdated docs (commits and sections behind), docs claimed by open PRs (links);
2. **Translate**: the doc picked (the first "next" one by default) is translated with live progress;
   provider, model and key fields (the key is used for the call and never stored, logged or shown);
   ``pseudo`` works offline; Stop cancels through the API's cancel event;
3. **Review**: each English segment beside its translation, check findings on the segments they
   concern, glossary terms marked with the expected rendering; edit a segment and it is re-checked at
   once; an update shows which human segments were kept and what the English changed;
4. **Write & publish**: write the file (check must pass, or "write as a marked draft"), add it to the
   toctree, open the draft PR (GitHub token, fork, upstream) -> the PR link.

Every step is a named endpoint (``api_name``) a ``gradio_client`` script can call; the draft travels as
JSON (:func:`draft_state`), so scripts hold it as the page does. Errors show the CLI's message and hint
(:func:`hfi18n.errors.human_message`), never a traceback.
"""

from __future__ import annotations

import functools
import html
import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import gradio as gr

from .. import api
from ..config import Config
from ..errors import InputError, human_message
from . import render
from .workspace import Workspace

PROVIDERS = ("pseudo", "anthropic", "openai", "hf")
TITLE = "hfi18n: translate the Hugging Face docs"


def _human(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Run a handler; any error becomes a ``gr.Error`` with the CLI's message and hint (escaped)."""

    def error(exc: BaseException) -> gr.Error:
        message, hint = human_message(exc)
        # gr.Error renders HTML: escape <, > and & (quotes are harmless in text); one line for API clients too
        text = html.escape(message, quote=False) + (f" — hint: {html.escape(hint, quote=False)}" if hint else "")
        return gr.Error(text, duration=None, title="hfi18n", print_exception=False)

    if _is_generator(fn):
        @functools.wraps(fn)
        def gen_wrapper(*args: Any, **kwargs: Any) -> Iterator[Any]:
            try:
                yield from fn(*args, **kwargs)
            except gr.Error:
                raise
            except Exception as exc:  # noqa: BLE001 - the handler's one catch: a human message
                raise error(exc) from None
        return gen_wrapper

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except gr.Error:
            raise
        except Exception as exc:  # noqa: BLE001 - the handler's one catch: a human message
            raise error(exc) from None
    return wrapper


def _is_generator(fn: Callable[..., Any]) -> bool:
    import inspect

    return inspect.isgeneratorfunction(fn)


def draft_state(lang: str, doc: str, review: api.DraftReview, *, update: bool, force: bool,
                edited: Sequence[str] = ()) -> dict[str, Any]:
    """What the page (or a script) holds between steps: the doc, how it was selected, the segment
    translations in display form (code spans and links written out, as the translator edits them), which
    ones the translator edited, and the snapshot of the target the draft was made from."""
    return {"lang": lang, "doc": doc, "update": update, "force": force, "before": review.before,
            "translations": {s.id: s.translation for s in review.segments if s.translation},
            "edited": sorted(set(edited)), "ok": review.ok, "errors": review.errors, "target": review.target}


def _draft_args(state: dict[str, Any] | None) -> tuple[str, str, bool, bool, dict[str, str]]:
    if not state or not state.get("doc"):
        raise InputError("no translation to review yet", hint="translate a doc first (step 2)")
    return (str(state.get("lang") or "ko"), str(state["doc"]), bool(state.get("update")), bool(state.get("force")),
            {str(k): str(v) for k, v in (state.get("translations") or {}).items()})


class _Runs:
    """The cancel event of each browser session's running translation (what Stop sets)."""

    def __init__(self) -> None:
        self._events: dict[str, threading.Event] = {}
        self._lock = threading.Lock()

    def start(self, key: str) -> threading.Event:
        with self._lock:
            event = self._events[key] = threading.Event()
        return event

    def stop(self, key: str) -> bool:
        with self._lock:
            event = self._events.get(key)
        if event is None:
            return False
        event.set()
        return True

    def end(self, key: str, event: threading.Event) -> None:
        with self._lock:
            if self._events.get(key) is event:
                del self._events[key]


def _session(request: gr.Request | None) -> str:
    return (getattr(request, "session_hash", None) or "default") if request is not None else "default"


class WebApp:
    """The handlers, on plain values: each one is a step of the page and a named API endpoint."""

    def __init__(self, workspace: Workspace) -> None:
        self.ws = workspace
        self.runs = _Runs()
        self._last_status: dict[str, api.StatusResult] = {}
        """Repository name -> its last status, so picking a doc needs no second status run."""

    # -- 1. status ---------------------------------------------------------------------------------

    def clone(self, url: str) -> tuple[Any, str]:
        """Clone (or update) a repository given as owner/name or an https:// URL into the server's storage."""
        name, result = self.ws.clone(url)
        note = (f"{result.note} {result.url} into `{name}`: every commit of the default branch, and "
                f"{result.fetched_versions} past versions of the docs fetched in one batch")
        return gr.Dropdown(choices=self.ws.names(), value=name), note

    def status(self, repo: str, lang: str, secrets: dict[str, str] | None = None) -> tuple[str, Any, dict[str, Any]]:
        """Coverage per language, the ranked docs to translate next, outdated docs and docs claimed by open PRs
        (found with the GitHub token, when there is one)."""
        path = self.ws.path(repo)
        lang = (lang or "ko").strip()
        result = api.status(path, None, config=self.ws.config(path, github_token=(secrets or {}).get("github_token")))
        self._last_status[repo] = result
        if lang not in result.report.languages:
            raise InputError(f"no docs folder for language {lang!r}",
                             hint="languages here: " + (", ".join(result.report.languages) or "none"))
        ranked = result.report.ranked(lang)
        choices = [(f"{d.path} · {d.state}" + (f" · {d.commits_behind} commit(s) behind" if d.state == "outdated"
                                                else ""), d.path) for d in ranked]
        data = {"lang": lang, "coverage": [s.to_json() for s in result.report.summaries.values()],
                "next": [_row(i, d) for i, d in enumerate(ranked[:20], 1)], "pr_note": result.pr_note}
        first = ranked[0].path if ranked else None
        return (render.dashboard(result, lang), gr.Dropdown(choices=choices, value=first), data)

    def pick(self, repo: str, lang: str, doc: str) -> tuple[bool, bool, str]:
        """How to translate ``doc``: an outdated translation is updated (human segments kept); a missing one
        is new; an up-to-date one is only replaced when asked (force, with a backup)."""
        if not doc:
            return False, False, ""
        path = self.ws.path(repo)
        known = self._last_status.get(repo)
        if known is None or lang not in known.report.languages:
            known = api.status(path, [lang], pulls=False, config=self.ws.config(path))
        found = [d for d in known.report.for_lang(lang) if d.path == doc]
        if not found:
            return False, False, f"`{doc}` is not an English doc of this repository"
        d = found[0]
        if d.state == "outdated":
            return True, False, (f"`{doc}` is **outdated** ({d.commits_behind} commit(s) behind): an update keeps "
                                 "every human segment whose English did not change and translates the rest.")
        if d.state == "missing":
            return False, False, f"`{doc}` has no translation yet: a new translation."
        claimed = ", ".join(x for x in d.in_progress) or ""
        return False, False, (f"`{doc}` is **{d.state}**" + (f" ({claimed})" if claimed else "") +
                              ": tick *replace* to translate it again (the current file is backed up).")

    # -- 2. translate ------------------------------------------------------------------------------

    def translate(self, repo: str, lang: str, doc: str, update: bool, force: bool, provider: str, model: str,
                  base_url: str, secrets: dict[str, str] | None = None, request: gr.Request | None = None,
                  progress: gr.Progress = gr.Progress()) -> Iterator[tuple[Any, ...]]:
        """Translate one doc without writing it; yields progress lines, then the draft for review."""
        if not doc:
            raise InputError("no doc picked", hint="pick a doc in the list (step 1)")
        path = self.ws.path(repo)
        provider = provider or "pseudo"
        cfg = self.ws.config(path, provider=provider, api_key=(secrets or {}).get("api_key"))
        cancel = self.runs.start(_session(request))
        done = total = 0
        log: list[str] = [f"translating {doc} into {lang} with {provider}" + (f" ({model})" if model else "")]
        result: api.TranslateResult | None = None
        try:
            for item in _in_thread(lambda events: api.translate(
                    path, lang, [doc], update=update, force=force, provider=provider, model=model or None,
                    base_url=base_url or None, config=cfg, progress=events, cancel=cancel, write=False)):
                if not isinstance(item, api.ProgressEvent):
                    result = item
                    continue
                if item.kind is api.ProgressKind.START:
                    total += item.total
                    log.append(f"{item.doc}: {item.total} segment(s) to translate")
                elif item.kind is api.ProgressKind.SEGMENTS:
                    done += item.done
                elif item.message:
                    log.append(f"{item.doc}: {item.message}" if item.doc else item.message)
                if total:
                    progress((min(done, total), total), desc=f"{doc}: segments", unit="segments")
                yield ("\n".join(log + [f"{done}/{total} segments"]), gr.skip(), gr.skip(), gr.skip(), gr.skip())
        finally:
            self.runs.end(_session(request), cancel)
        assert result is not None
        if result.skipped:
            raise InputError(f"{result.skipped[0].en_rel}: {result.skipped[0].reason}")
        s = result.stats
        log.append(f"{s.segments} segment(s): {s.cache_hits} from memory, {s.translated} translated, "
                   f"{s.failed_segments} failed, {s.requests} request(s), {s.tokens_in}+{s.tokens_out} tokens"
                   + (f", ${s.cost_usd:.4f}" if s.cost_known and s.cost_usd else ""))
        if result.cancelled:
            log.append("stopped: finished segments are in the translation memory; translate again to resume")
        translations = result.docs[0].translations if result.docs else {}
        review = api.draft(path, lang, doc, translations, update=update, force=force)
        state = draft_state(lang, doc, review, update=update, force=force)
        yield ("\n".join(log), state, render.review(review), self._segment_choices(review),
               gr.Tabs(selected="review"))

    def plan(self, repo: str, lang: str, doc: str, update: bool, force: bool, provider: str, model: str,
             base_url: str, secrets: dict[str, str] | None = None) -> str:
        """What translating ``doc`` would send and cost (segments, requests, tokens, dollars); sends nothing."""
        if not doc:
            raise InputError("no doc picked", hint="pick a doc in the list (step 1)")
        path = self.ws.path(repo)
        provider = provider or "pseudo"
        cfg = self.ws.config(path, provider=provider, api_key=(secrets or {}).get("api_key"))
        result = api.plan(path, lang, [doc], update=update, force=force, provider=provider, model=model or None,
                          base_url=base_url or None, config=cfg)
        if result.skipped:
            raise InputError(f"{result.skipped[0].en_rel}: {result.skipped[0].reason}")
        e = result.estimate
        costs = ", ".join(f"{m}: ${c:.4f}" for m, c in e.costs.items() if c is not None) or "unknown"
        return (f"**{e.segments}** segment(s) ({e.cached} from memory), {e.requests} request(s), about "
                f"{e.tokens_in:,} tokens in and {e.tokens_out:,} out; cost: {costs}")

    def stop(self, request: gr.Request | None = None) -> str:
        """Stop this session's translation after the requests in flight (finished segments are kept)."""
        if self.runs.stop(_session(request)):
            return "stopping after the requests in flight…"
        return "nothing is running"

    # -- 3. review ---------------------------------------------------------------------------------

    @staticmethod
    def _segment_choices(review: api.DraftReview) -> Any:
        choices = [(f"{s.id} (line {s.target_line}){' ⚠' if any(f.severity == 'error' for f in s.findings) else ''}: "
                    f"{s.english[:60]}", s.id) for s in review.segments]
        bad = next((s.id for s in review.segments if any(f.severity == "error" for f in s.findings)), None)
        return gr.Dropdown(choices=choices, value=bad or (review.segments[0].id if review.segments else None))

    def check(self, repo: str, state: dict[str, Any]) -> tuple[dict[str, Any], str]:
        """Re-check the draft (the translations as they are now); nothing is written."""
        lang, doc, update, force, translations = _draft_args(state)
        review = api.draft(self.ws.path(repo), lang, doc, translations, update=update, force=force)
        new = draft_state(lang, doc, review, update=update, force=force, edited=state.get("edited", ()))
        new["before"] = state.get("before") or review.before
        return new, render.review(review, set(new["edited"]))

    def segment(self, state: dict[str, Any], segment: str) -> str:
        """The current translation of one segment (what the editor shows)."""
        _, _, _, _, translations = _draft_args(state)
        return translations.get(segment, "")

    def edit(self, repo: str, state: dict[str, Any], segment: str, text: str) -> tuple[dict[str, Any], str]:
        """Replace one segment's translation and re-check the draft at once."""
        lang, doc, update, force, translations = _draft_args(state)
        if not segment:
            raise InputError("no segment chosen", hint="choose the segment to edit in the list")
        translations[segment] = text
        edited = {*state.get("edited", ()), segment}
        return self.check(repo, {**state, "translations": translations, "edited": sorted(edited)})

    # -- 4. write, toctree, publish ----------------------------------------------------------------

    def write(self, repo: str, state: dict[str, Any], allow_draft: bool) -> str:
        """Write the reviewed translation: only if check passes, or as a marked draft when ``allow_draft``."""
        lang, doc, update, force, translations = _draft_args(state)
        out = api.write_draft(self.ws.path(repo), lang, doc, translations, update=update, force=force,
                              allow_errors=bool(allow_draft), expect=state.get("before") or None)
        rel = _rel(self.ws.path(repo), Path(out.target))
        text = f"**written** `{rel}`" + (" as a **marked draft** (finish it, then delete the mark line)" if out.draft else "")
        if out.backup:
            text += f"; the replaced file is backed up in `{out.backup}`"
        return text

    def toctree(self, repo: str, lang: str, doc: str, keep_english: bool, provider: str, model: str, base_url: str,
                secrets: dict[str, str] | None = None) -> str:
        """Add the doc to the language's _toctree.yml where English lists it (new section titles translated
        by the provider unless ``keep_english``)."""
        path = self.ws.path(repo)
        provider = provider or "pseudo"
        cfg = self.ws.config(path, provider=provider, api_key=(secrets or {}).get("api_key"))
        result = api.toctree(path, lang, [doc], no_llm=bool(keep_english), provider=provider, model=model or None,
                             base_url=base_url or None, config=cfg)
        if not result.changes:
            return "nothing to add: the doc is listed already"
        lines = [f"- `{c.local}`: {c.action}" + (f" as “{c.title}”" if c.title else "") +
                 (f" (line {c.line})" if c.line else "") for c in result.changes]
        return ("**toctree updated**\n" if result.written else "**toctree unchanged**\n") + "\n".join(lines)

    def publish(self, repo: str, lang: str, doc: str, fork: str, upstream: str,
                secrets: dict[str, str] | None = None) -> Iterator[str]:
        """Push the translation (and its toctree entry) to the fork and open a draft PR upstream; yields
        the steps as they happen, then the PR link."""
        path = self.ws.path(repo)
        cfg = self.ws.config(path, github_token=(secrets or {}).get("github_token"))
        steps: list[str] = []
        result = None
        for item in _in_thread(lambda progress: api.publish(path, lang, doc, fork=fork or None,
                                                            upstream=upstream or None, config=cfg, no_llm=True,
                                                            progress=progress)):
            if isinstance(item, api.ProgressEvent):
                steps.append(f"- {item.message}")
                yield "\n".join(steps)
            else:
                result = item
        assert result is not None
        yield (f"**draft PR opened**: [{html.escape(result.title)}]({result.url}) "
               f"(branch `{result.branch}`, {len(result.commits)} commit(s))")

    def glossary(self, lang: str, text: str) -> dict[str, Any]:
        """The glossary terms of ``text`` and how ``lang`` renders them."""
        return api.glossary_lookup(lang or "ko", text or None).to_json()


def _in_thread(call: Callable[[Callable[[api.ProgressEvent], None]], Any]) -> Iterator[Any]:
    """Run ``call(progress)`` in a thread; yield its progress events as they come, then its result (or
    raise its error here)."""
    events: queue.Queue[Any] = queue.Queue()
    done: dict[str, Any] = {}

    def run() -> None:
        try:
            done["result"] = call(events.put)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller's thread
            done["error"] = exc

    worker = threading.Thread(target=run, name="hfi18n-web", daemon=True)
    worker.start()
    while worker.is_alive() or not events.empty():
        try:
            yield events.get(timeout=0.25)
        except queue.Empty:
            continue
    worker.join()
    if "error" in done:
        raise done["error"]
    yield done["result"]


def _row(rank: int, d: Any) -> dict[str, Any]:
    """A status row for JSON output, ``path`` renamed ``doc`` (``gradio_client`` takes a dict with a
    ``path`` key for a file to download)."""
    row = d.to_json()
    return {"rank": rank, "doc": row.pop("path"), **row}


def _rel(repo: Path, path: Path) -> str:
    try:
        return path.resolve().relative_to(repo.resolve()).as_posix()
    except ValueError:
        return path.name


def _remember(api_key: str, github_token: str) -> dict[str, str]:
    """The secrets typed in the page, held for the one call that follows (never sent back to the page)."""
    return {k: v.strip() for k, v in (("api_key", api_key or ""), ("github_token", github_token or "")) if v.strip()}


def _forget() -> dict[str, str]:
    """Drop the secrets once the call that needed them is over (it ran, failed or was stopped)."""
    return {}


def build_app(repos: Sequence[Path | str] | Path | str | None = None, *, storage: Path | str | None = None,
              config: Config | None = None, allow_local_urls: bool = False, default_lang: str = "ko",
              default_url: str = "", default_provider: str | None = None) -> gr.Blocks:
    """The web app over ``repos`` (checkouts served as they are) and/or clones in ``storage``.

    ``config``: settings used instead of each repository's ``hfi18n.toml``; ``default_url``: the
    repository URL the clone field starts with (a Space's ``HFI18N_REPO_URL``); ``default_provider``:
    the provider the page starts with (default: the config's ``provider``, else ``pseudo``).
    """
    if isinstance(repos, (str, Path)):
        repos = [repos]
    ws = Workspace(repos or (), storage=storage, config=config, allow_local_urls=allow_local_urls)
    web = WebApp(ws)
    names = ws.names()
    h = _human
    if default_provider is None:
        cfg = ws.config(ws.path(names[0])) if names and not ws.can_clone else (config or Config())
        default_provider = str(cfg.get("provider") or "pseudo")

    with gr.Blocks(title=TITLE, analytics_enabled=False) as demo:
        gr.HTML(f"<style>{render.CSS}</style>")
        gr.Markdown(f"# {TITLE}\nStatus → translate → review → write → toctree → draft PR, one doc at a time. "
                    "Every step is also an API endpoint (see “Use via API” below).")
        secrets = gr.State({}, time_to_live=600)  # emptied after each call (_forget); the TTL is a backstop
        with gr.Row():
            repo = gr.Dropdown(names, value=names[0] if names else None, label="Repository", scale=2,
                               elem_id="hf-repo")
            lang = gr.Textbox(default_lang, label="Language", max_lines=1, scale=1, elem_id="hf-lang")
            gh_token = gr.Textbox("", label="GitHub token (optional: open PRs, draft PR; never stored or shown)",
                                  type="password", scale=2, elem_id="hf-gh-token")
            status_btn = gr.Button("Show status", variant="primary", scale=1, elem_id="hf-status-btn")
        if ws.can_clone:
            with gr.Row():
                url = gr.Textbox(default_url, label="Repository URL (owner/name or https://…)", scale=3,
                                 elem_id="hf-url")
                clone_btn = gr.Button("Clone / update", scale=1, elem_id="hf-clone-btn")
            clone_note = gr.Markdown(elem_id="hf-clone-note")
        with gr.Tabs(selected="status") as tabs:
            with gr.Tab("1 · Status", id="status", elem_id="hf-tab-status"):
                dashboard = gr.HTML("<p>Choose the repository and the language, then <b>Show status</b>.</p>",
                                    elem_id="hf-dashboard")
                with gr.Accordion("Status data (JSON)", open=False):
                    status_json = gr.JSON(elem_id="hf-status-json")
            with gr.Tab("2 · Translate", id="translate", elem_id="hf-tab-translate"):
                with gr.Row():
                    doc = gr.Dropdown([], label="Doc (ranked: most useful first)", allow_custom_value=True,
                                      scale=3, elem_id="hf-doc")
                    update = gr.Checkbox(False, label="update (keep human segments)", elem_id="hf-update")
                    force = gr.Checkbox(False, label="replace existing (backup kept)", elem_id="hf-force")
                doc_note = gr.Markdown(elem_id="hf-doc-note")
                with gr.Row():
                    provider = gr.Dropdown(list(PROVIDERS), value=default_provider, label="Provider", elem_id="hf-provider")
                    model = gr.Textbox("", label="Model (empty: the provider's default)", elem_id="hf-model")
                    base_url = gr.Textbox("", label="Base URL (OpenAI-compatible servers)", elem_id="hf-base-url")
                    api_key = gr.Textbox("", label="API key (used for this call only, never stored or shown)",
                                         type="password", elem_id="hf-api-key")
                with gr.Row():
                    plan_btn = gr.Button("Estimate the cost", elem_id="hf-plan-btn")
                    translate_btn = gr.Button("Translate", variant="primary", elem_id="hf-translate-btn")
                    stop_btn = gr.Button("Stop", variant="stop", elem_id="hf-stop-btn")
                plan_note = gr.Markdown(elem_id="hf-plan-note")
                log = gr.Textbox(label="Progress", lines=6, max_lines=12, interactive=False, elem_id="hf-log")
            with gr.Tab("3 · Review", id="review", elem_id="hf-tab-review"):
                review_html = gr.HTML("<p>Translate a doc first.</p>", elem_id="hf-review")
                with gr.Row():
                    segment = gr.Dropdown([], label="Segment to edit", scale=2, elem_id="hf-segment")
                    check_btn = gr.Button("Check again", scale=1, elem_id="hf-check-btn")
                seg_text = gr.Textbox(label="Translation of the segment", lines=3, elem_id="hf-seg-text")
                edit_btn = gr.Button("Apply edit and re-check", variant="primary", elem_id="hf-edit-btn")
                with gr.Accordion("Draft data (JSON, what scripts pass between steps)", open=False):
                    draft = gr.JSON(elem_id="hf-draft")
            with gr.Tab("4 · Write & publish", id="publish", elem_id="hf-tab-publish"):
                with gr.Row():
                    allow_draft = gr.Checkbox(False, label="write as a marked draft even if check fails",
                                              elem_id="hf-allow-draft")
                    write_btn = gr.Button("Write the file", variant="primary", elem_id="hf-write-btn")
                write_note = gr.Markdown(elem_id="hf-write-note")
                with gr.Row():
                    keep_english = gr.Checkbox(True, label="keep English titles for new toctree sections",
                                               elem_id="hf-keep-english")
                    toc_btn = gr.Button("Add to the toctree", elem_id="hf-toc-btn")
                toc_note = gr.Markdown(elem_id="hf-toc-note")
                with gr.Row():
                    fork = gr.Textbox("", label="Your fork (owner/name; empty: the config's)", elem_id="hf-fork")
                    upstream = gr.Textbox("", label="Upstream (owner/name; empty: the config's)",
                                          elem_id="hf-upstream")
                pr_btn = gr.Button("Open the draft PR", variant="primary", elem_id="hf-pr-btn")
                pr_note = gr.Markdown(elem_id="hf-pr-note")
        with gr.Accordion("Glossary lookup", open=False):
            with gr.Row():
                gloss_text = gr.Textbox("", label="English text", scale=3)
                gloss_btn = gr.Button("Look up", scale=1)
            gloss_out = gr.JSON()

        def with_secrets(button: gr.Button, fn: Callable[..., Any], inputs: list[Any], outputs: list[Any],
                         **kw: Any) -> None:
            """``button`` runs ``fn`` with the secrets typed in the page, then forgets them. The secrets pass
            through a session State, so they are no endpoint argument (scripts and MCP clients use the
            server's environment)."""
            private = {"queue": False, "api_visibility": "private"}
            button.click(_remember, [api_key, gh_token], secrets, **private).then(
                fn, inputs, outputs, **kw).then(_forget, None, secrets, **private)

        if ws.can_clone:
            clone_btn.click(h(web.clone), [url], [repo, clone_note], api_name="clone")
        with_secrets(status_btn, h(web.status), [repo, lang, secrets], [dashboard, doc, status_json],
                     api_name="status")
        doc.change(h(web.pick), [repo, lang, doc], [update, force, doc_note], api_name="pick")
        with_secrets(translate_btn, h(web.translate),
                     [repo, lang, doc, update, force, provider, model, base_url, secrets],
                     [log, draft, review_html, segment, tabs], api_name="translate", concurrency_limit=4)
        with_secrets(plan_btn, h(web.plan), [repo, lang, doc, update, force, provider, model, base_url, secrets],
                     [plan_note], api_name="plan")
        stop_btn.click(web.stop, None, [log], api_name="stop", queue=False)
        check_btn.click(h(web.check), [repo, draft], [draft, review_html], api_name="check")
        segment.change(h(web.segment), [draft, segment], [seg_text], api_name="segment")
        edit_btn.click(h(web.edit), [repo, draft, segment, seg_text], [draft, review_html], api_name="edit")
        write_btn.click(h(web.write), [repo, draft, allow_draft], [write_note], api_name="write")
        with_secrets(toc_btn, h(web.toctree), [repo, lang, doc, keep_english, provider, model, base_url, secrets],
                     [toc_note], api_name="toctree")
        with_secrets(pr_btn, h(web.publish), [repo, lang, doc, fork, upstream, secrets], [pr_note],
                     api_name="publish")
        gloss_btn.click(h(web.glossary), [lang, gloss_text], [gloss_out], api_name="glossary")
    demo.queue(default_concurrency_limit=1)
    return demo
