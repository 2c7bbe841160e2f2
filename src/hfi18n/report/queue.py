"""The review queue: a language's pages by review state, and its machine pages in the order to review them.

A team of three cannot read 500 machine pages at once; they read the riskiest first. What the repository
knows about each machine page (its review record, :mod:`hfi18n.repo.signoff`, and its status) gives the
risk, highest first:

* what ``check`` warned about when the machine wrote it (style findings included), 3 points each;
* the write gate's notes (segments left in English, problems kept from the previous translation), 5 each;
* a notice with no record of which text is machine (nobody knows how much to read), 10;
* the text waiting for review: one point per 10 pending segments (a longer page takes longer and hides
  more);
* how much the English moved since: one point per 20 English lines added or removed since the
  translation's base (a page that is outdated again holds machine text about English that is gone).

A rough order, not a probability: it puts pages with findings above long clean ones, and among clean
ones the longest first. Every format of ``status``, the team page and the dashboard show the same counts
and the same order (:func:`review_queue`).
"""

from __future__ import annotations

from ..repo.signoff import STATES as REVIEW_STATES
from ..repo.status import DocStatus, StatusReport

__all__ = ["REVIEW_STATES", "review_counts", "review_queue", "review_ranks", "review_risk", "review_state",
           "review_text"]


def review_state(d: DocStatus) -> str | None:
    return str(d.review["state"]) if d.review else None


def review_risk(d: DocStatus) -> float:
    """How much reviewing ``d`` first is worth (0 for a page that is not ``machine``)."""
    r = d.review
    if not r or r.get("state") != "machine":
        return 0.0
    findings = sum(int(n) for n in dict(r.get("findings") or {}).values())
    notes = len(list(r.get("notes") or ()))
    pending = r.get("pending")
    moved = d.lines_added + d.lines_removed if d.state in ("outdated", "in-progress") else 0
    risk = 3.0 * findings + 5.0 * notes + (10.0 if pending is None else int(pending) / 10.0) + moved / 20.0  # type: ignore[arg-type]
    return round(risk, 2)


def review_queue(report: StatusReport, lang: str, limit: int | None = None) -> list[DocStatus]:
    """The machine pages of ``lang``, riskiest first (then by toctree position, then path)."""
    pages = [d for d in report.for_lang(lang) if review_state(d) == "machine"]
    pages.sort(key=lambda d: (-review_risk(d), d.toctree_position is None, d.toctree_position or 0, d.path))
    return pages[:limit] if limit else pages


def review_ranks(report: StatusReport) -> dict[tuple[str, str], int]:
    """``(lang, path)`` -> 1-based place in the language's review queue."""
    return {(lang, d.path): i for lang in report.languages for i, d in enumerate(review_queue(report, lang), 1)}


def review_counts(report: StatusReport, lang: str) -> dict[str, int]:
    """Translated pages of ``lang`` by review state, and the segments waiting for review (``pending``)."""
    counts = dict.fromkeys(REVIEW_STATES, 0)
    pending = 0
    for d in report.for_lang(lang):
        st = review_state(d)
        if st in counts:
            counts[st] += 1
            pending += int(d.review.get("pending") or 0) if d.review else 0  # type: ignore[arg-type]
    return {**counts, "pending": pending}


def review_text(d: DocStatus) -> str:
    """``machine, 12 segments wait for review`` / ``reviewed by alice on 2026-10-02`` / ``human``."""
    r = d.review
    if not r:
        return ""
    st = str(r["state"])
    if st == "machine":
        pending = r.get("pending")
        text = "machine, " + ("notice without a record" if pending is None else
                              f"{pending} segment{'s' if pending != 1 else ''} wait{'s' if pending == 1 else ''} "
                              "for review")
        if r.get("last_review"):
            text += f" (reviewed by {dict(r['last_review'])['by']} before the English changed)"  # type: ignore[call-overload]
        return text
    if st == "reviewed":
        who = dict(r.get("reviewed") or {})  # type: ignore[call-overload]
        return f"reviewed by {who.get('by')} on {str(who.get('at', ''))[:10]}{changed_text(d)}" + (
            " (not in the team's reviewers list)" if r.get("unlisted_reviewer") else "")
    return st


def changed_text(d: DocStatus) -> str:
    """``, 3 segments changed by hand since`` for a reviewed page edited after its sign-off, else ''."""
    n = int((d.review or {}).get("changed_since_review") or 0)  # type: ignore[call-overload]
    return f", {n} segment{'s' if n != 1 else ''} changed by hand since" if n else ""


def counts_line(report: StatusReport, lang: str) -> str:
    c = review_counts(report, lang)
    return (f"review: {c['machine']} machine ({c['pending']} segments wait for review), {c['reviewed']} reviewed, "
            f"{c['human']} human")
