"""The Gradio app: a translator's whole loop on one page, over :mod:`hfi18n.api` only.

1. **Status**: repository and language -> coverage per language, the ranked "translate next" list,
   outdated docs (commits and sections behind), docs claimed by open PRs (links);
2. **Translate**: the doc picked (the first "next" one by default) is translated with live progress;
   provider, model and key fields (the key is used for the call and never stored, logged or shown);
   ``pseudo``, an offline test double, only in demo mode; Stop cancels through the API's cancel event;
   **Open the page** loads a translated page as it is (a machine page waiting for review, a draft);
3. **Review**: each English segment beside its translation, check findings on the segments they
   concern, glossary terms marked with the expected rendering; edit a segment and it is re-checked at
   once; an update shows which human segments were kept and what the English changed;
4. **Write & publish**: write the file (check must pass, or "write as a marked draft"), **approve** it (a
   reviewer's sign-off on record, the draft mark and the machine-translation notice removed), add it to
   the toctree, open the draft PR (GitHub token, fork, upstream) -> the PR link.

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
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import gradio as gr

from ..config import Config
from ..i18n import t
from ..repo.layout import DEFAULT_DOCS_ROOT
from . import render
from .auth import require_real_sign_in
from .handlers import REVIEW_FILTERS, WebApp
from .hints import error_text
from .lang import I18N, request_lang
from .limits import RATE_BURST, RateLimiter
from .workspace import VISITOR_PATH, Workspace

PROVIDERS = ("anthropic", "openai", "hf")
"""The provider picker's choices; ``pseudo`` (a test double) is added only in demo mode (``demo=True``)."""
ERROR_SECONDS = 20
"""How long an error toast stays (Gradio's ``None`` kept every one until closed by hand)."""
ROW_CLICK_JS = """element.addEventListener('click', (e) => {
  if (e.target.closest('a, summary, details pre')) return;
  const row = e.target.closest('tr[data-%(attr)s]');
  if (row) trigger('click', {%(attr)s: row.dataset.%(attr)s});
});"""
"""A click on a table row of a gr.HTML (status: ``data-doc``, review: ``data-seg``) sends that row's key."""
FOLD_JS = """new MutationObserver(() => {
  if (window.innerWidth >= 700) return;
  element.querySelectorAll('details.hf-fold[open]:not([data-seen])').forEach((d) => {
    d.dataset.seen = '1'; d.open = false;
  });
}).observe(element, {childList: true, subtree: true});"""
"""On a phone the status's long lists (outdated docs, docs in progress) start folded, under their headings
with their counts: with them open the status tab of a big repository was 11,427 px tall (issue 33, item 10)."""
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
RULE_JS = """element.addEventListener('change', (e) => {
  if (e.target.id === 'hf-rule') element.dataset.rule = e.target.value;
});
new MutationObserver(() => {
  const pick = element.querySelector('#hf-rule');
  if (!pick) return;
  if (![...pick.options].some((o) => o.value === (element.dataset.rule || ''))) element.dataset.rule = '';
  pick.value = element.dataset.rule || '';
}).observe(element, {childList: true, subtree: true});
new MutationObserver(() => {
  const seg = (document.querySelector('#hf-segment input') || {}).value || '';
  const row = seg && element.querySelector('#seg-' + CSS.escape(seg.split(' ')[0]));
  if (row) row.classList.add('hf-current');
}).observe(element, {childList: true, subtree: true});"""
"""The rule list in the review table keeps only the rows with a finding of that rule (the table's ``<style>``
says which); the choice, and the outline of the row in the editor, outlive the table being redrawn after
an edit or a check."""
STEP_JS = """(repo, draft, seg, show, delta) => {
  const rule = document.getElementById('hf-review').dataset.rule;
  return [repo, draft, seg, rule ? show + '|rule:' + rule : show, delta];
}"""
"""Previous/Next walk the rows both filters show: the severity filter and the rule chosen in the table."""
TITLE = "hfi18n: translate the Hugging Face docs"
READ_CONCURRENCY = 8
"""Calls of one reading step (status, pick, check, preview, ...) that run at once. With Gradio's default of
one, a new visitor's status queued behind every other visitor's (issue 25: no answer within 30 s while a
clone hung); reads of one checkout run side by side safely (caches are written atomically)."""
CHECKBOX_WIDTH = 240
"""The narrowest a checkbox with its label gets (px): narrower, the row puts it on a line of its own."""
CLONE_CONCURRENCY = 4
"""Clones that run at once; each is bounded by the clone timeout (``HFI18N_CLONE_TIMEOUT``)."""


def note(*args: Any, **kwargs: Any) -> gr.Markdown:
    """A step's note (doc pick, cost, write, toctree, PR, clone): Markdown built by the server from the
    page's words and the repository's text, the latter escaped (:func:`.render.md`). Gradio's LaTeX is off:
    a ``$$...$$`` in a section title would be typeset, not shown (issue 33, item 7: repo text is text)."""
    kwargs.setdefault("elem_classes", ["hf-note"])
    return gr.Markdown(*args, latex_delimiters=[], **kwargs)


def open_dropdown(*args: Any, **kwargs: Any) -> gr.Dropdown:
    """A dropdown whose choices are filled at run time (docs after status, segments after translate): in
    the API (``gradio_client``, MCP tools) its value is any string, not one of the choices it started with
    (Gradio's schema would list those as an ``enum``). Not a subclass: Gradio writes a ``.pyi`` stub next
    to the module of every component subclass."""
    dropdown = gr.Dropdown(*args, allow_custom_value=True, **kwargs)
    dropdown.api_info = lambda: {"type": "string"}  # type: ignore[method-assign]
    return dropdown


class ErrorNotes:
    """The last error of each browser session, said again in the page where the step writes its note.

    An error was a toast that went away after :data:`ERROR_SECONDS`, leaving the step's box with Gradio's
    bare "오류" ("Error") pill and nothing else (issue 33, item 9: the web demo's first Translate). Each
    step's event is followed by a ``.failure`` handler (:meth:`show`) that writes the whole message and hint
    into that step's note, where it stays until the step runs again."""

    def __init__(self) -> None:
        self._last: dict[str, tuple[str, str | None, str]] = {}
        self._lock = threading.Lock()

    def keep(self, request: gr.Request | None, message: str, hint: str | None, ui: str) -> None:
        session = getattr(request, "session_hash", None) if request is not None else None
        if session:
            with self._lock:
                self._last[session] = (message, hint, ui)
                if len(self._last) > 10_000:  # sessions that never came back for theirs
                    self._last.pop(next(iter(self._last)))

    def markdown(self, request: gr.Request) -> str:
        """The session's last error for a Markdown note (the message and hint are text: escaped)."""
        found = self._pop(request)
        if found is None:
            return ""
        message, hint, ui = found
        return f"⚠️ {render.md(message)}" + (t("error_hint", ui, hint=render.md(hint)) if hint else "")

    def html(self, request: gr.Request) -> str:
        """The same for an HTML box (the status dashboard)."""
        found = self._pop(request)
        if found is None:
            return ""
        message, hint, ui = found
        hint_text = t("error_hint", ui, hint=html.escape(hint, quote=False)) if hint else ""
        return f'<p class="hf-err" id="hf-error">⚠️ {html.escape(message, quote=False)}{hint_text}</p>'

    def _pop(self, request: gr.Request | None) -> tuple[str, str | None, str] | None:
        session = getattr(request, "session_hash", None) if request is not None else None
        with self._lock:
            return self._last.pop(session, None) if session else None


def clear() -> str:
    """An empty note (a step that succeeded clears the error its last run left there)."""
    return ""


def _human(fn: Callable[..., Any], roots: Sequence[tuple[str, str]] = (),
           notes: ErrorNotes | None = None) -> Callable[..., Any]:
    """Run a handler; any error becomes a ``gr.Error`` with the CLI's message and hint (escaped). As with
    the CLI, ``HFI18N_TRACEBACK=1`` prints the traceback, on the server's stderr only. ``roots``: (folder,
    name) pairs written as the name in messages, so a visitor never learns the server's paths; ``notes``:
    where the page finds the message again for the step's note (see :class:`ErrorNotes`)."""

    def hide(text: str) -> str:
        text = VISITOR_PATH.sub("", text)
        for root, name in roots:
            text = text.replace(root, name)
        return text

    def error(exc: BaseException, args: tuple[Any, ...], kwargs: dict[str, Any]) -> gr.Error:
        # in the browser's language (a handler that takes no request: English): the web app's own errors wholly,
        # a library error's English in its frame; the page's field, never the CLI option (issue 26)
        request = next((a for a in (*args, *kwargs.values()) if isinstance(a, gr.Request)), None)
        ui = request_lang(request)
        message, hint = error_text(exc, ui)
        message, hint = hide(message), hide(hint) if hint else hint
        if notes is not None:
            notes.keep(request, message, hint, ui)
        # gr.Error renders HTML: escape <, > and & (quotes are harmless in text); one line for API clients too
        text = html.escape(message, quote=False) + (t("error_hint", ui, hint=html.escape(hint, quote=False))
                                                    if hint else "")
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
                raise error(exc, args, kwargs) from None
        return gen_wrapper

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except gr.Error:
            raise
        except Exception as exc:  # noqa: BLE001 - the handler's one catch: a human message
            raise error(exc, args, kwargs) from None
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
              mock_sign_in_for_tests: bool = False, demo: bool = False, docs_root: str | None = None,
              visitor_storage_mb: int | None = None, storage_mb: int | None = None) -> gr.Blocks:
    """The web app over ``repos`` (checkouts served as they are) and/or clones in ``storage``.

    ``config``: settings used instead of each repository's ``hfi18n.toml``; ``default_url``: the
    repository URL the clone field starts with (a Space's ``HFI18N_REPO_URL``); ``default_provider``:
    the provider the page starts with (default: the config's ``provider``, else none: nothing that does
    not really translate is preselected, issue 26); ``demo``: also offer ``pseudo``, the offline test
    double, and start with it (``hfi18n serve --demo``; without it pseudo is refused, issue 23); ``shared``:
    the multi-user mode, with a Hugging Face sign-in (default: on when ``SPACE_ID`` is set; see
    :mod:`.workspace`); it refuses to start without real OAuth (:func:`.auth.require_real_sign_in`);
    ``owner_users``: the HF usernames allowed to spend the owner's keys there;
    ``allow_private_hosts``, ``clone_timeout``: see :class:`.workspace.Workspace`; ``rate_limit``: calls a
    minute per visitor (default: ``HFI18N_RATE_LIMIT``, else 60, in shared mode only; see :mod:`.limits`);
    ``visitor_storage_mb``, ``storage_mb``: the storage one visitor's clones and checkouts, and the whole
    storage folder, may take (default: ``HFI18N_VISITOR_STORAGE_MB``, 2048, and ``HFI18N_STORAGE_MB``, 20480).
    ``docs_root``: where the repositories keep their docs (default ``docs/source``; the HF course:
    ``chapters``). ``mock_sign_in_for_tests``: TESTS ONLY, shared mode with Gradio's mocked sign-in (every visitor is
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
                   docs_root=docs_root or DEFAULT_DOCS_ROOT,
                   owner_users=owner_users, allow_private_hosts=allow_private_hosts, clone_timeout=clone_timeout,
                   visitor_storage_mb=visitor_storage_mb, storage_mb=storage_mb)
    demo_mode = demo  # (``demo`` names the Blocks below)
    web = WebApp(ws, rate=RateLimiter(rate_limit, burst=max(1, min(RATE_BURST, int(rate_limit))))
                 if rate_limit is not None else None, demo=demo_mode)
    names = ws.names()
    notes = ErrorNotes()
    h = functools.partial(_human, roots=ws.roots(), notes=notes)
    choices = (*PROVIDERS, "pseudo") if demo_mode else PROVIDERS
    if default_provider is None:
        cfg = ws.config(ws.path(names[0])) if names and not ws.can_clone else (config or Config())
        default_provider = str(cfg.get("provider") or ("pseudo" if demo_mode else ""))
    if default_provider not in choices:  # a configured pseudo outside demo mode is not preselected either
        default_provider = None

    with gr.Blocks(title=TITLE, analytics_enabled=False) as demo:
        gr.HTML(f"<style>{render.CSS}{render.toast_css()}</style>")
        gr.Markdown(I18N("page_title"), elem_id="hf-title")
        gr.Markdown(I18N("intro"), elem_id="hf-intro")
        if shared:
            with gr.Row():
                gr.Markdown(I18N("shared_note"), elem_id="hf-shared-note")
                gr.LoginButton(elem_id="hf-login")
        secrets = gr.State({}, time_to_live=600)  # emptied after each call (_forget); the TTL is a backstop
        with gr.Row():
            # any name in the API: a repository cloned after the page was built is named by scripts too (the
            # workspace refuses a name it does not serve)
            repo = open_dropdown(names, value=names[0] if names else None, label=I18N("repo"), scale=2,
                                 elem_id="hf-repo")
            lang = gr.Textbox(default_lang, label=I18N("lang"), max_lines=1, scale=1, elem_id="hf-lang")
            gh_token = gr.Textbox("", label=I18N("gh_token"),
                                  type="password", scale=2, elem_id="hf-gh-token")
            status_btn = gr.Button(I18N("status_btn"), variant="primary", scale=1, elem_id="hf-status-btn")
        if ws.can_clone:
            with gr.Row():
                url = gr.Textbox(default_url, label=I18N("url"), scale=3,
                                 elem_id="hf-url")
                clone_btn = gr.Button(I18N("clone_btn"), scale=1, elem_id="hf-clone-btn")
            clone_note = note(elem_id="hf-clone-note")  # a failure: a toast only
        # tabs that do not fit wrap onto a second line: at 390 px two of the four sat in a "⋯" menu
        with gr.Tabs(selected="status", overflow_behavior="wrap") as tabs:
            with gr.Tab(I18N("tab_status"), id="status", elem_id="hf-tab-status"):
                dashboard = gr.HTML(I18N("dashboard_empty"),
                                    elem_id="hf-dashboard", js_on_load=ROW_CLICK_JS % {"attr": "doc"} + FOLD_JS)
                with gr.Accordion(I18N("status_json"), open=False):
                    status_json = gr.JSON(elem_id="hf-status-json")
            with gr.Tab(I18N("tab_translate"), id="translate", elem_id="hf-tab-translate"):
                with gr.Row():
                    doc = open_dropdown([], label=I18N("doc"),
                                      scale=3, elem_id="hf-doc")
                    # a width of their own: at 390 px the labels wrapped one or two syllables a line (issue 33)
                    update = gr.Checkbox(False, label=I18N("update"), min_width=CHECKBOX_WIDTH, elem_id="hf-update")
                    force = gr.Checkbox(False, label=I18N("force"), min_width=CHECKBOX_WIDTH, elem_id="hf-force")
                doc_note = note(elem_id="hf-doc-note")
                with gr.Row():
                    provider = gr.Dropdown(list(choices), value=default_provider, label=I18N("provider"),
                                           elem_id="hf-provider")
                    model = gr.Textbox("", label=I18N("model"), elem_id="hf-model")
                    second_model = gr.Textbox("", label=I18N("second_model"), elem_id="hf-second-model")
                    base_url = gr.Textbox("", label=I18N("base_url"), elem_id="hf-base-url")
                    api_key = gr.Textbox("", label=I18N("api_key"),
                                         type="password", elem_id="hf-api-key")
                with gr.Row():
                    plan_btn = gr.Button(I18N("plan_btn"), elem_id="hf-plan-btn")
                    translate_btn = gr.Button(I18N("translate_btn"), variant="primary", elem_id="hf-translate-btn")
                    stop_btn = gr.Button(I18N("stop_btn"), variant="stop", elem_id="hf-stop-btn")
                    open_btn = gr.Button(I18N("open_btn"), elem_id="hf-open-btn")
                plan_note = note(elem_id="hf-plan-note")
                log = gr.Textbox(label=I18N("log"), lines=6, max_lines=12, interactive=False, elem_id="hf-log")
            with gr.Tab(I18N("tab_review"), id="review", elem_id="hf-tab-review"):
                review_note = note(elem_id="hf-review-note")
                show = gr.Radio([(I18N(f"show_{f}"), f) for f in REVIEW_FILTERS], value="all", label=I18N("show"),
                                elem_id="hf-show")
                # the editor beside the table (sticky: it follows the row clicked hundreds of rows down)
                with gr.Row(elem_id="hf-review-row"):
                    with gr.Column(scale=2, min_width=320):
                        review_html = gr.HTML(I18N("review_empty"), elem_id="hf-review",
                                              js_on_load=ROW_CLICK_JS % {"attr": "seg"} + RULE_JS)
                    with gr.Column(scale=1, min_width=300, elem_id="hf-editor"):
                        segment = open_dropdown([], label=I18N("segment"), elem_id="hf-segment")
                        seg_text = gr.Textbox(label=I18N("seg_text"), lines=3, max_lines=10, elem_id="hf-seg-text")
                        with gr.Row():
                            prev_btn = gr.Button(I18N("prev_btn"), min_width=80, elem_id="hf-prev-btn")
                            next_btn = gr.Button(I18N("next_btn"), min_width=80, elem_id="hf-next-btn")
                        with gr.Row():
                            edit_btn = gr.Button(I18N("edit_btn"), variant="primary", min_width=120,
                                                 elem_id="hf-edit-btn")
                            second_btn = gr.Button(I18N("second_btn"), min_width=80, elem_id="hf-second-btn")
                            check_btn = gr.Button(I18N("check_btn"), min_width=80, elem_id="hf-check-btn")
                with gr.Accordion(I18N("preview_box"), open=False, elem_id="hf-preview-box"):
                    preview = gr.HTML(I18N("review_empty"), elem_id="hf-preview")
                with gr.Accordion(I18N("draft_json"), open=False):
                    draft = gr.JSON(elem_id="hf-draft")
            with gr.Tab(I18N("tab_publish"), id="publish", elem_id="hf-tab-publish"):
                write_target = note(I18N("target_none"), elem_id="hf-write-target")
                with gr.Row():
                    allow_draft = gr.Checkbox(False, label=I18N("allow_draft"), min_width=CHECKBOX_WIDTH,
                                              elem_id="hf-allow-draft")
                    write_btn = gr.Button(I18N("write_btn"), variant="primary", elem_id="hf-write-btn")
                    approve_btn = gr.Button(I18N("approve_btn"), elem_id="hf-approve-btn")
                write_note = note(elem_id="hf-write-note")
                with gr.Row():
                    keep_english = gr.Checkbox(True, label=I18N("keep_english"), min_width=CHECKBOX_WIDTH,
                                               elem_id="hf-keep-english")
                    toc_btn = gr.Button(I18N("toc_btn"), elem_id="hf-toc-btn")
                toc_note = note(elem_id="hf-toc-note")
                with gr.Row():
                    fork = gr.Textbox("", label=I18N("fork"), elem_id="hf-fork")
                    upstream = gr.Textbox("", label=I18N("upstream"),
                                          elem_id="hf-upstream")
                with gr.Row():
                    pr_preview_btn = gr.Button(I18N("pr_preview_btn"), elem_id="hf-pr-preview-btn")
                    pr_btn = gr.Button(I18N("pr_btn"), variant="primary", elem_id="hf-pr-btn")
                pr_note = note(elem_id="hf-pr-note")
        with gr.Accordion(I18N("glossary"), open=False):
            with gr.Row():
                gloss_text = gr.Textbox("", label=I18N("gloss_text"), scale=3)
                gloss_btn = gr.Button(I18N("gloss_btn"), scale=1)
            gloss_out = gr.JSON()

        private = {"queue": False, "api_visibility": "private"}

        def says(dep: Any, where: Any, *, html_box: bool = False, clear_on_success: bool = False) -> None:
            """A failed ``dep`` writes its error into ``where``, the step's note (see :class:`ErrorNotes`);
            ``clear_on_success``: a note the step does not write itself is emptied when it succeeds."""
            dep.failure(notes.html if html_box else notes.markdown, None, [where], **private)
            if clear_on_success:
                dep.success(clear, None, [where], **private)

        def with_secrets(button: gr.Button, fn: Callable[..., Any], inputs: list[Any], outputs: list[Any],
                         **kw: Any) -> Any:
            """``button`` runs ``fn`` with the secrets typed in the page, then forgets them. The secrets pass
            through a session State, so they are no endpoint argument (scripts and MCP clients use the
            server's environment). Returns ``fn``'s event."""
            dep = button.click(_remember, [api_key, gh_token], secrets, **private).then(fn, inputs, outputs, **kw)
            dep.then(_forget, None, secrets, **private)
            return dep

        read = {"concurrency_limit": READ_CONCURRENCY}
        if ws.can_clone:
            says(clone_btn.click(h(web.clone_live), [url], [repo, clone_note], api_name="clone",
                                 concurrency_limit=CLONE_CONCURRENCY), clone_note)
        says(with_secrets(status_btn, h(web.status), [repo, lang, secrets, upstream], [dashboard, doc, status_json],
                          api_name="status", **read), dashboard, html_box=True)
        ui_only = {"queue": False, "api_visibility": "private"}
        dashboard.click(web.open_doc, None, [doc, tabs], **ui_only)
        says(doc.change(h(web.pick), [repo, lang, doc], [update, force, doc_note], api_name="pick", **read), doc_note)
        says(with_secrets(translate_btn, h(web.translate),
                          [repo, lang, doc, update, force, provider, model, base_url, secrets, second_model],
                          [log, draft, review_html, segment, tabs], api_name="translate", concurrency_limit=4),
             plan_note, clear_on_success=True)
        says(with_secrets(plan_btn, h(web.plan), [repo, lang, doc, update, force, provider, model, base_url, secrets],
                          [plan_note], api_name="plan", **read), plan_note)
        stop_btn.click(web.stop, None, [log], api_name="stop", queue=False)
        says(check_btn.click(h(web.check), [repo, draft], [draft, review_html], api_name="check", **read),
             review_note, clear_on_success=True)
        segment.change(h(web.segment), [draft, segment], [seg_text], api_name="segment", **read)
        segment.change(None, segment, None, js=SHOW_SEGMENT_JS, **ui_only)
        segment.focus(None, None, None, js=SELECT_ALL_JS, **ui_only)
        review_html.click(web.pick_segment, None, [segment], **ui_only)
        says(prev_btn.click(h(web.step), [repo, draft, segment, show, gr.Number(-1, visible=False)], [segment],
                            api_name="step", js=STEP_JS, **read), review_note, clear_on_success=True)
        says(next_btn.click(h(web.step), [repo, draft, segment, show, gr.Number(1, visible=False)], [segment],
                            api_visibility="private", js=STEP_JS, **read), review_note, clear_on_success=True)
        show.change(None, show, None, js=FILTER_JS, **ui_only)
        draft.change(h(web.preview), [repo, draft], [preview], api_name="preview", **read)
        draft.change(web.target, [draft], [write_target], **ui_only)
        says(edit_btn.click(h(web.edit), [repo, draft, segment, seg_text], [draft, review_html], api_name="edit",
                            **read), review_note, clear_on_success=True)
        says(second_btn.click(h(web.second), [draft, segment], [seg_text], api_name="second", **read), review_note)
        says(write_btn.click(h(web.write), [repo, draft, allow_draft], [write_note], api_name="write"), write_note)
        says(approve_btn.click(h(web.approve), [repo, draft], [write_note], api_name="approve"), write_note)
        says(open_btn.click(h(web.open_page), [repo, lang, doc], [draft, review_html, segment, tabs],
                            api_name="open_page", **read), plan_note)
        says(with_secrets(toc_btn, h(web.toctree), [repo, lang, doc, keep_english, provider, model, base_url, secrets],
                          [toc_note], api_name="toctree"), toc_note)
        says(with_secrets(pr_preview_btn, h(web.publish_preview), [repo, lang, doc, fork, upstream, secrets], [pr_note],
                          api_name="publish_preview"), pr_note)
        says(with_secrets(pr_btn, h(web.publish), [repo, lang, doc, fork, upstream, secrets], [pr_note],
                          api_name="publish"), pr_note)
        gloss_btn.click(h(web.glossary), [lang, gloss_text], [gloss_out], api_name="glossary", **read)
    demo.queue(default_concurrency_limit=1)
    # the page's words follow the browser's language: Gradio takes them at launch, and every caller (serve,
    # the Space's app.py, tests) launches the app it is given, so the default travels with the app
    demo.launch = functools.partial(demo.launch, i18n=I18N)  # type: ignore[method-assign]
    return demo
