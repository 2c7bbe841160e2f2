"""Hugging Face Space entry point: the hfi18n web app over repositories cloned into the Space's storage.

A Space (SDK: Gradio) runs ``python app.py``. The page has a "Repository URL" field: the repository is
cloned into the storage folder with the history ``status`` needs (every commit and tree of the default
branch, and every past version of the files under ``docs/source``, nothing else; see
``hfi18n/repo/clone.py``). The clone named by ``HFI18N_REPO_URL`` is made (or updated) at start-up.

Space settings (variables, and secrets for the keys):

* ``HFI18N_REPO_URL``: repository cloned at start-up and shown in the URL field (default
  ``huggingface/transformers``; empty: none);
* ``HFI18N_STORAGE``: where clones go (default ``/data/repos`` with persistent storage, else ``./repos``);
* ``HFI18N_LANG``: the language the page starts with (default ``ko``);
* ``HFI18N_MCP=1``: also serve every step as MCP tools (``/gradio_api/mcp/``);
* ``HFI18N_GIT_NAME``, ``HFI18N_GIT_EMAIL``: the author of the commits a draft PR carries, when git has
  no identity (a Space has none; default: "hfi18n on <the Space>", hfi18n@users.noreply.huggingface.co);
* ``HFI18N_OWNER_USERS``: Hugging Face usernames (comma-separated) that may spend the secrets below;
* ``HFI18N_CLONE_TIMEOUT``: seconds a visitor's clone may take before it is killed (default 300; the
  start-up clone of ``HFI18N_REPO_URL`` gets at least 1800);
* ``HFI18N_ALLOW_PRIVATE_HOSTS=1``: let visitors clone from loopback and private addresses (default: refused);
* ``HFI18N_RATE_LIMIT``: calls a minute per visitor (default 60, after a burst of 30; 0: no limit);
* secrets ``ANTHROPIC_API_KEY``, ``OPENAI_API_KEY``, ``HF_TOKEN``, ``GITHUB_TOKEN`` (optional).

A Space runs in shared mode (``SPACE_ID`` is set): visitors sign in with Hugging Face (the Space's
README needs ``hf_oauth: true``), translate with their own credentials (their sign-in token through the
``hf`` provider, or a key they type, used for that call only) and open PRs only with a GitHub token they
type; the secrets above serve only ``HFI18N_OWNER_USERS``, and never a base URL a visitor typed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hfi18n import api
from hfi18n.errors import HfI18nError, human_message
from hfi18n.repo.clone import clone_timeout
from hfi18n.web import build_app


def storage() -> Path:
    explicit = os.environ.get("HFI18N_STORAGE")
    if explicit:
        return Path(explicit)
    data = Path("/data")
    return data / "repos" if data.is_dir() and os.access(data, os.W_OK) else Path("repos")


def git_identity() -> None:
    """Give git an author for the PR commits when it has none (a Space's container has no git config)."""
    known = subprocess.run(["git", "config", "--get", "user.email"], capture_output=True, text=True).stdout.strip()
    if known or os.environ.get("GIT_AUTHOR_EMAIL"):
        return
    name = os.environ.get("HFI18N_GIT_NAME") or f"hfi18n on {os.environ.get('SPACE_ID', 'a Space')}"
    email = os.environ.get("HFI18N_GIT_EMAIL") or "hfi18n@users.noreply.huggingface.co"
    for role in ("AUTHOR", "COMMITTER"):
        os.environ[f"GIT_{role}_NAME"] = name
        os.environ[f"GIT_{role}_EMAIL"] = email


git_identity()
STORAGE = storage()
URL = os.environ.get("HFI18N_REPO_URL", "huggingface/transformers").strip()

if URL:
    try:
        # the owner's URL (a private mirror is fine), and a first clone of transformers takes minutes
        done = api.clone(URL, STORAGE, allow_private=True, timeout=max(1800.0, clone_timeout()))
        print(f"{done.note} {done.url} in {done.path} ({done.fetched_versions} doc versions fetched)", file=sys.stderr)
    except Exception as exc:  # noqa: BLE001 - the page still starts; the user can clone from it
        message, hint = human_message(exc)
        print(f"error: {message}" + (f"\nhint: {hint}" if hint else ""), file=sys.stderr)

OWNERS = [u for u in os.environ.get("HFI18N_OWNER_USERS", "").split(",") if u.strip()]
try:
    demo = build_app(storage=STORAGE, default_url=URL, default_lang=os.environ.get("HFI18N_LANG", "ko"),
                     owner_users=OWNERS)
except HfI18nError as exc:  # shared mode without a real sign-in: say what to set, and do not start
    message, hint = human_message(exc)
    print(f"error: {message}" + (f"\nhint: {hint}" if hint else ""), file=sys.stderr)
    raise SystemExit(2) from None

if __name__ == "__main__":
    demo.launch(mcp_server=os.environ.get("HFI18N_MCP") == "1", show_error=False)
