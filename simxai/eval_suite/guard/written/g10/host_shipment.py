"""w16's invented shipment host (`router_training/people/w16/host_shipment.py`), for the guard's loaders."""

from simxai.hosts.folder import reuse_host

load_host = reuse_host(__file__, "../../../router_training/people/w16/host_shipment.py")
