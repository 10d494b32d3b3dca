"""The self-contained web chat page (inline CSS and JavaScript: no build step, no CDN)."""

from __future__ import annotations

import base64
import functools
import hashlib
import re
from importlib import resources

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

router = APIRouter(tags=["page"])

_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


@functools.lru_cache(maxsize=1)
def page() -> tuple[str, str]:
    """The page's HTML and its Content-Security-Policy, which allows exactly its own inline script."""
    html = (resources.files("simxai.server") / "static" / "index.html").read_text(encoding="utf-8")
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in _SCRIPT.findall(html)
    )
    policy = (
        f"default-src 'none'; script-src {hashes}; style-src 'unsafe-inline'; connect-src 'self'; "
        "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    return html, policy


@router.get("/", response_class=HTMLResponse, summary="Web chat page", include_in_schema=False)
async def index() -> HTMLResponse:
    """Serve the web chat page with its content security policy."""
    html, policy = page()
    return HTMLResponse(
        html,
        headers={
            "Content-Security-Policy": policy,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
        },
    )
