"""Set G's invented `restaurant` host, built from its own folder so that set H measures it too (no copy here)."""

from simxai.hosts.folder import reuse_host

load_host = reuse_host(__file__, "../fresh-2026-12-02g/host_restaurant.py")
