"""GitHub names as users write them: a repository (``owner/name`` or its URL) and a pull request.

The one place that knows what an ``OWNER/NAME`` looks like: the REST client checks names with
:func:`check_repo_name`, ``clone`` turns ``owner/name`` or a GitHub URL into a clone URL with
:func:`github_repo`, and ``review --pr`` reads ``OWNER/REPO#N`` or a PR URL with :func:`parse_pull_ref`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import GitHubError

OWNER = r"[A-Za-z0-9][A-Za-z0-9_-]{0,38}"
"""A user or organization login (letters, digits, ``-``; ``_`` in enterprise-managed logins)."""
NAME = r"[A-Za-z0-9._-]{1,100}"
"""A repository name (``.`` and ``..`` excepted)."""

_REPO_RE = re.compile(rf"({OWNER})/({NAME})")
_GITHUB_URL_RE = re.compile(rf"(?:https://github\.com/)?({OWNER})/({NAME}?)(?:\.git)?/?")
_PULL_REF_RE = re.compile(rf"({OWNER}/{NAME})#(\d+)")
_PULL_URL_RE = re.compile(rf"https?://[^/]+/({OWNER}/{NAME})/pulls?/(\d+)(?:[/?#].*)?")


def _real(name: str) -> bool:
    return name not in (".", "..")


def split_repo(text: str) -> tuple[str, str] | None:
    """``(owner, name)`` of an ``OWNER/NAME`` repository name, None when ``text`` is not one."""
    m = _REPO_RE.fullmatch(text)
    return (m.group(1), m.group(2)) if m and _real(m.group(2)) else None


def check_repo_name(repo: str) -> str:
    """``repo`` when it is an ``OWNER/NAME`` repository name; else a :class:`GitHubError` saying how to write it."""
    if split_repo(repo) is None:
        raise GitHubError(f"'{repo}' is not a repository name", hint="write it as OWNER/NAME, e.g. me/transformers")
    return repo


def github_repo(text: str) -> tuple[str, str] | None:
    """``(owner, name)`` of ``owner/name`` or a GitHub URL (``https://github.com/owner/name[.git][/]``)."""
    m = _GITHUB_URL_RE.fullmatch(text.strip())
    return (m.group(1), m.group(2)) if m and _real(m.group(2)) else None


@dataclass(slots=True, frozen=True)
class PullRef:
    repo: str
    """``owner/name``."""
    number: int

    def __str__(self) -> str:
        return f"{self.repo}#{self.number}"


def parse_pull_ref(text: str) -> PullRef:
    """``OWNER/REPO#N`` or a pull request URL (``https://github.com/OWNER/REPO/pull/N[/files]``)."""
    t = text.strip()
    m = _PULL_REF_RE.fullmatch(t) or _PULL_URL_RE.fullmatch(t)
    if not m or not _real(m.group(1).split("/")[1]):
        raise GitHubError(f"'{text}' is not a pull request",
                          hint="write it as OWNER/REPO#N (huggingface/diffusers#1234) or paste the PR's URL")
    return PullRef(m.group(1), int(m.group(2)))
