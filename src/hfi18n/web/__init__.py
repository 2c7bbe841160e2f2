"""``hfi18n serve``: the Gradio web app for translators (the ``web`` extra: ``pip install -e '.[web]'`` in a clone).

:func:`build_app` returns the ``gr.Blocks`` app (see :mod:`hfi18n.web.app`); :func:`require_gradio`
says which command installs Gradio when it is missing. The app calls only :mod:`hfi18n.api`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ..errors import ConfigError, install_hint

if TYPE_CHECKING:
    import gradio as gr

INSTALL = install_hint("web")


def require_gradio() -> None:
    """Raise a :class:`ConfigError` naming the install command when Gradio is not installed."""
    try:
        importlib.import_module("gradio")
    except ImportError:
        raise ConfigError("the web app needs Gradio, which is not installed",
                          hint=f"install it with: {INSTALL}") from None


def build_app(*args: Any, **kwargs: Any) -> gr.Blocks:
    """:func:`hfi18n.web.app.build_app`, after checking that Gradio is installed."""
    require_gradio()
    from .app import build_app as build

    return build(*args, **kwargs)


__all__ = ["INSTALL", "build_app", "require_gradio"]
