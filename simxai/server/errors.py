"""Every failure a client can see, mapped to a status code and a clear message in one place.

| raised                          | status | body `type`          |
| ------------------------------- | ------ | -------------------- |
| request JSON of the wrong shape | 422    | `validation_error`   |
| a body that cannot be decoded   | 400    | `bad_request`        |
| `ArgumentError`                 | 422    | `invalid_argument`   |
| `BudgetError`                   | 422    | `budget_exceeded`    |
| `BackendError` (and subclasses) | 503    | `backend_unavailable`|
| `ModelOutputError`              | 502    | `model_output_error` |
| `HostError`                     | 502    | `host_error`         |
| `FunctionCallError`             | 500    | `function_error`     |
| `UsageError`                    | 500    | `configuration_error`|
| `StoreUnavailableError`         | 503    | `store_unavailable` (with `Retry-After`) |
| `StoreConflictError`            | 409    | `conflict`           |
| any other exception             | 500    | `internal_error`     |

A body is ``{"error": "<message>", "type": "<type>", ...}``; routes under the OpenAI-compatible face answer in
OpenAI's shape, ``{"error": {"message", "type", "code"}}``, so OpenAI clients show the message. Unexpected
exceptions are logged with their traceback under a short id, and the client sees only that id.
"""

from __future__ import annotations

import dataclasses
import logging
import sys
import uuid
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from simxai.exceptions import (
    ArgumentError,
    BackendError,
    BudgetError,
    FunctionCallError,
    HostError,
    ModelOutputError,
    SimXAIError,
    StoreConflictError,
    StoreUnavailableError,
    UsageError,
)

__all__ = ["OPENAI_PATHS", "STORE_RETRY_AFTER", "ErrorInfo", "classify", "error_response", "install_error_handlers"]

logger = logging.getLogger("simxai.server")

#: Seconds a client is told to wait (Retry-After) before sending again when the session database cannot be
#: reached: a PostgreSQL restart takes a few seconds, and a replica reconnects on the next request.
STORE_RETRY_AFTER = 1

#: Path prefixes answered in OpenAI's error shape.
OPENAI_PATHS = ("/v1/chat/completions", "/v1/models")

_BACKEND_HINT = (
    "Check that the LLM server is running and reachable, or start SimXAI with --fallback-to-router "
    "(SIMXAI_FALLBACK_TO_ROUTER=true) to answer with the offline router meanwhile."
)

# FastAPI's whole message when decoding a JSON body fails other than as invalid JSON (a RecursionError, a
# UnicodeDecodeError, an integer too long to convert); it chains the cause, which `_unreadable` names.
_UNPARSABLE = "There was an error parsing the body"

_HTTP_TYPES = {
    400: "bad_request",
    401: "unauthorized",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "request_too_large",
    415: "unsupported_media_type",
    422: "validation_error",
    429: "rate_limited",
}


@dataclasses.dataclass(frozen=True)
class ErrorInfo:
    """What a client is told about a failure."""

    status: int
    type: str
    message: str
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)
    #: Response headers the error needs (e.g. Retry-After on a 429).
    headers: dict[str, str] = dataclasses.field(default_factory=dict)

    def body(self, *, openai: bool = False) -> dict[str, Any]:
        """The JSON error body: SimXAI's shape, or OpenAI's nested `error` object for the OpenAI-compatible face."""
        if openai:
            return {"error": {"message": self.message, "type": self.type, "code": self.status, **self.extra}}
        return {"error": self.message, "type": self.type, **self.extra}


def classify(exc: BaseException) -> ErrorInfo:
    """The status, type and message for any exception; unexpected ones are logged with their traceback."""
    if isinstance(exc, HTTPException) and exc.status_code == 400 and exc.detail == _UNPARSABLE:
        return ErrorInfo(400, "bad_request", f"Invalid request: {_unreadable(exc.__cause__)}.")
    if isinstance(exc, HTTPException):
        detail = exc.detail
        if isinstance(detail, dict):
            message = str(detail.get("error", ""))
            extra = {k: v for k, v in detail.items() if k != "error"}
            return ErrorInfo(
                exc.status_code,
                str(extra.pop("type", _HTTP_TYPES.get(exc.status_code, "error"))),
                message,
                extra,
            )
        headers = dict(exc.headers or {})
        allowed = next((v for k, v in headers.items() if k.lower() == "allow"), "")
        if exc.status_code == 405 and allowed:
            detail = f"This path does not take that method; it takes {allowed} (the API: /docs)"
        return ErrorInfo(exc.status_code, _HTTP_TYPES.get(exc.status_code, "error"), str(detail), headers=headers)
    if isinstance(exc, RequestValidationError):
        return _validation(exc)
    if isinstance(exc, ArgumentError):
        return ErrorInfo(
            422,
            "invalid_argument",
            str(exc),
            {
                "argument": exc.argument,
                "valid": exc.valid,
                "missing": exc.missing,
                "suggestions": exc.suggestions,
            },
        )
    if isinstance(exc, BudgetError):
        return ErrorInfo(422, "budget_exceeded", f"The function call was stopped: {exc}.")
    if isinstance(exc, BackendError):
        return ErrorInfo(503, "backend_unavailable", f"The language-model backend failed: {exc}. {_BACKEND_HINT}")
    if isinstance(exc, ModelOutputError):
        return ErrorInfo(502, "model_output_error", f"The language model's output could not be used: {exc}")
    if isinstance(exc, HostError):
        return ErrorInfo(502, "host_error", f"The host system could not provide this: {exc}")
    if isinstance(exc, FunctionCallError):
        return ErrorInfo(500, "function_error", str(exc))
    if isinstance(exc, StoreUnavailableError):
        logger.warning("session store unavailable: %s", exc)
        return ErrorInfo(
            503,
            "store_unavailable",
            f"Sessions are unavailable for a moment: {exc}. Try again shortly.",
            headers={"Retry-After": str(STORE_RETRY_AFTER)},
        )
    if isinstance(exc, StoreConflictError):
        return ErrorInfo(409, "conflict", f"The session is busy: {exc}.")
    if isinstance(exc, UsageError):
        logger.error("configuration error: %s", exc)
        return ErrorInfo(500, "configuration_error", f"The server is misconfigured: {exc}")
    error_id = uuid.uuid4().hex[:12]
    if isinstance(exc, SimXAIError):
        logger.error("unclassified SimXAI error %s: %s", error_id, exc, exc_info=exc)
    else:
        logger.error("internal error %s", error_id, exc_info=exc)
    return ErrorInfo(500, "internal_error", f"Internal server error (logged as {error_id}).", {"error_id": error_id})


def _unreadable(cause: BaseException | None) -> str:
    """Why a body could not be decoded, from the exception FastAPI chained to its generic 400."""
    if isinstance(cause, RecursionError):
        return "the JSON body is nested too deeply"
    if isinstance(cause, UnicodeDecodeError):
        return f"the body is not UTF-8 text ({cause.reason} at byte {cause.start})"
    if isinstance(cause, ValueError) and "digits" in str(cause):
        return f"a number in the JSON body has more than {sys.get_int_max_str_digits()} digits"
    return "the body could not be read as JSON"


def _not_an_object(given: Any) -> str:
    """What a body that is not a JSON object was, and what to send instead (FastAPI says only "Input should be a
    valid dictionary or object to extract fields from").
    """
    if isinstance(given, bytes | bytearray):
        # FastAPI hands the raw bytes on when the request did not say it was JSON (`curl -d`, a form, plain text)
        kind = "not sent as JSON (set the header Content-Type: application/json)"
    else:
        kind = f"a JSON {_JSON_KINDS.get(type(given), 'value')}, not an object"
    return f"the body must be a JSON object of the request's fields (listed at /docs); it was {kind}"


_JSON_KINDS: dict[type, str] = {
    list: "list",
    str: "string",
    int: "number",
    float: "number",
    bool: "boolean",
    type(None): "null",
}


def _validation(exc: RequestValidationError) -> ErrorInfo:
    problems = []
    details = []
    errors = list(exc.errors())
    # A misspelt field is both missing and extra: name the missing one beside the extra ("did you mean content?").
    missing: dict[tuple[Any, ...], list[str]] = {}
    for error in errors:
        if error.get("type") == "missing" and len(error.get("loc", ())) > 1:
            missing.setdefault(tuple(error["loc"][:-1]), []).append(str(error["loc"][-1]))
    for error in errors:
        # The first element of `loc` says where ("body", "query", "path"); the rest names the field.
        where = [str(part) for part in error.get("loc", ())]
        field = ".".join(where[1:]) if len(where) > 1 else (where[0] if where else "request")
        # pydantic prefixes a validator's own message with its kind: "Value error, the message is empty"
        message = str(error.get("msg", "invalid")).removeprefix("Value error, ")
        if error.get("type") == "json_invalid":
            message = "the body is not valid JSON"
            field = "body"
        elif error.get("type") in ("model_attributes_type", "dict_type", "model_type") and where == ["body"]:
            message = _not_an_object(error.get("input"))
        elif error.get("type") == "extra_forbidden" and len(wanted := missing.get(tuple(error["loc"][:-1]), [])) == 1:
            message = f"{message} (did you mean {wanted[0]}?)"
        problems.append(f"{field}: {message}")
        details.append({"field": field, "message": message})
    text = "; ".join(problems) or "the request is invalid"
    return ErrorInfo(422, "validation_error", f"Invalid request: {text}", {"details": details})


def is_openai_path(path: str) -> bool:
    return path.startswith(OPENAI_PATHS)


def error_response(path: str, info: ErrorInfo) -> JSONResponse:
    """The JSON response for `info`, in the shape the route family of the request's `path` uses."""
    headers = {"WWW-Authenticate": "Bearer"} if info.status == 401 else {}
    return JSONResponse(
        info.body(openai=is_openai_path(path)), status_code=info.status, headers={**headers, **info.headers}
    )


def install_error_handlers(app: FastAPI) -> None:
    """Route every exception type through `classify`."""

    async def handle(request: Request, exc: Exception) -> JSONResponse:
        return error_response(request.url.path, classify(exc))

    for exc_type in (HTTPException, RequestValidationError, SimXAIError):
        app.add_exception_handler(exc_type, handle)
