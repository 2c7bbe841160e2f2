"""One review run: local files or a pull request, optional LLM review, optional posting to GitHub.

:func:`run_review` is what ``hfi18n.api.review`` (and through it the CLI) calls. It builds the options
once per language (the glossary, how the checkout's other docs render its terms, the LLM reviewer), runs
the review and, for a PR with ``post``, submits it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from ..check.custom_anchors import AnchorLinks
from ..check.style import StyleRun
from ..config import Config, load_config
from ..doc.props import apply_config
from ..errors import HfI18nError, InputError
from ..glossary import Glossary
from ..repo.ghref import parse_pull_ref
from ..repo.github import GitHubClient, github_settings
from ..repo.layout import DEFAULT_DOCS_ROOT, DocsLayout
from ..translate.aligned import learned_length
from .follow import followed_english, pull_followed
from .model import Review
from .post import PostResult, post_review
from .pull import PrReview, review_pull
from .render import counts_line, format_json, format_markdown, format_text
from .runner import Options, review_paths
from .terms import CorpusUsage


@dataclass(slots=True)
class ReviewResult:
    """The outcome of :func:`run_review`."""

    review: Review
    pull: PrReview | None = None
    """The PR reviewed (None for local files)."""
    posted: PostResult | None = None
    """What ``post`` did on GitHub (None when not posted)."""

    def to_json(self) -> dict[str, object]:
        data = self.pull.to_json() if self.pull is not None else self.review.to_json()
        if self.posted is not None:
            data["posted"] = self.posted.to_json()
        return data

    def format(self, kind: str = "text") -> str:
        """``text`` (one line per finding), ``json`` or ``md`` (Markdown)."""
        if kind == "json":
            return format_json(self.to_json())
        if kind in ("md", "markdown"):
            return format_markdown(self.review)
        return format_text(self.review)

    def summary(self) -> str:
        return counts_line(self.review)

    @property
    def has_errors(self) -> bool:
        return self.review.has_errors()


def _checkout(repo: Path | str | None, docs_root: str) -> DocsLayout | None:
    if repo is None:
        return None
    try:
        return DocsLayout.open(repo, docs_root)
    except HfI18nError:
        return None


def run_review(repo: Path | str | None = ".", lang: str | None = "ko", paths: Iterable[str] = (), *,
               pr: str | None = None, post: bool = False, llm: bool = False, provider: str | None = None,
               model: str | None = None, base_url: str | None = None, glossary: Path | str | None = None,
               docs_root: str = DEFAULT_DOCS_ROOT, config: Config | None = None,
               log: Callable[[str], None] = lambda _m: None) -> ReviewResult:
    """Review local translated docs (``paths`` of ``lang`` in ``repo``) or the pull request ``pr``."""
    if post and pr is None:
        raise InputError("--post needs a pull request", hint="pass --pr OWNER/REPO#N (or the PR's URL)")
    layout = _checkout(repo, docs_root)
    if pr is None and layout is None:
        layout = DocsLayout.open(repo or ".", docs_root)  # raises the layout's own error
    # the repository's [doc] prose_props apply to the docs reviewed, as in every API call
    cfg = apply_config(config if config is not None else load_config(layout.repo if layout is not None else None))
    cache: dict[str, Options] = {}
    providers = []

    def options(code: str) -> Options:
        if code in cache:
            return cache[code]
        gloss = Glossary.load(glossary, code) if glossary is not None else Glossary.builtin(code)
        usage = None
        if gloss is not None and layout is not None and layout.lang_dir(code).is_dir():
            log(f"counting how the {code} docs of {layout.repo.name} render glossary terms")
            usage = CorpusUsage(layout.repo, code, gloss, docs_root=docs_root)
        reviewer = None
        if llm:
            from ..languages import language
            from ..translate.providers import get_provider
            from .llm import llm_reviewer

            prov = get_provider(provider, model=model, base_url=base_url, config=cfg, lang=code)
            providers.append(prov)
            if prov.name == "pseudo":  # it echoes pseudo-translations: asked to review, it finds nothing
                raise InputError("--llm with the pseudo provider reviews nothing: it is an offline "
                                 "pseudo-translator, not a model",
                                 hint="pass --provider openai, anthropic or hf (with its key), or drop --llm")
            reviewer = llm_reviewer(prov, code, language(code).name, log=log)
        length = followed = anchors_of = None
        if layout is not None and layout.lang_dir(code).is_dir():
            length = learned_length(layout.repo, code, docs_root)
            if pr is None:  # the checkout's history says what its own translations follow
                followed = followed_english(layout, code)
            anchors_of = AnchorLinks(layout, code).anchors_of  # the checkout's translated docs' anchors
        cache[code] = Options(gloss, usage, reviewer, length, followed, anchors_of=anchors_of,
                              style=StyleRun.for_lang(code, cfg))
        return cache[code]

    try:
        if pr is None:
            if not lang:
                raise InputError("no language given for local files", hint="pass --lang (ko, zh, ...) or --pr OWNER/REPO#N")
            assert layout is not None
            return ReviewResult(review_paths(layout, lang, paths, options=options(lang)))
        ref = parse_pull_ref(pr)
        token, api_url = github_settings(cfg)
        if post and not token:
            raise InputError("posting a review needs a GitHub token",
                             hint="export GITHUB_TOKEN (in a GitHub Action: env GITHUB_TOKEN: "
                                  "${{ secrets.GITHUB_TOKEN }} with permissions pull-requests: write)")
        with GitHubClient(token, api_url) as client:
            follow = pull_followed(layout) if layout is not None else None
            result = review_pull(client, ref, lang=lang, docs_root=docs_root, options=options, follow=follow,
                                 log=log)
            posted = post_review(client, result, log=log) if post else None
        return ReviewResult(result.review, result, posted)
    finally:
        for prov in providers:
            prov.close()
