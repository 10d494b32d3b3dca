"""A conversation as a file to keep: its whole history as JSON, or as Markdown a person can read."""

from __future__ import annotations

import json
from typing import Literal

from fastapi import APIRouter, Depends, Query, Response

from simxai.server.deps import OwnedSession, State, caller
from simxai.server.schemas import ErrorBody, SessionHistory, TurnResponse, timestamp

router = APIRouter(
    prefix="/v1/sessions",
    tags=["sessions"],
    dependencies=[Depends(caller)],
    responses={
        401: {"model": ErrorBody, "description": "An API key is required and was missing or wrong."},
        404: {"model": ErrorBody, "description": "No such session (or it belongs to another API key)."},
    },
)


def markdown(history: SessionHistory) -> str:
    """The conversation as Markdown: each question and reply, then the calls behind the reply."""
    lines = [f"# SimXAI conversation {history.session_id}", "", f"Started {history.created_at.isoformat()}.", ""]
    for turn in history.turns:
        lines += [
            f"## {turn.turn}. You",
            "",
            turn.user,
            "",
            "**SimXAI**" + (" (a question back)" if turn.clarification else ""),
            "",
        ]
        lines += [turn.reply, ""]
        for call in turn.calls:
            arguments = json.dumps(call.arguments, ensure_ascii=False)
            lines.append(
                f"- `{call.function}({arguments})`: {call.status}" + (f" — {call.error}" if call.error else "")
            )
        if turn.calls:
            lines.append("")
        note = f"Answered by {turn.backend}" + (f" (fallback: {turn.fallback})" if turn.fallback else "") + "."
        lines += [f"_{note}_", ""]
    return "\n".join(lines)


async def session_history(state: State, session: OwnedSession) -> SessionHistory:
    """A session's kept turns and dialogue state, as `GET /v1/sessions/{id}` and the export return them."""
    turns = await state.store.turns(session.id)
    return SessionHistory(
        session_id=session.id,
        created_at=timestamp(session.created_at),
        updated_at=timestamp(session.updated_at),
        turn_count=session.version,
        turns=[TurnResponse.model_validate(t.response) for t in turns],
        state=session.state.model_dump(mode="json"),
    )


@router.get("/{session_id}/export", summary="Download a conversation")
async def export_session(
    state: State,
    session: OwnedSession,
    format: Literal["json", "markdown"] = Query("json", description="json (the whole history) or markdown"),
) -> Response:
    """The session's kept turns as a file: JSON (as `GET /v1/sessions/{id}` returns it) or Markdown."""
    history = await session_history(state, session)
    stem = f"simxai-{session.id[:12]}"
    if format == "markdown":
        body, media, name = markdown(history), "text/markdown; charset=utf-8", f"{stem}.md"
    else:
        body, media, name = history.model_dump_json(indent=2), "application/json", f"{stem}.json"
    return Response(body, media_type=media, headers={"Content-Disposition": f'attachment; filename="{name}"'})
