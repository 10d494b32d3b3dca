"""Settings shared by the CLI and the server, from arguments or `SIMXAI_*` environment variables."""

from __future__ import annotations

from typing import Literal

import pydantic
import pydantic_settings

from simxai.exceptions import UsageError
from simxai.hosts.base import Host

__all__ = ["Settings", "load_host"]


class Settings(pydantic_settings.BaseSettings):
    """Which host and backend to use, and how the engine behaves.

    Every field can be set as an environment variable with the `SIMXAI_` prefix, e.g.
    `SIMXAI_BACKEND=openai:Team-ACE/ToolACE-2.5-Llama-3.1-8B SIMXAI_BASE_URL=http://localhost:8000/v1`.
    """

    model_config = pydantic_settings.SettingsConfigDict(env_prefix="SIMXAI_", extra="ignore")

    backend: str = "router"
    base_url: str | None = None
    llm_api_key: pydantic.SecretStr | None = None
    timeout: float = 60.0
    host: Literal["demo", "sentiment"] = "demo"
    host_config: str | None = None
    host_url: str | None = None
    host_api_key: pydantic.SecretStr | None = None
    host_timeout: float = 30.0
    fallback_to_router: bool = False
    max_calls_per_turn: int = 4
    guard: bool = True


def load_host(settings: Settings) -> Host:
    """Build the host the settings name: a remote host URL, a host config file, or a bundled host.

    Raises:
        UsageError: both a config and a URL are given, or the config is invalid.
    """
    if settings.host_config and settings.host_url:
        raise UsageError("give either a host config file or a host URL, not both")
    if settings.host_url:
        from simxai.hosts.remote import RemoteHost

        key = settings.host_api_key.get_secret_value() if settings.host_api_key else None
        return RemoteHost(settings.host_url, timeout=settings.host_timeout, api_key=key)
    if settings.host_config:
        from simxai.hosts.config import load_host_config

        return load_host_config(settings.host_config)
    if settings.host == "sentiment":
        from simxai.hosts.sentiment import load_sentiment_host

        return load_sentiment_host()
    from simxai.hosts.demo import load_demo_host

    return load_demo_host()
