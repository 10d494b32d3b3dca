"""Nothing the user said is silently dropped: each form is used, or one short question names what was not.

Through the engine (`simxai.Agent` with the router backend) on the demo, sentiment, loan and invented
insurance hosts: an id after a misspelt or unknown noun, a category value before its feature's name, a class
before a group noun, a group named with no threshold ("the older subgroup", "long reviews"), a feature's
value for one instance, and two changes in one what-if. The phrasings are our own.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import alternatives, extract_group
from simxai.extraction.mentions import vague_group
from simxai.normalize import normalize
from tests.backends.routing import ran, talk


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- ids ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "text", "expected"),
    [
        ("insurance", "prediciton for memebr 5020", 5020),
        ("insurance", "what does the model say about polcyholder 5033", 5033),
        ("loan", "predction for aplicant 12", 12),
        ("sentiment", "prediciton for reveiw 12", 12),
        ("loan", "appl 88 approved or no?", 88),  # the host's noun cut short
        ("sentiment", "rev 12 prediction", 12),
        ("insurance", "caller 5111: what does the model predict", 5111),  # another word for the person
    ],
)
async def test_a_misspelt_id_noun_still_names_the_instance(
    host, text, expected, router, demo_host, loan_host, insurance_host, sentiment_host
):
    hosts = {"insurance": insurance_host, "loan": loan_host, "sentiment": sentiment_host}
    (turn,) = await talk(hosts[host], router, text)
    assert ran(turn) == [("get_prediction", {"instance": expected})]


async def test_an_id_after_an_unknown_word_is_that_id_never_the_one_in_focus(router, insurance_host):
    # the insurance host's ids (5001-5600) lie beyond ten times every feature's range, so the one id-range number
    # is the instance whatever word leads it (ext12m); it was asked about before, and is never swapped for 5010
    first, second = await talk(
        insurance_host, router, "what is the prediction for member 5010", "predicton for wien 5011"
    )
    assert ran(first) == [("get_prediction", {"instance": 5010})]
    assert ran(second) == [("get_prediction", {"instance": 5011})]


async def test_an_id_after_an_unknown_word_is_asked_about_where_ids_overlap_feature_values(router, demo_host):
    # on the demo host (ids 0-441) an id-range number may be a value: an unknown word before it is asked about
    first, second = await talk(demo_host, router, "what is the prediction for patient 10", "predicton for wien 41")
    assert ran(first) == [("get_prediction", {"instance": 10})]
    assert ran(second) != [("get_prediction", {"instance": 10})]


def test_a_misspelt_noun_on_a_text_host_is_only_the_hosts_own(sentiment_host):
    schema = sentiment_host.schema()
    assert normalize("prediciton for reveiw 12", schema) == "prediciton for review 12"
    assert normalize("the patent 3 was great", schema) == "the patent 3 was great"  # may be the text itself


# --- groups in a metric question ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "text", "group"),
    [
        ("insurance", "accuracy on the gold plan", "plan = gold"),
        ("insurance", "how does it do on the basic plan", "plan = basic"),
        ("insurance", "f1 for smokers on the silver plan", "smoker = yes and plan = silver"),
        ("loan", "accuracy on the east region", "region = east"),
        ("loan", "accuracy on car loans", "purpose = car"),
        ("loan", "f1 on business purpose loans", "purpose = business"),
        ("loan", "recall for the rent home ownership group", "home_ownership = rent"),
        ("loan", "is the model accurate for people who own their home?", "home_ownership = own"),
        ("insurance", "accuracy for women on the gold plan", "plan = gold and sex = female"),
        ("insurance", "f1 for gold plan men over 50", "age > 50 and plan = gold and sex = male"),
        ("demo", "accuracy for sex 2", "sex = 2"),
        ("demo", "accuracy on progressing patients", "label = progressing"),
        ("sentiment", "accuracy on negative reviews", "label = negative"),
        ("sentiment", "accuracy on the reviews labelled negative", "label = negative"),
    ],
)
async def test_a_group_named_by_its_value_is_scored_on_that_group(
    host, text, group, router, demo_host, loan_host, insurance_host, sentiment_host
):
    hosts = {"demo": demo_host, "insurance": insurance_host, "loan": loan_host, "sentiment": sentiment_host}
    (turn,) = await talk(hosts[host], router, text)
    ((function, arguments),) = ran(turn)
    assert function == "get_model_performance" and arguments["group"] == group


async def test_a_group_of_a_prediction_keeps_every_value_it_is_named_by(router, loan_host):
    (turn,) = await talk(loan_host, router, "what does it predict for renters in the east")
    assert ran(turn) == [("get_prediction", {"instance": "home_ownership = rent and region = east"})]


@pytest.mark.parametrize(
    ("text", "groups"),
    [
        ("compare accuracy for smokers and non-smokers", ["smoker = yes", "smoker = no"]),
        ("accuracy for men vs women", ["sex = male", "sex = female"]),
        ("accuracy on the silver and gold plans", ["plan = silver", "plan = gold"]),
    ],
)
async def test_groups_named_to_compare_are_each_scored(text, groups, router, insurance_host):
    (turn,) = await talk(insurance_host, router, text)
    assert [(f, a["group"]) for f, a in ran(turn)] == [("get_model_performance", g) for g in groups]


def test_alternatives_split_one_feature_and_keep_the_rest():
    assert alternatives("age > 50 and plan = silver and plan = gold") == [
        "age > 50 and plan = silver",
        "age > 50 and plan = gold",
    ]
    assert alternatives("smoker = yes and plan = gold") == ["smoker = yes and plan = gold"]


async def test_a_category_word_that_is_no_group_stays_out(router, loan_host):
    (turn,) = await talk(loan_host, router, "how does the model do on its own?")
    assert all("group" not in arguments for _function, arguments in ran(turn))


@pytest.mark.parametrize(
    ("text", "words", "answer", "group"),
    [
        ("f1 on the older subgroup", "older subgroup", "age > 60", "age > 60"),
        ("accuracy for older patients", "older patients", "over 65", "age > 65"),
        ("recall for patients with high bmi", "high bmi", "above 35", "bmi > 35"),
    ],
)
async def test_a_group_with_no_threshold_is_asked_about_and_the_answer_completes_the_call(
    text, words, answer, group, router, demo_host
):
    asked, answered = await talk(demo_host, router, text, answer)
    assert asked.clarification is not None and f"'{words}' has no threshold" in asked.reply
    assert ran(asked) == []
    ((function, arguments),) = ran(answered)
    assert function == "get_model_performance" and arguments["group"] == group
    assert arguments["metric"] == asked.calls[0].arguments["metric"]  # the metric asked for is kept


async def test_a_group_no_feature_grades_is_said_so(router, demo_host, loan_host, sentiment_host):
    (heavier,) = await talk(demo_host, router, "how does it do on the heavier patients")
    assert heavier.clarification is not None and "heavier patients" in heavier.reply and "bmi" in heavier.reply
    (long,) = await talk(sentiment_host, router, "how does it do on long reviews")
    assert long.clarification is not None and ran(long) == [] and "text_length_words" in long.reply


async def test_a_text_hosts_group_by_length_and_a_written_answer(router, sentiment_host):
    schema = sentiment_host.schema()
    assert extract_group("accuracy on reviews longer than 20 words", schema) == "text_length_words > 20"
    asked, answered = await talk(sentiment_host, router, "accuracy on short reviews", "text_length_words < 10")
    assert asked.clarification is not None and ran(asked) == []
    assert ran(answered) == [("get_model_performance", {"metric": "accuracy", "group": "text_length_words < 10"})]


def test_a_threshold_given_with_the_vague_word_is_used(demo_host):
    schema = demo_host.schema()
    assert vague_group("is the model any good on older patients, say over 65?", schema) is None
    assert extract_group("is the model any good on older patients, say over 65?", schema) == "age > 65"
    assert vague_group("how does it do on new patients", schema) is None


# --- a feature's value for one instance -----------------------------------------------------------------


async def test_a_feature_value_of_one_instance_is_that_instances_value(router, loan_host):
    values = loan_host.resolve(12).values
    assert values is not None
    first, second = await talk(loan_host, router, "what is the income of applicant 12", "and what is his credit score?")
    assert ran(first) == [("get_prediction", {"instance": 12})]
    assert f"income = {values['income']:g}" in first.reply and first.faithfulness.passed
    assert ran(second) == [("get_prediction", {"instance": 12})]
    assert f"credit_score = {values['credit_score']:g}" in second.reply


async def test_a_question_about_the_datas_values_stays_a_data_question(router, loan_host):
    for text in ("what is the income distribution", "whats the average income"):
        (turn,) = await talk(loan_host, router, text)
        assert ran(turn) == [("get_data_information", {"feature": "income"})]


# --- changes --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "text", "changes"),
    [
        ("demo", "what if glucose +10 and bmi +2 for patient 5", {"glucose": "+10", "bmi": "+2"}),
        ("insurance", "what if bmi +2 and claims +0.5 for member 5010", {"bmi": "+2", "annual_claims": "+0.5"}),
        (
            "loan",
            "what if income +50 and credit score +50 for applicant 3",  # +5000 (thousands) is asked about
            {"income": "+50", "credit_score": "+50"},
        ),
        # a direction said once for two features, in either order; a verb before each feature
        ("demo", "what if glucose went up by 10 and bmi by 2 for patient 5", {"glucose": "+10", "bmi": "+2"}),
        ("demo", "for patient 5 what if we add 10 to glucose and 2 to bmi", {"glucose": "+10", "bmi": "+2"}),
        ("demo", "patient 5: raise glucose 10 and lower bmi 2", {"glucose": "+10", "bmi": "-2"}),
        ("demo", "what if glucose rose 10 and bmi fell 2 for patient 5", {"glucose": "+10", "bmi": "-2"}),
        ("demo", "what if patient 5's glucose and bmi were both 10% higher", {"glucose": "+10%", "bmi": "+10%"}),
        # a category said as a verb; the one after "instead of" is the value left behind
        ("loan", "what if applicant 741 owned his home instead of renting", {"home_ownership": "own"}),
        (
            "insurance",
            "what if member 5010 had 3 more visits and 1 less child",
            {"doctor_visits": "+3", "children": "-1"},
        ),
        (
            "loan",
            "what if applicant 3 rented instead of owning and had income 50",
            {"income": 50, "home_ownership": "rent"},
        ),
    ],
)
async def test_every_change_of_a_what_if_is_applied(host, text, changes, router, demo_host, loan_host, insurance_host):
    hosts = {"demo": demo_host, "insurance": insurance_host, "loan": loan_host}
    (turn,) = await talk(hosts[host], router, text)
    ((function, arguments),) = ran(turn)
    assert function == "explain_what_if" and arguments["changes"] == changes
