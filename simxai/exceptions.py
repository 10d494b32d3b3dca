"""Every error SimXAI raises, in one tree.

```
SimXAIError
├── UsageError              a developer used the library wrongly (bad registration, bad config)
├── BackendError            the LLM backend failed
│   ├── BackendUnavailableError   it could not be reached or timed out
│   └── BackendHTTPError          it answered with an HTTP error status
├── ModelOutputError        the model's output could not be used
│   └── ToolCallParseError        a tool call in the model's text is malformed
├── FunctionCallError       an XAI function failed while running
│   ├── ArgumentError             its arguments are invalid (names what is wrong and what is valid)
│   └── BudgetError               it used up its time or model-call budget, or its caller went away
├── HostError               the host system cannot provide a resource
└── StoreError              the session store cannot be used (e.g. its schema is newer than this SimXAI)
    ├── StoreUnavailableError     the session database cannot be reached (503: try again)
    └── StoreConflictError        another turn of the session held it too long (409: send again)
```

Expected conversational outcomes (a clarification, "no counterfactual found") are values, not exceptions.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "ArgumentError",
    "BackendError",
    "BackendHTTPError",
    "BackendUnavailableError",
    "BudgetError",
    "FunctionCallError",
    "HostError",
    "ModelOutputError",
    "SimXAIError",
    "StoreConflictError",
    "StoreError",
    "StoreUnavailableError",
    "ToolCallParseError",
    "UsageError",
]


class SimXAIError(Exception):
    """Base class of every error raised by SimXAI."""


class UsageError(SimXAIError):
    """The library was used wrongly: an invalid registration, setting or configuration."""


class BackendError(SimXAIError):
    """The LLM backend failed to produce a completion."""


class BackendUnavailableError(BackendError):
    """The LLM backend could not be reached, or did not answer in time."""


class BackendHTTPError(BackendError):
    """The LLM backend answered with an HTTP error status."""

    def __init__(self, status_code: int, body: str) -> None:
        # The body is kept for logs, never put in the message: clients would see what the upstream said.
        super().__init__(f"backend answered HTTP {status_code}")
        self.status_code = status_code
        self.body = body


class ModelOutputError(SimXAIError):
    """The model produced output that cannot be used."""


class ToolCallParseError(ModelOutputError):
    """A tool call written in the model's text is malformed or not made of literals."""


class FunctionCallError(SimXAIError):
    """An XAI function failed while running."""


class ArgumentError(FunctionCallError):
    """An argument of a function call is invalid.

    Attributes:
        argument: the argument's name.
        valid: a short description of what would be valid.
        missing: names of required pieces (e.g. feature values) that were not given.
        suggestions: close valid values, e.g. feature names similar to an unknown one.
    """

    def __init__(
        self,
        message: str,
        *,
        argument: str,
        valid: str = "",
        missing: Sequence[str] = (),
        suggestions: Sequence[str] = (),
    ) -> None:
        super().__init__(message)
        self.argument = argument
        self.valid = valid
        self.missing = list(missing)
        self.suggestions = list(suggestions)


class BudgetError(FunctionCallError):
    """A function call used up its time or model-call budget, or was cancelled because its caller left."""


class HostError(SimXAIError):
    """The host system cannot provide the requested resource."""


class StoreError(SimXAIError):
    """The session store cannot be used: e.g. its schema was written by a newer SimXAI."""


class StoreUnavailableError(StoreError):
    """The session database cannot be reached (down, restarting, or out of connections)."""


class StoreConflictError(StoreError):
    """Another turn of the same session held the session for longer than a turn may wait."""
