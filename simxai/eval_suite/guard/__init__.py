"""The faithfulness guard's perturbation benchmark: real outputs, paraphrase templates, perturbed facts.

`bench` runs it (`run_guard_bench`), `slots` holds the facts of an output a template states and their
perturbations, `templates` the three template sets. `simxai-eval guard` (`commands/guard`) and `bench/guard.py`
print its figures.
"""

from simxai.eval_suite.guard.bench import BENCH_HOSTS, GuardBench, run_guard_bench
from simxai.eval_suite.guard.templates import SETS

__all__ = ["BENCH_HOSTS", "SETS", "GuardBench", "run_guard_bench"]
