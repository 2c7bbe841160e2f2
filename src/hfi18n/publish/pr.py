"""One translated doc -> one draft pull request, owned by the translator.

:func:`publish` refuses a doc that fails ``hfi18n check`` or that already has an open PR upstream, then
builds the branch in a temporary worktree started from the upstream default branch (one commit for the
doc, one for the toctree), pushes it to the translator's fork and opens a draft PR whose title and body
follow the language community's conventions (``data/templates/pr_<lang>.md``).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

from ..check import check_file
from ..config import Config
from ..doc.inert import code
from ..errors import GitHubError, RefusedError, RepoError
from ..fileio import read_text, through_link, writable
from ..i18n import t
from ..languages import language
from ..repo.github import GitHubClient, PullRequest
from ..repo.i18ntag import same_lang, tag
from ..repo.layout import SOURCE_LANG, DocsLayout, validate_lang
from ..repo.said import Said
from ..repo.signoff import record_path, review_state
from ..repo.status_pulls import parse_pr_title
from ..repo.toctree import TOCTREE, TitleTranslator, load_toctree, local_of, toctree_path
from ..repo.toctree_edit import update_toctree
from .git import Git

TRACKING_ISSUES = {("huggingface/transformers", "ko"): 20179}
"""Known community tracking issues, used when ``lang.<code>.tracking_issue`` is not configured."""


class Step(Said):
    """A publish step as the CLI prints it (a ``str``: every ``log`` callback reads it as before) that also
    carries its ``key`` (one of :data:`STEP_KEYS`, a message of :mod:`hfi18n.i18n`) and the ``fields`` it was
    made of, so the web app says it in the visitor's language (issue 26: a Korean browser read "- pushing
    branch ... to ...")."""


STEP_KEYS = ("step_looking", "step_no_token_lookup", "step_fetching", "step_pushing", "step_resuming",
             "step_kept_branch", "step_made_locally", "step_opening", "step_opening_draft", "step_offline_base")
"""The steps of :func:`publish` and its dry run, in order of appearance."""


def language_name(lang: str) -> str:
    return language(lang).name


def pr_title(rel: str, lang: str) -> str:
    """``🌐 [i18n-KO] Translated `fsdp.md` to Korean``; a path holding a backtick gets a longer code span
    (:func:`hfi18n.doc.inert.code`), so nothing of it leaves the span (a mention, a link)."""
    return f"{tag(lang)} Translated {code(rel)} to {language_name(lang)}"


def branch_name(rel: str, lang: str) -> str:
    """``ko-fsdp``, ``ko-guides-upload``: language and doc, safe as a git branch name."""
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", local_of(rel)).strip("-.") or "doc"
    return f"{lang}-{slug}"


def find_open_pull(pulls: Sequence[PullRequest], rel: str, lang: str, branch: str) -> PullRequest | None:
    """An open PR translating the same doc into the same language (by title convention or branch name)."""
    names = {local_of(rel), local_of(rel).rsplit("/", 1)[-1]}
    for pr in pulls:
        if pr.head_ref == branch:
            return pr
        parsed = parse_pr_title(pr.title)
        if parsed is not None and same_lang(parsed[0], lang) and any(local_of(f) in names for f in parsed[1]):
            return pr
    return None


def load_template(lang: str) -> Template:
    """The PR body template of ``lang`` (``pr_<lang>.md``), else ``pr_default.md``."""
    base = resources.files("hfi18n").joinpath("data", "templates")
    for name in (f"pr_{lang.lower()}.md", "pr_default.md"):
        res = base.joinpath(name)
        if res.is_file():
            return Template(res.read_text(encoding="utf-8"))
    raise RepoError("PR templates are missing from the hfi18n installation", hint="reinstall hfi18n")


def check_summary(findings: Sequence[Any], limit: int = 10) -> str:
    """Markdown summary of ``hfi18n check`` findings for the PR body."""
    from ..check import summary

    warnings = [f for f in findings if f.severity != "error"]
    lines = [f"`hfi18n check`: {summary(list(findings), 1)}."]
    for f in warnings[:limit]:
        lines.append(f"- line {f.line}: {f.message} (`{f.check}`)")
    if len(warnings) > limit:
        lines.append(f"- ... and {len(warnings) - limit} more")
    return "\n".join(lines)


CONTRIBUTING_PATHS = (".github/CONTRIBUTING.md", "CONTRIBUTING.md", "docs/CONTRIBUTING.md")
"""Where GitHub looks for a repository's contributing guide, in its order."""


def contributing_guide(root: Path) -> str | None:
    """The contributing guide of the checkout at ``root`` (a path from its root), or ``None``."""
    return next((p for p in CONTRIBUTING_PATHS if (root / p).is_file()), None)


def _repo_link(upstream: str, path: str | None, text: str, *, tree: bool = False) -> str:
    """``[text](https://github.com/<upstream>/blob/HEAD/<path>)``, or plain ``text`` when either is unknown.

    ``HEAD``: GitHub resolves it to the default branch, whatever its name (``main``, ``master``...)."""
    if not upstream or path is None:
        return text
    return f"[{text}](https://github.com/{upstream}/{'tree' if tree else 'blob'}/HEAD/{path})"


@dataclass(slots=True, frozen=True)
class Provenance:
    """Who wrote the segments of a translation, as the record says (:mod:`hfi18n.repo.ledger`)."""

    total: int
    machine: int
    """Segments whose text is exactly what a recorded hfi18n run machine-translated."""
    recorded: bool
    """Whether this machine holds any record of an hfi18n run writing the doc."""

    def key(self) -> str:
        if not self.recorded:
            return "pr_provenance_none"
        if self.machine >= self.total:
            return "pr_provenance_machine"
        return "pr_provenance_human" if self.machine == 0 else "pr_provenance_mixed"

    def text(self, lang: str) -> str:
        """The sentence in ``lang``, then the English in parentheses (the English alone when ``lang`` has no
        catalog): what the reviewers read about who wrote the page."""
        fields = {"total": self.total, "machine": self.machine, "human": self.total - self.machine}
        english, local = t(self.key(), "en", **fields), t(self.key(), lang, **fields)
        return english if local == english else f"{local}\n({english})"


def provenance(layout: DocsLayout, lang: str, rel: str, text: str) -> Provenance:
    """:class:`Provenance` of ``text``, the translation of ``rel`` about to be published.

    The PR body said "the translator reviewed and edited the page" on every PR, a page nobody had touched
    since the machine wrote it included (issue 33): it says now what the record says."""
    from ..doc import parse
    from ..repo.ledger import ledger_for, segment_hash

    ledger = ledger_for(layout)
    machine = ledger.machine_texts(lang, rel)
    segments = list(parse(text).segments())
    return Provenance(len(segments), sum(segment_hash(s.text) in machine for s in segments),
                      bool(ledger.records(lang, rel)))


def pr_body(rel: str, lang: str, *, upstream: str, tracking_issue: int | str | None, summary: str,
            reviewers: Sequence[str] = (), contributing: str | None = None, docs_guide: str | None = None,
            origin: Provenance | None = None) -> str:
    """The body from the language's template.

    ``contributing`` and ``docs_guide``: the target repository's contributing guide and docs folder guide
    (paths in it, :func:`contributing_guide`). The Korean template is transformers' own and linked
    transformers' CONTRIBUTING.md and docs guide on every repository: a diffusers or smolagents PR sent its
    reviewers to another project's rules. The links now name the target repository's files, or none."""
    tracking = f"Part of https://github.com/{upstream}/issues/{tracking_issue}" if tracking_issue else ""
    text = load_template(lang).safe_substitute(
        # the templates write `${doc}`: with the span's inner backticks that is code(rel), whose fence no
        # backtick of the path closes (a path "x` @org/team `y.md" mentioned a whole team)
        doc=code(rel)[1:-1], language=language_name(lang), tracking_line=tracking, check_summary=summary,
        provenance=(origin or Provenance(0, 0, False)).text(lang),
        reviewers=" ".join(f"@{r.lstrip('@')}" for r in reviewers) or "May you please review this PR?",
        contributing=_repo_link(upstream, contributing, "contributor guideline"),
        docs_guide=_repo_link(upstream, docs_guide, "documentation guidelines", tree=True),
    )
    return re.sub(r"\n{3,}", "\n\n", text)


def review_line(layout: DocsLayout, lang: str, rel: str) -> str:
    """What the page's review record says, for the PR body: the templates say a translator reviewed the
    machine draft, which a page with machine text no one signed off belies (issue 36)."""
    state = review_state(layout, lang, rel)
    if state is None or state.state == "human":
        return ""
    if state.state == "reviewed" and state.signoff is not None:
        return (f"\n\nhfi18n: signed off by {code(state.signoff.by)} on {state.signoff.at[:10]} against English "
                f"{code(state.signoff.english_commit[:10] or 'in the work tree')} (the review record is in this PR).\n")
    waiting = "some" if state.pending is None else str(state.pending)
    return (f"\n\nhfi18n: {waiting} segment(s) of this page are machine text no reviewer has signed off yet; the "
            "page carries the machine-translation notice until `hfi18n approve` records a sign-off.\n")


@dataclass(slots=True)
class PublishResult:
    """What :func:`publish` did (or, with ``dry_run``, would do)."""

    pull: PullRequest | None
    """The pull request opened; ``None`` in a dry run (nothing was pushed or posted)."""
    branch: str
    title: str
    commits: list[str] = field(default_factory=list)
    """Commits made, oldest first (doc, then toctree when it changed); pushed unless ``dry_run``."""
    body: str = ""
    """The PR body, exactly as posted (or as it would be posted)."""
    head: str = ""
    """``fork_owner:branch`` (just ``branch`` when no fork is known in a dry run)."""
    base: str = ""
    """Where the branch starts: the upstream default branch's name, or the local ref a dry run used."""
    dry_run: bool = False


CheckFn = Callable[[DocsLayout, str, str], list[Any]]


def _refuse_linked_doc(layout: DocsLayout, lang: str, rel: str) -> None:
    """A translation that is a link in the checkout is not what a PR should carry: the PR would copy the
    text of the doc it leads to under this name. A link mirroring the English (one page built under two
    names) is published as the page it leads to; any other link is refused as ``translate`` refuses it
    (:func:`hfi18n.fileio.through_link`)."""
    path = layout.path(lang, rel)
    if not path.is_symlink():
        return
    lands = through_link(layout.repo, path, tree=layout.lang_dir(lang), mirror=layout.path(SOURCE_LANG, rel),
                         mirror_tree=layout.lang_dir(SOURCE_LANG))
    page = lands.relative_to(layout.lang_dir(lang).resolve()).as_posix()
    shown = (layout.docs_root / lang / rel).relative_to(layout.repo).as_posix()  # the link's own name
    raise RefusedError(f"{shown} is a link to {layout.rel_to_repo(lands)}, as its English is: "
                       f"one page under two names", hint=f"publish the page itself: hfi18n publish --lang {lang} {page}")


def publish(layout: DocsLayout, lang: str, doc: str, *, config: Config, client: GitHubClient,
            upstream: str | None = None, fork: str | None = None, ready: bool = False,
            branch: str | None = None, dry_run: bool = False,
            translate_titles: TitleTranslator | None = None, run_check: CheckFn | None = None,
            log: Callable[[str], None] = lambda _m: None) -> PublishResult:
    """Push the translation of ``doc`` to the fork on its own branch and open a draft PR upstream.

    ``dry_run`` makes the same local branch and commits and returns the title and body that would be
    posted, but pushes nothing and posts nothing, and needs neither a token nor a fork: a translator
    without GitHub access (or before pushing) still gets the branch to push and the PR text to paste.
    """
    validate_lang(lang, target=True)
    upstream = upstream or config.get("github.upstream")
    fork = fork or config.get("github.fork")
    if not dry_run and (not upstream or not fork):
        missing = "--upstream" if not upstream else "--fork"
        raise RepoError(f"no {missing[2:]} repository given",
                        hint=f"pass {missing} OWNER/NAME or set github.{missing[2:]} in hfi18n.toml")
    if not dry_run and not client.has_token:
        raise GitHubError("no GitHub token: publish needs one to push and open the pull request",
                          hint="export GITHUB_TOKEN=... (a token with 'public_repo' scope)")
    _, rel_any = layout.resolve_doc_arg(doc, lang)
    rel = layout.twin(rel_any, lang)
    if rel is None:
        raise RefusedError(f"no {lang} translation of {rel_any} yet",
                           hint=f"translate it first: hfi18n translate --lang {lang} {rel_any}")

    _refuse_linked_doc(layout, lang, rel)
    findings = (run_check or check_file)(layout, lang, rel)
    errors = [f for f in findings if f.severity == "error"]
    if errors:
        shown = "; ".join(f"line {f.line}: {f.message}" for f in errors[:3])
        raise RefusedError(f"{lang}/{rel} fails hfi18n check with {len(errors)} error(s): {shown}",
                           hint=f"fix them (hfi18n check --lang {lang} {rel}), then publish again")

    name = branch or branch_name(rel, lang)
    title = pr_title(rel, lang)
    online = bool(upstream) and client.has_token
    if online:
        log(Step.of("step_looking", upstream=upstream))
        dup = find_open_pull(client.list_open_pulls(upstream), rel, lang, name)
        if dup is not None:
            raise RefusedError(f"an open pull request already translates {rel} to {language_name(lang)}: "
                               f"{dup.html_url}", hint="review or continue that PR instead of opening another")
    else:
        log(Step.of("step_no_token_lookup"))

    git = Git(layout.repo)
    keep = _local_branch_in_use(git, name, lang)
    if keep and dry_run:  # the branch is a dry run's whole output
        raise RefusedError(keep, hint=f"pass --branch NAME to make the PR branch under another name, or rename "
                                      f"yours (git branch -m {name} NEW)")
    fork_url = ""
    if online:
        up = client.get_repo(upstream, role="upstream repository")
        if not dry_run:
            fk = client.get_repo(fork, role="fork")
            if fk.can_push is False:
                raise GitHubError(f"the token cannot push to {fork}", hint="use a token of the fork's owner "
                                  "with 'public_repo' scope (or Contents: write)")
            fork_url = config.get("github.fork_url") or fk.clone_url
        base_name = up.default_branch
        log(Step.of("step_fetching", branch=base_name, upstream=upstream))
        base = git.fetch(config.get("github.upstream_url") or up.clone_url, base_name)
    else:
        base_name, base = _offline_base(git, config.get("github.upstream_url"), log)

    docs_rel = layout.docs_root.relative_to(layout.repo).as_posix()
    local = local_of(rel)
    titles = _current_titles(layout, lang, local)
    commits: list[str] = []
    with git.worktree(base) as wt:
        wt_layout = DocsLayout.open(wt.cwd, docs_rel)
        where = f"{upstream}'s {base_name}" if online else base_name
        # every path this step writes is checked before the first write: the base commit is the upstream's
        # (a visitor's repository on a Space), and may hold a link where the doc or the toctree goes
        target = writable(wt.cwd, wt_layout.path(lang, rel), where=where, replace_link=True)
        writable(wt.cwd, wt_layout.lang_dir(lang) / TOCTREE, where=where)
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_symlink():  # a link the base commit holds inside the repository: the translation replaces it
            target.unlink()
        shutil.copyfile(layout.path(lang, rel), target)
        doc_path = Path(docs_rel, lang, rel).as_posix()
        if not wt.run("status", "--porcelain", "--", doc_path).strip():
            raise RefusedError(f"{lang}/{rel} is the same as on {where}: nothing to publish")
        paths = [doc_path]
        record = record_path(layout, lang, rel)
        if record.is_file() and layout.is_inside(record):  # which text is machine, who signed it off: with the page
            record_target = writable(wt.cwd, record_path(wt_layout, lang, rel), where=where, replace_link=True)
            record_target.parent.mkdir(parents=True, exist_ok=True)
            if record_target.is_symlink():
                record_target.unlink()
            shutil.copyfile(record, record_target)
            paths.append(record_target.relative_to(wt.cwd).as_posix())
        commits.append(wt.commit(paths, f"{tag(lang)} Translate {rel} to {language_name(lang)}"))
        update_toctree(wt_layout, lang, [rel], titles=titles, translate_titles=translate_titles)
        toc_path = toctree_path(wt_layout, lang).relative_to(wt.cwd).as_posix()
        if wt.run("status", "--porcelain", "--", toc_path).strip():
            commits.append(wt.commit([toc_path], f"{tag(lang)} Add {rel} to the "
                                     f"{language_name(lang)} toctree"))
        guides = {"contributing": contributing_guide(wt.cwd),  # the target repository's own, as on the branch
                  "docs_guide": docs_rel.split("/")[0] if (wt.cwd / docs_rel.split("/")[0] / "README.md").is_file()
                  else None}
        if not dry_run:
            token = client.token_for_git()
            earlier = _earlier_publish(wt, fork_url, name, base, lang, [doc_path, toc_path], token)
            if earlier is not None and earlier[1]:
                commits = earlier[0]  # pushed by a run stopped before its PR: continue with that branch
                log(Step.of("step_resuming", branch=name, fork=fork))
            else:
                log(Step.of("step_pushing", branch=name, fork=fork))
                wt.push(fork_url, name, token=token, lease=earlier[0][-1] if earlier else None)
    if keep:
        log(Step.of("step_kept_branch", why=keep, branch=name))
    else:
        git.run("branch", "-f", name, commits[-1])
    if dry_run:
        log(Step.of("step_made_locally", branch=name, n=len(commits), base=base_name))

    tracking = (config.get(f"lang.{lang}.tracking_issue") or TRACKING_ISSUES.get((upstream, lang))
                if upstream else None)
    body = pr_body(rel, lang, upstream=upstream or "", tracking_issue=tracking, summary=check_summary(findings),
                   reviewers=config.get(f"lang.{lang}.reviewers") or (), **guides,
                   origin=provenance(layout, lang, rel, read_text(layout.path(lang, rel)))) \
        + review_line(layout, lang, rel)
    head = f"{fork.split('/')[0]}:{name}" if fork else name
    if dry_run:
        return PublishResult(None, name, title, commits, body=body, head=head, base=base_name, dry_run=True)
    log(Step.of("step_opening" if ready else "step_opening_draft", upstream=upstream))
    pull = client.create_pull(upstream, title, body, head=head, base=base_name, draft=not ready)
    return PublishResult(pull, name, title, commits, body=body, head=head, base=base_name)


def _earlier_publish(wt: Git, fork_url: str, name: str, base: str, lang: str, paths: list[str],
                     token: str | None) -> tuple[list[str], bool] | None:
    """The branch ``name`` an earlier publish pushed to the fork: ``(its commits, oldest first; whether they
    carry what HEAD carries in ``paths``)``, or None when the fork has no such branch, or one with other work.

    A publish killed after its push and before its pull request left the branch on the fork, and the next
    run stopped at "branch already exists" (issue 33). A branch whose every commit since the upstream base is
    an ``[i18n-XX]`` commit of this language is publish's own (no pull request comes from it: one would have
    been found): the same content is continued as it is, a newer one replaces it."""
    tip = wt.remote_branch(fork_url, name, token=token)
    if tip is None:
        return None
    own = wt.run("rev-list", "--reverse", tip, "--not", base).split()
    subjects = [wt.run("log", "-1", "--format=%s", c).strip() for c in own]
    if not own or not all(sub.startswith(f"{tag(lang)} ") for sub in subjects):
        return None  # someone's own branch: the push says it exists (and --branch NAME takes another)
    same = not wt.run("diff", "--name-only", tip, "HEAD", "--", *paths).strip()
    return own, same


def _local_branch_in_use(git: Git, name: str, lang: str) -> str | None:
    """Why the local branch ``name`` must not be moved to the PR's commits (``None``: it may be).

    publish points the local branch ``name`` at the commits it made (``git branch -f``). A translator who
    had made ``ko-fsdp`` by hand (the usual name) would have seen it moved away from their own commits; a
    checked-out branch cannot be moved. A branch an earlier publish or dry run made (its last commit is an
    ``[i18n-XX]`` commit) may be."""
    tip = git.run("rev-parse", "--verify", "--quiet", f"refs/heads/{name}^{{commit}}", check=False).strip()
    if not tip:
        return None
    if f"branch refs/heads/{name}\n" in git.run("worktree", "list", "--porcelain") + "\n":
        return f"the local branch {name} is checked out"
    subject = git.run("log", "-1", "--format=%s", tip).strip()
    if not subject.startswith(f"{tag(lang)} "):
        return f"a local branch {name} exists with other commits (last: {subject[:60]!r})"
    return None


def _offline_base(git: Git, upstream_url: str | None, log: Callable[[str], None]) -> tuple[str, str]:
    """Where a dry run without GitHub starts the branch: ``(name, commit)``. The upstream's default branch
    when ``github.upstream_url`` is set (asked of git itself, no API); else the branch ``git clone`` set as
    the origin's default (``origin/main``), the upstream for most translators; else the local HEAD."""
    if upstream_url:
        heads = git.run("ls-remote", "--symref", upstream_url, "HEAD", target=upstream_url)
        found = re.search(r"^ref: refs/heads/(\S+)\s+HEAD", heads, re.M)
        name = found.group(1) if found else "main"
        log(Step.of("step_fetching", branch=name, upstream=upstream_url))
        return name, git.fetch(upstream_url, name)
    origin = git.run("rev-parse", "--abbrev-ref", "--verify", "--quiet", "refs/remotes/origin/HEAD",
                     check=False).strip()
    ref = origin or "HEAD"
    log(Step.of("step_offline_base", ref=ref))
    return ref, git.run("rev-parse", "--verify", f"{ref}^{{commit}}").strip()


def _current_titles(layout: DocsLayout, lang: str, local: str) -> dict[str, str]:
    """The title the translator gave ``local`` in their own toctree, to reuse on the PR branch."""
    path = toctree_path(layout, lang)
    if not path.is_file():
        return {}
    for entry in load_toctree(path).entries():
        if local_of(entry.local) == local and not entry.in_translation:
            return {local: entry.title}
    return {}
