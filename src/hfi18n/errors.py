"""Exceptions that carry a human message and a next step.

Every error a user can cause derives from :class:`HfI18nError`. The CLI catches it at the top level and
prints ``message`` and ``hint`` (see :mod:`hfi18n.cli`); set ``HFI18N_TRACEBACK=1`` for the traceback.
"""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

from .secrets import redact


class HfI18nError(Exception):
    """Base error: ``message`` says what went wrong, ``hint`` what to do about it."""

    exit_code = 2

    def __init__(self, message: str, *, hint: str | None = None, path: Path | str | None = None,
                 line: int | None = None) -> None:
        message = redact(message)  # errors carry servers' words: no secret leaves through them
        hint = redact(hint) if hint else hint
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.path = str(path) if path is not None else None
        self.line = line

    def location(self) -> str:
        if self.path is None:
            return ""
        return f"{self.path}:{self.line}" if self.line else self.path

    def __str__(self) -> str:
        loc = self.location()
        return f"{loc}: {self.message}" if loc else self.message


class InputError(HfI18nError):
    """A file the user gave us cannot be read or understood (encoding, size, syntax)."""


class RepoError(HfI18nError):
    """The repository layout or git state is not what a command needs."""


class ConfigError(HfI18nError):
    """Configuration is missing or wrong (provider keys, config file)."""


class ProviderError(HfI18nError):
    """A translation provider failed in a way that retrying will not fix."""


class GitHubError(HfI18nError):
    """GitHub REST failed: bad token, missing fork, no permission, rate limit, network down."""


class RemoteError(HfI18nError):
    """A remote service other than GitHub or a provider (the Hugging Face Jobs API) refused or failed."""


class RefusedError(HfI18nError):
    """An operation was refused to protect the user's work (overwrite, failing check, duplicate PR)."""


def human_message(exc: BaseException) -> tuple[str, str | None]:
    """``(message, next step)`` for any exception, as every interface shows it (never a traceback).

    The CLI prints them on stderr, the web app and the MCP server show the same words; known secrets
    are masked (:func:`hfi18n.secrets.redact`).
    """
    message, hint = _human_message(exc)
    return redact(message), redact(hint) if hint else hint


def _human_message(exc: BaseException) -> tuple[str, str | None]:
    if isinstance(exc, HfI18nError):
        return str(exc), exc.hint
    if isinstance(exc, KeyboardInterrupt):
        return "interrupted", "finished work is kept; run the same command again to resume"
    if isinstance(exc, PermissionError):
        return f"permission denied: {exc.filename}", "check the file permissions"
    if isinstance(exc, OSError):
        return f"{exc.strerror or exc}: {exc.filename or ''}".strip(": "), None
    return f"unexpected error: {type(exc).__name__}: {exc}", (
        "this is a bug in hfi18n; rerun with HFI18N_TRACEBACK=1 and report the traceback"
    )


def install_hint(extra: str) -> str:
    """The pip command that installs what hfi18n's optional ``extra`` needs: ``pip install 'mcp<3,>=1.21'``.

    The hint said ``pip install 'hfi18n[mcp]'``, which fails: hfi18n is not on the package index, it is
    installed from a clone. The requirements are read from the installed metadata, so pyproject.toml
    stays the one place they are written; without metadata, the command for a clone."""
    try:
        reqs = metadata.requires("hfi18n") or []
    except metadata.PackageNotFoundError:
        reqs = []
    wanted = [r.split(";")[0].strip() for r in reqs if re.search(rf"""extra\s*==\s*["']{extra}["']""", r)]
    if not wanted:
        return f"pip install -e '.[{extra}]' (in your clone of hfi18n)"
    return "pip install " + " ".join(f"'{w}'" for w in wanted)
