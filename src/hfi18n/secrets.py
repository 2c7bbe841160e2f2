"""One redaction of known secrets, applied to every message that came from a remote or goes to a human.

Known secrets are the values of :data:`SECRET_ENV_VARS` (read at each call, so a key set later counts),
the tokens huggingface_hub keeps on disk (:func:`saved_hf_tokens`: the ``hf auth login`` token file and
its stored tokens, which ``HfApi`` sends with no ``HF_TOKEN`` set), plus values registered at run time
with :func:`register` (a token from ``hfi18n.toml``, a key typed into the web UI). :func:`redact` replaces each of them, and the forms a server may echo them in
(URL-encoded, ``+`` for spaces, percent-encoding in lower case), by ``***``.

Where it is applied: every :class:`hfi18n.errors.HfI18nError` redacts its message and hint when it is
made, so GitHub and provider errors never carry a secret to a terminal, log, file or PR; the CLI's
top-level handler redacts whatever else reaches it.
"""

from __future__ import annotations

import configparser
import os
import threading
from pathlib import Path
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


def hf_token_file() -> Path:
    """Where huggingface_hub keeps the token of ``hf auth login`` (``$HF_TOKEN_PATH``, else
    ``$HF_HOME/token``, default ``~/.cache/huggingface/token``)."""
    explicit = os.environ.get("HF_TOKEN_PATH")
    if explicit:
        return Path(explicit)
    return _hf_home() / "token"


def _hf_home() -> Path:
    home = os.environ.get("HF_HOME")
    if home:
        return Path(home)
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "huggingface"


def hf_stored_tokens_file() -> Path:
    """Where ``hf auth login`` keeps every token it was given (``$HF_STORED_TOKENS_PATH``, else
    ``$HF_HOME/stored_tokens``): ``hf auth switch`` makes any of them the active one."""
    explicit = os.environ.get("HF_STORED_TOKENS_PATH")
    return Path(explicit) if explicit else _hf_home() / "stored_tokens"


_file_cache: dict[Path, tuple[tuple[int, int], set[str]]] = {}


def _read_tokens(path: Path, stored: bool) -> set[str]:
    """The tokens in one of huggingface_hub's files, re-read only when the file changed."""
    try:
        st = path.stat()
        key = (st.st_mtime_ns, st.st_size)
        cached = _file_cache.get(path)
        if cached is not None and cached[0] == key:
            return cached[1]
        if st.st_size > 1_000_000:  # not a token file
            return set()
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return set()
    if stored:
        parser = configparser.ConfigParser()
        try:
            parser.read_string(text)
        except configparser.Error:
            tokens: set[str] = set()
        else:
            tokens = {v.strip() for sec in parser.sections() if (v := parser[sec].get("hf_token"))}
    else:
        tokens = {text.strip()}
    tokens = {t for t in tokens if len(t) >= MIN_SECRET_LEN}
    with _lock:
        _file_cache[path] = (key, tokens)
    return tokens


def saved_hf_tokens() -> set[str]:
    """Every token huggingface_hub may send for this process without ``HF_TOKEN``: the active login's
    and the stored ones.

    Why: with the token only in ``$HF_HOME/token`` (``hf auth login``, no ``HF_TOKEN``), a Jobs API error
    quoting the ``Authorization`` header was printed in clear, while with ``HF_TOKEN`` set it showed
    ``***`` (issue 33): a token counts wherever it came from."""
    return _read_tokens(hf_token_file(), stored=False) | _read_tokens(hf_stored_tokens_file(), stored=True)


def known_secrets() -> set[str]:
    """Every secret value known now: the environment's, huggingface_hub's saved tokens and the registered
    ones."""
    values = {v for name in SECRET_ENV_VARS if (v := os.environ.get(name)) and len(v) >= MIN_SECRET_LEN}
    values |= saved_hf_tokens()
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
