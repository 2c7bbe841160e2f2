"""A doc rendered to HTML the way doc-builder shows it, for a translator's live-preview check.

The Korean team's PR checklist asks for a "live-preview" check (번역 확인 after doc-builder renders
the page): a broken fence or a ``<Tip>`` left open changes the whole page below it, which the side by
side segment table does not show. This renders a doc (English or translated) with markdown-it, as
doc-builder's Markdown does: headings carry their anchor as ``id`` (the explicit ``[[anchor]]``, else
doc-builder's slug), fences and tables render, and doc-builder's own syntax is shown for what it means:
``<Tip>``/``<Tip warning>`` and ``> [!TIP]`` callouts as boxes, ``<hfoption id="...">`` as a labelled
box, ``[[autodoc]] X`` as a reference box, ``[`Trainer`]`` as code.

The page may be hostile (a PR author wrote it): no HTML of the doc is ever passed through. Raw HTML is
shown as text, except the doc-builder tags above, which become fixed markup with escaped attributes;
comments (the license header) are dropped; images become links (no request leaves the page); a link
whose target runs code or shows content of its own (``javascript:``, ``vbscript:``, ``data:``, however
disguised: :func:`hfi18n.doc.urls.unsafe_scheme`) is rendered inert, its text without a link (issue 25: a
``data:`` and a ``java<TAB>script:`` link were live).

Heading ids are namespaced (``hfi18n-a-`` + the anchor, and in-page ``#anchor`` links rewritten to match):
the preview sits inside the app's own page, and a heading ``## App [[app]]`` or ``[[hf-review]]`` took the
id of the page's own element (issue 25, item 11).
"""

from __future__ import annotations

import re
from html import escape

from markdown_it import MarkdownIt
from markdown_it.token import Token

from .anchors import heading_anchor, split_anchor
from .urls import unsafe_scheme

ANCHOR_PREFIX = "hfi18n-a-"
"""What heading ids of a preview start with (see the module docstring)."""

_TAG = re.compile(r"^\s*<(/?)([A-Za-z][\w-]*)((?:\s[^<>]*)?)/?>\s*$", re.S)
"""One whole tag on its own (a doc-builder block line such as ``<Tip warning={true}>``)."""
_ATTR_ID = re.compile(r"""\bid\s*=\s*(?:"([^"]*)"|'([^']*)'|\{?["']?([\w.-]+))""")
_CALLOUT = re.compile(r"^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*", re.I)
_AUTODOC = re.compile(r"^\[\[autodoc\]\]\s+(\S+)")
_BOX_TAGS = {"tip": "tip", "hfoptions": "options", "hfoption": "option", "frameworkcontent": "framework",
             "pt": "option", "tf": "option", "jax": "option"}
"""doc-builder's block tags and the box each one becomes."""


def _tag_html(raw: str, env: dict) -> str | None:
    """Fixed markup for one doc-builder tag (``None``: not one of them, show it as text). ``env["open"]``
    counts the boxes open, so a stray closing tag closes nothing of the page around the preview."""
    m = _TAG.match(raw)
    if not m:
        return None
    closing, name, attrs = m.group(1), m.group(2).lower(), m.group(3) or ""
    if name == "youtube":
        found = _ATTR_ID.search(attrs)
        video = next((g for g in found.groups() if g), "") if found else ""
        return f'<p class="hf-pv-video">▶ YouTube video <code>{escape(video)}</code></p>'
    kind = _BOX_TAGS.get(name)
    if kind is None:
        return None
    if closing:
        if env.get("open", 0) <= 0:
            return ""
        env["open"] -= 1
        return "</div>"
    label = {"tip": "Warning" if "warning" in attrs else "Tip", "hfoptions": "Options",
             "frameworkcontent": "Framework content", "pt": "PyTorch", "tf": "TensorFlow", "jax": "JAX"}.get(name)
    if label is None:  # hfoption: its id names the option
        found = _ATTR_ID.search(attrs)
        label = next((g for g in found.groups() if g), "option") if found else "option"
    warn = " hf-pv-warning" if name == "tip" and "warning" in attrs else ""
    env["open"] = env.get("open", 0) + 1
    return f'<div class="hf-pv-box hf-pv-{kind}{warn}"><div class="hf-pv-label">{escape(label)}</div>'


_IMG_SRC = re.compile(r"""<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)


def _image_link(src: str, label: str) -> str:
    """An image of the page as a link to it (nothing is loaded); a URL that is not http(s) or relative is
    no link at all (``javascript:``, ``data:``)."""
    url = re.sub(r"[\x00-\x20\x7f]", "", src)  # browsers drop these: "java\nscript:" is javascript:
    scheme = re.match(r"^([A-Za-z][\w+.-]*):", url)
    if scheme and scheme.group(1).lower() not in ("http", "https"):
        return f'<span class="hf-pv-img">🖼 {escape(label)}</span>'
    return f'<a class="hf-pv-img" href="{escape(url)}" rel="noopener noreferrer">🖼 {escape(label)}</a>'


def _raw_html(text: str) -> str:
    """An HTML block of the page, which the preview does not render: its images as links, its source as
    text under a fold (smolagents' index starts with a ``<div>`` around a banner image)."""
    images = " ".join(_image_link(m.group(1) or m.group(2) or "", "image") for m in _IMG_SRC.finditer(text))
    return (f'<details class="hf-pv-html"><summary>HTML block {images}</summary><pre>{escape(text)}</pre>'
            "</details>\n")


def _doc_builder_rules(state) -> None:  # noqa: ANN001 - markdown-it's StateCore
    """Core rule: heading anchors as ids, ``[`X`]`` references as code, callouts and autodoc boxes."""
    tokens: list[Token] = state.tokens
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and i + 1 < len(tokens):
            inline = tokens[i + 1]
            title, _ = split_anchor(inline.content)
            tok.attrSet("id", state.env.get("prefix", ANCHOR_PREFIX) + heading_anchor(inline.content))
            if inline.children and title != inline.content:
                last = inline.children[-1]
                if last.type == "text":
                    last.content, _ = split_anchor(last.content)
        elif tok.type == "inline" and tok.children:
            tok.children = _references(tok.children)
            m = _AUTODOC.match(tok.content)
            if m and i > 0 and tokens[i - 1].type == "paragraph_open" and i + 1 < len(tokens):
                box = Token("html_block", "", 0, content=f'<div class="hf-pv-box hf-pv-autodoc"><div class='
                            f'"hf-pv-label">API reference</div><code>{escape(m.group(1))}</code></div>')
                box.meta = {"hfi18n": True}
                tokens[i - 1] = box  # the paragraph's text becomes the box
                tok.children = []
                tokens[i + 1].hidden = True
        elif tok.type == "blockquote_open" and i + 2 < len(tokens) and tokens[i + 2].type == "inline":
            inline = tokens[i + 2]
            m = _CALLOUT.match(inline.content)
            if m and inline.children and inline.children[0].type == "text":
                inline.children[0].content = _CALLOUT.sub("", inline.children[0].content, count=1)
                if not inline.children[0].content and len(inline.children) > 1 \
                        and inline.children[1].type == "softbreak":
                    inline.children = inline.children[2:]  # "> [!TIP]" alone on its line
                kind = m.group(1).lower()
                tok.attrSet("class", f"hf-pv-box hf-pv-callout hf-pv-{kind}")
                tok.meta = {"label": kind.title()}


def _references(children: list[Token]) -> list[Token]:
    """``[`Trainer`]`` (doc-builder's API reference) as ``<code>Trainer</code>``: drop the brackets."""
    out: list[Token] = []
    for j, child in enumerate(children):
        nxt = children[j + 1] if j + 1 < len(children) else None
        prev = out[-1] if out else None
        if (child.type == "code_inline" and prev is not None and prev.type == "text" and prev.content.endswith("[")
                and nxt is not None and nxt.type == "text" and nxt.content.startswith("]")):
            prev.content = prev.content[:-1]
            nxt.content = nxt.content[1:]
            child.attrSet("class", "hf-pv-ref")
        out.append(child)
    return out


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": True, "linkify": False, "typographer": False}).enable("table")
    md.enable("strikethrough")
    md.core.ruler.push("hfi18n_doc_builder", _doc_builder_rules)

    def html_block(_renderer, tokens, idx, _options, env) -> str:  # noqa: ANN001
        tok = tokens[idx]
        if tok.meta.get("hfi18n"):
            return tok.content
        text = tok.content
        if text.lstrip().startswith("<!--"):
            return ""  # the license header and translator notes
        lines = text.splitlines()
        first = _tag_html(lines[0], env) if lines else None
        if first is None:
            return _raw_html(text)
        # a tag line, then Markdown up to a closing tag line with no blank line between (<Tip>\ntext\n</Tip>)
        rest, close = lines[1:], ""
        if rest and _TAG.match(rest[-1]) and rest[-1].strip().startswith("</"):
            close = _tag_html(rest[-1], env) or ""
            rest = rest[:-1]
        inner = "".join(_tag_html(ln, env) or "" for ln in rest) if all(_TAG.match(ln) for ln in rest) else \
            md.render("\n".join(rest), env)
        return first + inner + close + "\n"

    def html_inline(_renderer, tokens, idx, _options, _env) -> str:  # noqa: ANN001
        content = tokens[idx].content
        if content.startswith("<!--"):
            return ""
        return escape(content)

    def image(_renderer, tokens, idx, _options, _env) -> str:  # noqa: ANN001
        tok = tokens[idx]
        return _image_link(str(tok.attrGet("src") or ""), tok.content or "image")

    def blockquote_open(_renderer, tokens, idx, options, env) -> str:  # noqa: ANN001
        tok = tokens[idx]
        label = tok.meta.get("label") if tok.meta else None
        if not label:
            return _renderer.renderToken(tokens, idx, options, env)
        return (f'<div class="{escape(str(tok.attrGet("class")))}"><div class="hf-pv-label">'
                f"{escape(label)}</div>\n")

    def blockquote_close(_renderer, tokens, idx, options, env) -> str:  # noqa: ANN001
        depth, j = 0, idx - 1
        while j >= 0:  # find the matching open token: a callout closes its <div>
            if tokens[j].type == "blockquote_close":
                depth += 1
            elif tokens[j].type == "blockquote_open":
                if depth == 0:
                    return "</div>\n" if tokens[j].meta and tokens[j].meta.get("label") else "</blockquote>\n"
                depth -= 1
            j -= 1
        return _renderer.renderToken(tokens, idx, options, env)

    def link_open(_renderer, tokens, idx, options, env) -> str:  # noqa: ANN001
        tok = tokens[idx]
        href = str(tok.attrGet("href") or "")
        inert = unsafe_scheme(href) is not None
        env.setdefault("links", []).append(inert)
        if inert:
            return '<span class="hf-pv-unsafe" title="unsafe link: not rendered as a link">'
        if href.startswith("#"):  # an in-page link: to the namespaced heading id
            tok.attrSet("href", "#" + env.get("prefix", ANCHOR_PREFIX) + href[1:])
        else:
            tok.attrSet("rel", "noopener noreferrer")
            tok.attrSet("target", "_blank")
        return _renderer.renderToken(tokens, idx, options, env)

    def link_close(_renderer, tokens, idx, options, env) -> str:  # noqa: ANN001
        links = env.get("links") or [False]
        return "</span>" if links.pop() else _renderer.renderToken(tokens, idx, options, env)

    for name, rule in (("html_block", html_block), ("html_inline", html_inline), ("image", image),
                       ("blockquote_open", blockquote_open), ("blockquote_close", blockquote_close),
                       ("link_open", link_open), ("link_close", link_close)):
        md.add_render_rule(name, rule)
    return md


_MD = _markdown()
_default_validate = _MD.validateLink
_MD.validateLink = lambda url: _default_validate(url) and unsafe_scheme(url, image=True) is None  # type: ignore[method-assign]


def render_html(text: str, *, prefix: str = ANCHOR_PREFIX) -> str:
    """``text`` (a doc's Markdown) as safe HTML, the way doc-builder shows the page. ``prefix``: what heading
    ids start with (two previews on one page need two)."""
    env: dict = {"open": 0, "prefix": prefix}
    html = _MD.render(text, env)
    return html + "</div>" * env["open"]  # a box left open runs to the end of the page, as in doc-builder
