"""w15's invented field host (`router_training/people/w15/host_field.py`), for the guard's loaders."""

from simxai.hosts.folder import reuse_host

load_host = reuse_host(__file__, "../../../router_training/people/w15/host_field.py")
