"""One redaction of known secrets, applied to every message that came from a remote or goes to a human.

Known secrets are the values of :data:`SECRET_ENV_VARS` (read at each call, so a key set later counts)
plus values registered at run time with :func:`register` (a token from ``hfi18n.toml``, a key typed
into the web UI). :func:`redact` replaces each of them, and the forms a server may echo them in
(URL-encoded, ``+`` for spaces, percent-encoding in lower case), by ``***``.

Where it is applied: every :class:`hfi18n.errors.HfI18nError` redacts its message and hint when it is
made, so GitHub and provider errors never carry a secret to a terminal, log, file or PR; the CLI's
top-level handler redacts whatever else reaches it.
"""

from __future__ import annotations

import os
import threading
from urllib.parse import quote, quote_plus, unquote, unquote_plus

SECRET_ENV_VARS = ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "GITHUB_TOKEN",
                   "GH_TOKEN")
"""Environment variables whose values are secrets wherever they show up."""

MIN_SECRET_LEN = 6
"""Shorter values are not treated as secrets: masking ``"1"`` or ``"abc"`` everywhere would garble text
without protecting anything (no real key is that short)."""

MASK = "***"

_registered: set[str] = set()
_lock = threading.Lock()


def register(value: str | None) -> None:
    """Treat ``value`` as a secret from now on (for the life of the process)."""
    if value and len(value) >= MIN_SECRET_LEN:
        with _lock:
            _registered.add(value)


def known_secrets() -> set[str]:
    """Every secret value known now: the environment's and the registered ones."""
    values = {v for name in SECRET_ENV_VARS if (v := os.environ.get(name)) and len(v) >= MIN_SECRET_LEN}
    with _lock:
        values |= _registered
    return values


def _forms(secret: str) -> set[str]:
    """The secret and the ways a server may quote it back (URL-encoded in query or form style)."""
    forms = {secret, quote(secret, safe=""), quote_plus(secret, safe=""), quote(secret)}
    return {f for f in forms if len(f) >= MIN_SECRET_LEN}


def redact(text: str) -> str:
    """``text`` with every known secret, in any of its echoed forms, replaced by ``***``."""
    if not text:
        return text
    secrets = known_secrets()
    if not secrets:
        return text
    forms = sorted({f for s in secrets for f in _forms(s)}, key=len, reverse=True)
    for form in forms:
        if form in text:
            text = text.replace(form, MASK)
    # mixed forms (some characters escaped, others not) by decoding percent-escapes and trying again
    if "%" in text:
        for decode in (unquote, unquote_plus):
            decoded = decode(text)
            if any(s in decoded for s in secrets):
                for s in sorted(secrets, key=len, reverse=True):
                    decoded = decoded.replace(s, MASK)
                text = decoded
    return text
