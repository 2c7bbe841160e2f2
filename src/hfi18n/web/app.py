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

This module lays the page out and wires the events; the handlers are :mod:`.handlers`. Every step is a
named endpoint (``api_name``) a ``gradio_client`` script can call; the draft travels as JSON
(:func:`.handlers.draft_state`), so scripts hold it as the page does. Errors show the CLI's message and
hint (:func:`hfi18n.errors.human_message`), never a traceback.
"""

from __future__ import annotations

import functools
import html
import inspect
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import gradio as gr

from ..config import Config
from ..errors import human_message
from . import render
from .auth import require_real_sign_in
from .handlers import REVIEW_FILTERS, WebApp
from .hints import web_hint
from .limits import RATE_BURST, RateLimiter
from .workspace import VISITOR_PATH, Workspace

PROVIDERS = ("pseudo", "anthropic", "openai", "hf")
ERROR_SECONDS = 20
"""How long an error toast stays (Gradio's ``None`` kept every one until closed by hand)."""
ROW_CLICK_JS = """element.addEventListener('click', (e) => {
  if (e.target.closest('a, summary, details pre')) return;
  const row = e.target.closest('tr[data-%(attr)s]');
  if (row) trigger('click', {%(attr)s: row.dataset.%(attr)s});
});"""
"""A click on a table row of a gr.HTML (status: ``data-doc``, review: ``data-seg``) sends that row's key."""
SHOW_SEGMENT_JS = """(seg) => {
  document.querySelectorAll('#hf-review tr.hf-current').forEach((r) => r.classList.remove('hf-current'));
  const row = seg && document.getElementById('seg-' + seg);
  if (row) { row.classList.add('hf-current'); row.scrollIntoView({block: 'nearest'}); }
  return [];
}"""
"""The segment in the editor is outlined in the review table and scrolled into view."""
SELECT_ALL_JS = """() => {
  const box = document.querySelector('#hf-segment input');
  if (box) setTimeout(() => box.select(), 0);
  return [];
}"""
"""Typing in the segment list replaces its text (the filter appended to the chosen segment's label, so
``s12`` typed after ``s5 (line 15): ...`` matched nothing)."""
FILTER_JS = "(show) => { document.getElementById('hf-review').dataset.filter = show; return []; }"
"""The review filter hides rows client-side (the table's classes say which rows each filter keeps)."""
TITLE = "hfi18n: translate the Hugging Face docs"
READ_CONCURRENCY = 8
"""Calls of one reading step (status, pick, check, preview, ...) that run at once. With Gradio's default of
one, a new visitor's status queued behind every other visitor's (issue 25: no answer within 30 s while a
clone hung); reads of one checkout run side by side safely (caches are written atomically)."""
CLONE_CONCURRENCY = 4
"""Clones that run at once; each is bounded by the clone timeout (``HFI18N_CLONE_TIMEOUT``)."""


def open_dropdown(*args: Any, **kwargs: Any) -> gr.Dropdown:
    """A dropdown whose choices are filled at run time (docs after status, segments after translate): in
    the API (``gradio_client``, MCP tools) its value is any string, not one of the choices it started with
    (Gradio's schema would list those as an ``enum``). Not a subclass: Gradio writes a ``.pyi`` stub next
    to the module of every component subclass."""
    dropdown = gr.Dropdown(*args, allow_custom_value=True, **kwargs)
    dropdown.api_info = lambda: {"type": "string"}  # type: ignore[method-assign]
    return dropdown


def _human(fn: Callable[..., Any], roots: Sequence[tuple[str, str]] = ()) -> Callable[..., Any]:
    """Run a handler; any error becomes a ``gr.Error`` with the CLI's message and hint (escaped). As with
    the CLI, ``HFI18N_TRACEBACK=1`` prints the traceback, on the server's stderr only. ``roots``: (folder,
    name) pairs written as the name in messages, so a visitor never learns the server's paths."""

    def hide(text: str) -> str:
        text = VISITOR_PATH.sub("", text)
        for root, name in roots:
            text = text.replace(root, name)
        return text

    def error(exc: BaseException) -> gr.Error:
        message, hint = human_message(exc)
        hint = web_hint(hint)  # the page's field, not the CLI option ("fill in “Your fork”", not "pass --fork")
        message, hint = hide(message), hide(hint) if hint else hint
        # gr.Error renders HTML: escape <, > and & (quotes are harmless in text); one line for API clients too
        text = html.escape(message, quote=False) + (f" — hint: {html.escape(hint, quote=False)}" if hint else "")
        # a toast that goes away by itself: errors used to pile up in one box over the GitHub token field
        return gr.Error(text, duration=ERROR_SECONDS, title="hfi18n",
                        print_exception=bool(os.environ.get("HFI18N_TRACEBACK")))

    if inspect.isgeneratorfunction(fn):
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


def _remember(api_key: str, github_token: str) -> dict[str, str]:
    """The secrets typed in the page, held for the one call that follows (never sent back to the page)."""
    return {k: v.strip() for k, v in (("api_key", api_key or ""), ("github_token", github_token or "")) if v.strip()}


def _forget() -> dict[str, str]:
    """Drop the secrets once the call that needed them is over (it ran, failed or was stopped)."""
    return {}


def build_app(repos: Sequence[Path | str] | Path | str | None = None, *, storage: Path | str | None = None,
              config: Config | None = None, allow_local_urls: bool = False, default_lang: str = "ko",
              default_url: str = "", default_provider: str | None = None, shared: bool | None = None,
              owner_users: Sequence[str] = (), allow_private_hosts: bool | None = None,
              clone_timeout: float | None = None, rate_limit: float | None = None,
              mock_sign_in_for_tests: bool = False) -> gr.Blocks:
    """The web app over ``repos`` (checkouts served as they are) and/or clones in ``storage``.

    ``config``: settings used instead of each repository's ``hfi18n.toml``; ``default_url``: the
    repository URL the clone field starts with (a Space's ``HFI18N_REPO_URL``); ``default_provider``:
    the provider the page starts with (default: the config's ``provider``, else ``pseudo``); ``shared``:
    the multi-user mode, with a Hugging Face sign-in (default: on when ``SPACE_ID`` is set; see
    :mod:`.workspace`); it refuses to start without real OAuth (:func:`.auth.require_real_sign_in`);
    ``owner_users``: the HF usernames allowed to spend the owner's keys there;
    ``allow_private_hosts``, ``clone_timeout``: see :class:`.workspace.Workspace`; ``rate_limit``: calls a
    minute per visitor (default: ``HFI18N_RATE_LIMIT``, else 60, in shared mode only; see :mod:`.limits`).
    ``mock_sign_in_for_tests``: TESTS ONLY, shared mode with Gradio's mocked sign-in (every visitor is
    whoever the server's Hugging Face login is); a Python argument only, never set by ``serve``, the Space
    entry point or any setting.
    """
    if isinstance(repos, (str, Path)):
        repos = [repos]
    if shared is None:
        shared = bool(os.environ.get("SPACE_ID"))
    if shared and not mock_sign_in_for_tests:
        require_real_sign_in()
    ws = Workspace(repos or (), storage=storage, config=config, allow_local_urls=allow_local_urls, shared=shared,
                   owner_users=owner_users, allow_private_hosts=allow_private_hosts, clone_timeout=clone_timeout)
    web = WebApp(ws, rate=RateLimiter(rate_limit, burst=max(1, min(RATE_BURST, int(rate_limit))))
                 if rate_limit is not None else None)
    names = ws.names()
    h = functools.partial(_human, roots=ws.roots())
    if default_provider is None:
        cfg = ws.config(ws.path(names[0])) if names and not ws.can_clone else (config or Config())
        default_provider = str(cfg.get("provider") or "pseudo")

    with gr.Blocks(title=TITLE, analytics_enabled=False) as demo:
        gr.HTML(f"<style>{render.CSS}</style>")
        gr.Markdown(f"# {TITLE}\nStatus → translate → review → write → toctree → draft PR, one doc at a time. "
                    "Every step is also an API endpoint (see “Use via API” below).")
        if shared:
            with gr.Row():
                gr.Markdown("A shared app: **sign in with Hugging Face** to translate, write or open a PR. "
                            "Translations spend your own credentials (your Hugging Face sign-in with provider "
                            "`hf`, or a key you type); PRs need your own GitHub token and fork.",
                            elem_id="hf-shared-note")
                gr.LoginButton(elem_id="hf-login")
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
                                    elem_id="hf-dashboard", js_on_load=ROW_CLICK_JS % {"attr": "doc"})
                with gr.Accordion("Status data (JSON)", open=False):
                    status_json = gr.JSON(elem_id="hf-status-json")
            with gr.Tab("2 · Translate", id="translate", elem_id="hf-tab-translate"):
                with gr.Row():
                    doc = open_dropdown([], label="Doc (ranked: most useful first)",
                                      scale=3, elem_id="hf-doc")
                    update = gr.Checkbox(False, label="update (keep human segments)", elem_id="hf-update")
                    force = gr.Checkbox(False, label="replace existing (backup kept)", elem_id="hf-force")
                doc_note = gr.Markdown(elem_id="hf-doc-note", elem_classes=["hf-note"])
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
                plan_note = gr.Markdown(elem_id="hf-plan-note", elem_classes=["hf-note"])
                log = gr.Textbox(label="Progress", lines=6, max_lines=12, interactive=False, elem_id="hf-log")
            with gr.Tab("3 · Review", id="review", elem_id="hf-tab-review"):
                # the editor first: the segment table below runs to hundreds of rows
                with gr.Row():
                    segment = open_dropdown([], label="Segment to edit (or click a row below)", scale=3,
                                            elem_id="hf-segment")
                    prev_btn = gr.Button("◀ Previous", scale=1, elem_id="hf-prev-btn")
                    next_btn = gr.Button("Next ▶", scale=1, elem_id="hf-next-btn")
                    check_btn = gr.Button("Check again", scale=1, elem_id="hf-check-btn")
                seg_text = gr.Textbox(label="Translation of the segment", lines=3, elem_id="hf-seg-text")
                with gr.Row():
                    edit_btn = gr.Button("Apply edit and re-check", variant="primary", scale=2, elem_id="hf-edit-btn")
                    show = gr.Radio(list(REVIEW_FILTERS), value="all", label="Show segments", scale=3,
                                    elem_id="hf-show")
                with gr.Accordion("Rendered preview: the English page beside the translated one, as the docs "
                                  "will show them", open=False, elem_id="hf-preview-box"):
                    preview = gr.HTML("<p>Translate a doc first (step 2).</p>", elem_id="hf-preview")
                review_html = gr.HTML("<p>Translate a doc first (step 2).</p>", elem_id="hf-review",
                                      js_on_load=ROW_CLICK_JS % {"attr": "seg"})
                with gr.Accordion("Draft data (JSON, what scripts pass between steps)", open=False):
                    draft = gr.JSON(elem_id="hf-draft")
            with gr.Tab("4 · Write & publish", id="publish", elem_id="hf-tab-publish"):
                write_target = gr.Markdown(WebApp.target(None), elem_id="hf-write-target")
                with gr.Row():
                    allow_draft = gr.Checkbox(False, label="write as a marked draft even if check fails",
                                              elem_id="hf-allow-draft")
                    write_btn = gr.Button("Write the file", variant="primary", elem_id="hf-write-btn")
                write_note = gr.Markdown(elem_id="hf-write-note", elem_classes=["hf-note"])
                with gr.Row():
                    keep_english = gr.Checkbox(True, label="keep English titles for new toctree sections",
                                               elem_id="hf-keep-english")
                    toc_btn = gr.Button("Add to the toctree", elem_id="hf-toc-btn")
                toc_note = gr.Markdown(elem_id="hf-toc-note", elem_classes=["hf-note"])
                with gr.Row():
                    fork = gr.Textbox("", label="Your fork (owner/name; empty: the config's)", elem_id="hf-fork")
                    upstream = gr.Textbox("", label="Upstream (owner/name; empty: the config's)",
                                          elem_id="hf-upstream")
                with gr.Row():
                    pr_preview_btn = gr.Button("Preview the PR (sends nothing)", elem_id="hf-pr-preview-btn")
                    pr_btn = gr.Button("Open the draft PR", variant="primary", elem_id="hf-pr-btn")
                pr_note = gr.Markdown(elem_id="hf-pr-note", elem_classes=["hf-note"])
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

        read = {"concurrency_limit": READ_CONCURRENCY}
        if ws.can_clone:
            clone_btn.click(h(web.clone_live), [url], [repo, clone_note], api_name="clone",
                            concurrency_limit=CLONE_CONCURRENCY)
        with_secrets(status_btn, h(web.status), [repo, lang, secrets, upstream], [dashboard, doc, status_json],
                     api_name="status", **read)
        ui_only = {"queue": False, "api_visibility": "private"}
        dashboard.click(web.open_doc, None, [doc, tabs], **ui_only)
        doc.change(h(web.pick), [repo, lang, doc], [update, force, doc_note], api_name="pick", **read)
        with_secrets(translate_btn, h(web.translate),
                     [repo, lang, doc, update, force, provider, model, base_url, secrets],
                     [log, draft, review_html, segment, tabs], api_name="translate", concurrency_limit=4)
        with_secrets(plan_btn, h(web.plan), [repo, lang, doc, update, force, provider, model, base_url, secrets],
                     [plan_note], api_name="plan", **read)
        stop_btn.click(web.stop, None, [log], api_name="stop", queue=False)
        check_btn.click(h(web.check), [repo, draft], [draft, review_html], api_name="check", **read)
        segment.change(h(web.segment), [draft, segment], [seg_text], api_name="segment", **read)
        segment.change(None, segment, None, js=SHOW_SEGMENT_JS, **ui_only)
        segment.focus(None, None, None, js=SELECT_ALL_JS, **ui_only)
        review_html.click(web.pick_segment, None, [segment], **ui_only)
        prev_btn.click(h(web.step), [repo, draft, segment, show, gr.Number(-1, visible=False)], [segment],
                       api_name="step", **read)
        next_btn.click(h(web.step), [repo, draft, segment, show, gr.Number(1, visible=False)], [segment],
                       api_visibility="private", **read)
        show.change(None, show, None, js=FILTER_JS, **ui_only)
        draft.change(h(web.preview), [repo, draft], [preview], api_name="preview", **read)
        draft.change(web.target, [draft], [write_target], **ui_only)
        edit_btn.click(h(web.edit), [repo, draft, segment, seg_text], [draft, review_html], api_name="edit", **read)
        write_btn.click(h(web.write), [repo, draft, allow_draft], [write_note], api_name="write")
        with_secrets(toc_btn, h(web.toctree), [repo, lang, doc, keep_english, provider, model, base_url, secrets],
                     [toc_note], api_name="toctree")
        with_secrets(pr_preview_btn, h(web.publish_preview), [repo, lang, doc, fork, upstream, secrets], [pr_note],
                     api_name="publish_preview")
        with_secrets(pr_btn, h(web.publish), [repo, lang, doc, fork, upstream, secrets], [pr_note],
                     api_name="publish")
        gloss_btn.click(h(web.glossary), [lang, gloss_text], [gloss_out], api_name="glossary", **read)
    demo.queue(default_concurrency_limit=1)
    return demo
