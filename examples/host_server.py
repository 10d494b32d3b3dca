"""A reference server for the SimXAI host REST contract, serving any local host over HTTP.

Run it, then point SimXAI at it:

    python examples/host_server.py --port 9000                        # the demo diabetes host
    python examples/host_server.py --port 9000 --host-config my.yaml  # your own host
    simxai chat --host-url http://127.0.0.1:9000

The contract (docs/remote-host.md) mirrors the `Host` protocol one endpoint per method; this server is a
thin adapter, so a host written in another language only needs to answer the same JSON. Tests import
`create_host_app` from this file.
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, TypeVar

from fastapi import APIRouter, Depends, FastAPI, Header, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from simxai.exceptions import ArgumentError, HostError, SimXAIError
from simxai.hosts import GroupHost, Host, Selection
from simxai.hosts.remote import (
    API_PREFIX,
    CounterfactualsRequest,
    DataInformationRequest,
    ErrorBody,
    GlobalExplanationRequest,
    HostDescription,
    LocalExplanationRequest,
    PerformanceRequest,
    ResolveRequest,
    SelectRequest,
    SubjectRequest,
    WhatIfRequest,
)
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

logger = logging.getLogger("simxai.host_server")
T = TypeVar("T")

#: Error kinds by HTTP status, for errors the framework raises before a route runs.
_HTTP_KINDS = {401: "unauthorized", 404: "not_found", 405: "not_found"}


def _error(status: int, body: ErrorBody) -> JSONResponse:
    return JSONResponse(status_code=status, content=body.model_dump(mode="json"))


def _run(call: Callable[[], T]) -> T:
    """Run a host method; an unexpected failure becomes a `HostError` whose message names its type."""
    try:
        return call()
    except SimXAIError:
        raise
    except Exception as exc:
        logger.exception("the host failed")
        raise HostError(f"the host failed: {type(exc).__name__}: {exc}") from exc


def _routes(host: Host) -> APIRouter:
    router = APIRouter()
    groups = host if isinstance(host, GroupHost) else None  # the optional part of the protocol

    @router.get("/schema", response_model=HostDescription)
    def schema() -> HostDescription:
        """The host's features, labels, id range and metrics, and whether it describes groups."""
        described = _run(lambda: groups is not None and groups.describes_groups())
        return HostDescription(**_run(host.schema).model_dump(), describes_groups=described)

    @router.post("/resolve", response_model=Subject)
    def resolve(body: ResolveRequest) -> Subject:
        """Turn an instance reference (row id, text, feature values or condition) into a subject."""
        return _run(lambda: host.resolve(body.instance))

    @router.post("/select", response_model=Selection)
    def select(body: SelectRequest) -> Selection:
        """Read a reference in words; a condition no row meets is a selection without subject."""
        if groups is None:
            raise HTTPException(404, "this host describes no group")
        return _run(lambda: groups.select(body.reference))

    @router.post("/predict", response_model=PredictionResult)
    def predict(body: SubjectRequest) -> PredictionResult:
        """Predict the label and class probabilities (the distribution for a group)."""
        return _run(lambda: host.predict(body.subject))

    @router.post("/local-explanation", response_model=LocalExplanationResult)
    def local_explanation(body: LocalExplanationRequest) -> LocalExplanationResult:
        """Attribute the output for a label (default: the predicted one) to the features."""
        return _run(lambda: host.local_explanation(body.subject, body.label))

    @router.post("/global-explanation", response_model=GlobalExplanationResult)
    def global_explanation(body: GlobalExplanationRequest) -> GlobalExplanationResult:
        """Rank the features by mean absolute attribution."""
        return _run(lambda: host.global_explanation(body.label))

    @router.post("/counterfactuals", response_model=CounterfactualResult)
    def counterfactuals(body: CounterfactualsRequest) -> CounterfactualResult:
        """Find verified changes that make the model predict the target label."""
        return _run(lambda: host.counterfactuals(body.subject, body.target_label, body.count, body.question))

    @router.post("/still-this", response_model=StillThisResult)
    def still_this(body: SubjectRequest) -> StillThisResult:
        """Find what may change while the prediction stays."""
        return _run(lambda: host.still_this(body.subject))

    @router.post("/what-if", response_model=WhatIfResult)
    def what_if(body: WhatIfRequest) -> WhatIfResult:
        """Predict again after applying the changes."""
        return _run(lambda: host.what_if(body.subject, body.changes))

    @router.post("/performance", response_model=PerformanceResult)
    def performance(body: PerformanceRequest) -> PerformanceResult:
        """Score the model on its held-out split by a metric."""
        return _run(lambda: host.performance(body.metric))

    @router.post("/data-information", response_model=DataInformationResult)
    def data_information(body: DataInformationRequest) -> DataInformationResult:
        """The data card, with one feature's statistics when a feature is given; of a group's rows when given."""
        if body.group is None:
            return _run(lambda: host.data_information(body.feature))
        return _run(lambda: host.data_information(body.feature, body.group))

    @router.get("/model-information", response_model=ModelInformationResult)
    def model_information() -> ModelInformationResult:
        """The model card."""
        return _run(host.model_information)

    @router.get("/output-information", response_model=OutputInformationResult)
    def output_information() -> OutputInformationResult:
        """The output card."""
        return _run(host.output_information)

    return router


def create_host_app(host: Host, *, api_key: str | None = None) -> FastAPI:
    """Build a FastAPI app that serves `host` under the SimXAI host contract.

    Args:
        host: any object implementing the `Host` protocol.
        api_key: when given, every request must carry ``Authorization: Bearer <api_key>``.
    """

    def authorize(authorization: Annotated[str | None, Header()] = None) -> None:
        if api_key is None:
            return
        given = (authorization or "").removeprefix("Bearer ").strip()
        # A constant-time comparison, so the key cannot be guessed from response times.
        if not secrets.compare_digest(given.encode(), api_key.encode()):
            raise HTTPException(401, "a valid 'Authorization: Bearer <key>' header is required")

    app = FastAPI(
        title="SimXAI host server",
        description="Serves a host's XAI resources under the SimXAI host contract (docs/remote-host.md).",
        version="1",
    )
    app.include_router(_routes(host), prefix=API_PREFIX, dependencies=[Depends(authorize)])

    @app.exception_handler(ArgumentError)
    def argument_error(request: Request, exc: ArgumentError) -> JSONResponse:
        return _error(422, ErrorBody.from_argument_error(exc))

    @app.exception_handler(SimXAIError)
    def host_error(request: Request, exc: SimXAIError) -> JSONResponse:
        return _error(500, ErrorBody(error="host", message=str(exc)))

    @app.exception_handler(RequestValidationError)
    def request_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        # 400, not FastAPI's 422: in this contract 422 always means an ArgumentError.
        problems = "; ".join(
            f"{'.'.join(str(part) for part in error['loc'])}: {error['msg']}" for error in exc.errors()[:5]
        )
        return _error(400, ErrorBody(error="request", message=f"the request body does not fit: {problems}"))

    @app.exception_handler(HTTPException)
    def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        kind = _HTTP_KINDS.get(exc.status_code, "request")
        return _error(exc.status_code, ErrorBody(error=kind, message=f"{request.url.path}: {exc.detail}"))

    return app


def _load_host(args: argparse.Namespace) -> Host:
    from simxai.settings import Settings, load_host

    settings = Settings(host=args.host, host_config=args.host_config, host_url=None)
    return load_host(settings)


def build_parser() -> argparse.ArgumentParser:
    """The example server's command line, spelled as `simxai serve`'s: the address to bind and the host to serve."""
    from simxai.settings import BUNDLED_HOSTS

    parser = argparse.ArgumentParser(description="Serve a local SimXAI host under the host REST contract.")
    parser.add_argument("--bind", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=9000, help="port (default 9000)")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--host-config", help="YAML or JSON host config (your model file, CSV and cards)")
    source.add_argument(
        "--host",
        choices=BUNDLED_HOSTS,
        default="demo",
        help="a bundled host (default demo); the address to listen on is --bind, as for `simxai serve`",
    )
    parser.add_argument(
        "--api-key",
        default=os.environ.get("SIMXAI_HOST_API_KEY"),
        help="require 'Authorization: Bearer <key>' (default: $SIMXAI_HOST_API_KEY; none when unset)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Load the host, then serve it until interrupted."""
    import uvicorn

    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        host = _load_host(args)
        name = host.schema().name
    except SimXAIError as exc:
        print(f"host_server: {exc}", file=sys.stderr)
        return 2
    logger.info("serving the %s host at http://%s:%d%s/", name, args.bind, args.port, API_PREFIX)
    uvicorn.run(create_host_app(host, api_key=args.api_key), host=args.bind, port=args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
