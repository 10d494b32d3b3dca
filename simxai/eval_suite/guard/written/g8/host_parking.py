"""w14's invented parking host (`router_training/people/w14/host_parking.py`), for the guard's loaders."""

from simxai.hosts.folder import reuse_host

load_host = reuse_host(__file__, "../../../router_training/people/w14/host_parking.py")
