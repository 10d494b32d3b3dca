"""Dialogue turns that the router answered confidently wrong on hosts nobody trained on (issue 12, dialogue12n).

Each form runs through the engine with the offline router on the real hosts (`hosts` fixture), in wording of
our own: a group said without "for" after a metric, or in words the data cannot select; a closing that praises;
a feature follow-up that says "values"; an answer to "how much?" or "what should X be?" that names the instance,
a currency or a unit; a bare number after a what-if that set a value, which may be an id or the new value; a
"same for" after a what-if the engine asked about. The forms that must not fire stand beside them.
"""

from __future__ import annotations

import pytest

from simxai import Turn
from simxai.backends.router import RouterBackend

from .routing import calls, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def asked(turn: Turn) -> bool:
    return turn.clarification is not None and not calls(turn)


# --- a metric moved to a group named without "for" -----------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "texts", "metric", "group"),
    [
        ("loan", ("how precise is the model?", "what about mortgages"), "precision", "home_ownership = mortgage"),
        (
            "insurance",
            ("what's the recall of the model?", "and for the basic plan?", "and the gold plans"),
            "recall",
            "plan = gold",
        ),
        ("loan", ("f1 please", "and for the north region?", "and car loans instead"), "f1", "purpose = car"),
    ],
)
async def test_a_group_said_without_for_moves_the_metric(hosts, router, host, texts, metric, group):
    *_, moved = await talk(hosts[host], router, *texts)
    assert calls(moved) == [("get_model_performance", {"metric": metric, "group": group})]


async def test_a_group_the_data_cannot_select_is_asked_about_then_the_answer_scores_it(hosts, router):
    # "the tall ones": no feature says who is tall; the question is about the group, not about an instance
    *_, vague, answered = await talk(
        hosts["demo"], router, "accuracy please", "what about the tall ones?", "age over 60 I mean"
    )
    assert asked(vague) and "tall ones" in vague.reply
    assert calls(answered) == [("get_model_performance", {"metric": "accuracy", "group": "age > 60"})]
    *_, same = await talk(hosts["insurance"], router, "how accurate is it?", "can I see the same for the chatty ones?")
    assert asked(same) and "chatty ones" in same.reply


@pytest.mark.parametrize("text", ["what about the features?", "and the data too?"])
async def test_words_of_the_functions_are_no_group(hosts, router, text):
    *_, turn = await talk(hosts["loan"], router, "how precise is the model?", text)
    assert not any(c.function == "get_model_performance" for c in turn.calls)


# --- closings and feature follow-ups ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["cheers, really helpful", "thanks, super useful", "ok, very useful"])
async def test_a_closing_that_praises_calls_nothing(hosts, router, text):
    *_, closing = await talk(hosts["insurance"], router, "what tier is policyholder 5100 in?", text)
    assert not closing.calls and closing.clarification is None


async def test_a_feature_named_with_values_after_a_data_question_asks_about_that_feature(hosts, router):
    *_, turn = await talk(hosts["demo"], router, "describe the data", "and the glucose values?")
    assert calls(turn) == [("get_data_information", {"feature": "glucose"})]
    *_, turn = await talk(hosts["loan"], router, "what data was it trained on?", "what about the income scores?")
    assert calls(turn) == [("get_data_information", {"feature": "income"})]


# --- answers to the engine's question for an amount or a value ----------------------------------------------


async def test_an_answer_naming_the_instance_and_a_currency_amount_completes_the_step(hosts, router):
    *_, answered = await talk(hosts["loan"], router, "what if the loan amount were bigger?", "applicant 77, by $20")
    assert calls(answered) == [("explain_what_if", {"instance": 77, "changes": {"loan_amount": "+20"}})]


async def test_an_amount_with_a_leading_hedge_and_a_unit_completes_the_step(hosts, router):
    *_, answered = await talk(
        hosts["loan"], router, "predict applicant 40", "what if the income were lower?", "around 30 pounds"
    )
    assert calls(answered) == [("explain_what_if", {"instance": 40, "changes": {"income": "-30"}})]


async def test_an_answer_naming_the_instance_and_a_value_sets_the_value(hosts, router):
    *_, answered = await talk(
        hosts["insurance"], router, "what if the bmi were different?", "policyholder 5200, make it 24"
    )
    assert calls(answered) == [("explain_what_if", {"instance": 5200, "changes": {"bmi": 24}})]


# --- a bare number after a what-if that set a value ---------------------------------------------------------


async def test_a_number_that_is_an_id_and_a_value_of_the_feature_is_asked_about(hosts, router):
    *_, both, picked = await talk(
        hosts["loan"], router, "what if applicant 180's credit score were 700", "and 640?", "2"
    )
    assert asked(both) and "applicant 640" in both.reply and "credit_score set to 640" in both.reply
    assert calls(picked) == [("explain_what_if", {"instance": 180, "changes": {"credit_score": 640}})]


async def test_a_number_beyond_the_features_range_is_the_instance(hosts, router):
    *_, other = await talk(hosts["loan"], router, "what if applicant 180's credit score were 700", "and 1200?")
    assert calls(other) == [("explain_what_if", {"instance": 1200, "changes": {"credit_score": 700}})]


# --- "same for" after a what-if the engine asked about ---------------------------------------------------------


async def test_same_for_after_an_unanswered_what_if_is_that_what_if_not_an_older_call(hosts, router):
    *_, same = await talk(
        hosts["loan"],
        router,
        "what does it predict for applicant 12?",
        "what if her income were different",
        "ok same for applicant 30",
    )
    # the what-if still lacks its change: asked again for applicant 30, never applicant 30's prediction
    assert asked(same) and same.calls[0].function == "explain_what_if"
    assert same.calls[0].arguments.get("instance") == 30


# --- an instance narrowed with emphasis --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "text", "instance"),
    [
        ("loan", "and for applicant 77 in particular?", 77),
        ("insurance", "for 5100 specifically?", 5100),
        ("demo", "what about just patient 9?", 9),
    ],
)
async def test_an_instance_named_with_emphasis_after_a_global_question_gets_its_own_explanation(
    hosts, router, host, text, instance
):
    *_, narrowed = await talk(hosts[host], router, "which features matter most overall?", text)
    assert calls(narrowed) == [("get_local_explanation", {"instance": instance})]


# --- an unquoted edit of the review in focus ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "edit", "changes"),
    [
        ("classify: 'the hinge snapped but the seller was lovely'", "lovely -> rude", {"lovely": "rude"}),
        ("classify: 'the hinge snapped but the seller was lovely'", "what if hinge was lid", {"hinge": "lid"}),
        ("what's the prediction for review 22?", "what if brilliant => dull", {"brilliant": "dull"}),
    ],
)
async def test_an_unquoted_edit_of_a_word_of_the_text_in_focus_is_a_what_if(hosts, router, first, edit, changes):
    before, edited = await talk(hosts["sentiment"], router, first, edit)
    assert calls(edited) == [("explain_what_if", {"instance": calls(before)[0][1]["instance"], "changes": changes})]


async def test_a_quoted_edit_after_a_call_that_left_the_review_to_the_engine_is_a_what_if(hosts, router):
    *_, edited = await talk(
        hosts["sentiment"],
        router,
        "what does it say about review 97?",
        "why not negative?",
        "suppose 'better' became 'worse'",
    )
    assert calls(edited) == [("explain_what_if", {"instance": 97, "changes": {"better": "worse"}})]


async def test_words_that_are_not_in_the_text_in_focus_are_no_edit(hosts, router):
    *_, turn = await talk(
        hosts["sentiment"], router, "classify: 'the hinge snapped but the seller was lovely'", "what if price was high"
    )
    assert not calls(turn)


# --- the goal and count of a counterfactual carried to the next instance -----------------------------------------


async def test_another_instance_after_a_counterfactual_keeps_its_goal_and_count(hosts, router):
    *_, other = await talk(
        hosts["insurance"],
        router,
        "what could policyholder 5100 change to get standard?",
        "could you give me three",
        "and 5101?",
    )
    assert calls(other) == [
        ("explain_how_to_be_that", {"instance": 5101, "target_label": "standard", "number_of_iterations": 3})
    ]
    # a local explanation's label belongs to the last instance's prediction: it is not carried
    *_, other = await talk(hosts["loan"], router, "why is applicant 40 rejected?", "and for 41?")
    assert calls(other) == [("get_local_explanation", {"instance": 41})]


async def test_an_edit_said_as_well_adds_to_the_previous_edit(hosts, router):
    *_, added = await talk(
        hosts["sentiment"],
        router,
        "what does the model say about review 98?",
        "what if 'rich' were swapped for 'thin'?",
        "and 'clear' removed too?",
    )
    assert calls(added) == [("explain_what_if", {"instance": 98, "changes": {"rich": "thin", "clear": ""}})]
