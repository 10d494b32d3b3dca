"""One router per resource: sessions, functions, the OpenAI-compatible face, health, and the web page."""
