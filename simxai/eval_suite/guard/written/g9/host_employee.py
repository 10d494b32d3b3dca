"""w15's invented employee host (`router_training/people/w15/host_employee.py`), for the guard's loaders."""

from simxai.hosts.folder import reuse_host

load_host = reuse_host(__file__, "../../../router_training/people/w15/host_employee.py")
