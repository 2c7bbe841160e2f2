"""A line the library says in English that also carries what it says as a key and fields.

The CLI prints the English; the web app says the same thing in the visitor's language (issue 26: a Korean
browser read the status page's PR note and an outdated doc's "base unknown: ..." in English). A ``str``
subclass, so every caller that reads, prints, compares or serializes the note sees the same English as
before; only an interface that looks for ``key`` gets more.

:meth:`Said.of` takes the English from the message catalogs (:mod:`hfi18n.i18n`), so the CLI, the web
app and the MCP server say it with one key (issue 33, item 17): the web app's copy of the library's
English is gone.
"""

from __future__ import annotations

from ..i18n import t


class Said(str):
    """English text (``str(said)``), its ``key`` (a message of :mod:`hfi18n.i18n`; empty: a free line) and
    the ``fields`` it was made of."""

    key: str
    fields: dict[str, object]

    def __new__(cls, text: str, key: str = "", /, **fields: object) -> Said:
        said = super().__new__(cls, text)
        said.key, said.fields = key, fields
        return said

    @classmethod
    def of(cls, key: str, /, **fields: object) -> Said:
        """The catalog's message ``key`` filled with ``fields``, in English, keeping both."""
        return cls(t(key, "en", **fields), key, **fields)
