"""Issue 12's "Why" examples (what a new user hit) as regression tests: the engine with the offline router.

Each test runs the real engine on the demo host, as a user would, and checks the calls made and their
arguments, not only the function chosen.
"""

from __future__ import annotations

import pytest

from simxai.agent import Agent, Conversation, Turn
from simxai.backends.router import RouterBackend


@pytest.fixture(scope="module")
def agent(demo_host) -> Agent:
    return Agent(demo_host, RouterBackend())


async def say(conversation: Conversation, *texts: str) -> Turn:
    turn = None
    for text in texts:
        turn = await conversation.send(text)
    assert turn is not None
    return turn


def ran(turn: Turn) -> list[tuple[str, dict]]:
    return [(c.function, c.arguments) for c in turn.calls if c.status == "ok"]


async def test_predicted_counts_come_from_predictions(agent, demo_host):
    turn = await say(agent.conversation(), "how many patients are predicted progressing?")
    assert [c.function for c in turn.calls] == ["get_prediction"]
    predicted = demo_host.predict(demo_host.resolve("all")).label_counts["progressing"]
    assert turn.calls[0].output["label_counts"]["progressing"] == predicted


async def test_predicted_counts_arguments_select_by_prediction(agent, demo_host):
    """Whichever function is chosen, the group is the model's predictions, not the recorded labels."""
    from simxai.extraction import extract_instance

    group = extract_instance("how many patients are predicted progressing?", demo_host.schema())
    assert group == "prediction = progressing"
    predicted = demo_host.predict(demo_host.resolve("all")).label_counts["progressing"]
    assert demo_host.resolve(group).size == predicted


async def test_a_metric_on_women_says_plainly_that_the_data_cannot_select_them(agent):
    turn = await say(agent.conversation(), "how does it do on women?")
    assert not ran(turn)  # never the overall figure in place of the group's
    assert turn.clarification is not None and turn.clarification.missing == ["group"]
    assert "'women'" in turn.reply and "not documented" in turn.reply  # sex is coded 1/2 with no meaning


async def test_the_group_named_after_the_question_is_scored(agent, demo_host):
    conversation = agent.conversation()
    await say(conversation, "how does it do on women?")
    turn = await say(conversation, "sex = 2")
    [(function, arguments)] = ran(turn)
    assert (function, arguments["group"]) == ("get_model_performance", "sex = 2")
    assert turn.calls[0].output["group"] == "sex = 2"
    assert turn.calls[0].output["n"] < demo_host.performance("all").n


async def test_a_metric_for_patients_over_60_is_computed_on_them(agent, demo_host):
    turn = await say(agent.conversation(), "accuracy for patients over 60")
    [(function, arguments)] = ran(turn)
    assert function == "get_model_performance" and arguments["group"] == "age > 60"
    output = turn.calls[0].output
    over_60 = set(demo_host.resolve("age > 60").ids)
    assert output["n"] == len(over_60 & set(demo_host.test_ids.tolist())) > 0
    assert "only patients with age > 60 (16 patients)" in turn.reply


async def test_a_metric_named_after_a_metric_question_replaces_the_previous_one(agent):
    conversation = agent.conversation()
    await say(conversation, "how does it do on women?")  # metric "all", asked about the group
    turn = await say(conversation, "accuracy for patients over 60")
    assert ran(turn) == [("get_model_performance", {"metric": "accuracy", "group": "age > 60"})]
    follow_up = await say(conversation, "and for patients under 40?")  # names no metric: the last one stays
    assert ran(follow_up) == [("get_model_performance", {"metric": "accuracy", "group": "age < 40"})]


async def test_a_relative_follow_up_asks_how_much_instead_of_rerunning_the_old_change(agent):
    conversation = agent.conversation()
    first = await say(conversation, "what does the model predict for patient 5?", "what if her bmi were 30?")
    assert ran(first) == [("explain_what_if", {"instance": 5, "changes": {"bmi": 30}})]
    higher = await say(conversation, "what if it were higher?")
    assert not ran(higher)  # no silent rerun of bmi = 30, on this patient or another
    assert higher.clarification is not None and "How much higher should bmi be?" in higher.reply
    lower = await say(conversation, "and if it were 20 % lower instead?")
    assert ran(lower) == [("explain_what_if", {"instance": 5, "changes": {"bmi": "-20%"}})]
    change = lower.calls[0].output["changes"][0]
    assert change["old"] == pytest.approx(change["new"] / 0.8)


async def test_yes_takes_the_offered_amount(agent, demo_host):
    conversation = agent.conversation()
    await say(conversation, "what if patient 5's bmi were 30?")
    asked = await say(conversation, "what if it were higher?")
    assert "say yes for" in asked.reply
    turn = await say(conversation, "yes")
    [(function, arguments)] = ran(turn)
    assert function == "explain_what_if" and arguments["changes"]["bmi"].startswith("+")


async def test_an_amount_without_a_feature_changes_the_feature_in_focus(agent):
    conversation = agent.conversation()
    await say(conversation, "predict patient 5", "what if her bmi were 30?")
    turn = await say(conversation, "what about 5 more?")
    # 5 more than the value just tried (dlg48: a step continues from the value the user set), on the feature in focus
    assert ran(turn) == [("explain_what_if", {"instance": 5, "changes": {"bmi": 35}})]


async def test_a_feature_named_after_a_data_question_is_a_data_question(agent):
    conversation = agent.conversation()
    first = await say(conversation, "tell me about the data")
    assert [f for f, _ in ran(first)] == ["get_data_information"]
    turn = await say(conversation, "what about the bmi feature?")
    assert ran(turn) == [("get_data_information", {"feature": "bmi"})]


@pytest.mark.parametrize(
    ("text", "instance"),
    [("pt 88", 88), ("pt. 88", 88), ("id#7", 7), ("no. 7", 7), ("patient forty-one", 41), ("#7", 7)],
)
async def test_abbreviated_and_spelled_out_ids(agent, text, instance):
    turn = await say(agent.conversation(), text)
    assert ran(turn) == [("get_prediction", {"instance": instance})]


async def test_ten_years_older_after_a_prediction(agent):
    turn = await say(agent.conversation(), "predict patient 5", "ten years older")
    assert ran(turn) == [("explain_what_if", {"instance": 5, "changes": {"age": "+10"}})]


async def test_five_percent(agent):
    turn = await say(agent.conversation(), "predict patient 5", "what if her bmi were five percent higher?")
    assert ran(turn) == [("explain_what_if", {"instance": 5, "changes": {"bmi": "+5%"}})]


async def test_didnt(agent):
    turn = await say(agent.conversation(), "why didnt patient 5 get progressing?")
    assert ran(turn) == [("explain_why_not", {"instance": 5, "expected_label": "progressing"})]


async def test_typos(agent):
    turn = await say(agent.conversation(), "wat is the probabilty for pateint 5")
    assert ran(turn) == [("get_prediction", {"instance": 5})]


async def test_bare_ids_as_follow_ups(agent):
    conversation = agent.conversation()
    await say(conversation, "predict patient 5")
    assert ran(await say(conversation, "and 88?")) == [("get_prediction", {"instance": 88})]
    assert ran(await say(conversation, "87?")) == [("get_prediction", {"instance": 87})]


async def test_why_is_87_not_stable(agent):
    turn = await say(agent.conversation(), "why is 87 not stable")
    assert ran(turn) == [("explain_why_not", {"instance": 87, "expected_label": "stable"})]


# The same forms on the loan host (a user's own model, loaded from its files) and on the sentiment host.


@pytest.fixture(scope="module")
def loan_agent(loan_host) -> Agent:
    return Agent(loan_host, RouterBackend())


@pytest.fixture(scope="module")
def review_agent() -> Agent:
    from simxai.hosts.sentiment import load_sentiment_host

    return Agent(load_sentiment_host(), RouterBackend())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("applicant forty-one", ("get_prediction", {"instance": 41})),
        ("pt 88", ("get_prediction", {"instance": 88})),
        ("no. 7", ("get_prediction", {"instance": 7})),
        ("what is the probabilty for aplicant 5", ("get_prediction", {"instance": 5})),
        ("why is 87 not approved", ("explain_why_not", {"instance": 87, "expected_label": "approved"})),
        ("why didnt applicant 5 get approved?", ("explain_why_not", {"instance": 5, "expected_label": "approved"})),
        (
            "how accurate is it for applicants in the north?",
            ("get_model_performance", {"metric": "accuracy", "group": "region = north"}),
        ),
    ],
)
async def test_the_forms_on_the_loan_host(loan_agent, text, expected):
    assert ran(await say(loan_agent.conversation(), text)) == [expected]


async def test_relative_follow_ups_on_the_loan_host(loan_agent):
    conversation = loan_agent.conversation()
    await say(conversation, "what if applicant 5's income were 50?")
    asked = await say(conversation, "what if it were higher?")
    assert not ran(asked) and "How much higher should income be?" in asked.reply
    lower = await say(conversation, "and if it were 20 % lower instead?")
    assert ran(lower) == [("explain_what_if", {"instance": 5, "changes": {"income": "-20%"}})]
    data = await say(loan_agent.conversation(), "tell me about the data", "what about the income feature?")
    assert ran(data) == [("get_data_information", {"feature": "income"})]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("review forty-one", ("get_prediction", {"instance": 41})),
        ("#7", ("get_prediction", {"instance": 7})),
        ("why is 7 not positive", ("explain_why_not", {"instance": 7, "expected_label": "positive"})),
        # the text itself reaches the model as written: no apostrophe added, no typo corrected
        (
            "what is the sentiment of 'I didnt like this film'?",
            ("get_prediction", {"instance": "I didnt like this film"}),
        ),
    ],
)
async def test_the_forms_on_the_sentiment_host(review_agent, text, expected):
    assert ran(await say(review_agent.conversation(), text)) == [expected]


async def test_a_metric_for_applicants_under_30(loan_agent):
    turn = await say(loan_agent.conversation(), "how does it do on applicants under 30?")
    assert ran(turn) == [("get_model_performance", {"metric": "all", "group": "age < 30"})]


async def test_a_metric_for_reviews_labelled_positive(review_agent):
    turn = await say(review_agent.conversation(), "how does it do on reviews labelled positive?")
    assert ran(turn) == [("get_model_performance", {"metric": "all", "group": "label = positive"})]


def test_the_arguments_of_those_metric_questions(loan_host):
    """The arguments are right already; only the choice of function waits for the learned router."""
    from simxai.extraction import extract_argument
    from simxai.hosts.sentiment import load_sentiment_host

    loan, reviews = loan_host.schema(), load_sentiment_host().schema()
    assert extract_argument("group", "how does it do on applicants under 30?", loan) == "age < 30"
    assert extract_argument("metric", "how does it do on applicants under 30?", loan) == "all"
    assert extract_argument("group", "how does it do on reviews labelled positive?", reviews) == "label = positive"
