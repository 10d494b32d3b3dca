"""Set G's invented `well` host, built from its own folder so that set H's well lines build the same host."""

from simxai.hosts.folder import reuse_host

load_host = reuse_host(__file__, "../guard-2026-12-02g/host_well.py")
