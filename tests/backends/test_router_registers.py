"""Selector confusions fixed by structure, not by one author's words (issue 12).

- A why-question about a label that was not given gets the selector's `zwhynot` flag ("why was patient 3 not
  deemed stable?"), which the register templates teach as a why-not question.
- A global explanation asked of one named instance (an id or a quoted text) is that instance's local explanation:
  a model's global ranking has no instance.
- "and for member 5483" after a what-if: a word of the user's own before the turn's one id names the instance,
  so the what-if is repeated on it (the engine carries its changes over); "and for patient 58, same diet?"
  keeps the previous call too.

The phrasings are our own.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from simxai.backends._router_masking import asks_why_not, mask, only_names_instance, selector_text
from simxai.backends.router import RouterBackend
from simxai.eval_suite.router_training.filling import Filler
from simxai.eval_suite.router_training.templates_registers import REGISTERS
from simxai.extraction import extract_argument
from simxai.messages import Message, ToolCall
from simxai.normalize import normalize

from .routing import DEMO, INSURANCE, LOAN, REVIEWS, route


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def after_call(name: str, arguments: dict[str, Any], text: str) -> list[Message]:
    call = ToolCall(id="call_0", name=name, arguments=arguments)
    return [Message.user(text), Message.assistant("", [call]), Message.tool(call, '{"result": {}}')]


# --- the zwhynot flag ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "schema"),
    [
        ("why was patient 3 not deemed stable?", DEMO),
        ("How come patient 9 isn't progressing?", DEMO),
        ("why didn't applicant 7 get approved", LOAN),
        ("what's the reason 44 was never approved?", LOAN),
        ("why wasn't review 12 seen as positive", REVIEWS),
        ("why is policyholder 5100 on surcharge and not standard?", INSURANCE),
    ],
)
def test_a_why_question_about_a_label_not_given_is_flagged(text, schema):
    assert selector_text(normalize(text, schema), schema).split()[-1] in ("zwhynot", "zchange")
    assert " zwhynot" in selector_text(normalize(text, schema), schema)


@pytest.mark.parametrize(
    ("text", "schema"),
    [
        ("why is patient 3 stable?", DEMO),
        ("why was applicant 7 rejected? not fair", LOAN),  # the negation is in another sentence
        ("is review 12 not positive?", REVIEWS),  # no why
        ("why does the model not use age?", DEMO),  # no label after the negation
    ],
)
def test_other_questions_are_not_flagged(text, schema):
    assert not asks_why_not(mask(normalize(text, schema), schema))


# --- a named instance makes a global explanation local --------------------------------------------------


class _SureOfGlobal:
    """A stand-in selector that is sure every turn asks for the global explanation."""

    classes = ("get_global_explanation", "get_local_explanation", "none")

    def probabilities(self, text: str, allowed: frozenset[str] | None = None) -> dict[str, float]:
        return {"get_global_explanation": 0.97, "get_local_explanation": 0.02, "none": 0.01}


@pytest.fixture
def sure_of_global() -> RouterBackend:
    backend = RouterBackend()
    backend._model = _SureOfGlobal()  # type: ignore[assignment]
    return backend


@pytest.mark.parametrize(
    ("text", "schema", "instance"),
    [
        ("which factors weigh most in the model's decision for patient 17?", DEMO, 17),
        ("regarding applicant 402, what mattered most to the model?", LOAN, 402),
        ("which words count most for 'the battery died in a day'?", REVIEWS, "the battery died in a day"),
    ],
)
def test_a_global_question_about_one_named_instance_is_local(sure_of_global, text, schema, instance):
    _, calls = route(sure_of_global, text, schema)
    assert calls and calls[0][0] == "get_local_explanation" and calls[0][1].get("instance") == instance


@pytest.mark.parametrize(
    ("text", "schema"),
    [
        ("which factors weigh most in the model's decisions?", DEMO),
        ("which features matter most for patients over 60?", DEMO),  # a group, not an instance
        ("what matters more for patients 3 and 4, bmi or age?", DEMO),  # two instances
    ],
)
def test_a_global_question_without_one_instance_stays_global(sure_of_global, text, schema):
    _, calls = route(sure_of_global, text, schema)
    assert calls and calls[0][0] == "get_global_explanation"


# --- follow-ups after a what-if -------------------------------------------------------------------------


def test_a_users_own_noun_before_the_one_id_names_the_instance(router):
    history = after_call(
        "explain_what_if", {"instance": 5215, "changes": {"plan": "silver"}}, "what if 5215 were on silver"
    )
    _, calls = route(router, "and for member 5483", INSURANCE, history)
    assert [(name, arguments.get("instance")) for name, arguments in calls] == [("explain_what_if", 5483)]


def test_the_own_noun_needs_the_turns_one_id():
    masked = mask("and for tier 2", INSURANCE)  # 2 is no policyholder id (5001-5600)
    assert not only_names_instance(masked, INSURANCE, "and for tier 2")
    assert only_names_instance(mask("and for member 5483", INSURANCE), INSURANCE, "and for member 5483")
    assert not only_names_instance(mask("and for member 5483", INSURANCE), INSURANCE)  # without the text


@pytest.mark.parametrize("text", ["and for patient 58, same diet?", "for patient 58, the same plan"])
def test_same_and_a_word_after_a_new_instance_repeats_the_previous_call(router, text):
    history = after_call("explain_what_if", {"instance": 0, "changes": {"bmi": "-5%"}}, "what if his bmi were 5% lower")
    _, calls = route(router, text, DEMO, history)
    assert [(name, arguments.get("instance")) for name, arguments in calls] == [("explain_what_if", 58)]


# --- the templates ----------------------------------------------------------------------------------------


def test_every_register_template_fills_for_a_tabular_host():
    filler = Filler(DEMO, random.Random(0))
    for function, templates in REGISTERS.items():
        for template in templates:
            filled = filler.fill(template)
            assert filled is not None and "{" not in filled, (function, template)


# --- a counterfactual's target when the turn moves away from a class ----------------------------------------


@pytest.mark.parametrize(
    ("text", "schema", "target"),
    [
        ("two ways policyholder 5201 could avoid the surcharge", INSURANCE, "standard"),
        ("what must patient 32 change to get out of the progressing group?", DEMO, "stable"),
        ("what would it take for 5317 to lose the surcharge", INSURANCE, "standard"),
        ("what would get 5322 off the surcharge?", INSURANCE, "standard"),
        ("profiles under which 5003 would not have incurred a surcharge", INSURANCE, "standard"),
        ("how can applicant 9 stop being rejected?", LOAN, "approved"),
        ("how could 5100 get the surcharge", INSURANCE, "surcharge"),  # towards the class named
        ("what would make patient 4 progressing?", DEMO, "progressing"),
    ],
)
def test_the_target_is_the_other_class_when_the_turn_moves_away(text, schema, target):
    assert extract_argument("target_label", text, schema) == target


def test_other_label_arguments_keep_the_class_named():
    # "why not X" expects X; only a counterfactual's target moves away
    assert extract_argument("expected_label", "why did 5201 not avoid the surcharge?", INSURANCE) == "surcharge"


# --- metrics named by what they count -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "metric"),
    [
        ("how many times is the classifier wrong?", "accuracy"),
        ("how many time it get right", "accuracy"),
        ("does it often miss reviews that really are negative?", "recall"),
        ("how many of the truly progressing patients does it miss, in fact?", "recall"),
        ("the complete set of metrics please, with the confusion matrix", "all"),
        ("every evaluation metric, and the f1 too", "all"),
        ("show me the confusion matrix", "confusion_matrix"),  # one metric named alone stays that metric
        ("does it miss many?", None),  # a miss without the true class is no metric
    ],
)
def test_metrics_named_by_what_they_count(text, metric):
    assert extract_argument("metric", text, DEMO) == metric


# --- a new amount for the same change, marked as an amount -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "schema", "previous", "changes"),
    [
        ("and -10?", DEMO, {"bmi": "+5"}, {"bmi": "-10"}),  # a sign of its own: never an id, and its direction
        ("and +3", DEMO, {"bmi": "-5"}, {"bmi": "+3"}),
        ("and 100 points", LOAN, {"credit_score": "+50"}, {"credit_score": "+100"}),  # 100 is an applicant id too
        ("and 20 more", LOAN, {"credit_score": "+50"}, {"credit_score": "+20"}),
    ],
)
def test_a_marked_amount_after_a_relative_what_if_is_a_new_step(router, text, schema, previous, changes):
    history = after_call("explain_what_if", {"instance": 44, "changes": previous}, "what if patient 44 changed")
    question, calls = route(router, text, schema, history)
    assert not question and calls == [("explain_what_if", {"changes": changes})]
