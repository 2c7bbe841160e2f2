"""Open upstream pull requests that announce a translation, for ``hfi18n status``.

Translation PRs follow the convention ``🌐 [i18n-KO] Translated `fsdp.md` to Korean``. Titles in the wild
vary: the file as a name or a path (``docs/source/ko/x.md``), with or without backticks, ``.md`` or
``.mdx``, several files (``a.md, b.md and c.md``), lower-case tags (``[i18n-ko]``). :func:`parse_pr_title`
accepts all of these; :func:`docs_of_pull` maps the files to English docs (by path, else by a unique
file name).

The open PRs come from :class:`hfi18n.repo.github.GitHubClient` (paginated, rate-limit aware) and are
kept for :data:`PULLS_TTL` seconds in ``<git dir>/hfi18n/pulls.json`` so repeated runs do not spend the
rate limit. Without a token or an upstream, or offline, :func:`fetch_pulls` says why it skipped.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from ..config import Config
from ..errors import GitHubError
from ..fileio import atomic_write
from .history import repo_info
from .i18ntag import TAG_RE, TRANSLATE_WORDS_RE, lang_key
from .layout import DOC_SUFFIXES, DocsLayout
from .said import Said
from .toctree import local_of

PULLS_TTL = 600.0
"""Seconds a fetched list of open PRs is reused."""

_TICKED_RE = re.compile(r"`([^`\s]+)`")
_BARE_RE = re.compile(r"(?<![\w`/.-])((?:[\w.-]+/)*[\w.-]+\.mdx?)\b")
_DOCS_PREFIX_RE = re.compile(r"^(?:\./)?(?:docs/source/)?(?:[a-z]{2}(?:[-_][A-Za-z]{2,4})?/)?")


@dataclass(slots=True, frozen=True)
class PullInfo:
    """An open PR that translates docs."""

    number: int
    title: str
    url: str
    user: str
    lang: str
    """Language folder of the tag, lower case (``ko``)."""
    files: tuple[str, ...]
    """Files named in the title, relative to the language folder when a path was given."""
    created_at: str = ""
    """When the PR was opened (ISO 8601 as GitHub gives it); empty from caches written before it was kept."""


def _clean(name: str, lang: str) -> str:
    name = name.strip().strip("'\",;:()")
    if name.startswith(("docs/source/", "./docs/source/")):
        name = _DOCS_PREFIX_RE.sub("", name, count=1)
    elif name.startswith((f"{lang}/", "en/")):
        name = name.split("/", 1)[1]
    return name


def parse_pr_title(title: str) -> tuple[str, list[str]] | None:
    """``(lang, files)`` of a translation PR title, or None when the title is not one.

    >>> parse_pr_title("🌐 [i18n-KO] Translated `fsdp.md` to Korean")
    ('ko', ['fsdp.md'])
    """
    m = TAG_RE.search(title)
    if not m:
        return None
    lang = lang_key(m.group(1))
    rest = title[m.end():]
    if not TRANSLATE_WORDS_RE.search(rest):
        return None
    files: list[str] = []
    for name in _TICKED_RE.findall(rest):
        if name.endswith(DOC_SUFFIXES) or "/" in name:
            files.append(_clean(name, lang))
    for name in _BARE_RE.findall(_TICKED_RE.sub(" ", rest)):
        files.append(_clean(name, lang))
    seen: dict[str, None] = {}
    for f in files:
        if f:
            seen.setdefault(f, None)
    return lang, list(seen)


def docs_of_pull(pull: PullInfo, en_docs: list[str]) -> list[str]:
    """English docs (relative to ``en/``) a PR translates: same path, else the only doc with that name."""
    by_local = {local_of(rel): rel for rel in en_docs}
    by_name: dict[str, list[str]] = {}
    for rel in en_docs:
        by_name.setdefault(local_of(rel).rsplit("/", 1)[-1], []).append(rel)
    out: list[str] = []
    for f in pull.files:
        loc = local_of(f)
        if loc in by_local:
            out.append(by_local[loc])
        elif "/" not in loc and len(by_name.get(loc, [])) == 1:
            out.append(by_name[loc][0])
    return out


def pulls_from_titles(raw: list[dict[str, object]]) -> list[PullInfo]:
    """Keep the translation PRs of a list of ``{number, title, url, user}``."""
    out = []
    for pr in raw:
        parsed = parse_pr_title(str(pr["title"]))
        if parsed is not None:
            out.append(PullInfo(int(pr["number"]), str(pr["title"]), str(pr["url"]), str(pr["user"]),
                                parsed[0], tuple(parsed[1]), str(pr.get("created_at") or "")))
    return out


def fetch_pulls(git_dir: Path | None, upstream: str | None, token: str | None, *,
                api_url: str = "https://api.github.com", ttl: float = PULLS_TTL,
                now: float | None = None) -> tuple[list[PullInfo] | None, str]:
    """Open translation PRs of ``upstream`` and a note for the user; ``None`` when detection was skipped."""
    if not token:
        return None, Said.of("pr_no_token")
    if not upstream:
        return None, Said.of("pr_no_upstream")
    now = time.time() if now is None else now
    cache = git_dir / "hfi18n" / "pulls.json" if git_dir is not None else None
    raw = _read_cache(cache, upstream, api_url, now - ttl) if cache is not None else None
    source = "cached"
    if raw is None:
        from .github import GitHubClient

        try:
            with GitHubClient(token, api_url) as client:
                pulls = client.list_open_pulls(upstream)
        except GitHubError as exc:
            return None, Said.of("pr_failed", message=exc.message)
        raw = [{"number": p.number, "title": p.title, "url": p.html_url, "user": p.user,
                "created_at": p.created_at} for p in pulls]
        source = "fetched"
        if cache is not None:
            with contextlib.suppress(OSError):
                atomic_write(cache, json.dumps({"upstream": upstream, "api_url": api_url, "time": now,
                                                "pulls": raw}, ensure_ascii=False))
    infos = pulls_from_titles(raw)
    return infos, Said.of(f"pr_found_{source}", n=len(infos), upstream=upstream, total=len(raw))


def pulls_for(layout: DocsLayout, config: Config, upstream: str | None = None) -> tuple[list[PullInfo] | None, str]:
    """:func:`fetch_pulls` with the repository's settings (``github.upstream``, ``GITHUB_TOKEN``...)."""
    from .github import github_settings

    token, api_url = github_settings(config)
    return fetch_pulls(repo_info(layout).git_dir, upstream or config.get("github.upstream"), token, api_url=api_url)


def _read_cache(path: Path, upstream: str, api_url: str, not_before: float) -> list[dict[str, object]] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if data.get("upstream") != upstream or data.get("api_url") != api_url or data.get("time", 0) < not_before:
        return None
    pulls = data.get("pulls")
    return pulls if isinstance(pulls, list) else None


def pull_json(p: PullInfo) -> dict[str, object]:
    return asdict(p)
