"""One router per resource: sessions, functions, the OpenAI-compatible face, health, and the web page."""

# The app includes each router module itself; nothing here is for users.
__all__: list[str] = []
