"""The guard's claims-17 changes (helper guard17): one reader of the explainer a reply names, and readings that
go to `unchecked` where the guard cannot be sure what a number is of. Subjects and wordings are this file's own
(demo patient 12: stable at 78.6 %; loan applicant 12: approved; the demo's, the loan's and the reviews' global
rankings, all explained with SHAP).
"""

import pytest

from simxai.guard import Vocabulary, check_claims

DEMO_GLOBAL = ("get_global_explanation", {})
LOAN_GLOBAL = ("get_global_explanation", {})
REVIEW_GLOBAL = ("get_global_explanation", {})
LOAN_LOCAL = ("get_local_explanation", {"instance": 12})
DEMO_LOCAL = ("get_local_explanation", {"instance": 12})
INSURANCE_LOCAL = ("get_local_explanation", {"instance": 5300})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        ("demo", *DEMO_GLOBAL, True, "These are SHAP values averaged over the patients; bmi comes second."),
        ("demo", *DEMO_GLOBAL, False, "LIME's weights put bmi second among the patients' features."),
        ("loan", *LOAN_GLOBAL, True, "Averaged Shapley values put credit_score first, not LIME weights."),
        ("loan", *LOAN_GLOBAL, False, "The forest's Gini importances rank credit_score first."),
        ("loan", *LOAN_LOCAL, False, "Integrated gradients give applicant 12's credit_score the biggest push."),
        ("sentiment", *REVIEW_GLOBAL, False, "Measured by permutation importance, 'love' leads the words."),
    ],
)
def test_one_reader_of_the_explainer(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed == faithful, report
    readers = {m for m in report.mechanisms.values() if "explainer" in m or "method" in m}
    # an explainer the outputs do not name is one claim of one reader, never two readers' claims of one word
    assert readers <= {"explainer_claims (explainer)"}, report.mechanisms
    if not faithful:
        assert len([c for c in report.unsupported if c.startswith("explainer ")]) == 1, report


DEMO_DATA = ("get_data_information", {})
LOAN_DATA = ("get_data_information", {})
DEMO_BMI = ("get_data_information", {"feature": "bmi"})
LOAN_INCOME = ("get_data_information", {"feature": "income"})
LOAN_DEBT = ("explain_what_if", {"instance": 12, "changes": {"debt_to_income": 0.45}})
LOAN_WHY_NOT = ("explain_why_not", {"instance": 12})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "reply"),
    [
        # a feature glossed in brackets with another feature's words: the numbers after it stay the feature's
        ("loan", *LOAN_DATA, "debt_to_income (what is owed each month over monthly income) averages 0.2676."),
        ("loan", *LOAN_DATA, "Across applicants, debt_to_income (debt over income) has a mean of 0.2676."),
        ("demo", *DEMO_DATA, "cholesterol_ratio (total cholesterol over hdl) has an average of 4.07."),
        # a share of something no label names is a feature's number, never a class's probability
        ("loan", *LOAN_DEBT, "If debt took 45 % of applicant 12's income rather than 43 %, it stays approved."),
        # two group means said as a comparison: which label the second is of is a guess, so it is not compared
        ("demo", *DEMO_BMI, "The bmi averages 24.3 for the stable group, against 28.4 among those who progressed."),
        ("demo", *DEMO_BMI, "On bmi, progressing patients sit well above stable ones on average: 28.4 against 24.3."),
        ("loan", *LOAN_INCOME, "Income averages 54.3 for the approved group against 45.0 among those turned down."),
        (
            "loan",
            *LOAN_INCOME,
            "On income, rejected applicants earn less than approved ones on average: 45.0 against 54.3.",
        ),
        # a caution against reading a number some way is no claim that the outputs hold it
        ("demo", *DEMO_DATA, "Please don't read a score of 0.7 as a 70 % chance of progressing."),
        ("loan", *LOAN_DATA, "I wouldn't read 80 percent as eight in ten applicants being approved."),
    ],
)
def test_unsure_readings_are_not_flagged(check_reply, host, function, arguments, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed, report


@pytest.mark.parametrize(
    ("host", "function", "arguments", "reply"),
    [
        # what stays flagged: a wrong class probability, a wrong mean bound closely to its label, a wrong value
        ("loan", *LOAN_DEBT, "If debt took 45 % of applicant 12's income, approved would stand at 91 %."),
        ("demo", *DEMO_BMI, "Stable patients average 28.4 on bmi."),
        ("loan", *LOAN_INCOME, "Approved applicants average 45.0 on income."),
        ("loan", *LOAN_DATA, "debt_to_income (debt over income) has a mean of 0.35."),
        ("demo", *DEMO_DATA, "cholesterol_ratio (total cholesterol over hdl) has an average of 6.2."),
    ],
)
def test_sure_readings_still_flag(check_reply, host, function, arguments, reply):
    assert not check_reply(host, function, arguments, reply).passed


DEMO_WHY_NOT = ("explain_why_not", {"instance": 12})
INSURANCE_WHY_NOT = ("explain_why_not", {"instance": 5300})
REVIEW_BROKE = ("explain_what_if", {"instance": 3, "changes": {"Broke": "Great"}})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # "as it is" of the rest held still is no statement of today's label
        (
            "demo",
            *DEMO_WHY_NOT,
            True,
            "Take bmi to 27.3, leave everything else as it is, and patient 12 comes out progressing.",
        ),
        (
            "loan",
            *LOAN_WHY_NOT,
            True,
            "Lowering the credit score to 676 and leaving everything else as it is would get applicant 12 rejected.",
        ),
        # an imperative condition after a lead-in, and a move to a change's new value, state the change
        (
            "demo",
            *DEMO_WHY_NOT,
            True,
            "It takes one step: push bmi up from 23.7 to 27.3 and the model says progressing.",
        ),
        (
            "loan",
            *LOAN_WHY_NOT,
            True,
            "It takes little: nudge the credit score down from 838 to 676 and the model says rejected.",
        ),
        (
            "demo",
            *DEMO_WHY_NOT,
            True,
            "Patient 12's bmi climbs from 23.7 to 27.3, where the model predicts progressing.",
        ),
        (
            "loan",
            *LOAN_WHY_NOT,
            True,
            "Applicant 12's credit score slides from 838 to 676, at which point the model predicts rejected.",
        ),
        ("demo", *DEMO_WHY_NOT, False, "It takes one step: push bmi up from 23.7 to 27.3 and the model says stable."),
        (
            "loan",
            *LOAN_WHY_NOT,
            False,
            "Applicant 12's credit score slides from 838 to 676, at which point the model predicts approved.",
        ),
        # a label before an arrow is the state before the change
        ("demo", *DEMO_WHY_NOT, True, "before → after for patient 12: bmi 23.7 → 27.3; label stable → progressing."),
        (
            "loan",
            *LOAN_WHY_NOT,
            True,
            "before → after for applicant 12: credit_score 838 → 676; decision approved → rejected.",
        ),
        ("demo", *DEMO_WHY_NOT, False, "before → after for patient 12: bmi 23.7 → 27.3; label progressing → stable."),
        # "is not predicted to get X" denies today's label; "is what makes it X" gives today's label's reason
        (
            "loan",
            *LOAN_WHY_NOT,
            True,
            "Applicant 12 isn't predicted to get rejected, but a credit score of 676 would switch it to rejected.",
        ),
        (
            "insurance",
            *INSURANCE_WHY_NOT,
            True,
            "Member 5300 isn't predicted to get a surcharge, but the model would switch to surcharge with a change.",
        ),
        (
            "sentiment",
            *REVIEW_BROKE,
            True,
            "With 'Great' for 'Broke' review 3 would be labelled positive, so 'Broke' is what makes it negative.",
        ),
        (
            "demo",
            *DEMO_WHY_NOT,
            True,
            "At 27.3 instead of 23.7 patient 12 would be progressing, so the low bmi is what makes it stable.",
        ),
        (
            "demo",
            *DEMO_WHY_NOT,
            False,
            "At 27.3 instead of 23.7 patient 12 would be progressing, so the low bmi is what makes it progressing.",
        ),
    ],
)
def test_outcome_or_today(check_reply, host, function, arguments, faithful, reply):
    assert check_reply(host, function, arguments, reply).passed == faithful


DEMO_GLUCOSE = ("explain_what_if", {"instance": 12, "changes": {"glucose": 120}})
LOAN_KEPT = ("explain_how_to_still_be_this", {"instance": 12})
DEMO_KEPT = ("explain_how_to_still_be_this", {"instance": 12})
DEMO_MODEL = ("get_model_information", {})
DEMO_ACCURACY = ("get_model_performance", {"metric": "accuracy"})
LOAN_ACCURACY = ("get_model_performance", {"metric": "accuracy"})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # a kind of thing after a quantifier, an amount described, a collection counted, a verb: no invented name
        ("demo", *DEMO_KEPT, True, "For patient 12, every lab result can take any value and it stays stable."),
        ("loan", *LOAN_KEPT, True, "For applicant 12, each figure can take any value without losing approval."),
        ("demo", *DEMO_GLUCOSE, True, "Glucose at 120 takes stable from 78.6 % to 75.7 %, a modest dip of 2.9 points."),
        ("loan", *LOAN_DEBT, True, "Approved slips from 78 % to 72.3 %, a gentle drop of 5.7 points."),
        ("demo", *DEMO_WHY_NOT, True, "Patient 12 needs 23.7 → 27.3 on bmi to come out progressing."),
        ("loan", *LOAN_WHY_NOT, True, "Applicant 12 requires 838 → 676 on the credit score to be rejected."),
        # the reference of a comparison after its number
        ("demo", *DEMO_ACCURACY, True, "Accuracy is 0.73 on held-out patients, against 0.5 for the coin toss."),
        ("loan", *LOAN_ACCURACY, True, "Held-out accuracy is 0.77, compared with 0.5 for a coin flip."),
        # names the host does not have stay invented in those places
        ("demo", *DEMO_WHY_NOT, False, "Patient 12 needs insulin 23.7 → 27.3 to come out progressing."),
        ("loan", *LOAN_ACCURACY, False, "Accuracy is 0.77, and 0.88 for the occupation."),
        ("demo", *DEMO_GLUCOSE, False, "With glucose at 120 and a waist of 98, stable comes out at 75.7 %."),
    ],
)
def test_no_name_in_a_names_place(check_reply, host, function, arguments, faithful, reply):
    assert check_reply(host, function, arguments, reply).passed == faithful


def _two_options(subject: dict, current: str, target: str, options: list[tuple[dict, float, str | None]]) -> dict:
    """A counterfactual output with one change per option: (change, probability of the target, rewritten text)."""
    return {
        "kind": "counterfactual",
        "question": "how_to_be_that",
        "subject": subject,
        "current_label": current,
        "target_label": target,
        "counterfactuals": [
            {"changes": [change], "label": target, "probability": p, "text": text} for change, p, text in options
        ],
        "method": "a search of this test's own",
        "note": None,
    }


TEAPOT = "Dreadful teapot, the lid cracked in a week."
TEAPOT_OPTIONS = _two_options(
    {"kind": "text", "description": "a review", "id": None, "values": None, "text": TEAPOT, "size": 1},
    "negative",
    "positive",
    [
        ({"feature": "Dreadful", "old": "Dreadful", "new": "Lovely"}, 0.774, TEAPOT.replace("Dreadful", "Lovely")),
        ({"feature": "(insert)", "old": "", "new": "not"}, 0.612, "not " + TEAPOT),
    ],
)
TENANT = {"kind": "row", "description": "tenant 7", "id": 7, "values": {"region": "north", "rent_share": 41.0}}
TENANT_OPTIONS = _two_options(
    {**TENANT, "text": None, "size": 1},
    "falls_behind",
    "pays",
    [
        ({"feature": "region", "old": "north", "new": "coastal"}, 0.58, None),
        ({"feature": "rent_share", "old": 41.0, "new": 30.0}, 0.66, None),
    ],
)
REVIEWS = Vocabulary(labels=["negative", "positive"], features=[], instance_noun="review")
TENANTS = Vocabulary(labels=["pays", "falls_behind"], features=["region", "rent_share"], instance_noun="tenant")


@pytest.mark.parametrize(
    ("output", "vocabulary", "faithful", "reply"),
    [
        # the words a counterfactual writes name it: each probability is that option's
        (TEAPOT_OPTIONS, REVIEWS, True, "'Dreadful' → 'Lovely' gets 77.4 %, or put 'not' before 'Dreadful' (61.2 %)."),
        (TEAPOT_OPTIONS, REVIEWS, True, "Swap in 'Lovely' for positive at 77.4 %. Prefixing 'not' gives 61.2 %."),
        (TEAPOT_OPTIONS, REVIEWS, False, "Swap in 'Lovely' for positive at 61.2 %. Prefixing 'not' gives 77.4 %."),
        (TENANT_OPTIONS, TENANTS, True, "Changing region to coastal gives pays at 0.58; rent_share at 30, 0.66."),
        (TENANT_OPTIONS, TENANTS, False, "Moving to coastal gives pays at 0.66; rent_share at 30 gives 0.58."),
    ],
)
def test_a_counterfactual_named_by_what_it_writes(output, vocabulary, faithful, reply):
    assert check_claims(reply, [output], vocabulary=vocabulary).passed == faithful


@pytest.mark.parametrize(
    ("host", "function", "arguments", "reply"),
    [
        # a number in the bracket of a word that is no feature is that word's, not the feature's named before it
        ("demo", *DEMO_LOCAL, "For patient 12, sex (-0.256) and the kidneys (-0.110) pull the other way."),
        ("insurance", *INSURANCE_LOCAL, "Member 5300: age (-0.200) and the record (+0.138) pull apart."),
    ],
)
def test_a_number_in_another_words_bracket(check_reply, host, function, arguments, reply):
    report = check_reply(host, function, arguments, reply)
    assert not [c for c in report.unsupported if c.startswith("number")], report


DEMO_BP = ("explain_what_if", {"instance": 12, "changes": {"blood_pressure": 120}})


@pytest.mark.parametrize(
    ("output", "vocabulary", "faithful", "reply"),
    [
        # a share right after "gives" that follows a change is the change's outcome, not the feature's number
        (TENANT_OPTIONS, TENANTS, True, "Tenant 7: region to coastal gives 0.58; rent_share down to 30 gives 0.66."),
        (TENANT_OPTIONS, TENANTS, False, "Tenant 7: region to coastal gives 0.58; rent_share down to 30 gives 0.71."),
        (TEAPOT_OPTIONS, REVIEWS, True, "Writing 'Lovely' for 'Dreadful' gets 0.774."),
    ],
)
def test_a_share_a_change_gives(output, vocabulary, faithful, reply):
    assert check_claims(reply, [output], vocabulary=vocabulary).passed == faithful


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # a kept range's bound said with a symbol or with its side after the number
        ("demo", *DEMO_KEPT, True, "Patient 12 stays stable with bmi ≤ 27.2 and hdl ≥ 42."),
        ("demo", *DEMO_KEPT, False, "Patient 12 stays stable with bmi ≥ 27.2."),
        ("demo", *DEMO_KEPT, True, "Patient 12 stays stable as long as hdl is at 42 or above."),
        ("demo", *DEMO_KEPT, False, "Patient 12 stays stable as long as hdl is at 42 or below."),
        ("loan", *LOAN_KEPT, True, "Applicant 12 keeps approval while credit_score >= 686."),
        ("loan", *LOAN_KEPT, False, "Applicant 12 keeps approval while credit_score <= 686."),
        ("loan", *LOAN_KEPT, False, "Applicant 12 keeps approval with debt_to_income at 0.75 or more."),
    ],
)
def test_a_kept_bound_in_symbols_or_after_its_number(check_reply, host, function, arguments, faithful, reply):
    assert check_reply(host, function, arguments, reply).passed == faithful


DEMO_PREDICTION = ("get_prediction", {"instance": 12})
LOAN_PREDICTION = ("get_prediction", {"instance": 12})


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # a document's own numbering ("entry 27", "items 4 and 5") and a numbered list separated by "|"
        ("demo", *DEMO_PREDICTION, True, "Ward notes, entry 27 — patient 12: stable, 78.6 %."),
        ("loan", *LOAN_PREDICTION, True, "Audit log, items 31 and 32: applicant 12 approved at 78 %."),
        ("demo", *DEMO_GLOBAL, True, "1 triglycerides_log 0.927 | 2 bmi 0.585 | 3 blood_pressure 0.396"),
        ("demo", *DEMO_PREDICTION, False, "Ward notes, entry 27 — patient 12: stable, 87.6 %."),
        ("demo", *DEMO_PREDICTION, True, "Agenda — item 4: patient 12, predicted stable (78.6 %)."),
        ("loan", *LOAN_PREDICTION, True, "Agenda, item 2: applicant 12 is approved."),
        ("loan", *LOAN_PREDICTION, False, "Agenda, item 2: applicant 13 is approved."),
    ],
)
def test_a_documents_own_numbering(check_reply, host, function, arguments, faithful, reply):
    assert check_reply(host, function, arguments, reply).passed == faithful


def _oven_what_if(features: dict[str, float], changed: str, new: float) -> dict:
    """A what-if on a made-up oven host whose features end in `_c` (a temperature) and `_c_h` (a rate per hour)."""
    return {
        "kind": "what_if",
        "subject": {"kind": "row", "description": "batch 7", "id": 7, "values": features, "size": 1},
        "changes": [{"feature": changed, "old": features[changed], "new": new}],
        "old_label": "even",
        "old_probabilities": {"even": 0.7, "scorched": 0.3},
        "new_label": "scorched",
        "new_probabilities": {"even": 0.4, "scorched": 0.6},
        "note": None,
    }


OVEN = Vocabulary(labels=["even", "scorched"], features=["bake_temp_c", "heat_rate_c_h"], instance_noun="batch")
KILN = Vocabulary(labels=["even", "scorched"], features=["soak_c", "climb_c_h", "load_pct"], instance_noun="batch")


@pytest.mark.parametrize(
    ("output", "vocabulary", "faithful", "reply"),
    [
        # "°C/h" and "degrees an hour" are the rate's unit, not the temperature's
        (
            _oven_what_if({"bake_temp_c": 210.0, "heat_rate_c_h": 30.0}, "heat_rate_c_h", 45.0),
            OVEN,
            True,
            "Heat batch 7 at 45 °C/h instead of 30 and it comes out scorched.",
        ),
        (
            _oven_what_if({"soak_c": 980.0, "climb_c_h": 90.0, "load_pct": 60.0}, "climb_c_h", 120.0),
            KILN,
            True,
            "Batch 7 climbing 120 degrees an hour rather than 90 turns scorched.",
        ),
        (
            _oven_what_if({"bake_temp_c": 210.0, "heat_rate_c_h": 30.0}, "heat_rate_c_h", 45.0),
            OVEN,
            False,
            "Heat batch 7 at 55 °C/h instead of 30 and it comes out scorched.",
        ),
    ],
)
def test_a_rate_per_hour_is_the_rates(output, vocabulary, faithful, reply):
    assert check_claims(reply, [output], vocabulary=vocabulary).passed == faithful


@pytest.mark.parametrize(
    ("host", "function", "arguments", "faithful", "reply"),
    [
        # metric short forms in a ticker line: "PREC" is the precision, "REC" before a figure the recall
        ("demo", *DEMO_ACCURACY, True, "ACC 0.730 | PREC 0.727 | REC 0.727 | AUC 0.803"),
        ("loan", *LOAN_ACCURACY, True, "acc 0.77 · prec 0.788 · rec 0.664 · auc 0.879"),
        ("loan", *LOAN_ACCURACY, False, "ACC 0.77 | PREC 0.664 | REC 0.788 | AUC 0.879"),
        # "rec." before a class is the recorded label (patient 12's is progressing; read as a claim since claims-24)
        ("demo", *DEMO_PREDICTION, True, "Patient 12: pred. stable (78.6 %); rec. progressing."),
        ("demo", *DEMO_PREDICTION, False, "Patient 12: pred. stable (78.6 %); rec. stable."),
    ],
)
def test_metric_short_forms(check_reply, host, function, arguments, faithful, reply):
    assert check_reply(host, function, arguments, reply).passed == faithful


def _pct_what_if(features: dict[str, float], changed: str, new: float, labels: tuple[str, str]) -> dict:
    """A what-if on a made-up host with two features in percent (their names end in `_pct`)."""
    good, bad = labels
    return {
        "kind": "what_if",
        "subject": {"kind": "row", "description": "unit 3", "id": 3, "values": features, "size": 1},
        "changes": [{"feature": changed, "old": features[changed], "new": new}],
        "old_label": good,
        "old_probabilities": {good: 0.81, bad: 0.19},
        "new_label": bad,
        "new_probabilities": {good: 0.35, bad: 0.65},
        "note": None,
    }


GREENHOUSE = Vocabulary(labels=["thriving", "wilting"], features=["humidity_pct", "shade_pct"], instance_noun="bed")
DOUGH = Vocabulary(labels=["rises", "flat"], features=["water_pct", "salt_pct", "proof_minutes"], instance_noun="batch")


@pytest.mark.parametrize(
    ("output", "vocabulary", "faithful", "reply"),
    [
        # a percent that is one of several `*_pct` features' numbers is no class's probability
        (
            _pct_what_if({"humidity_pct": 62.0, "shade_pct": 30.0}, "humidity_pct", 41.0, ("thriving", "wilting")),
            GREENHOUSE,
            True,
            "Bed 3 with its humidity from 62 % down to 41 % turns wilting, at 65 %.",
        ),
        (
            _pct_what_if(
                {"water_pct": 68.0, "salt_pct": 2.0, "proof_minutes": 50.0}, "water_pct", 55.0, ("rises", "flat")
            ),
            DOUGH,
            True,
            "Batch 3 made with 55 % water instead of 68 % comes out flat (65 %).",
        ),
        (
            _pct_what_if({"humidity_pct": 62.0, "shade_pct": 30.0}, "humidity_pct", 41.0, ("thriving", "wilting")),
            GREENHOUSE,
            False,
            "Bed 3 with its humidity from 62 % down to 41 % turns wilting, at 75 %.",
        ),
    ],
)
def test_a_percent_of_one_of_several_percent_features(output, vocabulary, faithful, reply):
    assert check_claims(reply, [output], vocabulary=vocabulary).passed == faithful
