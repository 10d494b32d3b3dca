"""SYN-style dialogue sets for any host: plan the turns (`plan`), have a model write them and check them (`build`)."""

from simxai.eval_suite.synth.build import SynthReport, check_dialogues, generate, merge_annotations, write_set
from simxai.eval_suite.synth.plan import SETTINGS, Plan, plan_dialogues

__all__ = [
    "SETTINGS",
    "Plan",
    "SynthReport",
    "check_dialogues",
    "generate",
    "merge_annotations",
    "plan_dialogues",
    "write_set",
]
