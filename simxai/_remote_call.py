"""`simxai call --server URL`: one function call answered by a running `simxai serve`, with the standard library only.

A one-shot `simxai call` loads the host in its own process: it imports the model's libraries (scikit-learn, SciPy,
XGBoost, ...) and unpickles the model, seconds of CPU on every call. A server has done that once; asking it through
`POST /v1/functions/{name}` costs the round trip, and this module imports nothing heavier than `urllib`.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from typing import Any


class RemoteCallError(Exception):
    """The server could not be asked, or refused the call; the message says why in one line."""


def refusal(message: str, valid: Any, missing: list[str], suggestions: list[str]) -> str:
    """One line for a refused call: the message, then what is valid, missing or close, each only when unsaid."""
    detail = f"; valid: {valid}" if valid and str(valid) not in message else ""
    hints = [s for s in suggestions if s]
    hint = f"; did you mean {', '.join(hints)}?" if hints else ""
    # "needs the argument 'instance'" and "missing: a, b and c" already name what is missing
    unnamed = [m for m in missing if not re.search(rf"(?<![\w]){re.escape(m)}(?![\w])", message)]
    absent = f"; missing: {', '.join(unnamed)}" if unnamed else ""
    return f"{message}{detail}{absent}{hint}"


def call_remote(server: str, name: str, arguments: dict[str, Any], api_key: str | None = None) -> dict[str, Any]:
    """The result of `name(arguments)` on the host of the server at `server` (its base URL), as JSON.

    Raises:
        RemoteCallError: the server is unreachable, answers something else than SimXAI's JSON, or refuses the
            call (the refusal in the same words a local call gives).
    """
    base = server.rstrip("/")
    if not base.startswith(("http://", "https://")):
        base = f"http://{base}"
    url = f"{base}/v1/functions/{urllib.parse.quote(name, safe='')}"
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    request = urllib.request.Request(url, data=json.dumps(arguments).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            return _json(response.read(), url)
    except urllib.error.HTTPError as exc:
        body = _json(exc.read(), url, status=exc.code)
        message = str(body.get("error", f"HTTP {exc.code}"))
        if exc.code == 404 and body.get("type") == "not_found":
            # The server's list is in its message already.
            raise RemoteCallError(message.rstrip(".")) from None
        raise RemoteCallError(
            refusal(message, body.get("valid"), list(body.get("missing") or []), list(body.get("suggestions") or []))
        ) from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise RemoteCallError(
            f"cannot reach a SimXAI server at {base} ({reason}); start one with "
            "`simxai serve --host-config host.yaml`, or leave out --server to load the host in this process"
        ) from None


def _json(raw: bytes, url: str, status: int | None = None) -> dict[str, Any]:
    try:
        body = json.loads(raw)
    except ValueError:
        code = f"HTTP {status} " if status else ""
        raise RemoteCallError(f"{url} answered {code}with something else than JSON: is it a SimXAI server?") from None
    if not isinstance(body, dict):
        raise RemoteCallError(f"{url} answered a JSON {type(body).__name__}, not an object: is it a SimXAI server?")
    return body
