"""A feature's value of one instance asked ("what's the coat length of appointment 512?"): the data question that the
instance's prediction answers, never a question between the two.

No function shows one record's values alone. `simxai.instance_values.about_one_instance` turns such a data question
into the instance's prediction, whose rendering states the recorded values of the features the turn names ("The
recorded values of appointment 512: coat length = 10.2"). The selector reads the wording as the data's description
("what's the FEATURE of NOUN NUM") with more or less confidence. Sure of it, the turn got that answer; unsure, or sure
below the bar at which a choice about the whole data is trusted against one named instance
(`simxai.backends._router_doubt`), the router asked "predict the label (1), or describe the model's data (2)?", a
question whose two options end in the same answer: option 2 asked of one instance is option 1 with its values. So a
turn that asks a value of one instance (`value_of_one_instance`: a word that asks a value, no word of a distribution,
one id or a possessive with an instance in focus) and names a feature of it is the data question, whenever the
selector leans to the data, to no function, or is unsure between the prediction and the data.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from simxai.backends._router_decision import Decision
from simxai.extraction.mentions import feature_mentions
from simxai.hosts.base import HostSchema
from simxai.instance_values import value_of_one_instance
from simxai.messages import Message

__all__ = ["value_decision"]

_DATA, _PREDICTION = "get_data_information", "get_prediction"


def _leans_to_the_data(decision: Decision) -> bool:
    """The data chosen, sure or not, or an unsure prediction with the data as the other option."""
    if decision.function == _DATA:
        return True
    pair = {decision.function, decision.runner_up}
    return not decision.confident and pair == {_DATA, _PREDICTION}


def value_decision(
    decision: Decision, text: str, schema: HostSchema | None, history: Sequence[Message], names: Collection[str]
) -> Decision | None:
    """A turn that asks a feature's value of one instance ("and what is his credit score?" with an applicant in
    focus, "what's the breed group of appointment 510?") as the data question `about_one_instance` turns into that
    instance's prediction, when the selector leans to no function or to the data (module doc); None otherwise.
    Such a turn is never one without a function.
    """
    if "get_data_information" not in names or _PREDICTION not in names:
        return None
    if decision.function is not None and not (_leans_to_the_data(decision) and feature_mentions(text, schema)):
        return None
    if value_of_one_instance(text, schema, history) is None:  # instance 0 is an instance too
        return None
    return Decision(_DATA, decision.confidence, True)
