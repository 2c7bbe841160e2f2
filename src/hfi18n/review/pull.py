"""Review a pull request: its changed ``docs/source/<lang>/`` files at the head, the English at the base.

Everything comes through the GitHub REST client (:class:`hfi18n.repo.github.GitHubClient`): the PR (head
and base commits), its changed files with their diff hunks, and file contents at a commit. No checkout
is needed; with one (``repo``), the glossary consistency also compares with the language's other docs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..check.findings import ERROR, WARNING
from ..check.style import STYLE_PREFIX
from ..repo.ghref import PullRef
from ..repo.github import GitHubClient, PullDetails
from ..repo.layout import DEFAULT_DOCS_ROOT, DOC_SUFFIXES, SOURCE_LANG, is_lang_name
from ..repo.signoff import RECORD_DIR, audit_records
from .follow import FollowedEnglish
from .model import DocReview, Kind, Review, ReviewFinding
from .quote import code
from .runner import Options, review_texts

_HUNK_RE = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@")


def right_lines(patch: str | None, *, added: bool = False) -> set[int]:
    """Lines of the new file that a review comment may target: the added and context lines of the hunks
    (``added``: the added lines alone, the lines the PR wrote)."""
    out: set[int] = set()
    line = 0
    for row in (patch or "").splitlines():
        m = _HUNK_RE.match(row)
        if m:
            line = int(m.group(1))
            continue
        if not line or row.startswith("-") or row.startswith("\\"):
            continue
        if not added or row.startswith("+"):
            out.add(line)
        line += 1
    return out


@dataclass(slots=True)
class PrReview:
    """A review of a pull request, with what :mod:`.post` needs to comment on its diff."""

    ref: PullRef
    pull: PullDetails
    review: Review
    diff_lines: dict[str, set[int]] = field(default_factory=dict)
    """Per reviewed file, the lines of the head version that are part of the diff."""

    def to_json(self) -> dict[str, object]:
        return {**self.review.to_json(), "pull": str(self.ref), "head": self.pull.head_sha,
                "base": self.pull.base_sha}


def translated_doc(path: str, docs_root: str, lang: str | None) -> tuple[str, str] | None:
    """``(lang, rel)`` when ``path`` is a translated doc under ``docs_root`` (of ``lang`` if given)."""
    prefix = docs_root.strip("/") + "/"
    if not path.startswith(prefix) or not path.endswith(DOC_SUFFIXES):
        return None
    folder, _, rel = path[len(prefix):].partition("/")
    if not rel or not is_lang_name(folder) or folder.lower() == SOURCE_LANG or (lang is not None and folder != lang):
        return None
    return folder, rel


_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def unsafe_path(path: str) -> str | None:
    """Why a PR's file name is not a plain relative path (None: it is). A PR controls its file names: with
    ``..`` they were normalised into other API calls, with a newline they became workflow commands."""
    if _CONTROL_RE.search(path):
        return "its name holds a control character"
    if path.startswith("/") or "\\" in path or any(part in ("", ".", "..") for part in path.split("/")):
        return "its name is not a plain relative path"
    return None


def review_record_of(path: str, docs_root: str, lang: str | None) -> tuple[str, str] | None:
    """``(lang, page)`` when ``path`` is the review record of a translated page (:mod:`hfi18n.repo.signoff`:
    ``<docs_root>/<lang>/_review/<page>.json``), of ``lang`` if given."""
    prefix = docs_root.strip("/") + "/"
    if not path.startswith(prefix) or not path.endswith(".json"):
        return None
    folder, _, rest = path[len(prefix):].partition("/")
    head, _, page = rest.partition("/")
    if (head != RECORD_DIR or not page.endswith(tuple(s + ".json" for s in DOC_SUFFIXES)) or not is_lang_name(folder)
            or folder.lower() == SOURCE_LANG or (lang is not None and folder != lang)):
        return None
    return folder, page[: -len(".json")]


def audit_record(client: GitHubClient, pull: PullDetails, path: str, status: str, lang: str, page: str, *,
                 root: str) -> DocReview:
    """What the PR's change of a review record claims (:func:`hfi18n.repo.signoff.audit_records`), as
    findings on the record file: a sign-off in the name of someone other than the PR's author, or machine
    text dropped from the record while the page keeps it, is an error (the check fails: never silent); a
    sign-off by the author is a warning a maintainer confirms. A PR can write any record; what it cannot
    do is have one go unnoticed."""
    head_repo = pull.head_repo or pull.base_repo
    before = client.get_file_text(pull.base_repo, path, pull.base_sha)
    after = None if status == "removed" else client.get_file_text(head_repo, path, pull.head_sha)
    page_after = client.get_file_text(head_repo, f"{root}/{lang}/{page}", pull.head_sha)
    doc = DocReview(path, None, lang, after or "")
    doc.checked.append("the review record's change: sign-offs added, changed or removed, machine text dropped")
    for change in audit_records(page, before, after, page_after, author=pull.user or None):
        forged = change.kind == "machine-dropped" or (
            change.kind in ("signoff-added", "signoff-changed") and change.by is not None
            and (not pull.user or change.by.lower() != pull.user.lower()))
        doc.findings.append(ReviewFinding(path, 0, Kind.SIGNOFF, change.kind, ERROR if forged else WARNING,
                                          change.message))
    return doc


def review_pull(client: GitHubClient, ref: PullRef, *, lang: str | None = None, docs_root: str = DEFAULT_DOCS_ROOT,
                options: Callable[[str], Options] | None = None,
                follow: Callable[[str, str, str], FollowedEnglish | None] | None = None,
                log: Callable[[str], None] = lambda _m: None) -> PrReview:
    """Review every translated doc the pull request adds or modifies.

    ``follow``: ``(rel, translation, base sha)`` -> the English the PR's translation follows (from a local
    checkout's history: :func:`.follow.pull_followed`). A PR that updates a translation made long ago may
    follow an English older than the PR's base: aligned with the base, every paragraph added since looks
    omitted, so the coverage checks align with the English it follows instead. Each doc says which English
    was used."""
    pull = client.get_pull(ref.repo, ref.number)
    head_repo = pull.head_repo or ref.repo
    base_repo = pull.base_repo or ref.repo
    review = Review(source=f"{ref} ({pull.title})" if pull.title else str(ref))
    result = PrReview(ref, pull, review)
    root = docs_root.strip("/")
    seen: set[str] = set()
    for f in client.list_pull_files(ref.repo, ref.number):
        if f.filename in seen:  # 300 copies of one path gave 300 reports (20,000 kept an MCP call busy)
            continue
        seen.add(f.filename)
        bad = unsafe_path(f.filename)
        if bad is not None:
            review.skipped.append(f"{code(f.filename)}: not reviewed, {bad}")
            continue
        record = review_record_of(f.filename, root, lang)
        if record is not None:
            review.docs.append(audit_record(client, pull, f.filename, f.status, *record, root=root))
            continue
        found = translated_doc(f.filename, root, lang)
        if found is None:
            continue
        file_lang, rel = found
        if f.status == "removed":
            review.skipped.append(f"{f.filename}: deleted by the PR")
            continue
        log(f"reviewing {f.filename}")
        text = client.get_file_text(head_repo, f.filename, pull.head_sha)
        if text is None:
            review.skipped.append(f"{f.filename}: not found at the PR's head commit")
            continue
        stem = rel.rsplit(".", 1)[0]
        en_text = en_path = None
        for suffix in DOC_SUFFIXES:
            cand = f"{root}/{SOURCE_LANG}/{stem}{suffix}"
            en_text = client.get_file_text(base_repo, cand, pull.base_sha)
            if en_text is not None:
                en_path = cand
                break
        opts = options(file_lang) if options is not None else None
        followed = follow(rel, text, pull.base_sha) if follow is not None and en_text is not None else None
        doc = review_texts(en_text, text, file=f.filename, english_file=en_path, lang=file_lang, rel=rel,
                           options=opts, followed=followed)
        if en_path is not None:
            used = f"English: {en_path} at the PR's base {pull.base_sha[:7]}"
            if followed is not None:
                same = followed.commit == pull.base_sha
                used += "; the translation follows it" if same else f"; the translation follows {followed.label}"
            elif follow is None:
                used += " (no checkout to find the English the translation follows: --repo)"
            doc.checked.insert(0, used)
        result.diff_lines[f.filename] = right_lines(f.patch)
        # the team's style only on the lines the PR wrote: a PR that fixes one paragraph of an old doc is
        # not the place for the style of the rest of it
        written = right_lines(f.patch, added=True)
        doc.findings = [x for x in doc.findings if not x.rule.startswith(STYLE_PREFIX) or x.line in written]
        review.docs.append(doc)
    if not review.docs and not review.skipped:
        review.skipped.append(f"the PR changes no translated doc under {root}/<lang>/"
                              + (f" for {lang}" if lang else ""))
    return result
