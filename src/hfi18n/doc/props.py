"""MDX props: ``{...}`` expressions are code, except the string values of prose keys inside them.

A component such as ``<Question choices={[{ text: "...", explain: "...", correct: true }]} />`` holds
reader-facing strings inside a JavaScript expression. The expression stays protected; only string
literals that are the value of a prose key (``text: "..."``, ``"explain": '...'``) are translated.

- :func:`expression_end` finds the ``}`` closing an expression (nested braces, strings, template
  literals and comments skipped);
- :func:`prose_strings` lists the prose string literals of an expression;
- :func:`decode_js` turns a literal's raw content into pieces for a segment: text (``\\"`` read as ``"``)
  and protected escapes (``\\n``, ``\\\\``...), which the segment keeps as placeholders.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass

from ..config import Config
from ..errors import ConfigError

PROSE_PROPS: frozenset[str] = frozenset({"text", "explain", "title", "label", "description"})
"""Default prose keys/props of MDX components (their string values are translated)."""
CONFIG_KEY = "doc.prose_props"
"""Config key (``[doc] prose_props = ["text", "explain", "caption"]`` in ``hfi18n.toml``, or
``[tool.hfi18n.doc]`` in ``pyproject.toml``) that replaces the default list for a repository; each call of
the library API applies its repository's with :func:`apply_config`."""

_configured: ContextVar[frozenset[str] | None] = ContextVar("hfi18n_prose_props", default=None)
"""Per context (a thread, a web request): concurrent calls for different repositories do not mix."""


def configure(names: object) -> frozenset[str]:
    """Set the prose props :func:`hfi18n.doc.parse` uses by default in this context (None or empty: the
    defaults), and return them.

    ``names`` is a list of prop names, as read from the config (``config.get(CONFIG_KEY)``); anything else
    is refused with a clear error rather than silently ignored.
    """
    if names is None or names == []:
        _configured.set(None)
        return PROSE_PROPS
    if not isinstance(names, (list, tuple, set, frozenset)) or not all(
            isinstance(n, str) and re.fullmatch(r"[A-Za-z_$][\w$-]*", n) for n in names):
        raise ConfigError(f"{CONFIG_KEY} must be a list of prop names, got {names!r}",
                          hint='e.g. [doc] prose_props = ["text", "explain", "title", "label", "description"]')
    props = frozenset(names)
    _configured.set(props)
    return props


def apply_config(config: Config) -> Config:
    """Put ``config``'s ``[doc] prose_props`` in force for the rest of this context and return ``config``.

    The one place a loaded config reaches the doc model: every entry point that loads a repository's
    config (``hfi18n.api``'s calls, ``review``) passes it through here.
    """
    configure(config.get(CONFIG_KEY))
    return config


def current_props() -> frozenset[str]:
    """The prose props in force (:func:`configure`, else :data:`PROSE_PROPS`)."""
    props = _configured.get()
    return props if props is not None else PROSE_PROPS

_KEY_RE = re.compile(r"""(?<![\w$.])(["']?)([A-Za-z_$][\w$]*)\1\s*:\s*(?=["'`])""")


@dataclass(slots=True, frozen=True)
class JsString:
    """A string literal in an expression: ``text[start:end]`` is its raw content (quotes excluded)."""

    key: str
    start: int
    end: int
    quote: str


def string_end(text: str, pos: int) -> int:
    """Index just after the string literal opened by the quote at ``text[pos]`` (len(text) if unclosed)."""
    quote = text[pos]
    i = pos + 1
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == quote:
            return i + 1
        if ch == "\n" and quote != "`":
            return n  # a newline inside a '' or "" string: not a string after all
        i += 1
    return n


def expression_end(text: str, pos: int) -> int | None:
    """Index just after the ``}`` that closes the ``{`` at ``text[pos]``; None when it is never closed."""
    depth = 0
    i = pos
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in "\"'`":
            i = string_end(text, i)
            if i >= n:
                return None
            continue
        if ch == "/" and text.startswith("//", i):
            nl = text.find("\n", i)
            i = n if nl < 0 else nl
            continue
        if ch == "/" and text.startswith("/*", i):
            close = text.find("*/", i + 2)
            if close < 0:
                return None
            i = close + 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def prose_strings(expr: str, keys: frozenset[str] = PROSE_PROPS) -> list[JsString]:
    """String literals of ``expr`` that are the value of a prose key, in order.

    Template literals with ``${...}`` are code and skipped; so are strings inside other strings.
    """
    out: list[JsString] = []
    i = 0
    n = len(expr)
    while i < n:
        ch = expr[i]
        if ch in "\"'`":
            # a string not preceded by a prose key: skip it whole
            i = string_end(expr, i)
            continue
        m = _KEY_RE.match(expr, i) if (ch.isalpha() or ch in "_$\"'") else None
        if m is None:
            i += 1
            continue
        value = m.end()
        quote = expr[value]
        end = string_end(expr, value)
        if end > n or expr[end - 1] != quote or end - 1 <= value:
            i = end
            continue
        raw = expr[value + 1:end - 1]
        if m.group(2) in keys and not (quote == "`" and "${" in raw) and raw.strip():
            out.append(JsString(m.group(2), value + 1, end - 1, quote))
        i = end
    return out


_STRING_EXPR_RE = re.compile(r"\{\s*([\"'`])", re.DOTALL)


def whole_string(expr: str, key: str) -> JsString | None:
    """The string literal an expression is made of (``{"..."}``, as in ``title={"..."}``), else None."""
    m = _STRING_EXPR_RE.match(expr)
    if m is None or expr.rstrip()[-2:-1] != m.group(1):
        return None
    close = string_end(expr, m.end() - 1)
    return JsString(key, m.end(), close - 1, m.group(1)) if expr[close:].strip() == "}" else None


_ESCAPE_RE = re.compile(r"\\(?:u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|.)", re.DOTALL)


def decode_js(raw: str, quote: str) -> list[tuple[str, bool]]:
    """Pieces of a string literal's content: ``(text, False)`` to translate, ``(raw escape, True)`` kept.

    An escaped quote of the literal's own kind (``\\"`` in ``"..."``) reads as the quote; the segment
    escapes quotes again when it is rendered, so the source comes back byte for byte.
    """
    pieces: list[tuple[str, bool]] = []
    pos = 0
    buf: list[str] = []
    for m in _ESCAPE_RE.finditer(raw):
        buf.append(raw[pos:m.start()])
        if m.group(0) == "\\" + quote:
            buf.append(quote)
        else:
            if buf:
                pieces.append(("".join(buf), False))
                buf = []
            pieces.append((m.group(0), True))
        pos = m.end()
    buf.append(raw[pos:])
    if "".join(buf):
        pieces.append(("".join(buf), False))
    return [p for p in pieces if p[0]]


def encode_js(text: str, quote: str) -> str:
    """Source form of decoded text (quotes escaped again); inverse of the text pieces of :func:`decode_js`."""
    return text.replace(quote, "\\" + quote)
