"""The segment wire format shared by the prompt, the providers' offline pseudo mode and toctree titles.

A request lists the texts to translate inside ``<segments>``, each in a numbered element; the answer is
the same elements, translated. Two formats exist:

* :data:`COMPACT` (the one hfi18n sends): ``<3>text</3>``, numbered 1..n *within the request* (the
  pipeline maps numbers back to segments). Per segment that is 7-9 characters of wrapper, 2-3 tokens,
  instead of the 17-19 characters (5 tokens) of the legacy form; the answer repeats them, and answer
  tokens cost 4-8x prompt tokens.
* :data:`LEGACY` (``PROMPT_VERSION`` 1): ``<s id="s12">text</s>``. Still parsed, so an answer in it (or a
  test prompt written in it) works, and kept for the bench that compares both.

Only what would break an element is escaped (``</3>``/``<3>`` in compact, ``</s>``/``<s id="`` in
legacy); the Markdown inside is sent as it is. :func:`detect` tells the formats apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

SEGMENTS_BLOCK_RE = re.compile(r"<segments>(.*?)</segments>", re.DOTALL)


@dataclass(frozen=True, slots=True)
class WireFormat:
    name: str
    element: re.Pattern[str]
    """Group 1: the id, group 2: the (escaped) text."""
    template: str
    """``{id}`` and ``{text}``."""
    escapes: tuple[tuple[re.Pattern[str], str], ...]
    """``(pattern, replacement)`` applied in order to escape a text."""
    unescapes: tuple[tuple[re.Pattern[str], str], ...]

    def escape(self, text: str) -> str:
        for pattern, repl in self.escapes:
            text = pattern.sub(repl, text)
        return text

    def unescape(self, text: str) -> str:
        for pattern, repl in self.unescapes:
            text = pattern.sub(repl, text)
        return text

    def render(self, pairs: Iterable[tuple[str, str]], *, escaped: bool = False) -> str:
        """One element per ``(id, text)``, newline-separated (the answer format).

        ``escaped``: the texts are already escaped (e.g. taken from :func:`extract_segments`).
        """
        return "\n".join(self.template.format(id=sid, text=text if escaped else self.escape(text))
                         for sid, text in pairs)


COMPACT = WireFormat(
    "compact",
    re.compile(r"<(\d+)>(.*?)</\1>", re.DOTALL),
    "<{id}>{text}</{id}>",
    ((re.compile(r"<(/?\d+>)"), r"&lt;\1"),),
    ((re.compile(r"&lt;(/?\d+>)"), r"<\1"),),
)
LEGACY = WireFormat(
    "legacy",
    re.compile(r'<s id="([^"]*)">(.*?)</s>', re.DOTALL),
    '<s id="{id}">{text}</s>',
    ((re.compile(r"</s>"), "&lt;/s>"), (re.compile(r'<s id="'), '&lt;s id="')),
    ((re.compile(r"&lt;/s>"), "</s>"), (re.compile(r'&lt;s id="'), '<s id="')),
)


def detect(text: str) -> WireFormat:
    """The format ``text`` (a request or an answer) is written in."""
    return LEGACY if '<s id="' in text else COMPACT


def format_for(ids: Iterable[str]) -> WireFormat:
    """:data:`COMPACT` when every id is a number, else :data:`LEGACY` (free-form ids such as ``t1``)."""
    return COMPACT if all(sid.isdigit() for sid in ids) else LEGACY


def format_elements(pairs: Iterable[tuple[str, str]], fmt: WireFormat | None = None) -> str:
    """One element per ``(id, text)``, newline-separated (the answer format)."""
    pairs = list(pairs)
    return (fmt or format_for(sid for sid, _ in pairs)).render(pairs)


def format_segments(pairs: Iterable[tuple[str, str]], fmt: WireFormat | None = None) -> str:
    """The ``<segments>`` block of a request (ids ``1``..``n`` give :data:`COMPACT` elements)."""
    return f"<segments>\n{format_elements(pairs, fmt)}\n</segments>"


def parse_elements(text: str, fmt: WireFormat | None = None) -> dict[str, str]:
    """Id to text of every element of an answer (a repeated id keeps the first)."""
    fmt = fmt or detect(text)
    out: dict[str, str] = {}
    for m in fmt.element.finditer(text):
        out.setdefault(m.group(1), fmt.unescape(m.group(2)))
    return out


def extract_segments(user: str) -> list[tuple[str, str]]:
    """``(id, text)`` of each element inside the (last) ``<segments>`` block of a request, escaping kept.

    Without a ``<segments>`` block the whole message is searched.
    """
    blocks = SEGMENTS_BLOCK_RE.findall(user)
    scope = blocks[-1] if blocks else user
    fmt = detect(scope)
    return [(m.group(1), m.group(2)) for m in fmt.element.finditer(scope)]


def outside_text(text: str, fmt: WireFormat | None = None) -> str:
    """What an answer holds besides the elements (chatter, fences), stripped."""
    fmt = fmt or detect(text)
    return fmt.element.sub("", text).strip()
