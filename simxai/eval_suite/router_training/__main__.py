"""`python -m simxai.eval_suite.router_training`: rebuild the router's selector artifact."""

import sys

from simxai.eval_suite.router_training.train import main

sys.exit(main())
