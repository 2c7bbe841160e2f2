"""The web app's handlers: one method per step of the page, each a named endpoint, on :mod:`hfi18n.api`.

They take and return plain values (and Gradio updates where a component changes), so they are tested
without a browser. Long calls (translate, publish) run the API in a thread and yield progress as it comes;
a translation's cancel event is kept per browser session, for the Stop button.
"""

from __future__ import annotations

import contextlib
import functools
import threading
import time
from collections.abc import Generator, Iterator, Sequence
from pathlib import Path
from typing import Any

import gradio as gr

from .. import api
from ..config import Config
from ..errors import HfI18nError, InputError, RefusedError, RepoError
from ..i18n import Lazy, Msg, has, t
from ..review.quote import code
from ..translate.providers import is_test_double
from . import render
from .hints import say, web_error
from .lang import request_lang, said
from .limits import MB, RateLimiter, bound_input, call_cost, folder_bytes, visitor_key
from .runs import Runs, in_thread, session_key
from .workspace import Visitor, Workspace


def draft_state(lang: str, doc: str, review: api.DraftReview, *, update: bool, force: bool,
                edited: Sequence[str] = (), pseudo: bool = False) -> dict[str, Any]:
    """What the page (or a script) holds between steps: the doc, how it was selected, the segment
    translations in display form (code spans and links written out, as the translator edits them), which
    ones the translator edited, the snapshot of the target the draft was made from, and whether the
    ``pseudo`` test double made it (written only as its marked draft)."""
    return {"lang": lang, "doc": doc, "update": update, "force": force, "before": review.before, "pseudo": pseudo,
            "translations": {s.id: s.translation for s in review.segments if s.translation},
            "edited": sorted(set(edited)), "ok": review.ok, "errors": review.errors, "target": review.target,
            "alternatives": {s.id: s.alternative for s in review.segments if s.alternative}}


def _alternatives(state: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    """The second model's drafts a draft state holds (segment id -> text, model, reasons)."""
    alts = (state or {}).get("alternatives") or {}
    return {str(k): dict(v) for k, v in alts.items() if isinstance(v, dict) and isinstance(v.get("text"), str)}


def _draft_args(state: dict[str, Any] | None) -> tuple[str, str, bool, bool, dict[str, str]]:
    if not state or not state.get("doc"):
        raise web_error(InputError, "no_draft")
    bound_input(state)  # all of it: what a step passes back ("before": the target as it was) counts too
    return (str(state.get("lang") or "ko"), str(state["doc"]), bool(state.get("update")), bool(state.get("force")),
            {str(k): str(v) for k, v in (state.get("translations") or {}).items()})


class WebApp:
    """The handlers, on plain values: each one is a step of the page and a named API endpoint."""

    def __init__(self, workspace: Workspace, rate: RateLimiter | None = None, *, demo: bool = False) -> None:
        """``rate``: calls per visitor (default: a :class:`.limits.RateLimiter` in shared mode, none on a
        local server, which serves one person)."""
        self.ws = workspace
        self.rate = rate if rate is not None else (RateLimiter() if workspace.shared else None)
        self.demo = demo
        """Demo mode (``hfi18n serve --demo``): the ``pseudo`` test double may be used; refused otherwise."""
        self.runs = Runs()
        self._cloning: set[str] = set()
        """The visitors with a clone running (see :meth:`_clone_slot`)."""
        self._slots_lock = threading.Lock()
        self._last_status: dict[tuple[str, str | None], api.StatusResult] = {}
        """(repository name, visitor) -> its last status, so picking a doc needs no second status run."""

    def _limit(self, profile: gr.OAuthProfile | None, request: gr.Request | None, *inputs: Any,
               weight: int = 1) -> None:
        """Spend the visitor's rate limit on a call with these inputs (see :mod:`.limits`), ``weight`` times the
        cost of a read. Every call that does work spends it: Clone, plan, translate, write, toctree and
        publish spent nothing, and one visitor cloned 12 repositories with a limit of 3 a minute (issue 33,
        item 6); an anonymous /pick ran a whole status per call, unlimited."""
        if self.rate is not None:
            self.rate.take(visitor_key(Visitor.of(profile, None).username, request), weight * call_cost(*inputs))

    @contextlib.contextmanager
    def _clone_slot(self, visitor: Visitor, request: gr.Request | None) -> Iterator[None]:
        """One clone at a time per visitor on a shared app: one visitor held all :data:`.app.CLONE_CONCURRENCY`
        slots and another visitor's tiny clone waited 40 s behind them (issue 33, item 6). A second clone of
        the same visitor is refused at once (it takes no slot for long)."""
        if not self.ws.shared:
            yield
            return
        key = visitor_key(visitor.username, request)
        with self._slots_lock:
            if key in self._cloning:
                raise web_error(RefusedError, "clone_busy")
            self._cloning.add(key)
        try:
            yield
        finally:
            with self._slots_lock:
                self._cloning.discard(key)

    def _work(self, repo: str, profile: gr.OAuthProfile | None, oauth: gr.OAuthToken | None) -> Path:
        """The checkout a reading step works in: the visitor's own in shared mode (see
        :meth:`.workspace.Workspace.checkout`)."""
        return self.ws.checkout(repo, Visitor.of(profile, oauth), reading=True)[0]

    # -- 1. status ---------------------------------------------------------------------------------

    def clone(self, url: str, profile: gr.OAuthProfile | None = None, oauth: gr.OAuthToken | None = None,
              request: gr.Request | None = None) -> tuple[Any, str]:
        """Clone (or update) a repository into the server's storage, with the history status needs. Costs
        nothing but download time (every commit, and every past version of the docs only).

        Args:
            url: owner/name (huggingface/transformers) or an https:// clone URL.
        """
        visitor = Visitor.of(profile, oauth)
        self.ws.require_visitor(visitor, "clone")
        self._limit(profile, request, url, weight=CLONE_WEIGHT)
        with self._clone_slot(visitor, request):
            return self._clone(url, visitor, ui=request_lang(request))

    def clone_live(self, url: str, profile: gr.OAuthProfile | None = None, oauth: gr.OAuthToken | None = None,
                   request: gr.Request | None = None) -> Iterator[tuple[Any, str]]:
        """Clone (or update) a repository into the server's storage, with the history status needs. Costs
        nothing but download time (every commit, and every past version of the docs only); gives up after
        the server's clone timeout.

        Args:
            url: owner/name (huggingface/transformers) or an https:// clone URL.
        """
        # The clone runs in a thread while this yields its elapsed time every second: Gradio stops iterating
        # a generator whose visitor left, and closing it kills the clone (a tarpit host held git for more
        # than 300 s after the visitor was gone, issue 25).
        # The visitor's storage is watched the same way: a clone that grows past what is left to them is
        # stopped (and its folder removed) with the reason, not after it filled the disk (issue 33, item 6).
        visitor, ui = Visitor.of(profile, oauth), request_lang(request)
        self.ws.require_visitor(visitor, "clone")
        self._limit(profile, request, url, weight=CLONE_WEIGHT)
        with self._clone_slot(visitor, request):
            grows, room = self.ws.clone_room(url, visitor)
            before = sum(folder_bytes(p) for p in grows) if room is not None else 0
            new = not any(p.exists() for p in grows)
            cancel = threading.Event()
            done: dict[str, Any] = {}

            def run() -> None:
                try:
                    done["result"] = self._clone(url, visitor, cancel, ui)
                except BaseException as exc:  # noqa: BLE001 - re-raised in the handler's thread
                    done["error"] = exc

            worker = threading.Thread(target=run, name="hfi18n-clone", daemon=True)
            start = time.monotonic()
            worker.start()
            def outgrown() -> bool:
                return room is not None and sum(folder_bytes(p) for p in grows) - before > room

            try:
                while worker.is_alive():
                    worker.join(1.0)
                    if worker.is_alive() and outgrown():
                        cancel.set()
                        worker.join()
                    if worker.is_alive():
                        yield gr.skip(), t("cloning", ui, url=code(url.strip()), s=f"{time.monotonic() - start:.0f}")
            finally:
                cancel.set()  # the visitor left (or the clone ended): nothing more to wait for
            if outgrown():  # stopped, or done faster than it was watched: a new clone that does not fit goes
                if new:
                    self.ws.remove_clone(url)
                raise web_error(RefusedError, "quota_clone", url=url.strip(), left=max(0, room or 0) // MB)
            if "error" in done:
                raise done["error"]
            yield done["result"]

    def _clone(self, url: str, visitor: Visitor, cancel: threading.Event | None = None,
               ui: str = "en") -> tuple[Any, str]:
        self.ws.require_visitor(visitor, "clone")
        name, result = self.ws.clone(url, cancel, visitor)
        kind = result.kind.value if result.kind is not None else None
        did = t(CLONE_NOTES.get(kind, "clone_other"), ui, url=code(result.url), name=code(name),
                note=render.md(result.note))
        note = t("clone_note", ui, did=did, n=result.fetched_versions)
        _, mine = self.ws.checkout(name, visitor, update=True, reading=True)  # shared: theirs, work kept
        if mine:
            said = getattr(getattr(mine, "kind", None), "value", None)
            note += "; " + (t(CHECKOUT_NOTES[said], ui) if said in CHECKOUT_NOTES
                            else render.md(mine if ui == "en" else t("in_english", ui, text=mine)))
            self._last_status.pop((name, visitor.key), None)
        return gr.Dropdown(choices=self.ws.names(), value=name), note

    def status(self, repo: str, lang: str, secrets: dict[str, str] | None = None, upstream: str = "",
               profile: gr.OAuthProfile | None = None, oauth: gr.OAuthToken | None = None,
               request: gr.Request | None = None) -> tuple[str, Any, dict[str, Any]]:
        """Status of the docs: coverage per language, the ranked docs to translate next, outdated docs (how far
        behind) and docs claimed by open PRs (found with the server's GitHub token). Costs nothing.

        Args:
            repo: the repository's name on this server (the Repository list).
            lang: the target language folder, e.g. ko.
            upstream: the upstream repository whose open PRs claim docs, owner/name (empty: the config's).
        """
        self._limit(profile, request)
        visitor = Visitor.of(profile, oauth)
        path, _ = self.ws.checkout(repo, visitor, reading=True)
        lang = (lang or "ko").strip()
        cfg = _with_upstream(self.ws.config(path, github_token=(secrets or {}).get("github_token"),
                                            visitor=visitor), upstream)
        result = api.status(path, None, require=[lang], config=cfg, docs_root=self.ws.docs_root)
        self._last_status[(repo, visitor.key)] = result
        ranked = result.report.ranked(lang)
        ui = request_lang(request)
        demo_doc = self._demo_doc(result, lang, ranked) if self.demo else None
        offered = ranked + ([demo_doc] if demo_doc is not None and demo_doc not in ranked else [])
        choices = [(f"{d.path} · {render.state_word(d.state, ui)}"
                    + (t("choice_behind", ui, n=d.commits_behind) if d.state == "outdated" else ""), d.path)
                   for d in offered]
        listed = {d.path for d in offered}  # then the machine pages waiting for review, riskiest first
        choices += [(f"{d.path}" + t("choice_review", ui, n=(d.review or {}).get("pending") or 0), d.path)
                    for d in api.review_queue(result.report, lang) if d.path not in listed]
        data = {"lang": lang, "coverage": [s.to_json() for s in result.report.summaries.values()],
                "next": [_row(i, d) for i, d in enumerate(ranked[:20], 1)], "pr_note": result.pr_note}
        first = demo_doc.path if demo_doc is not None else ranked[0].path if ranked else None
        return (render.dashboard(result, lang, ui=ui, picked=first), gr.Dropdown(choices=choices, value=first),
                data)

    @staticmethod
    def _demo_doc(result: api.StatusResult, lang: str, ranked: list[Any]) -> Any:
        """The doc the demo starts with: ``pseudo`` (preselected in demo mode) drafts only a page not translated
        yet, and the first "next" doc was an outdated one, so the demo's first click ended in an error
        (issue 33, item 9). The first ranked doc with no translation, else one a toctree placeholder marks as
        in translation with no file yet (the bundled example's ``training.md``); None: none such."""
        untranslated = [d for d in ranked if d.translated_path is None]
        untranslated += [d for d in result.report.for_lang(lang) if d.translated_path is None and d.state != "orphaned"]
        return untranslated[0] if untranslated else None

    def pick(self, repo: str, lang: str, doc: str, profile: gr.OAuthProfile | None = None,
             oauth: gr.OAuthToken | None = None, request: gr.Request | None = None) -> tuple[bool, bool, str]:
        """How to translate a doc: an outdated translation is updated (human segments kept), a missing one is
        new, a translated one is only replaced when asked. Returns (update, replace, explanation).

        Args:
            repo: the repository's name on this server (the Repository list).
            lang: the target language folder, e.g. ko.
            doc: the English doc, relative to the language folder (e.g. tutorials/tools.md).
        """
        if not doc:
            return False, False, ""
        self._limit(profile, request)
        visitor = Visitor.of(profile, oauth)
        path, _ = self.ws.checkout(repo, visitor, reading=True)
        known = self._last_status.get((repo, visitor.key))
        if known is None or lang not in known.report.languages:  # kept: the next pick needs no status again
            known = self._last_status[(repo, visitor.key)] = api.status(path, [lang], pulls=False,
                                                                        config=self.ws.config(path),
                                                                        docs_root=self.ws.docs_root)
        found = [d for d in known.report.for_lang(lang) if d.path == doc]
        ui = request_lang(request)
        if not found:
            return False, False, t("pick_not_doc", ui, doc=code(doc))
        d = found[0]
        claims = [x for x in d.in_progress if x.startswith(("https://", "http://"))]
        claimed = t("pick_claimed", ui, links=", ".join(render.md_link(_pr_label(x), x) for x in claims)) \
            if claims else ""
        if d.translated_path is None:
            return False, False, t("pick_new", ui, doc=code(doc), claimed=claimed)
        if d.state == "outdated" and d.base_method == "unknown":  # an update would compare with a guess
            return False, True, t("pick_base_unknown", ui, doc=code(doc), problem=render.md(render.problem(d, ui)),
                                  claimed=claimed)
        if d.state == "outdated":
            moved = [d.section_titles.get(a, a) for a in d.sections_changed + d.sections_added]
            # a section title is the repository's text: shown as text (an image in a heading loaded, item 7)
            where = t("pick_changed", ui, titles=", ".join(f"“{render.md(title)}”" for title in moved)) if moved else ""
            return True, False, t("pick_outdated", ui, doc=code(doc), n=d.commits_behind, changed=where,
                                  claimed=claimed)
        review = d.review or {}
        if review.get("state") == "machine":  # the page is current: what is left is a person's review
            return False, False, t("pick_review", ui, doc=code(doc), n=review.get("pending") or 0)
        return False, False, t("pick_other", ui, doc=code(doc), state=render.state_word(d.state, ui),
                               claimed=claimed)

    @staticmethod
    def open_doc(evt: gr.EventData) -> tuple[Any, Any]:
        """A click on a status row: that doc in the Translate tab (the list of docs is filled already)."""
        doc = str((getattr(evt, "_data", None) or {}).get("doc") or "")
        if not doc:
            return gr.skip(), gr.skip()
        return gr.update(value=doc), gr.Tabs(selected="translate")

    # -- 2. translate ------------------------------------------------------------------------------

    def _doc_job(self, repo: str, doc: str, provider: str | None, base_url: str, secrets: dict[str, str] | None,
                 visitor: Visitor, what: str) -> tuple[Path, str | None, Config]:
        """What translate, plan and toctree of one doc start from: the repository's path, the provider
        (none picked: the configured one; in demo mode, pseudo) and the call's config with the key typed in
        the page (a typed base URL gets that key only, never the server's: see
        :meth:`.workspace.Workspace.config`). The ``pseudo`` test double is refused outside demo mode: its
        output is never a translation, and the picker used to preselect it (issues 23 and 26)."""
        self.ws.require_visitor(visitor, what)
        if not doc:
            raise web_error(InputError, "no_doc")
        path, _ = self.ws.checkout(repo, visitor)
        provider = (provider or "").strip() or ("pseudo" if self.demo else "")
        cfg = self.ws.config(path, provider=provider or None, api_key=(secrets or {}).get("api_key"),
                             base_url=(base_url or "").strip() or None, visitor=visitor)
        if not self.demo and is_test_double(provider or cfg.get("provider")):
            raise web_error(RefusedError, "pseudo")
        return path, provider or None, cfg

    def translate(self, repo: str, lang: str, doc: str, update: bool, force: bool, provider: str, model: str,
                  base_url: str, secrets: dict[str, str] | None = None, second_model: str = "",
                  request: gr.Request | None = None,
                  profile: gr.OAuthProfile | None = None, oauth: gr.OAuthToken | None = None,
                  progress: gr.Progress = gr.Progress()) -> Iterator[tuple[Any, ...]]:
        """Translate one doc WITHOUT writing it; returns the progress log and the draft (JSON) that check,
        edit and write take. Costs LLM tokens (plan estimates them); the key comes from the server's
        environment (or the page's key field); pseudo (demo mode only) is an offline test double.

        Args:
            repo: the repository's name on this server (the Repository list).
            lang: the target language folder, e.g. ko.
            doc: the English doc, relative to the language folder (e.g. tutorials/tools.md).
            update: refresh an existing (outdated) translation, keeping its human segments.
            force: replace an existing translation (it is backed up when written).
            provider: anthropic, openai, hf (empty: the configured one); pseudo only in demo mode.
            model: the model (empty: the provider's default).
            base_url: an OpenAI-compatible server's URL (empty: the provider's own).
            second_model: a second model of the provider (empty: none); where the first draft breaks the
                team's style or glossary, or the two disagree strongly, the review shows both to pick from.
        """
        self._limit(profile, request, doc, weight=2)  # the server's CPU for a whole doc's run
        path, provider, cfg = self._doc_job(repo, doc, provider, base_url, secrets, Visitor.of(profile, oauth),
                                            "translate")  # the page's words: the message act_translate
        cancel = self.runs.start(session_key(request))
        done = total = 0
        ui = request_lang(request)
        log: list[str] = [t("log_start", ui, doc=doc, lang=lang, provider=provider or t("log_configured", ui))
                          + (f" ({model})" if model else "")]
        result: api.TranslateResult | None = None
        try:
            for item in _said_skips(in_thread(lambda events: api.translate(
                    path, lang, [doc], update=update, force=force, provider=provider, model=model or None,
                    base_url=base_url or None, config=cfg, progress=events, cancel=cancel, write=False,
                    docs_root=self.ws.docs_root, second_model=(second_model or "").strip() or None))):
                if not isinstance(item, api.ProgressEvent):
                    result = item
                    continue
                if item.kind is api.ProgressKind.START:
                    total += item.total
                    log.append(t("log_to_translate", ui, doc=item.doc, n=item.total))
                elif item.kind is api.ProgressKind.SEGMENTS:
                    done += item.done
                elif item.message:
                    line = said(item, ui)
                    log.append(f"{item.doc}: {line}" if item.doc else line)
                if total:
                    progress((min(done, total), total), desc=f"{doc}: {t('log_unit', ui)}", unit=t("log_unit", ui))
                yield ("\n".join(log + [t("log_done_of", ui, done=done, total=total)]), gr.skip(), gr.skip(),
                       gr.skip(), gr.skip())
        finally:
            self.runs.end(session_key(request), cancel)
        assert result is not None
        if result.skipped:
            raise _skipped(result.skipped[0])
        s = result.stats
        log.append(t("log_stats", ui, segments=s.segments, hits=s.cache_hits, translated=s.translated,
                        failed=s.failed_segments, requests=s.requests, tokens_in=s.tokens_in, tokens_out=s.tokens_out)
                   + (f", ${s.cost_usd:.4f}" if s.cost_known and s.cost_usd else ""))
        log.extend(f"{d.path}: {_summary(d.summary, ui)}" for d in result.docs if d.summary)
        if result.cancelled:
            log.append(t("log_stopped", ui))
        translations = result.docs[0].translations if result.docs else {}
        alternatives = {str(d["segment"]): {"text": d["second"], "model": d["model"], "reasons": d["reasons"]}
                        for d in (result.docs[0].second_drafts if result.docs else [])}
        if result.second is not None:
            log.append(t("log_second", ui, model=result.second_model, n=len(alternatives)))
        pseudo = is_test_double(provider or cfg.get("provider"))
        review = api.draft(path, lang, doc, translations, update=update, force=force, pseudo=pseudo,
                           docs_root=self.ws.docs_root, alternatives=alternatives)
        state = draft_state(lang, doc, review, update=update, force=force, pseudo=pseudo)
        yield ("\n".join(log), state, render.review(review, lang=ui), self._segment_choices(review, ui),
               gr.Tabs(selected="review"))

    def plan(self, repo: str, lang: str, doc: str, update: bool, force: bool, provider: str, model: str,
             base_url: str, secrets: dict[str, str] | None = None, profile: gr.OAuthProfile | None = None,
             oauth: gr.OAuthToken | None = None, request: gr.Request | None = None) -> str:
        """What translating a doc would send and cost (segments, requests, tokens, dollars per model). Sends
        nothing, costs nothing.

        Args:
            repo: the repository's name on this server (the Repository list).
            lang: the target language folder, e.g. ko.
            doc: the English doc, relative to the language folder.
            update: as translate: refresh an existing translation (only changed segments are counted).
            force: as translate: replace an existing translation.
            provider: anthropic, openai, hf (empty: the configured one); pseudo only in demo mode.
            model: the model (empty: the provider's default).
            base_url: an OpenAI-compatible server's URL (empty: the provider's own).
        """
        self._limit(profile, request, doc)
        path, provider, cfg = self._doc_job(repo, doc, provider, base_url, secrets, Visitor.of(profile, oauth),
                                            "plan")
        [result] = _said_skips(iter([None]), lambda: api.plan(
            path, lang, [doc], update=update, force=force, provider=provider, model=model or None,
            base_url=base_url or None, config=cfg, docs_root=self.ws.docs_root))
        if result.skipped:
            raise _skipped(result.skipped[0])
        e, ui = result.estimate, request_lang(request)
        costs = ", ".join(f"{code(m)}: ${c:.4f}" for m, c in e.costs.items() if c is not None) \
            or t("cost_unknown", ui)
        return t("plan_note", ui, segments=e.segments, cached=e.cached, requests=e.requests,
                    tokens_in=e.tokens_in, tokens_out=e.tokens_out, costs=costs)

    def open_page(self, repo: str, lang: str, doc: str, profile: gr.OAuthProfile | None = None,
                  oauth: gr.OAuthToken | None = None, request: gr.Request | None = None) -> tuple[Any, ...]:
        """The translated page as it is, segment by segment, in the Review tab: to fix it, check it and
        approve it without translating anything (a machine page waiting for review, a marked draft). An
        outdated page opens as its update, the changed passages in English until translated. Costs nothing.

        Args:
            repo: the repository's name on this server (the Repository list).
            lang: the target language folder, e.g. ko.
            doc: the English doc, relative to the language folder (e.g. tutorials/tools.md).
        """
        self._limit(profile, request)
        if not doc:
            raise web_error(InputError, "no_doc")
        lang = (lang or "ko").strip()
        review = api.draft(self._work(repo, profile, oauth), lang, doc, update=True)
        ui = request_lang(request)
        state = {**draft_state(lang, doc, review, update=True, force=False), "opened": True}
        return state, render.review(review, lang=ui), self._segment_choices(review, ui), gr.Tabs(selected="review")

    def stop(self, request: gr.Request | None = None) -> str:
        """Stop this session's running translation after the requests in flight; finished segments stay in
        the translation memory. Costs nothing."""
        return t("stopping" if self.runs.stop(session_key(request)) else "nothing_running", request_lang(request))

    # -- 3. review ---------------------------------------------------------------------------------

    @staticmethod
    def _segment_choices(review: api.DraftReview, ui: str = "en") -> Any:
        choices = [(t("seg_choice", ui, id=s.id, line=s.target_line, english=s.english[:60],
                         bad=" ⚠" if any(f.severity == "error" for f in s.findings) else ""), s.id)
                   for s in review.segments]
        bad = next((s.id for s in review.segments if any(f.severity == "error" for f in s.findings)), None)
        return gr.Dropdown(choices=choices, value=bad or (review.segments[0].id if review.segments else None))

    def check(self, repo: str, state: dict[str, Any], profile: gr.OAuthProfile | None = None,
              oauth: gr.OAuthToken | None = None, request: gr.Request | None = None) -> tuple[dict[str, Any], str]:
        """Check the draft as it is now: findings on the segments they concern. Writes nothing, costs nothing.

        Args:
            repo: the repository's name on this server (the Repository list).
            state: the draft JSON returned by translate (or edit).
        """
        self._limit(profile, request, state)
        return self._check(repo, state, profile, oauth, request_lang(request))

    def _check(self, repo: str, state: dict[str, Any], profile: gr.OAuthProfile | None,
               oauth: gr.OAuthToken | None, ui: str = "en") -> tuple[dict[str, Any], str]:
        lang, doc, update, force, translations = _draft_args(state)
        review = api.draft(self._work(repo, profile, oauth), lang, doc, translations, update=update, force=force,
                           pseudo=bool(state.get("pseudo")), docs_root=self.ws.docs_root,
                           alternatives=_alternatives(state))
        new = draft_state(lang, doc, review, update=update, force=force, edited=state.get("edited", ()),
                          pseudo=bool(state.get("pseudo")))
        new["before"] = state.get("before") or review.before
        if state.get("opened"):  # the page as it is (open_page): approve writes it only when edited
            new["opened"] = True
        return new, render.review(review, set(new["edited"]), lang=ui)

    def segment(self, state: dict[str, Any], segment: str) -> str:
        """The current translation of one segment of the draft (what the editor shows).

        Args:
            state: the draft JSON.
            segment: the segment id, e.g. s12.
        """
        _, _, _, _, translations = _draft_args(state)
        return translations.get(segment, "")

    def second(self, state: dict[str, Any], segment: str) -> str:
        """The second model's draft of one segment (``translate`` with a second model), for the editor: the
        translator picks it by applying it with edit. Writes nothing.

        Args:
            state: the draft JSON.
            segment: the segment id, e.g. s12.
        """
        _draft_args(state)
        alt = _alternatives(state).get(segment)
        if alt is None:
            raise web_error(InputError, "no_second")
        return str(alt["text"])

    def edit(self, repo: str, state: dict[str, Any], segment: str, text: str, profile: gr.OAuthProfile | None = None,
             oauth: gr.OAuthToken | None = None, request: gr.Request | None = None) -> tuple[dict[str, Any], str]:
        """Replace one segment's translation in the draft and check the draft at once. Writes nothing.

        Args:
            repo: the repository's name on this server (the Repository list).
            state: the draft JSON.
            segment: the segment id, e.g. s12.
            text: the new translation, with code spans and links as written.
        """
        self._limit(profile, request, state, text)
        lang, doc, update, force, translations = _draft_args(state)
        if not segment:
            raise web_error(InputError, "no_segment")
        translations[segment] = text
        edited = {*state.get("edited", ()), segment}
        return self._check(repo, {**state, "translations": translations, "edited": sorted(edited)}, profile, oauth,
                           request_lang(request))

    @staticmethod
    def pick_segment(evt: gr.EventData) -> Any:
        """A click on a review row: that segment in the editor."""
        seg = str((getattr(evt, "_data", None) or {}).get("seg") or "")
        return gr.update(value=seg) if seg else gr.skip()

    def step(self, repo: str, state: dict[str, Any], segment: str, show: str, delta: int,
             profile: gr.OAuthProfile | None = None, oauth: gr.OAuthToken | None = None,
             request: gr.Request | None = None) -> Any:
        """The segment before or after ``segment`` among those the filter shows (wrapping around).

        Args:
            repo: the repository's name on this server (the Repository list).
            state: the draft JSON.
            segment: the segment shown now, e.g. s12.
            show: all, findings, errors, warnings, changed or edited (the rows the review table shows),
                optionally with ``|rule:NAME`` (only rows with a finding of check NAME).
            delta: 1 for the next segment, -1 for the previous one.
        """
        self._limit(profile, request, state)
        lang, doc, update, force, translations = _draft_args(state)
        review = api.draft(self._work(repo, profile, oauth), lang, doc, translations, update=update, force=force,
                           pseudo=bool(state.get("pseudo")), docs_root=self.ws.docs_root)
        edited = set(state.get("edited", ()))
        ids = [s.id for s in review.segments if render.shows(s, show, edited)]
        if not ids:
            raise web_error(InputError, "none_shown", show=Lazy(functools.partial(_filter_words, show)))
        all_ids = [s.id for s in review.segments]
        here = all_ids.index(segment) if segment in all_ids else -1
        if delta > 0:
            after = [i for i in ids if all_ids.index(i) > here]
            return gr.update(value=after[0] if after else ids[0])
        before = [i for i in ids if all_ids.index(i) < here] if here >= 0 else []
        return gr.update(value=before[-1] if before else ids[-1])

    def preview(self, repo: str, state: dict[str, Any], profile: gr.OAuthProfile | None = None,
                oauth: gr.OAuthToken | None = None, request: gr.Request | None = None) -> str:
        """The English page and the draft's page rendered side by side, as the docs will show them (safe HTML:
        nothing of the page runs). Costs nothing.

        Args:
            repo: the repository's name on this server (the Repository list).
            state: the draft JSON.
        """
        if not state or not state.get("doc"):
            return f"<p>{t('review_empty', request_lang(request))}</p>"
        self._limit(profile, request, state)
        lang, doc, update, force, translations = _draft_args(state)
        return render.preview(api.draft(self._work(repo, profile, oauth), lang, doc, translations, update=update,
                                        force=force, pseudo=bool(state.get("pseudo")), docs_root=self.ws.docs_root),
                         lang=request_lang(request))

    @staticmethod
    def target(state: dict[str, Any] | None, request: gr.Request | None = None) -> str:
        """What the write step will write, named before it is clicked."""
        ui = request_lang(request)
        if not state or not state.get("doc"):
            return t("target_none", ui)
        check = t("check_passes", ui) if state.get("ok") else t("check_errors", ui, n=state.get("errors", 0))
        return t("target", ui, doc=code(str(state["doc"])), target=code(str(state.get("target") or "")),
                    check=check, n=len(state.get("edited") or ()))

    # -- 4. write, toctree, publish ----------------------------------------------------------------

    def write(self, repo: str, state: dict[str, Any], allow_draft: bool, profile: gr.OAuthProfile | None = None,
              oauth: gr.OAuthToken | None = None, request: gr.Request | None = None) -> str:
        """Write the draft to the docs folder: only if check passes, or as a marked draft when allow_draft;
        never over a file that changed since the draft was made. Costs nothing.

        Args:
            repo: the repository's name on this server (the Repository list).
            state: the draft JSON.
            allow_draft: write it even with check errors, marked as an unfinished draft.
        """
        self._limit(profile, request, state)
        visitor = Visitor.of(profile, oauth)
        self.ws.require_visitor(visitor, "write")
        lang, doc, update, force, translations = _draft_args(state)
        path, _ = self.ws.checkout(repo, visitor)
        out = api.write_draft(path, lang, doc, translations, update=update, force=force,
                              allow_errors=bool(allow_draft), expect=state.get("before") or None,
                              edited=state.get("edited", ()), pseudo=bool(state.get("pseudo")),
                              docs_root=self.ws.docs_root)
        self._last_status.pop((repo, visitor.key), None)  # the doc's state changed
        rel = _rel(path, Path(out.target))
        ui = request_lang(request)
        text = t("written", ui, target=code(rel)) + (t("written_draft", ui) if out.draft else "")
        if out.backup:
            text += t("written_backup", ui, backup=code(_rel(path, Path(out.backup))))
        return text

    def approve(self, repo: str, state: dict[str, Any], profile: gr.OAuthProfile | None = None,
                oauth: gr.OAuthToken | None = None, request: gr.Request | None = None) -> str:
        """A reviewer's sign-off of the page in the Review tab: the edits written first (only if check passes),
        then the page approved in the signed-in reviewer's name (a local server: the checkout's git user):
        refused with check errors or passages still in English; otherwise the sign-off goes into the page's
        review record and the draft mark and the machine-translation notice are removed. Costs nothing.

        Args:
            repo: the repository's name on this server (the Repository list).
            state: the draft JSON (from open_page, translate or edit).
        """
        visitor = Visitor.of(profile, oauth)
        self.ws.require_visitor(visitor, "approve")
        lang, doc, update, force, translations = _draft_args(state)
        path, _ = self.ws.checkout(repo, visitor)
        ui = request_lang(request)
        wrote = ""
        if state.get("edited") or not state.get("opened"):  # a translation not written yet, or edits: written first
            out = api.write_draft(path, lang, doc, translations, update=update, force=force, allow_errors=False,
                                  expect=state.get("before") or None, edited=state.get("edited", ()),
                                  pseudo=bool(state.get("pseudo")))
            wrote = t("written", ui, target=code(_rel(path, Path(out.target)))) + ". "
        result = api.approve(path, lang, [doc], by=visitor.username, finish_draft=True, config=self.ws.config(path))
        self._last_status.pop((repo, visitor.key), None)  # the page's review state changed
        page = result.pages[0]
        if not page.approved:
            key = f"approve_refused_{page.kind}" if page.kind and has(f"approve_refused_{page.kind}") else None
            why = Msg(key, n=len(page.errors)) if key else page.reason  # said in each reader's language
            raise web_error(RefusedError, "approve_refused", why=why)
        s = page.signoff
        assert s is not None
        done = [t("approved_notice", ui)] if page.notice_removed else []
        if page.mark_removed:
            done.append(t("approved_mark", ui))
        return wrote + t("approved", ui, doc=code(doc), by=code(s.by), commit=code(s.english_commit[:10] or "-"),
                         record=code(page.record), removed="; ".join(done))

    def toctree(self, repo: str, lang: str, doc: str, keep_english: bool, provider: str, model: str, base_url: str,
                secrets: dict[str, str] | None = None, profile: gr.OAuthProfile | None = None,
                oauth: gr.OAuthToken | None = None, request: gr.Request | None = None) -> str:
        """Add the translated doc to the language's _toctree.yml, where the English lists it. Costs a few LLM
        tokens only for new section titles, none with keep_english.

        Args:
            repo: the repository's name on this server (the Repository list).
            lang: the target language folder, e.g. ko.
            doc: the English doc, relative to the language folder.
            keep_english: keep English titles for new sections instead of translating them.
            provider: anthropic, openai or hf, for new section titles (pseudo only in demo mode).
            model: the model (empty: the provider's default).
            base_url: an OpenAI-compatible server's URL (empty: the provider's own).
        """
        self._limit(profile, request, doc)
        path, provider, cfg = self._doc_job(repo, doc, provider, base_url, secrets, Visitor.of(profile, oauth),
                                            "toctree")
        result = api.toctree(path, lang, [doc], no_llm=bool(keep_english), provider=provider, model=model or None,
                             base_url=base_url or None, config=cfg, docs_root=self.ws.docs_root)
        ui = request_lang(request)
        if not result.changes:
            return t("toc_nothing", ui)
        if all(c.action == "missing-translation" for c in result.changes):
            return t("toc_not_added", ui, doc=code(doc), folder=code(lang))
        lines = [f"- {code(c.local)}: {_toc_action(c.action, ui)}"
                 + (t("toc_as", ui, title=render.md(c.title)) if c.title else "")
                 + (t("toc_line", ui, n=c.line) if c.line else "") for c in result.changes]
        return t("toc_updated" if result.written else "toc_unchanged", ui) + "\n" + "\n".join(lines)

    def publish(self, repo: str, lang: str, doc: str, fork: str, upstream: str,
                secrets: dict[str, str] | None = None, profile: gr.OAuthProfile | None = None,
                oauth: gr.OAuthToken | None = None, request: gr.Request | None = None) -> Iterator[str]:
        """Push the written translation (and its toctree entry) to the fork and open a DRAFT pull request
        upstream; returns the PR link. Writes to GitHub with the server's token.

        Args:
            repo: the repository's name on this server (the Repository list).
            lang: the target language folder, e.g. ko.
            doc: the English doc, relative to the language folder.
            fork: your fork, owner/name (empty: the config's github.fork).
            upstream: the upstream repository, owner/name (empty: the config's github.upstream).
        """
        self._limit(profile, request, weight=2)
        visitor = Visitor.of(profile, oauth)
        self.ws.require_visitor(visitor, "publish")
        token = (secrets or {}).get("github_token")
        if self.ws.shared and not (token and fork.strip()):
            # an anonymous visitor opened PRs with the Space's own GITHUB_TOKEN to any fork it reached (issue 16)
            raise web_error(RefusedError, "shared_pr")
        result = yield from self._publish(repo, lang, doc, fork, upstream, secrets, dry_run=False, visitor=visitor,
                                          ui=request_lang(request))
        yield t("pr_opened", request_lang(request), link=render.md_link(result.title, result.url),
                   branch=code(result.branch), n=len(result.commits))

    def publish_preview(self, repo: str, lang: str, doc: str, fork: str, upstream: str,
                        secrets: dict[str, str] | None = None, profile: gr.OAuthProfile | None = None,
                        oauth: gr.OAuthToken | None = None, request: gr.Request | None = None) -> Iterator[str]:
        """What the draft PR will be, sent nowhere: the branch and its commit(s) are made locally and the PR
        title and body shown exactly as they would be posted. Pushes nothing; needs no token or fork.

        Args:
            repo: the repository's name on this server (the Repository list).
            lang: the target language folder, e.g. ko.
            doc: the English doc, relative to the language folder.
            fork: your fork, owner/name (empty: the config's github.fork).
            upstream: the upstream repository, owner/name (empty: the config's github.upstream).
        """
        self._limit(profile, request)
        visitor = Visitor.of(profile, oauth)
        self.ws.require_visitor(visitor, "preview")  # it makes a branch in the shared clone
        result = yield from self._publish(repo, lang, doc, fork, upstream, secrets, dry_run=True, visitor=visitor,
                                          ui=request_lang(request))
        yield render.pr_preview(result, lang=request_lang(request))

    def _publish(self, repo: str, lang: str, doc: str, fork: str, upstream: str, secrets: dict[str, str] | None,
                 *, dry_run: bool, visitor: Visitor, ui: str = "en") -> Generator[str, None, api.PublishResult]:
        """Run :func:`hfi18n.api.publish` in a thread, yielding its steps as a list (in ``ui``'s words: each
        step's key, :data:`hfi18n.publish.pr.STEP_KEYS`); returns its result. On a shared app only the
        visitor's typed token is used, and a real PR only from their own fork."""
        path, _ = self.ws.checkout(repo, visitor)
        cfg = self.ws.config(path, github_token=(secrets or {}).get("github_token"), visitor=visitor,
                             publish=self.ws.shared)
        if not dry_run:  # the two a translator most often leaves empty, said before the library says them in English
            if not ((upstream or "").strip() or cfg.get("github.upstream")):
                raise web_error(RepoError, "no_upstream")
            if not ((fork or "").strip() or cfg.get("github.fork")):
                raise web_error(RepoError, "no_fork")
        if self.ws.shared and not dry_run:
            _own_fork(cfg, fork)
        steps: list[str] = []
        result = None
        for item in in_thread(lambda progress: api.publish(path, lang, doc, fork=fork or None,
                                                            upstream=upstream or None, config=cfg, no_llm=True,
                                                            dry_run=dry_run, progress=progress,
                                                            docs_root=self.ws.docs_root)):
            if isinstance(item, api.ProgressEvent):
                steps.append(f"- {render.md(said(item, ui))}")
                yield "\n".join(steps)
            else:
                result = item
        assert result is not None
        return result

    def glossary(self, lang: str, text: str, profile: gr.OAuthProfile | None = None,
                 request: gr.Request | None = None) -> dict[str, Any]:
        """The glossary terms occurring in an English text and how the language renders them. Costs nothing.

        Args:
            lang: the language, e.g. ko.
            text: English text (empty: the whole glossary).
        """
        self._limit(profile, request, text)
        bound_input(lang, text, what="text")
        return api.glossary_lookup(lang or "ko", text or None).to_json()


CLONE_WEIGHT = 5
"""A clone costs as much rate limit as this many reads (it downloads a repository's whole history)."""
CLONE_NOTES = {"cloned": "clone_cloned", "updated": "clone_updated", "kept": "clone_kept"}
"""What :func:`hfi18n.api.clone` did (``CloneResult.kind``, a :class:`hfi18n.repo.clone.CloneNote`) -> the
page's words for it (issue 26: a Korean browser read "cloned ... into ..."; the web used to map the English
notes back by exact value). A result without a kind is shown as the library says it, in the ``clone_other``
frame."""
CHECKOUT_NOTES = {"made": "mine_made", "updated": "mine_updated", "kept": "mine_kept"}
"""The same for :func:`hfi18n.api.personal_checkout`'s note kinds (a :class:`hfi18n.repo.clone.CheckoutNote`:
a visitor's own checkout, shared mode)."""

REVIEW_FILTERS = ("all", "findings", "errors", "warnings", "changed", "edited")
"""Which review rows are shown: every segment, those with findings, those with an error or a warning
(issue 26: "findings" mixed the errors that block writing with warnings worth a look), those whose English changed (an
update), those the translator edited. The page's rule list narrows any of them (:func:`.render.shows`)."""


def _filter_words(show: str, ui: str) -> str:
    """A review filter (``errors|rule:links``) in ``ui``'s words: the filter's label, the rule id as it is."""
    parts = []
    for part in show.split("|"):
        parts.append(t(f"show_{part}", ui) if part in REVIEW_FILTERS else part.removeprefix("rule:"))
    return " · ".join(p for p in parts if p)


def _said_skips(items: Iterator[Any], call: Any = None) -> Iterator[Any]:
    """``items`` (or, with ``call``, its one result), where a run refused because every doc was skipped
    (``pseudo`` over a translated page: the library's :class:`RefusedError` carries the skips) is said as
    the first skip, in the visitor's words (:func:`_skipped`), not the CLI's English with its flags (issue 33,
    item 9: the demo's Translate on an outdated doc)."""
    try:
        if call is not None:
            yield call()
            return
        yield from items
    except RefusedError as exc:
        skipped = getattr(exc, "skipped", None)
        if skipped:
            raise _skipped(skipped[0], exc) from None
        raise


def _skipped(skip: Any, exc: HfI18nError | None = None) -> HfI18nError:
    """The error for a doc the run skipped (a :class:`hfi18n.translate.service.Skipped`; ``exc``: the library's
    own error for it, else an :class:`InputError`): the library's English (``doc: reason``, as scripts read
    it), said wholly in the page's words when the page knows its ``kind`` (issue 26), else the English in
    the page's frame (:func:`.hints.error_text`)."""
    exc = exc if exc is not None else InputError(f"{skip.en_rel}: {skip.reason}")
    kind = getattr(skip, "kind", "")
    if kind and has(f"err_skip_{kind}"):
        say(exc, f"skip_{kind}", doc=skip.en_rel, **{"target": "", **getattr(skip, "fields", {})})
    return exc


def _summary(summary: Any, ui: str) -> str:
    """What a run did with a doc (:class:`hfi18n.translate.pipeline.DocSummary`) in ``ui``'s words: English as
    :meth:`~hfi18n.translate.pipeline.DocSummary.text` says it (the CLI's words), another language from its
    fields (issue 26: "index.md: kept 3 human segment(s), ..." in a Korean browser)."""
    if ui == "en":
        return str(summary.text())
    parts = [t("sum_human", ui, n=summary.kept_human)]
    if summary.kept_machine:
        parts.append(t("sum_machine", ui, n=summary.kept_machine))
    parts.append(t("sum_translated", ui, n=summary.translated))
    parts.append(t("sum_carried", ui, n=summary.comments_carried))
    lines = ", ".join(map(str, summary.unfinished))
    parts.append(t("sum_unfinished_lines", ui, n=len(summary.unfinished), lines=lines) if lines
                 else t("sum_unfinished", ui, n=0))
    out = ", ".join(parts)
    for loss in summary.comments_lost:
        out += "\n  " + t("sum_lost", ui, line=loss.line, text=loss.text, reason=loss.reason)
    return out


def _with_upstream(cfg: Config, upstream: str) -> Config:
    """``cfg`` with the upstream typed on the page (status finds the PRs that claim docs there)."""
    upstream = (upstream or "").strip()
    if not upstream:
        return cfg
    return Config({**cfg.data, "github": {**(cfg.get("github") or {}), "upstream": upstream}}, cfg.source)


def _row(rank: int, d: Any) -> dict[str, Any]:
    """A status row for JSON output, ``path`` renamed ``doc`` (``gradio_client`` takes a dict with a
    ``path`` key for a file to download)."""
    row = d.to_json()
    return {"rank": rank, "doc": row.pop("path"), **row}


def _own_fork(cfg: Config, fork: str) -> None:
    """On a shared app, the fork must belong to the account of the typed token (``GET /user``): a visitor's
    token may reach repositories of others (an organisation's), and the draft PR is theirs alone."""
    with api.github_client(cfg) as client:
        login = client.authenticated_login()
    owner = fork.strip().split("/", 1)[0]
    if not login or login.lower() != owner.lower():
        raise web_error(RefusedError, "not_your_fork", fork=repr(fork.strip()), login=f" ({login})" if login else "")


def _toc_action(action: str, ui: str) -> str:
    """What a toctree change did, in ``ui``'s words (an action the tables do not know, as the API names it)."""
    try:
        return t(f"toc_{action}", ui)
    except KeyError:
        return action


def _pr_label(url: str) -> str:
    """``PR #123`` for a pull request's URL, else the URL."""
    return f"PR #{url.rsplit('/', 1)[-1]}" if "/pull/" in url else url


def _rel(repo: Path, path: Path) -> str:
    try:
        return path.resolve().relative_to(repo.resolve()).as_posix()
    except ValueError:
        return path.name
