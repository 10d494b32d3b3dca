"""Set E's invented `pump` host, built from its own folder so that set F measures it too (no copy of it here)."""

from simxai.hosts.folder import reuse_host

load_host = reuse_host(__file__, "../fresh-2026-12-02e/host_pump.py")
