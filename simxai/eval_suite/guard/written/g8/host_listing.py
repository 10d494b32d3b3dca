"""w14's invented listing host (`router_training/people/w14/host_listing.py`), for the guard's loaders."""

from simxai.hosts.folder import reuse_host

load_host = reuse_host(__file__, "../../../router_training/people/w14/host_listing.py")
