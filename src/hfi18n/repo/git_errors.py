"""What to do about a git failure, from git's own words: one table for every place hfi18n runs git.

``status`` said "run status inside a git checkout with at least one commit" for every git failure, a
corrupt pack included (issue 33): the translator was inside a checkout, and the advice sent them looking
for the wrong thing. The hint now follows what git said.
"""

from __future__ import annotations

GIT_HINTS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("is corrupt", "corrupt loose object", "packfile", "bad object", "invalid object", "unable to read",
      "did not receive expected object", "inflate", "missing blob", "missing tree", "broken link"),
     "the repository's object store is damaged: `git fsck --full` names what is broken; clone the repository "
     "again (or fetch the missing objects from its remote) and run the command there"),
    (("not a git repository",), "run inside a clone of the docs repository, or pass --repo PATH"),
    (("does not have any commits yet", "ambiguous argument 'head'", "bad revision 'head'", "unknown revision"),
     "commit at least once: hfi18n reads the docs' history"),
    (("dubious ownership",), "the repository belongs to another user: git config --global --add safe.directory "
     "PATH (or run as its owner)"),
    (("index.lock", "unable to create", "another git process"),
     "another git command is running in this repository: wait for it, or remove a stale .git/index.lock"),
    (("no space left on device",), "the disk is full: free some space and run the command again"),
)
"""``(words git says, in lower case; what to do)``, first match wins."""

DEFAULT_HINT = "run the same git command yourself to see what is wrong"


def git_hint(stderr: str, default: str = DEFAULT_HINT) -> str:
    """The next step for a git failure whose stderr is ``stderr``."""
    low = stderr.lower()
    return next((hint for needles, hint in GIT_HINTS if any(n in low for n in needles)), default)
