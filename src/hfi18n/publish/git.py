"""The git CLI, run through one helper that turns failures into :class:`~hfi18n.errors.RepoError`.

Publishing never touches the translator's checkout: the PR branch is built in a temporary worktree
started from the upstream default branch (:func:`Git.worktree`), committed there and pushed. A token for
an HTTPS push reaches git only through ``GIT_ASKPASS`` in the environment of that one ``git push``: it is
never put in a URL, in ``.git/config`` or in a commit.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from ..errors import RepoError
from ..repo.git_errors import git_hint
from ..secrets import register

_ASKPASS = """#!/bin/sh
case "$1" in
  Username*) printf '%s\\n' "${HFI18N_GIT_USER:-x-access-token}" ;;
  *) printf '%s\\n' "$HFI18N_GIT_TOKEN" ;;
esac
"""
"""Answers git's credential prompts from the environment; the file itself holds no secret."""

_ERROR_HINTS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("not a git repository",), "{cwd} is not a git repository", "run inside a clone of the docs repository, "
     "or pass --repo PATH"),
    (("permission denied", "403", "authentication failed", "could not read username", "denied to"),
     "push rejected: no permission to push to {target}",
     "check that GITHUB_TOKEN can write to your fork ('public_repo' scope, or 'Contents: write')"),
    (("non-fast-forward", "[rejected]", "fetch first"), "push rejected: branch already exists on {target} with "
     "other commits", "delete that branch on your fork, or pass --branch NAME to use another name"),
    (("does not appear to be a git repository", "repository not found", "not found"),
     "repository {target} not found or not reachable", "check the fork/upstream names and that it exists"),
    (("could not resolve host", "unable to access", "connection refused", "network is unreachable"),
     "cannot reach {target}", "check your network connection and try again"),
    (("please tell me who you are", "empty ident"), "git does not know who you are",
     "run git config --global user.name 'Your Name' and user.email you@example.com"),
)
"""One table from git's stderr to a human message and a next step."""


class Git:
    """``git -C <cwd> ...`` with clear errors."""

    __slots__ = ("cwd",)

    def __init__(self, cwd: Path | str) -> None:
        self.cwd = Path(cwd)

    def run(self, *args: str, env: dict[str, str] | None = None, target: str = "", check: bool = True,
            secret: str | None = None) -> str:
        """Run git and return stdout; on failure raise a :class:`RepoError` from :data:`_ERROR_HINTS`."""
        register(secret)  # git may echo it; every RepoError message is redacted (hfi18n.secrets)
        full_env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", **(env or {})}
        try:
            proc = subprocess.run(["git", "-C", str(self.cwd), *args], capture_output=True, text=True,
                                  env=full_env, timeout=600)
        except FileNotFoundError:
            raise RepoError("git is not installed", hint="install git and run the command again") from None
        except subprocess.TimeoutExpired:
            raise RepoError(f"git {args[0]} took more than 10 minutes", hint="check the network and retry") from None
        if proc.returncode != 0 and check:
            name = next((a for a in args if not a.startswith("-") and "=" not in a), "")
            stderr = proc.stderr.strip()
            low = stderr.lower()
            for needles, message, hint in _ERROR_HINTS:
                if any(n in low for n in needles):
                    raise RepoError(message.format(cwd=self.cwd, target=target or "the remote") +
                                    f" (git {name}: {stderr.splitlines()[-1] if stderr else ''})", hint=hint)
            raise RepoError(f"git {name} failed: {stderr or proc.returncode}", hint=git_hint(stderr))
        return proc.stdout

    def toplevel(self) -> Path:
        return Path(self.run("rev-parse", "--show-toplevel").strip())

    def fetch(self, url: str, branch: str) -> str:
        """Fetch ``branch`` of ``url`` (no remote is configured) and return its commit."""
        self.run("fetch", "--quiet", "--no-tags", url, f"refs/heads/{branch}", target=url)
        return self.run("rev-parse", "FETCH_HEAD").strip()

    def commit(self, paths: Sequence[str], message: str) -> str:
        """Commit exactly ``paths`` with ``message``; return the new commit."""
        self.run("add", "--", *paths)
        self.run("commit", "--quiet", "-m", message, "--", *paths)
        return self.run("rev-parse", "HEAD").strip()

    def push(self, url: str, branch: str, *, token: str | None = None, user: str | None = None,
             lease: str | None = None) -> None:
        """Push HEAD to ``refs/heads/<branch>`` of ``url``; an HTTPS ``token`` goes through GIT_ASKPASS only.
        ``lease``: replace the branch only if it still points at that commit (``--force-with-lease``)."""
        force = [f"--force-with-lease=refs/heads/{branch}:{lease}"] if lease else []
        self.remote(url, "push", "--quiet", *force, url, f"HEAD:refs/heads/{branch}", token=token, user=user)

    def remote_branch(self, url: str, branch: str, *, token: str | None = None) -> str | None:
        """The commit ``refs/heads/<branch>`` of ``url`` points at, fetched here; None when there is none."""
        found = self.remote(url, "ls-remote", "--heads", url, f"refs/heads/{branch}", token=token).split()
        if not found:
            return None
        self.remote(url, "fetch", "--quiet", "--no-tags", url, f"refs/heads/{branch}", token=token)
        return self.run("rev-parse", "FETCH_HEAD").strip()

    def remote(self, url: str, *args: str, token: str | None = None, user: str | None = None) -> str:
        """``git <args>`` talking to ``url``; an HTTPS ``token`` goes through GIT_ASKPASS only."""
        if not token or not url.startswith("https://"):
            return self.run(*args, target=url)
        tmp = Path(tempfile.mkdtemp(prefix="hfi18n-askpass-"))
        try:
            askpass = tmp / "askpass.sh"
            askpass.write_text(_ASKPASS, encoding="utf-8")
            askpass.chmod(stat.S_IRWXU)
            env = {"GIT_ASKPASS": str(askpass), "HFI18N_GIT_TOKEN": token,
                   "HFI18N_GIT_USER": user or "x-access-token"}
            return self.run("-c", "credential.helper=", *args, env=env, target=url, secret=token)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    @contextmanager
    def worktree(self, commit: str) -> Iterator[Git]:
        """A detached temporary worktree at ``commit``, removed afterwards."""
        path = Path(tempfile.mkdtemp(prefix="hfi18n-publish-"))
        self.run("worktree", "add", "--quiet", "--detach", str(path), commit)
        try:
            yield Git(path)
        finally:
            self.run("worktree", "remove", "--force", str(path), check=False)
            shutil.rmtree(path, ignore_errors=True)
            self.run("worktree", "prune", check=False)
