"""Secrets out of what SimXAI shows: URLs lose their ``user:password@`` part in messages, errors and logs."""

from __future__ import annotations

import re

__all__ = ["redact_text", "redact_url"]

# scheme://user:password@host or scheme://token@host: everything between "//" and the last "@" of the
# authority (no "/", "?" or "#" before it).
_CREDENTIALS = re.compile(r"(?P<scheme>\b[a-zA-Z][a-zA-Z0-9+.\-]{0,30}://)[^/?#\s@]{1,1000}@")


def redact_url(url: str) -> str:
    """`url` without its credentials: ``http://user:pw@host/v1`` -> ``http://***@host/v1``."""
    return _CREDENTIALS.sub(r"\g<scheme>***@", url)


def redact_text(text: str) -> str:
    """`text` with the credentials of every URL in it replaced by ``***``."""
    return _CREDENTIALS.sub(r"\g<scheme>***@", text)
