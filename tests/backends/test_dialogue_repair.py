"""Follow-ups that repair or combine the previous question, through the engine with the offline router (issue 12).

Corrections of an id, a value or a feature; "both together"; a step reversed; a bare new value; labels the answers
gave settling a why-not or a reference to one of two instances; "the other one"; a group narrowed; the engine's
question for an amount surviving an answer that only names the instance, or names the feature too; a move in the
past tense. Each form runs on the real hosts (`hosts` fixture), in wording of our own, with the forms that must not
fire beside it.
"""

from __future__ import annotations

import pytest

from simxai import Agent
from simxai.backends._dialogue_labels import known_labels
from simxai.backends.router import RouterBackend
from simxai.followup import Step, extract_step

from .routing import calls, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- corrections -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "first", "fix", "expected"),
    [
        ("loan", "what does the model predict for applicant 62?", "oops, I meant 26", 26),
        ("demo", "predict patient 200", "sorry, 20", 20),
        ("insurance", "what tier does policyholder 5123 get?", "no wait, it's 5132", 5132),
    ],
)
async def test_a_corrected_id_replaces_the_instance(hosts, router, host, first, fix, expected):
    *_, corrected = await talk(hosts[host], router, first, fix)
    assert calls(corrected) == [("get_prediction", {"instance": expected})]


async def test_a_corrected_value_replaces_the_value_just_said(hosts, router):
    # 95 could be a patient, but the last turn named no patient: it corrects the glucose
    *_, corrected = await talk(
        hosts["demo"], router, "predict patient 40", "what if her glucose were 100", "no, make that 95"
    )
    assert calls(corrected) == [("explain_what_if", {"changes": {"glucose": 95}, "instance": 40})]
    *_, corrected = await talk(hosts["insurance"], router, "what if member 5300's bmi were 24", "sorry, I meant 26")
    assert calls(corrected) == [("explain_what_if", {"instance": 5300, "changes": {"bmi": 26}})]


async def test_a_correction_that_fits_the_id_and_the_value_is_asked_about(hosts, router):
    # 35 is a patient and a bmi: which number does it correct?
    *_, asked, picked = await talk(hosts["demo"], router, "what if patient 300's bmi were 30", "no, 35", "2")
    assert asked.clarification is not None and not asked.calls
    assert "patient 35" in asked.reply and "bmi" in asked.reply
    assert calls(picked) == [("explain_what_if", {"instance": 300, "changes": {"bmi": 35}})]


async def test_a_corrected_feature_keeps_the_change(hosts, router):
    *_, corrected = await talk(
        hosts["demo"], router, "what if patient 5's glucose went up by 10", "oh sorry, blood pressure not glucose"
    )
    assert calls(corrected) == [("explain_what_if", {"instance": 5, "changes": {"blood_pressure": "+10"}})]


async def test_a_correction_names_nothing_of_the_previous_call_it_is_no_correction(hosts, router):
    # the previous call changed glucose: "age not bmi" corrects nothing of it
    *_, turn = await talk(hosts["demo"], router, "what if patient 5's glucose went up by 10", "sorry, age not bmi")
    assert not any(c.function == "explain_what_if" and "age" in c.arguments.get("changes", {}) for c in turn.calls)


# --- what-ifs combined, reversed, or given a new value --------------------------------------------------------------


async def test_both_together_makes_the_last_two_changes_at_once(hosts, router):
    *_, both = await talk(
        hosts["insurance"],
        router,
        "what if member 5200 had 3 fewer doctor visits",
        "and what if instead the bmi were 2 lower",
        "combine them",
    )
    assert calls(both) == [("explain_what_if", {"instance": 5200, "changes": {"doctor_visits": "-3", "bmi": "-2"}})]


async def test_both_together_after_one_what_if_combines_nothing(hosts, router):
    *_, turn = await talk(hosts["insurance"], router, "what if member 5200 had 3 fewer doctor visits", "both together")
    assert not any(len(c.arguments.get("changes", {})) == 2 for c in turn.calls)


@pytest.mark.parametrize(
    ("host", "first", "reverse", "instance", "changes"),
    [
        ("demo", "what if patient 12 had a bmi 4 higher", "lower it instead", 12, {"bmi": "-4"}),
        ("loan", "what if applicant 300 were 5 years younger", "and older instead", 300, {"age": "+5"}),
    ],
)
async def test_a_step_said_the_other_way_keeps_its_amount(hosts, router, host, first, reverse, instance, changes):
    *_, reversed_ = await talk(hosts[host], router, first, reverse)
    assert calls(reversed_) == [("explain_what_if", {"instance": instance, "changes": changes})]


async def test_the_other_way_after_a_value_has_no_step_to_reverse(hosts, router):
    *_, turn = await talk(hosts["demo"], router, "what if patient 12's bmi were 30", "lower it instead")
    assert not any(c.arguments.get("changes") == {"bmi": "+30"} for c in turn.calls)
    assert not any(c.arguments.get("changes") == {"bmi": "-30"} for c in turn.calls)


async def test_a_value_said_with_too_adds_to_the_changes_and_is_never_an_instance(hosts, router):
    first = "what if applicant 33's loan term were 36"
    *_, added = await talk(hosts["loan"], router, first, "and a smaller loan amount too, 80")
    assert calls(added) == [("explain_what_if", {"instance": 33, "changes": {"loan_term": 36, "loan_amount": 80}})]
    *_, asked = await talk(hosts["loan"], router, first, "and a smaller one too, 80")
    assert asked.clarification is not None and not asked.calls and "Which feature should be 80" in asked.reply
    *_, step = await talk(hosts["loan"], router, first, "and if it were also 2 times less")
    assert "Which feature should be 2" not in step.reply  # an amount of a step, not a value


async def test_another_quoted_word_replaces_the_replacement_in_the_same_review(hosts, router):
    *_, again, text = await talk(
        hosts["sentiment"],
        router,
        "what if review 72 said 'mess' instead of 'masterpiece'?",
        "and 'triumph' instead?",
        "and 'I loved every minute of it'?",
    )
    assert calls(again) == [("explain_what_if", {"instance": 72, "changes": {"masterpiece": "triumph"}})]
    # a quote of a whole sentence is a text of its own, not a word replaced
    assert not any(c.arguments.get("changes") == {"masterpiece": "I loved every minute of it"} for c in text.calls)


async def test_a_bare_number_that_is_no_id_is_a_new_value_of_the_feature(hosts, router):
    *_, again = await talk(hosts["insurance"], router, "what if member 5300's bmi were 24", "and 26?")
    assert calls(again) == [("explain_what_if", {"instance": 5300, "changes": {"bmi": 26}})]


async def test_by_marks_an_amount_even_when_the_number_is_an_id(hosts, router):
    *_, again = await talk(hosts["loan"], router, "what if applicant 905's income were 10 lower", "and by 30?")
    assert calls(again) == [("explain_what_if", {"instance": 905, "changes": {"income": "-30"}})]


# --- what the answers so far say about two instances ------------------------------------------------------------------


async def test_the_labels_answered_so_far_are_read_from_the_history(hosts, router):
    conversation = Agent(hosts["demo"], router).conversation()
    await conversation.send("show me patients 88 and 203")
    await conversation.send("why is patient 88 stable?")
    assert known_labels(conversation.history) == {88: "stable", 203: "progressing"}


async def test_why_not_the_label_it_already_has_is_why_it_has_it(hosts, router):
    *_, why = await talk(hosts["demo"], router, "show me patients 203 and 88", "why isn't the first one progressing?")
    # patient 203 is predicted progressing: there is no "why not" to explain, only why
    assert calls(why) == [("get_local_explanation", {"instance": 203, "prediction_label": "progressing"})]


async def test_a_pronoun_after_two_instances_follows_the_label_only_one_has(hosts, router):
    *_, why, other = await talk(
        hosts["demo"], router, "show me patients 88 and 203", "why is she stable?", "and why is the other progressing?"
    )
    assert calls(why) == [("get_local_explanation", {"instance": 88, "prediction_label": "stable"})]
    assert calls(other) == [("get_local_explanation", {"instance": 203, "prediction_label": "progressing"})]


async def test_a_pronoun_after_two_instances_with_the_same_label_is_still_asked_about(hosts, router):
    # patients 14 and 31 are both predicted stable: the label settles nothing
    *_, asked = await talk(hosts["demo"], router, "show me patients 14 and 31", "why is she stable?")
    assert asked.clarification is not None and not asked.calls


async def test_a_position_before_a_label_is_the_position_in_the_list(hosts, router):
    *_, why = await talk(hosts["loan"], router, "compare applicants 905 and 777", "why was the second approved?")
    assert calls(why) == [("get_local_explanation", {"instance": 777, "prediction_label": "approved"})]


async def test_the_other_class_with_no_class_to_swap_is_asked_about(hosts, router):
    [asked] = await talk(hosts["loan"], router, "what about the opposite class")
    assert asked.clarification is not None and not asked.calls and "approved or rejected" in asked.reply
    *_, asked = await talk(hosts["loan"], router, "what data was the model trained on?", "and the other class?")
    assert asked.clarification is not None and not asked.calls
    *_, swapped = await talk(
        hosts["demo"], router, "how many patients are predicted progressing?", "what about the opposite class"
    )
    assert calls(swapped) == [("get_prediction", {"instance": "prediction = stable"})]


# --- groups ------------------------------------------------------------------------------------------------------


async def test_only_those_narrows_the_group_in_focus(hosts, router):
    *_, narrowed = await talk(hosts["loan"], router, "what is the recall for renters?", "only those over 50")
    assert calls(narrowed) == [
        ("get_model_performance", {"metric": "recall", "group": "home_ownership = rent and age > 50"})
    ]


# --- the engine's questions for an amount --------------------------------------------------------------------------


async def test_an_answer_that_only_names_the_instance_keeps_the_question_for_the_amount(hosts, router):
    asked, still, done = await talk(
        hosts["insurance"], router, "what if the bmi were lower?", "policyholder 5150", "by 3"
    )
    assert asked.clarification is not None and "How much lower should bmi be" in asked.reply
    assert still.clarification is not None and "How much lower should bmi be" in still.reply and not still.calls
    assert calls(done) == [("explain_what_if", {"instance": 5150, "changes": {"bmi": "-3"}})]


async def test_an_answer_may_name_the_feature_with_the_amount(hosts, router):
    *_, asked, done = await talk(
        hosts["demo"], router, "predict patient 7", "what if it were higher?", "glucose, by 10"
    )
    assert asked.clarification is not None and "Which feature should be higher" in asked.reply
    assert calls(done) == [("explain_what_if", {"instance": 7, "changes": {"glucose": "+10"}})]


async def test_a_feature_said_to_move_in_the_past_tense_asks_how_much_that_way(hosts, router):
    asked, done = await talk(hosts["loan"], router, "what if applicant 50's income fell?", "by 5")
    assert asked.clarification is not None and "How much lower should income be" in asked.reply
    assert calls(done) == [("explain_what_if", {"instance": 50, "changes": {"income": "-5"}})]


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("what if the thermostat were 1.5 degrees higher?", Step("+", 1.5)),
        ("and if her income dropped?", Step("-", None)),
        ("what if the claims rose", Step("+", None)),
        ("what if the price dropped to 30?", None),  # a new value, not a step: the extraction reads it
    ],
)
def test_steps_in_degrees_and_moves_in_the_past_tense(text, step):
    assert extract_step(text) == step


@pytest.mark.parametrize(("first", "second"), [(905, 777), (57, 140)])
async def test_the_other_with_the_label_it_already_has_is_explained_on_loans(hosts, router, first, second):
    # one approved and one rejected applicant; "why was the other rejected?" asks why it is so, not why not, even
    # when the selector hesitates between the why-not and the explanation (nothing to ask: one reading fits)
    turns = await talk(hosts["loan"], router, f"show me applicants {first} and {second}", "why was she approved?")
    approved = calls(turns[-1])[0][1]["instance"]
    other = second if approved == first else first
    *_, why = await talk(
        hosts["loan"],
        router,
        f"show me applicants {first} and {second}",
        "why was she approved?",
        "and why was the other rejected?",
    )
    assert calls(why) == [("get_local_explanation", {"instance": other, "prediction_label": "rejected"})]
