"""Public test doubles: scripted backends (`scripted`) and a mock OpenAI-compatible server (`mockserver`).

`simxai.backends.testing.mockserver.MockLLMServer` is imported from its module (it also runs as
`python -m simxai.backends.testing.mockserver`), so importing this package starts no server code.
"""

from simxai.backends.testing.scripted import FunctionBackend, ScriptedBackend, call, reply

__all__ = ["FunctionBackend", "ScriptedBackend", "call", "reply"]
