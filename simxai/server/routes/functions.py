"""The eleven XAI functions, for host apps that want the raw output without a conversation."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, HTTPException
from fastapi.responses import JSONResponse

from simxai.exceptions import SimXAIError
from simxai.registry import FunctionSpec
from simxai.results import result_payload
from simxai.server.deps import State, caller
from simxai.server.schemas import ErrorBody

router = APIRouter(
    prefix="/v1/functions",
    tags=["functions"],
    dependencies=[Depends(caller)],
    responses={401: {"model": ErrorBody, "description": "An API key is required and was missing or wrong."}},
)


@router.get("", summary="List the function specs")
async def list_functions(state: State) -> list[FunctionSpec]:
    """Every callable function: name, description, parameters (with JSON schemas), returns and examples."""
    return state.agent.registry.specs()


@router.post(
    "/{name}",
    summary="Call a function",
    responses={
        200: {"description": "The function's raw result (its shape depends on the function)."},
        404: {"model": ErrorBody, "description": "No function of that name; the body lists the valid ones."},
        422: {"description": "Invalid arguments: `{error, argument, valid, missing, suggestions}`."},
    },
)
async def call_function(
    name: str,
    state: State,
    arguments: Annotated[
        dict[str, Any],
        Body(
            default_factory=dict,
            description="The function's arguments as a JSON object.",
            examples=[{"instance": 12}],
        ),
    ],
) -> JSONResponse:
    """Run one function on the host with the given arguments and return its raw result."""
    registered = state.agent.registry.get(name)
    if registered is None:
        valid = state.agent.registry.names()
        raise HTTPException(
            404,
            {
                "error": f"There is no function {name!r}; valid: {', '.join(valid)}.",
                "type": "not_found",
                "valid": valid,
            },
        )
    try:
        # Functions are CPU-bound (SHAP, DiCE, model predictions): off the event loop, within their budget,
        # taking turns with other callers' calls.
        result = await state.pool.run(registered, state.host, arguments)
    except SimXAIError:
        state.metrics.observe_direct_call(name, "error")
        raise
    state.metrics.observe_direct_call(name, "ok")
    return JSONResponse(result_payload(result))
