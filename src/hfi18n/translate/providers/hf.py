"""Hugging Face Inference Providers, through the OpenAI-compatible router.

``POST https://router.huggingface.co/v1/chat/completions`` with ``Authorization: Bearer $HF_TOKEN``;
the request and answer are OpenAI Chat Completions (see :mod:`.openai`). Model ids are Hub repo ids,
optionally pinned to one inference provider with a suffix: ``meta-llama/Llama-3.3-70B-Instruct`` or
``meta-llama/Llama-3.3-70B-Instruct:together``. ``--base-url`` may point to a dedicated Inference
Endpoint instead (``https://<name>.endpoints.huggingface.cloud/v1``); the token is still needed.

The token comes from ``HF_TOKEN``, else ``providers.hf.api_key`` in the config, else the token file that
``hf auth login`` writes (``$HF_TOKEN_PATH``, or ``$HF_HOME/token``, default ``~/.cache/huggingface/token``).
HTTP 402 means the account is out of credits.
"""

from __future__ import annotations

from typing import ClassVar

from ...secrets import hf_token_file
from .openai import OpenAIProvider

HF_ROUTER_URL = "https://router.huggingface.co/v1"


def read_hf_token_file() -> str | None:
    try:
        token = hf_token_file().read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return token or None


class HFProvider(OpenAIProvider):
    """Open models served by Hugging Face Inference Providers (OpenAI-compatible router)."""

    name: ClassVar[str] = "hf"
    needs_key: ClassVar[bool] = True
    key_env: ClassVar[str | None] = "HF_TOKEN"
    base_url_env: ClassVar[str | None] = None
    default_model: ClassVar[str] = "meta-llama/Llama-3.3-70B-Instruct"
    default_base_url: ClassVar[str] = HF_ROUTER_URL
    supports_batch: ClassVar[bool] = False  # the router has no batch API

    @classmethod
    def key_required(cls, base_url: str | None = None) -> bool:
        return True

    @property
    def official(self) -> bool:
        # The router and TGI take ``max_tokens`` and ``temperature`` (OpenAI's own rules do not apply).
        return False
