"""Settings shared by the CLI and the server, from arguments or `SIMXAI_*` environment variables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, TypeVar

import pydantic
import pydantic_settings

from simxai.exceptions import UsageError
from simxai.hosts.base import Host

if TYPE_CHECKING:
    from simxai.agent import AgentSettings
    from simxai.backends import Backend

__all__ = [
    "BUNDLED_HOSTS",
    "Settings",
    "agent_settings",
    "build_backend",
    "build_fallback",
    "load_host",
    "read_settings",
]

#: The hosts that ship with SimXAI, by the name `--host` and `SIMXAI_HOST` take.
BUNDLED_HOSTS = ("demo", "sentiment", "loan")


class Settings(pydantic_settings.BaseSettings):
    """Which host and backend to use, and how the engine behaves.

    Every field can be set as an environment variable with the `SIMXAI_` prefix, e.g.
    `SIMXAI_BACKEND=openai:Team-ACE/ToolACE-2.5-Llama-3.1-8B SIMXAI_BASE_URL=http://localhost:8000/v1`.
    """

    model_config = pydantic_settings.SettingsConfigDict(env_prefix="SIMXAI_", extra="ignore")

    backend: str = "router"
    base_url: str | None = None
    llm_api_key: pydantic.SecretStr | None = None
    timeout: float = 60.0  # seconds per connect, read and write to the LLM server
    llm_deadline: float = pydantic.Field(default=180.0, gt=0)  # seconds one completion may take, retries included
    llm_backoff: float = pydantic.Field(default=0.5, ge=0)  # seconds before the first retry; each later one doubles
    llm_max_response_bytes: int = pydantic.Field(default=8 * 1024 * 1024, ge=1024)  # largest LLM body read
    host: Literal["demo", "sentiment", "loan"] = "demo"
    host_config: str | None = None
    host_url: str | None = None
    host_api_key: pydantic.SecretStr | None = None
    host_timeout: float = 30.0
    fallback_to_router: bool = False
    max_calls_per_turn: int = 4
    guard: bool = True
    #: Re-read SimXAI's own renderings of the outputs with the guard too (replies an LLM wrote are always read).
    guard_renderings: bool = False
    #: Prompt tokens a request may take (the LLM's context minus the reply); older turns are dropped to fit.
    context_tokens: int | None = None


S = TypeVar("S", bound=Settings)


def read_settings(cls: type[S], overrides: dict[str, Any]) -> S:
    """Settings of type `cls` from `SIMXAI_*` variables, overridden by `overrides` (command-line options).

    Raises:
        UsageError: one line per bad value, naming the option or environment variable it came from and the
            rule it broke (never pydantic's traceback).
    """
    try:
        return cls(**overrides)
    except pydantic.ValidationError as exc:
        problems = []
        for error in exc.errors():
            field = str(error["loc"][0]) if error["loc"] else ""
            source = f"--{field.replace('_', '-')}" if field in overrides else f"SIMXAI_{field.upper()}"
            reason = error["msg"].removeprefix("Value error, ")
            reason = reason[:1].lower() + reason[1:]
            # A key's value is never echoed: the line may end up in a log.
            shown = source if "key" in field else f"{source}={error['input']!r}"
            problems.append(f"{shown}: {reason}" if field else reason)
        raise UsageError("bad setting: " + "; ".join(problems)) from None


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
    if settings.host == "loan":
        from simxai.hosts.loan import load_loan_host

        return load_loan_host()
    from simxai.hosts.demo import load_demo_host

    return load_demo_host()


def build_backend(settings: Settings) -> Backend:
    """The backend the settings name, with their base URL, API key and timeout.

    Raises:
        UsageError: the settings name no known backend, or one without its model or path.
    """
    from simxai.backends import load_backend

    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
    return load_backend(
        settings.backend,
        base_url=settings.base_url,
        api_key=key,
        timeout=settings.timeout,
        deadline=settings.llm_deadline,
        backoff=settings.llm_backoff,
        max_response_bytes=settings.llm_max_response_bytes,
    )


def build_fallback(settings: Settings, backend: Backend) -> Backend | None:
    """The offline router to answer with when `backend` fails, if the settings ask for it.

    None when they do not, or when `backend` is the router already (judged by the built backend's name,
    so every spelling of the router spec counts).
    """
    if not settings.fallback_to_router or backend.name == "router":
        return None
    from simxai.backends import load_backend

    return load_backend("router")


def agent_settings(settings: Settings) -> AgentSettings:
    """The engine's settings: how many calls a turn may make, and what the faithfulness guard reads."""
    from simxai.agent import AgentSettings

    return AgentSettings.model_validate(
        {
            "max_calls_per_turn": settings.max_calls_per_turn,
            "guard": settings.guard,
            "guard_renderings": settings.guard_renderings,
            "context_tokens": settings.context_tokens,
        }
    )
