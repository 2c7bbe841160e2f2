"""Shared mode starts only with a real Hugging Face sign-in and a session secret nobody else knows.

Gradio decides how ``gr.LoginButton`` signs visitors in when the app starts: on a Space (``SYSTEM=spaces``
and ``SPACE_ID``) through Hugging Face OAuth (``OAUTH_CLIENT_ID``, ``OAUTH_CLIENT_SECRET``, ``OAUTH_SCOPES``,
``OPENID_PROVIDER_URL``); anywhere else with a *mocked* login that makes every visitor who clicks "sign in"
the server's own Hugging Face account. It signs the session cookie with ``sha256(OAUTH_CLIENT_SECRET +
"-v4")``, so without that secret the key is ``sha256("-v4")``, printed in Gradio's source. Tried as an
attacker (issue 25, item 2): ``hfi18n serve --shared --owner me`` outside a Space made every visitor "me",
who may spend the owner's OpenAI key; a cookie signed with the public key was accepted as any user named
in it; and with no Hugging Face login on the server the start crashed ("ValueError ... this is a bug").

So shared mode refuses to start unless Gradio will run the real OAuth flow with a real secret, and says
which variables to set. Tests that need a signed-in visitor without huggingface.co pass
``mock_sign_in_for_tests=True`` to :func:`hfi18n.web.app.build_app`: a Python argument only, never read
from the environment, a config file or the command line, so nobody outside the server process can set it.
"""

from __future__ import annotations

from ..errors import ConfigError

OAUTH_VARS = ("OAUTH_CLIENT_ID", "OAUTH_CLIENT_SECRET", "OAUTH_SCOPES", "OPENID_PROVIDER_URL")
"""What Gradio's real sign-in reads (a Space with ``hf_oauth: true`` in its README gets all four)."""
MIN_SECRET_CHARS = 16
"""A shorter ``OAUTH_CLIENT_SECRET`` could be guessed, and it is the key of every session cookie (Hugging
Face's OAuth client secrets are 36 characters)."""


def require_real_sign_in() -> None:
    """Raise :class:`ConfigError` naming what to set unless Gradio will sign visitors in with real OAuth.

    Reads what Gradio itself will use: its space check and the OAuth values its module read when it was
    imported (an environment variable set later would not reach Gradio, so it must not satisfy this check).
    """
    import gradio.oauth as oauth
    from gradio.utils import get_space

    hint = ("run it on a Hugging Face Space with `hf_oauth: true` in the Space's README; elsewhere, create an "
            "OAuth app on huggingface.co and set " + ", ".join(OAUTH_VARS) + ", SPACE_ID and SYSTEM=spaces "
            "before starting; or serve without --shared (one person, on 127.0.0.1)")
    if get_space() is None:
        raise ConfigError("shared mode needs a real Hugging Face sign-in, and this is not a Space (SYSTEM=spaces "
                          "and SPACE_ID are not set): Gradio would sign every visitor in as this server's own "
                          "Hugging Face account", hint=hint)
    missing = [name for name in OAUTH_VARS if not (getattr(oauth, name, None) or "").strip()]
    if missing:
        raise ConfigError(f"shared mode needs Hugging Face OAuth, and {', '.join(missing)} "
                          f"{'is' if len(missing) == 1 else 'are'} not set", hint=hint)
    if len(oauth.OAUTH_CLIENT_SECRET.strip()) < MIN_SECRET_CHARS:
        raise ConfigError(f"OAUTH_CLIENT_SECRET is shorter than {MIN_SECRET_CHARS} characters: it is the key that "
                          "signs every visitor's session cookie, and a short one can be guessed",
                          hint="set the client secret of your Hugging Face OAuth app (36 characters)")
