"""A host reached over HTTP: the SimXAI host REST contract (v1) and its client, `RemoteHost`.

A host application in any language exposes its XAI resources by serving one endpoint per `Host` method
under ``/v1/host/``; JSON goes in, and the JSON of the method's pydantic result comes back. The contract is
documented for implementers in docs/remote-host.md; `examples/host_server.py` serves it for any local host.

```
GET  /v1/host/schema              -> HostSchema (and "describes_groups", a HostDescription)
POST /v1/host/resolve             {"instance"}                                      -> Subject
POST /v1/host/select              {"reference"}                                     -> Selection
POST /v1/host/predict             {"subject"}                                       -> PredictionResult
POST /v1/host/local-explanation   {"subject", "label"}                              -> LocalExplanationResult
POST /v1/host/global-explanation  {"label"}                                         -> GlobalExplanationResult
POST /v1/host/counterfactuals     {"subject", "target_label", "count", "question"}  -> CounterfactualResult
POST /v1/host/still-this          {"subject"}                                       -> StillThisResult
POST /v1/host/what-if             {"subject", "changes"}                            -> WhatIfResult
POST /v1/host/performance         {"metric"}                                        -> PerformanceResult
POST /v1/host/data-information    {"feature", "group"?}                             -> DataInformationResult
GET  /v1/host/model-information                                                     -> ModelInformationResult
GET  /v1/host/output-information                                                    -> OutputInformationResult
```

A bad argument is answered with HTTP 422 and an `ErrorBody` of kind ``"argument"``, which `RemoteHost` raises
again as the same `ArgumentError`, so the conversation can ask a clarifying question about a remote host
exactly as about a local one. Every other failure becomes a `HostError` that names the URL.

``/select`` and a ``group`` in ``/data-information`` are optional: a server serves them when its schema answer says
``"describes_groups": true``; the client asks neither of a server that does not (one written before groups).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from typing import Any, Literal, TypeVar

import httpx
import pydantic

from simxai.exceptions import ArgumentError, HostError, UsageError
from simxai.hosts.base import ChangeValue, HostSchema, InstanceRef, Selection
from simxai.results import (
    CounterfactualResult,
    DataInformationResult,
    GlobalExplanationResult,
    LocalExplanationResult,
    ModelInformationResult,
    OutputInformationResult,
    PerformanceResult,
    PredictionResult,
    StillThisResult,
    Subject,
    WhatIfResult,
)

__all__ = [
    "API_PREFIX",
    "CounterfactualsRequest",
    "DataInformationRequest",
    "ErrorBody",
    "GlobalExplanationRequest",
    "HostDescription",
    "LocalExplanationRequest",
    "PerformanceRequest",
    "RemoteHost",
    "ResolveRequest",
    "SelectRequest",
    "SubjectRequest",
    "WhatIfRequest",
]

#: Where the contract lives below a host server's base URL; the version changes only with a breaking change.
API_PREFIX = "/v1/host"

ModelT = TypeVar("ModelT", bound=pydantic.BaseModel)


class HostDescription(HostSchema):
    """The answer of ``GET /schema``: the host's schema and what optional parts of the contract the server serves.

    A server written before a part leaves its flag out, which reads as False.
    """

    #: Whether the server serves ``/select`` and describes a group in ``/data-information``.
    describes_groups: bool = False


class SelectRequest(pydantic.BaseModel):
    """Body of ``POST /select``: a reference said in words (a condition, an id, a text)."""

    reference: str


class ResolveRequest(pydantic.BaseModel):
    """Body of ``POST /resolve``: an instance reference as the function was given it."""

    instance: InstanceRef


class SubjectRequest(pydantic.BaseModel):
    """Body of ``POST /predict`` and ``POST /still-this``: a subject returned by ``/resolve``."""

    subject: Subject


class LocalExplanationRequest(SubjectRequest):
    """Body of ``POST /local-explanation``; a null label explains the predicted label."""

    label: str | None = None


class GlobalExplanationRequest(pydantic.BaseModel):
    """Body of ``POST /global-explanation``; a null label explains the host's default label."""

    label: str | None = None


class CounterfactualsRequest(SubjectRequest):
    """Body of ``POST /counterfactuals``."""

    target_label: str
    count: int = pydantic.Field(ge=1)
    question: Literal["why_not", "how_to_be_that"]


class WhatIfRequest(SubjectRequest):
    """Body of ``POST /what-if``: feature (or word) to new value, absolute or relative like ``"+10%"``."""

    changes: dict[str, ChangeValue]


class PerformanceRequest(pydantic.BaseModel):
    """Body of ``POST /performance``: one of the schema's metrics."""

    metric: str


class DataInformationRequest(pydantic.BaseModel):
    """Body of ``POST /data-information``; a null feature asks for the whole data card, a group (a subject from
    ``/resolve``) for the card of its rows. The group is optional: a server written before it answers without it.
    """

    feature: str | None = None
    group: Subject | None = None


class ErrorBody(pydantic.BaseModel):
    """The body of every error answer.

    `error` is the kind: ``argument`` (HTTP 422, the fields below mirror `ArgumentError`), ``host`` (the host
    cannot provide the resource), ``request`` (the request body does not fit the contract), ``unauthorized``
    or ``not_found``.
    """

    error: str
    message: str
    argument: str | None = None
    valid: str = ""
    missing: list[str] = []
    suggestions: list[str] = []

    @classmethod
    def from_argument_error(cls, exc: ArgumentError) -> ErrorBody:
        """The 422 body that carries `exc` over the wire."""
        return cls(
            error="argument",
            message=str(exc),
            argument=exc.argument,
            valid=exc.valid,
            missing=exc.missing,
            suggestions=exc.suggestions,
        )

    def to_argument_error(self) -> ArgumentError:
        """The `ArgumentError` this body carries (kind ``argument`` only)."""
        return ArgumentError(
            self.message,
            argument=self.argument or "*",
            valid=self.valid,
            missing=self.missing,
            suggestions=self.suggestions,
        )


class RemoteHost:
    """A `Host` whose methods are HTTP calls to a server that implements the SimXAI host contract.

    The client is synchronous because `Host` methods are (the engine runs them in a worker thread); one
    connection pool serves every thread. Nothing is fetched until the first call; the schema is fetched
    once and cached. Requests are not retried: a counterfactual search is expensive, and repeating one the
    server may still be running would only double its load.

    Args:
        base_url: the server's base URL, e.g. ``http://127.0.0.1:9000``; the contract lives under
            ``<base_url>/v1/host/``.
        timeout: seconds allowed for connecting and for each read and write.
        api_key: sent as ``Authorization: Bearer <key>`` when given.
        transport: an httpx transport, e.g. ``httpx.MockTransport`` in tests.

    Raises:
        UsageError: the URL is not http(s) or the timeout is not positive.
    """

    def __init__(
        self,
        base_url: str,
        *,
        timeout: float = 30,
        api_key: str | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        if not base_url.startswith(("http://", "https://")):
            raise UsageError(f"the remote host URL must start with http:// or https://, got {base_url!r}")
        if timeout <= 0:
            raise UsageError(f"the remote host timeout must be positive, got {timeout}")
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self._api_key = api_key
        self._transport = transport
        self._client: httpx.Client | None = None
        self._schema: HostSchema | None = None
        self._description: HostDescription | None = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"RemoteHost({self.base_url!r})"

    def __enter__(self) -> RemoteHost:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the HTTP connections; a later call opens new ones."""
        with self._lock:
            client, self._client = self._client, None
        if client is not None:
            client.close()

    def ping(self) -> bool:
        """Whether the server answers now: a fresh request for its schema (the cached one is not used)."""
        try:
            self._call("GET", "schema", None, HostSchema)
        except HostError:
            return False
        return True

    # The Host protocol, one endpoint per method.

    def schema(self) -> HostSchema:
        """Describe the features, labels, id range and metrics (fetched once, then cached)."""
        schema = self._schema
        if schema is None:
            # Two threads may both fetch on first use; either answer is the same schema.
            description = self._describe()
            schema = self._schema = HostSchema.model_validate(description.model_dump(exclude={"describes_groups"}))
        return schema

    def describes_groups(self) -> bool:
        """Whether the server says it serves ``/select`` and a group's data card (read from its schema answer)."""
        return self._describe().describes_groups

    def _describe(self) -> HostDescription:
        description = self._description
        if description is None:
            description = self._description = self._call("GET", "schema", None, HostDescription)
        return description

    def resolve(self, instance: InstanceRef) -> Subject:
        """Turn an instance reference into a subject (one row, custom values, a group, or a text)."""
        return self._call("POST", "resolve", {"instance": instance}, Subject)

    def select(self, reference: str) -> Selection:
        """Read a reference in words as `resolve` does; a condition no row meets is a selection without subject.

        Raises:
            ArgumentError: a server that does not say it serves ``/select``, or a reference it cannot read.
        """
        if not self.describes_groups():
            raise self._no_groups(repr(reference))
        return self._call("POST", "select", {"reference": reference}, Selection)

    def predict(self, subject: Subject) -> PredictionResult:
        """Predict the label and class probabilities (the distribution for a group)."""
        return self._call("POST", "predict", {"subject": _subject(subject)}, PredictionResult)

    def local_explanation(self, subject: Subject, label: str | None) -> LocalExplanationResult:
        """Attribute the output for `label` (default: the predicted label) to the features."""
        body = {"subject": _subject(subject), "label": label}
        return self._call("POST", "local-explanation", body, LocalExplanationResult)

    def global_explanation(self, label: str | None) -> GlobalExplanationResult:
        """Rank features by their mean absolute attribution."""
        return self._call("POST", "global-explanation", {"label": label}, GlobalExplanationResult)

    def counterfactuals(
        self,
        subject: Subject,
        target_label: str,
        count: int,
        question: Literal["why_not", "how_to_be_that"],
    ) -> CounterfactualResult:
        """Find up to `count` verified changes that make the model predict `target_label`."""
        body = {
            "subject": _subject(subject),
            "target_label": target_label,
            "count": count,
            "question": question,
        }
        return self._call("POST", "counterfactuals", body, CounterfactualResult)

    def still_this(self, subject: Subject) -> StillThisResult:
        """Find what may change while the prediction stays, verified against the model."""
        return self._call("POST", "still-this", {"subject": _subject(subject)}, StillThisResult)

    def what_if(self, subject: Subject, changes: Mapping[str, ChangeValue | None]) -> WhatIfResult:
        """Predict again after applying `changes`."""
        body = {"subject": _subject(subject), "changes": dict(changes)}
        return self._call("POST", "what-if", body, WhatIfResult)

    def performance(self, metric: str, group: Subject | None = None) -> PerformanceResult:
        """Score the model on its held-out split; `metric` is one of the schema's metrics.

        Raises:
            ArgumentError: a `group`: the v1 host contract scores the whole split only, and a server that
                ignored the group would answer for everyone while the user asked about a part.
        """
        if group is not None:
            raise ArgumentError(
                f"this remote host cannot score the model on part of its data ({group.description}): the v1 "
                "host contract measures the whole held-out split only",
                argument="group",
                valid="no group (the whole held-out split)",
            )
        return self._call("POST", "performance", {"metric": metric}, PerformanceResult)

    def data_information(self, feature: str | None, group: Subject | None = None) -> DataInformationResult:
        """The data card, with one feature's statistics when `feature` is given; of `group`'s rows when given.

        Raises:
            ArgumentError: a `group` for a server that does not say it describes groups (`describes_groups`): one
                written before them would answer for the whole data while the user asked about a part.
            HostError: a server that says it describes groups and answers a group with the whole data's card.
        """
        if group is None:
            return self._call("POST", "data-information", {"feature": feature}, DataInformationResult)
        if not self.describes_groups():
            raise self._no_groups(group.description)
        body = {"feature": feature, "group": _subject(group)}
        card = self._call("POST", "data-information", body, DataInformationResult)
        if card.group is None:
            raise HostError(
                f"the remote host at {self.base_url} says it describes groups, but answered the card of "
                f"{group.description} with the whole data's"
            )
        return card

    @staticmethod
    def _no_groups(what: str) -> ArgumentError:
        return ArgumentError(
            f"this remote host cannot describe part of its data ({what}): it answers for the whole data only",
            argument="group",
            valid="no group (the whole data)",
        )

    def model_information(self) -> ModelInformationResult:
        """The model card."""
        return self._call("GET", "model-information", None, ModelInformationResult)

    def output_information(self) -> OutputInformationResult:
        """The output card."""
        return self._call("GET", "output-information", None, OutputInformationResult)

    # The wire.

    def _http(self) -> httpx.Client:
        with self._lock:
            if self._client is None:
                headers = {"Accept": "application/json"}
                if self._api_key:
                    headers["Authorization"] = f"Bearer {self._api_key}"
                self._client = httpx.Client(
                    base_url=self.base_url + API_PREFIX + "/",
                    headers=headers,
                    timeout=httpx.Timeout(self.timeout),
                    transport=self._transport,
                )
            return self._client

    def _call(self, method: str, endpoint: str, body: dict[str, Any] | None, model: type[ModelT]) -> ModelT:
        where = f"{method} {API_PREFIX}/{endpoint}"
        content = None if body is None else _encode(body)
        try:
            response = self._http().request(
                method,
                endpoint,
                content=content,
                headers={"Content-Type": "application/json"} if content is not None else None,
            )
        except httpx.TimeoutException:
            raise HostError(
                f"the remote host at {self.base_url} did not answer {where} within {self.timeout:g} s"
            ) from None
        except httpx.HTTPError as exc:
            raise HostError(f"cannot reach the remote host at {self.base_url} ({where}): {exc}") from None
        if response.status_code != 200:
            raise self._error(where, response)
        try:
            return model.model_validate_json(response.content)
        except pydantic.ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(part) for part in error['loc']) or 'body'}: {error['msg']}"
                for error in exc.errors(include_url=False)[:3]
            )
            raise HostError(
                f"the remote host at {self.base_url} answered {where} with a body that is not a valid "
                f"{model.__name__} ({problems}); body starts {_start(response)}"
            ) from None

    def _error(self, where: str, response: httpx.Response) -> ArgumentError | HostError:
        status = response.status_code
        try:
            error: ErrorBody | None = ErrorBody.model_validate_json(response.content)
        except pydantic.ValidationError:
            error = None
        if status == 422 and error is not None and error.error == "argument":
            return error.to_argument_error()
        detail = error.message if error is not None else f"body starts {_start(response)}"
        head = f"the remote host at {self.base_url} answered {where} with HTTP {status}"
        if status in (401, 403):
            return HostError(f"{head} (refused: check the API key): {detail}")
        if status == 404 and error is None:
            return HostError(
                f"{head}: it does not serve the SimXAI host contract there (is {self.base_url} the base URL "
                f"of a host server, without {API_PREFIX}?); {detail}"
            )
        return HostError(f"{head}: {detail}")


def _subject(subject: Subject) -> dict[str, Any]:
    return subject.model_dump(mode="json")


def _encode(body: dict[str, Any]) -> bytes:
    try:
        return json.dumps(body, allow_nan=False, ensure_ascii=False).encode("utf-8")
    except ValueError:
        # JSON has no NaN or infinity; the only caller-given values that can hold one are these.
        argument = "changes" if "changes" in body else "instance" if "instance" in body else "*"
        raise ArgumentError(
            f"{argument} holds a number JSON cannot carry (NaN or infinity)",
            argument=argument,
            valid="finite numbers",
        ) from None
    except TypeError as exc:
        raise HostError(f"cannot send the request to the remote host: {exc}") from None


def _start(response: httpx.Response) -> str:
    return repr(response.content[:200])
