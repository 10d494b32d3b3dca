"""Regenerate the spec files: `python -m simxai.specs`."""

from simxai.specs import write

for path in write():
    print(f"wrote {path}")
