"""Choosing the docs of a ``translate`` run and estimating it (the run itself: :mod:`hfi18n.api`).

Nothing here prints or writes a doc. For ``--update`` the errors the existing translation already has
are set on each job by :func:`hfi18n.write.gate.set_update_baseline` (``write`` sits above this layer).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import RefusedError, RepoError
from ..fileio import digest, read_text, through_link
from ..repo.history import WRITE_ALONE, BaseInfo, BlobReader, Followed, followed
from ..repo.layout import SOURCE_LANG, DocsLayout, validate_lang
from ..repo.ledger import ledger_for
from ..repo.signoff import machine_hashes
from ..repo.status import DocStatus, StatusReport
from ..repo.status_pulls import PullInfo
from ..repo.store import Store
from .pipeline import DocJob, Translator, new_job
from .pricing import PRICES, cached_prefix_cost, estimate_output_tokens, estimate_tokens
from .update import UpdatePlan, checkout_length_model, plan_update, segments_at_base

DRY_RUN_MODELS = ("claude-sonnet-4-5", "claude-haiku-4-5", "gpt-5-mini", "gpt-4.1-mini")
"""Models whose cost a dry run shows besides the chosen one."""


@dataclass(slots=True)
class Skipped:
    en_rel: str
    reason: str
    kind: str = ""
    """``reason`` as a key, one of :data:`SKIP_KINDS` (empty: a reason given without one), so the web app says it
    in the visitor's language (issue 26); ``reason`` stays the English the CLI prints."""
    fields: dict[str, object] = field(default_factory=dict)
    """The values ``reason`` was made of (the target file, the language, ...), for ``kind``."""


SKIP_KINDS = ("outside", "no_base", "base_unknown", "exists", "pseudo_exists", "broken_english", "claimed", "unknown")
"""Why a doc is skipped: its target leads outside the repository (a symbolic link); ``--update`` finds no base
English version; the base English is unknown; the target exists (no ``--update``/``--force``); the
``pseudo`` test double would write over a translation; the English source has a fault a translation would
copy (:func:`hfi18n.check.source.skip_broken_english`); ``--all`` leaves a doc an open PR translates to its
author, and one whose state is unknown (:func:`all_candidates`)."""


@dataclass(slots=True)
class Selection:
    """Docs chosen for a run: jobs to run, docs refused with the command that would handle them."""

    jobs: list[DocJob] = field(default_factory=list)
    updates: dict[str, UpdatePlan] = field(default_factory=dict)
    skipped: list[Skipped] = field(default_factory=list)


def _english_rel(layout: DocsLayout, arg: str, lang: str) -> str:
    file_lang, rel = layout.resolve_doc_arg(arg, lang)
    if file_lang != SOURCE_LANG:
        en = layout.twin(rel, SOURCE_LANG)
        if en is None:
            raise RepoError(f"{arg} has no English source", hint="translate docs that exist under docs/source/en")
        rel = en
    return rel


def _underlying_state(d: object) -> str:
    """State of a doc whose only in-progress mark is a toctree placeholder: outdated if it has a translation."""
    return "outdated" if getattr(d, "translated_path", None) else "missing"


def next_candidates(report: StatusReport, lang: str, *, update: bool = False) -> list[DocStatus]:
    """The docs ``translate --next`` picks from, most useful first: missing ones (outdated too with
    ``update``) that nobody claims, then those only a toctree placeholder announces (many sit there for
    years; an open PR does claim a doc)."""
    wanted = ("missing", "outdated") if update else ("missing",)
    placeholder_only = sorted(
        (d for d in report.for_lang(lang) if d.state == "in-progress" and d.in_progress == ["toctree placeholder"]),
        key=lambda d: (d.toctree_position is None, d.toctree_position or 0, d.path))
    out = []
    for d in [*report.ranked(lang), *placeholder_only]:
        claimed = [x for x in d.in_progress if x != "toctree placeholder"]
        state = d.state if d.state != "in-progress" or claimed else _underlying_state(d)
        if state in wanted and not claimed:
            out.append(d)
    return out


def all_candidates(report: StatusReport, lang: str) -> tuple[list[str], list[Skipped]]:
    """The docs ``translate --all`` takes, most useful first, and those it leaves alone with why.

    Taken: every missing doc, every outdated one (its update), and every one only a toctree placeholder
    announces or that is an unfinished machine draft (a draft mark, English left: the update finishes it).
    Left alone: a doc an open PR translates (a person is on it), a doc whose state is unknown (an
    unreadable file, a shallow clone), orphaned translations; a doc whose base is unknown is refused by
    the update itself, with its reason (:func:`select_docs`). Up-to-date docs, reviewed ones among them,
    are never taken: a reviewed page whose English did not change is not touched."""
    taken = [d.path for d in next_candidates(report, lang, update=True)]
    skipped: list[Skipped] = []
    for d in report.for_lang(lang):
        if d.path in taken or d.state in ("up-to-date", "orphaned", "missing", "outdated"):
            continue
        if d.state == "unknown":
            skipped.append(Skipped(d.path, d.problem or "its state is unknown", "unknown"))
            continue
        claims = [x for x in d.in_progress if x.startswith(("http://", "https://"))]
        if claims:
            skipped.append(Skipped(d.path, f"an open pull request translates it ({claims[0]}): left to its author",
                                   "claimed", {"pull": claims[0]}))
        elif d.state == "in-progress":
            taken.append(d.path)  # a placeholder of years, a machine draft, English left: the run finishes it
    return taken, skipped


def select_docs(layout: DocsLayout, lang: str, paths: list[str], *, next_n: int | None = None,
                update: bool = False, force: bool = False, pulls: list[PullInfo] | None = None,
                all_docs: bool = False) -> Selection:
    """Build jobs for ``paths`` (English or translated paths), the ``next_n`` most useful docs, or with
    ``all_docs`` every doc of the language that is missing or outdated (:func:`all_candidates`; an
    existing translation is updated, never replaced).

    ``pulls``: open translation PRs upstream (see :func:`hfi18n.repo.status_pulls.pulls_for`); a doc one
    of them translates is not picked by ``next_n`` or ``all_docs``.
    """
    validate_lang(lang, target=True)
    sel = Selection()
    rels = list(dict.fromkeys(_english_rel(layout, p, lang) for p in paths))  # a doc named twice is one job
    if next_n or all_docs:
        from ..repo.status import compute_status

        report = compute_status(layout, [lang], pulls=pulls, write_cache=True)
        if all_docs:
            update = True
            found, sel.skipped = all_candidates(report, lang)
            rels += [r for r in found if r not in rels]
        else:
            rels += [d.path for d in next_candidates(report, lang, update=update) if d.path not in rels]
            rels = rels[: max(next_n or 0, len(paths))]
    if not rels:
        if all_docs:
            return sel  # nothing missing or outdated: nothing to do, which is no error
        raise RefusedError("nothing to translate", hint="name docs (e.g. quicktour.md) or use --next N")
    bases: dict[str, BaseInfo] = {}
    blobs: BlobReader | None = None
    ledger = ledger_for(layout)
    length = None  # the pair model's length model, learned once per run (checkout_length_model)
    records: dict[str, Followed] = {}
    if update:  # what each translation follows (its base and the English changes carried to it since), and
        # every base English text and translation at its base in one git call, through the run's store
        with Store.of(layout) as store:
            records = followed(layout, lang, store=store, coverage=False)
            bases = {rel: r.base for rel, r in records.items()}
            blobs = store.blobs
            blobs.load(b for rel in rels if (t := layout.twin(rel, lang)) in records and bases[t].known
                       for b in (bases[t].base_blob, records[t].translated) if b)
    done: set[str] = set()
    for rel in rels:
        target_rel = layout.twin(rel, lang)
        target = layout.path(lang, target_rel or rel)
        if not layout.is_inside(target):  # a link to elsewhere: never read, backed up or replaced
            sel.skipped.append(Skipped(rel, f"{layout.rel_to_repo(target)} leads outside the "
                                            "repository (a symbolic link): hfi18n does not read or write it",
                                       "outside", {"target": layout.rel_to_repo(target)}))
            continue
        if target_rel is not None or target.parent.exists():  # a link inside the repository (fileio.through_link)
            try:
                lands = through_link(layout.repo, target, tree=layout.lang_dir(lang),
                                     mirror=layout.path(SOURCE_LANG, rel), mirror_tree=layout.lang_dir(SOURCE_LANG))
            except RepoError as exc:
                sel.skipped.append(Skipped(rel, f"{exc.message}; {exc.hint}" if exc.hint else exc.message))
                continue
            if lands != Path(os.path.abspath(target)):
                rel = target_rel = lands.relative_to(layout.lang_dir(lang).resolve()).as_posix()
                target = layout.path(lang, target_rel)  # the page itself: both names are built from it
        if rel in done:
            continue  # the same page under a second name (a link): one job
        done.add(rel)
        en_text = read_text(layout.path(SOURCE_LANG, rel))
        if target_rel is None:
            sel.jobs.append(new_job(rel, en_text, target))
        elif update:
            base = bases.get(target_rel)
            if base is None:
                sel.skipped.append(Skipped(rel, "no base English version found in history (is it committed?); "
                                               "use --force to re-translate it whole", "no_base"))
                continue
            if not base.known:  # an update against a guess would keep stale prose as "unchanged" (issue 23)
                sel.skipped.append(Skipped(rel, f"the English version {lang}/{target_rel} follows is unknown: "
                                                f"{base.unknown}; the best candidate, {base.candidate()}, is too "
                                                "unlike it to update from; re-translate it whole with --force "
                                                "(a backup of the current file is kept)", "base_unknown",
                                           {"target": f"{lang}/{target_rel}"}))
                continue
            assert blobs is not None
            human = read_text(target)
            length = length or checkout_length_model(layout, lang)
            rec = records.get(target_rel)
            english = rec.english if rec is not None else None
            machine = machine_hashes(layout, lang, target_rel, ledger)
            at_base = None  # the translated segments as they were when it last followed its English
            then = None  # that translation's text (WRITE_ALONE: unknown, the runs' machine text alone is known)
            if rec is not None and rec.translated is not None:
                then = blobs.text(rec.translated) if rec.translated != WRITE_ALONE else None
                at_base = segments_at_base(then or "", machine)
            plan = plan_update(english if english is not None else blobs.text(base.base_blob), en_text, human,
                               en_rel=rel, target=target, lang=lang,
                               base_commit=base.base_commit, machine=machine,
                               unfinished=ledger.unfinished_texts(lang, target_rel), length=length,
                               at_base=frozenset(at_base) if at_base is not None else None,
                               guessed=frozenset(rec.guessed) if rec is not None else frozenset(),
                               translated=then)
            plan.job.target_before = digest(human.encode("utf-8"))  # exactly the text the update starts from
            sel.updates[rel] = plan
            sel.jobs.append(plan.job)
        elif force:
            sel.jobs.append(new_job(rel, en_text, target))
        else:
            sel.skipped.append(Skipped(rel, f"{layout.rel_to_repo(target)} exists and may hold human work; use "
                                            "--update to refresh it incrementally or --force to replace it",
                                       "exists", {"target": layout.rel_to_repo(target)}))
    return sel


@dataclass(slots=True)
class Estimate:
    """What a run would send (after translation-memory hits), and what it would cost."""

    files: int
    segments: int
    cached: int
    requests: int
    chars: int
    tokens_in: int
    tokens_out: int
    costs: dict[str, float | None]
    per_doc: list[dict[str, object]]
    batch: bool = False
    """Costs are at the batch price (``--dry-run --batch``)."""
    prefix_tokens: int = 0
    """The system prompt every request shares (cached after the first request when long enough)."""
    duplicates: int = 0
    """Segments not sent because an earlier one of the run has the same text (they take its translation):
    ``segments == cached + duplicates + what is sent``. A dry run of smolagents' ``tutorials/tools.md``
    listed 75 segments to send under a total of 79 without saying the other 4 were repeats."""


def estimate(translator: Translator, jobs: list[DocJob], *, batch: bool = False) -> Estimate:
    """Plan the requests exactly as a run would (memory first) without sending anything.

    Costs count the prompt cache (the shared system prompt written once, read by the other requests,
    when it is long enough for the model) and, with ``batch``, the batch discount.
    """
    translator.lookup_memory(jobs)
    requests = tokens_in = tokens_out = chars = prefix = 0
    system_tokens: dict[str, int] = {}  # the run's requests share one system prompt: counted once
    per_doc = []
    for job in jobs:
        doc_in = doc_out = doc_req = 0
        for group in translator.batches(job, job.pending):
            req = translator.request_for(job, group)
            system = system_tokens.get(req.system)
            if system is None:
                system = system_tokens[req.system] = estimate_tokens(req.system)
            if req.cache_prefix:
                prefix = system
            doc_in += system + estimate_tokens(req.user)
            doc_out += sum(estimate_output_tokens(s.text, translator.lang) for s in group) + 3 * len(group)
            doc_req += 1
        doc_chars = sum(len(s.text) for s in job.pending)
        per_doc.append({"path": job.en_rel, "segments": len(job.pending), "chars": doc_chars,
                        "requests": doc_req, "tokens_in": doc_in, "tokens_out": doc_out})
        requests += doc_req
        tokens_in += doc_in
        tokens_out += doc_out
        chars += doc_chars
    models = dict.fromkeys([translator.provider.model, *DRY_RUN_MODELS])
    costs = {m: cached_prefix_cost(m, tokens_in, tokens_out, prefix=prefix, requests=requests, batch=batch)
             for m in models if m in PRICES or m == translator.provider.model}
    return Estimate(len(jobs), translator.stats.segments, translator.stats.cache_hits, requests, chars,
                    tokens_in, tokens_out, costs, per_doc, batch, prefix, translator.stats.duplicates)
