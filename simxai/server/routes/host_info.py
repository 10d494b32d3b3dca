"""The host being explained, as a client needs it to talk about it: its schema and example questions."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends

from simxai.host_examples import article, example_questions
from simxai.hosts.base import plural
from simxai.server.deps import State, caller

router = APIRouter(prefix="/v1", tags=["operations"], dependencies=[Depends(caller)])


@router.get("/host", summary="Describe the host")
async def describe_host(state: State) -> dict[str, Any]:
    """The host's schema (features, labels, id range, metrics), its instance noun (and plural) and questions to
    start with.
    """
    schema = state.agent.schema
    return {
        "schema": schema.model_dump(mode="json"),
        "instance_noun": schema.instance_noun,
        "instance_noun_plural": plural(schema.instance_noun),  # "batch" -> "batches": the page does not guess
        "article": article(schema.instance_noun),
        "examples": example_questions(schema),
    }
