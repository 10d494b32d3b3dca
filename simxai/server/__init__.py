"""The HTTP service: `simxai.server.app.create_app` builds the FastAPI app, `simxai.server.run.serve` runs it.

Nothing is imported here, so `import simxai.server` stays as light as the core; see docs/http-api.md.
"""
