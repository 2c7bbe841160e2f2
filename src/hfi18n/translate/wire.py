"""The segment wire format shared by the prompt, the providers' offline pseudo mode and toctree titles.

A request lists the texts to translate as ``<s id="s12">text</s>`` elements inside ``<segments>``; the
answer is the same elements, translated. Only what would break an element is escaped (``</s>`` and
``<s id=``); the Markdown inside is sent as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

SEGMENTS_BLOCK_RE = re.compile(r"<segments>(.*?)</segments>", re.DOTALL)
ELEMENT_RE = re.compile(r'<s id="([^"]*)">(.*?)</s>', re.DOTALL)


def escape(text: str) -> str:
    return text.replace("</s>", "&lt;/s>").replace('<s id="', '&lt;s id="')


def unescape(text: str) -> str:
    return text.replace("&lt;/s>", "</s>").replace('&lt;s id="', '<s id="')


def format_elements(pairs: Iterable[tuple[str, str]]) -> str:
    """One ``<s id="...">text</s>`` per ``(id, text)``, newline-separated (the answer format)."""
    return "\n".join(f'<s id="{sid}">{escape(text)}</s>' for sid, text in pairs)


def format_segments(pairs: Iterable[tuple[str, str]]) -> str:
    """The ``<segments>`` block of a request."""
    return f"<segments>\n{format_elements(pairs)}\n</segments>"


def parse_elements(text: str) -> dict[str, str]:
    """Id to text of every element of an answer (a repeated id keeps the first)."""
    out: dict[str, str] = {}
    for m in ELEMENT_RE.finditer(text):
        out.setdefault(m.group(1), unescape(m.group(2)))
    return out


def extract_segments(user: str) -> list[tuple[str, str]]:
    """``(id, text)`` of each element inside the (last) ``<segments>`` block of a request, escaping kept.

    Without a ``<segments>`` block the whole message is searched.
    """
    blocks = SEGMENTS_BLOCK_RE.findall(user)
    scope = blocks[-1] if blocks else user
    return [(m.group(1), m.group(2)) for m in ELEMENT_RE.finditer(scope)]


def outside_text(text: str) -> str:
    """What an answer holds besides the elements (chatter, fences), stripped."""
    return ELEMENT_RE.sub("", text).strip()
