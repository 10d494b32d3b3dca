"""`simxai serve`: settings from the command line over `SIMXAI_*` variables, then uvicorn."""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import socket
import sys
from typing import Any

from simxai.exceptions import UsageError
from simxai.server.settings import ServerSettings
from simxai.settings import BUNDLED_HOSTS, read_settings

__all__ = ["check_port", "prepare_store", "serve", "settings_from_args"]

# Command-line options and the settings they override; None means "not given on the command line".
_OPTIONS = ("bind", "port", "backend", "base_url", "host", "host_config", "host_url", "fallback_to_router")


def settings_from_args(args: argparse.Namespace) -> ServerSettings:
    """Settings from `SIMXAI_*` variables, overridden by the options given on the command line.

    `--host` names a bundled host, as on `simxai chat`; any other value is read as the bind address of the
    old `serve --host ADDRESS` spelling, with a deprecation line on stderr.

    Raises:
        UsageError: a bad value, naming the option or `SIMXAI_*` variable and the rule it broke.
    """
    overrides: dict[str, Any] = {}
    for name in _OPTIONS:
        value = getattr(args, name, None)
        if value is not None:
            overrides[name] = value
    host = overrides.get("host")
    if host is not None and host not in BUNDLED_HOSTS:
        if "bind" in overrides:
            raise UsageError(
                f"--host {host!r} is not a bundled host ({', '.join(BUNDLED_HOSTS)}); the address is --bind"
            )
        print(
            f"simxai serve: --host {host} as the address to listen on is deprecated; use --bind {host} "
            f"(--host now names a bundled host: {', '.join(BUNDLED_HOSTS)})",
            file=sys.stderr,
        )
        overrides["bind"] = overrides.pop("host")
    # A host given on the command line replaces one from the environment, whichever kind it is.
    if "host_config" in overrides:
        overrides.setdefault("host_url", None)
    if "host_url" in overrides:
        overrides.setdefault("host_config", None)
    if "host" in overrides:
        overrides.setdefault("host_url", None)
        overrides.setdefault("host_config", None)
    return read_settings(ServerSettings, overrides)


def check_port(bind: str, port: int) -> None:
    """Check that `bind:port` can be listened on, before anything says the server is up.

    Raises:
        UsageError: the port is taken or the address is not this machine's, in one line suggesting `--port`.
    """
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # As uvicorn binds: SO_REUSEADDR, so a port in TIME_WAIT after a restart is not reported as busy.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((bind, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise UsageError(
                    f"port {port} on {bind} is already in use (another simxai serve?); "
                    f"choose another with --port, e.g. --port {port + 1}"
                ) from None
            raise UsageError(
                f"cannot listen on {bind}:{port}: {exc.strerror or exc}; check --bind and --port"
            ) from None


async def prepare_store(settings: ServerSettings) -> None:
    """Open the settings' session store once (creating or migrating its schema) and close it.

    Raises:
        StoreError: the database cannot be reached, or its schema is newer than this SimXAI.
    """
    from simxai.server.store import build_store

    store = build_store(settings)
    await store.open()
    await store.close()


def serve(args: argparse.Namespace) -> int:
    """Serve the HTTP API and the web page until interrupted; return the exit code.

    The host and backend are built before the port is bound, so a bad host config or backend spec fails
    at once with a clear message instead of inside the server.

    Raises:
        SimXAIError: the host, backend or session store cannot be built from the settings.
    """
    import uvicorn

    from simxai.server.app import close_host, create_app
    from simxai.server.connections import guarded_protocol
    from simxai.settings import build_backend, load_host

    settings = settings_from_args(args)
    level = settings.log_level.upper()
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("simxai").setLevel(level)
    host = load_host(settings)
    # Read the schema now, so an unreachable remote host fails here with its URL, not inside the server.
    host.schema()
    backend = build_backend(settings)
    # Create or migrate the session schema now, so a database that is down or newer than this SimXAI stops
    # the server here with one clear line.
    asyncio.run(prepare_store(settings))
    # Before anything says the server is up: a busy port is one line, not a log ending in [Errno 98].
    check_port(settings.bind, settings.port)
    # The process is the app's own: its startup freezes the collector's view of the host, agent and store.
    app = create_app(settings, host=host, backend=backend, freeze_gc=True)
    logging.getLogger("simxai.server").info(
        "web chat page and API at http://%s:%d/ (OpenAPI docs at /docs)",
        f"[{settings.bind}]" if ":" in settings.bind else settings.bind,
        settings.port,
    )
    config = uvicorn.Config(
        app,
        host=settings.bind,
        port=settings.port,
        log_level=settings.log_level.lower(),
        # One process per replica: scale out with more replicas on one PostgreSQL (docs/deployment.md).
        workers=1,
        proxy_headers=False,
        server_header=False,
        # Connection hygiene (simxai.server.connections, docs/reliability.md): a deadline for each request
        # head, the oldest idle connection shed beyond max_connections, idle keep-alive connections closed.
        http=guarded_protocol(settings.header_seconds, settings.max_connections),
        timeout_keep_alive=max(1, round(settings.keep_alive_seconds)),
        limit_concurrency=settings.max_connections,
    )
    try:
        uvicorn.Server(config).run()
    finally:
        close_host(host)
    return 0
