"""What a Hugging Face Job installs: exactly the hfi18n that launched it, pinned by git URL and commit.

The job ran ``uv run --with hfi18n --with vllm hfi18n jobs worker ...`` beside the GitHub token, but hfi18n
is not on the package index (it is installed from a clone): whoever registered the name ``hfi18n`` there
would have run their code next to the token (issue 33). So the job never installs a bare name. It installs

* the commit of the checkout this hfi18n runs from, fetched from the remote that has it
  (``hfi18n @ git+https://github.com/OWNER/hfi18n@<40-hex commit>``), refused while the checkout has
  uncommitted changes to the code (the job would run other code than this) or the commit is on no remote
  (the job could not fetch it);
* or what ``pip install git+...`` recorded (PEP 610 ``direct_url.json``: the URL and the commit);
* or a requirement given with ``--package``, accepted only when pinned: a git URL with a full commit id, or a
  wheel URL with its ``#sha256=`` hash.

Credentials in a remote URL (``https://user:token@github.com/...``) never reach the job's command line.
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from ..errors import RefusedError

PINNED_GIT_RE = re.compile(r"^git\+https://[^\s@#?]+(?:\.git)?@([0-9a-f]{40})$")
"""A git URL over HTTPS pinned to a full commit id: the one form of git requirement a job installs."""
PINNED_WHEEL_RE = re.compile(r"^https://[^\s#?]+\.whl#sha256=[0-9a-f]{64}$")
"""A wheel URL over HTTPS with its SHA-256: uv refuses a download whose hash differs."""

PACKAGE_HINT = ("pass --package 'hfi18n @ git+https://github.com/OWNER/hfi18n@<40-hex commit>' (a commit pushed "
                "there), or run hfi18n from a clean checkout whose commit is pushed")


@dataclass(slots=True)
class JobSource:
    """The pinned requirement a job installs, and where it comes from in words."""

    requirement: str
    """``hfi18n @ git+https://...@<commit>`` or ``hfi18n @ https://....whl#sha256=...``."""
    origin: str
    """``commit 1a2b3c4d5e of /path/to/hfi18n``, ``the installed hfi18n``, ``--package``."""


def pinned_requirement(spec: str) -> str:
    """``spec`` as ``hfi18n @ <url>`` when it pins one exact piece of code, else a refusal that says why."""
    text = spec.strip()
    url = re.sub(r"^hfi18n\s*@\s*", "", text)
    if PINNED_GIT_RE.match(url) or PINNED_WHEEL_RE.match(url):
        return f"hfi18n @ {url}"
    if re.fullmatch(r"[A-Za-z0-9._-]+(\s*[<>=!~].*)?", text):
        why = (f"{text!r} is a name on a package index, where hfi18n is not published: whoever registers it "
               "there would run their code next to your GitHub token")
    elif url.startswith("git+") and "@" in url.rsplit("/", 1)[-1]:
        why = f"{text!r} names a branch or tag, which can move: a job installs a full 40-hex commit id"
    else:
        why = f"{text!r} is not pinned to one commit or one wheel hash"
    raise RefusedError(f"the job would not install exactly this code: {why}", hint=PACKAGE_HINT)


def _git(root: Path, *args: str) -> str:
    res = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=60)
    if res.returncode != 0:
        raise RefusedError(f"git {' '.join(args)} failed in {root}: {res.stderr.strip()[:300]}", hint=PACKAGE_HINT)
    return res.stdout


def https_url(remote: str) -> str | None:
    """A remote's URL as the job can fetch it (HTTPS, no credentials), or None for a local path."""
    m = re.match(r"^(?:ssh://)?[^@/\s]+@([^:/\s]+)[:/](.+)$", remote)
    if m:  # git@github.com:owner/name.git, ssh://git@github.com/owner/name
        return f"https://{m.group(1)}/{m.group(2).lstrip('/')}"
    parts = urlsplit(remote)
    if parts.scheme not in ("https", "http") or not parts.hostname:
        return None
    netloc = parts.hostname + (f":{parts.port}" if parts.port else "")
    return urlunsplit(("https", netloc, parts.path, "", ""))


def checkout_source(root: Path) -> JobSource:
    """The pinned requirement of the git checkout at ``root`` (where this hfi18n runs from)."""
    commit = _git(root, "rev-parse", "HEAD").strip()
    dirty = [line for line in _git(root, "status", "--porcelain", "--untracked-files=no", "--", "src",
                                   "pyproject.toml").splitlines() if line.strip()]
    if dirty:
        first = dirty[0][3:]
        raise RefusedError(f"the hfi18n checkout at {root} has uncommitted changes ({first}...): a job installs "
                           f"commit {commit[:10]}, not the code running here",
                           hint="commit and push them, or " + PACKAGE_HINT.split(", or ")[0])
    remotes = [r for r in _git(root, "remote").split() if r]
    holding = _git(root, "for-each-ref", "--contains", commit, "--format=%(refname)", "refs/remotes").split()
    for ref in holding:
        name = next((r for r in sorted(remotes, key=len, reverse=True) if ref.startswith(f"refs/remotes/{r}/")), None)
        if name is None:
            continue
        url = https_url(_git(root, "remote", "get-url", name).strip())
        if url:
            return JobSource(f"hfi18n @ git+{url}@{commit}", f"commit {commit[:10]} of {root}, on {name}")
    raise RefusedError(f"commit {commit[:10]} of the hfi18n checkout at {root} is on no remote the job can fetch "
                       "(pushed to an HTTPS or SSH remote, then fetched)", hint=PACKAGE_HINT)


def _installed_source() -> JobSource | None:
    """What ``pip install git+URL`` recorded for hfi18n (PEP 610), pinned to the commit it installed."""
    try:
        raw = metadata.distribution("hfi18n").read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return None
    try:
        info = json.loads(raw or "{}")
    except ValueError:
        return None
    vcs = info.get("vcs_info") or {}
    url = https_url(str(info.get("url") or ""))
    commit = str(vcs.get("commit_id") or "")
    if vcs.get("vcs") == "git" and url and re.fullmatch(r"[0-9a-f]{40}", commit):
        return JobSource(f"hfi18n @ git+{url}@{commit}", f"the installed hfi18n (commit {commit[:10]})")
    return None


def job_source(package: str | None = None, *, code_dir: Path | None = None) -> JobSource:
    """What a job installs: ``package`` if pinned, else this hfi18n's own checkout or recorded git install."""
    if package:
        return JobSource(pinned_requirement(package), "--package")
    here = code_dir or Path(__file__).resolve().parents[1]
    res = subprocess.run(["git", "-C", str(here), "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if res.returncode == 0:
        root = Path(res.stdout.strip())
        if (root / "pyproject.toml").is_file() and (root / "src" / "hfi18n").is_dir():
            return checkout_source(root)
    installed = _installed_source()
    if installed is not None:
        return installed
    raise RefusedError(f"cannot tell which code a job should install: the hfi18n at {here} is neither a git "
                       "checkout nor installed from a git URL", hint=PACKAGE_HINT)
