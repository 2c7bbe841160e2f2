"""What the current branch of a checkout changed against a base: the translated docs a PR would show.

``hfi18n review --base main`` reviews them before the PR exists (issue 34): a translator sees the same
findings, placed on the same lines, that the PR review would post. The changes are those of the working
tree against the merge base of the base and ``HEAD`` (committed or not, new files included), as a PR's
diff is against the merge base of its branch.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InputError, RepoError
from .doclog import run_git
from .layout import DOC_SUFFIXES, SOURCE_LANG, DocsLayout, is_lang_name


@dataclass(slots=True)
class BranchChanges:
    """The translated docs changed since the merge base, per language (paths relative to its folder)."""

    base: str
    """The base as given (``main``)."""
    merge_base: str
    """Full hash of the merge base of ``base`` and ``HEAD``."""
    branch: str
    """The current branch (``HEAD`` when detached)."""
    docs: dict[str, list[str]] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f"changes of {self.branch} against {self.base} (merge base {self.merge_base[:7]})"


def branch_changes(layout: DocsLayout, base: str) -> BranchChanges:
    """The docs of ``layout``'s languages other than English that the working tree changed against the merge
    base of ``base`` and ``HEAD`` (deleted ones left out: nothing to review)."""
    if not base or base.startswith("-") or any(c in base for c in "\0\n"):
        raise InputError(f"not a git revision: {base!r}", hint="pass a branch, tag or commit: --base main")
    repo = layout.repo
    try:
        sha = run_git(repo, "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}").decode().strip()
    except RepoError:
        raise InputError(f"no branch, tag or commit named {base!r} in {repo}",
                         hint="fetch it first (git fetch origin main), or pass --base origin/main") from None
    try:
        merge_base = run_git(repo, "merge-base", sha, "HEAD").decode().strip()
    except RepoError:
        raise InputError(f"the current branch has no commit in common with {base!r}",
                         hint="pass the branch this one was made from") from None
    branch = run_git(repo, "rev-parse", "--abbrev-ref", "HEAD").decode().strip() or "HEAD"
    root = layout.rel_to_repo(layout.docs_root).rstrip("/")
    changed = run_git(repo, "diff", "--name-only", "-z", "--no-renames", merge_base, "--", root).decode().split("\0")
    new = run_git(repo, "ls-files", "--others", "--exclude-standard", "-z", "--", root).decode().split("\0")
    out = BranchChanges(base, merge_base, branch)
    for path in sorted({p for p in (*changed, *new) if p}):
        rest = path[len(root) + 1:] if path.startswith(root + "/") else None
        if rest is None or not rest.endswith(DOC_SUFFIXES) or "/" not in rest:
            continue
        lang, rel = rest.split("/", 1)
        if lang == SOURCE_LANG or not is_lang_name(lang) or not (repo / path).is_file():
            continue
        out.docs.setdefault(lang, []).append(rel)
    return out
