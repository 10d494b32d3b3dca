"""The guard's claims-13o readings, from mechanisms that recur across the DEV writers (leave-one-writer-out):
counts and lists of a text model's kept edits, what a counterfactual search that found nothing is said to reach,
the 50 % midpoint as a reference, a move of the model's score "by" an amount, and bare ids of several subjects.
Each pair tells a faithful reply from an unfaithful one; subjects and wordings are this file's own.
"""

import pytest

# review 40 ("Fast shipping and friendly customer service."): 5 of 8 edits keep positive; removing "friendly"
# is not among them
REVIEW_STILL = ("explain_how_to_still_be_this", {"instance": 40})
# review 95 ("It rusted after one camping trip."): negative, and no edit of up to 3 words makes it positive
REVIEW_NONE = ("explain_how_to_be_that", {"instance": 95})
# review 40's local explanation: "friendly" +0.247, from the 0.5 base to 0.747
REVIEW_LOCAL = ("get_local_explanation", {"instance": 40})
DEMO_PERFORMANCE = ("get_model_performance", {"metric": "all"})
DEMO_PREDICTION = ("get_prediction", {"instance": 12})
DEMO_WHAT_IF = ("explain_what_if", {"instance": 12, "changes": {"bmi": 30}})
DEMO_LOCAL = ("get_local_explanation", {"instance": 12})

CASES = [
    # counts of kept edits (5 kept of 8 tried)
    ("sentiment", *REVIEW_STILL, True, "Five words can go: 5 of the 8 single-word edits leave review 40 positive."),
    ("sentiment", *REVIEW_STILL, False, "Review 40 is sturdy: 7 of the 8 single-word edits leave it positive."),
    ("sentiment", *REVIEW_STILL, True, "Out of 8 variants it tried, 5 kept review 40 positive; the rest flip it."),
    ("sentiment", *REVIEW_STILL, False, "Out of 8 variants it tried, 6 kept review 40 positive."),
    ("sentiment", *REVIEW_STILL, True, "Review 40: 3 of 8 edits flip it."),
    ("sentiment", *REVIEW_STILL, False, "Review 40: 5 of 8 edits flip it."),
    ("sentiment", *REVIEW_STILL, True, "review 40 stays positive; tried n=8, kept n=5."),
    ("sentiment", *REVIEW_STILL, False, "review 40 stays positive; tried n=8, kept n=6."),
    # a list of removals said to keep the label: each must be a kept edit's word
    ("sentiment", *REVIEW_STILL, True, "Review 40 remains positive if you delete 'shipping', 'customer' or 'Fast'."),
    ("sentiment", *REVIEW_STILL, False, "Review 40 remains positive if you delete 'shipping', 'friendly' or 'Fast'."),
    ("sentiment", *REVIEW_STILL, True, "Deleting 'friendly' is not one of the edits that keep review 40 positive."),
    # a search that found nothing: the label it did not reach
    ("sentiment", *REVIEW_NONE, True, "Not one of the 86 edited texts got review 95 to a positive prediction."),
    ("sentiment", *REVIEW_NONE, False, "Not one of the 86 edited texts got review 95 to a negative prediction."),
    ("sentiment", *REVIEW_NONE, False, "Changing a couple of words turns review 95 positive."),
    ("sentiment", *REVIEW_NONE, True, "I looked for a small edit that would make review 95 positive; none exists."),
    # the 50 % midpoint named as a reference, not as a value of the outputs
    ("sentiment", *REVIEW_LOCAL, True, "Review 40 is positive at 74.7 %, well clear of the neutral 50 %."),
    ("sentiment", *REVIEW_LOCAL, True, "Review 40 is positive at 74.7 %; I would only worry close to 50 percent."),
    ("sentiment", *REVIEW_LOCAL, False, "Review 40 is positive at 64.7 %, well clear of the neutral 50 %."),
    # a move of the model's score by an amount: a word's contribution, not the label's probability
    ("sentiment", *REVIEW_LOCAL, True, "'friendly' lifts the positive probability by about 0.25 for review 40."),
    ("sentiment", *REVIEW_LOCAL, False, "'friendly' lifts the positive probability by about 0.25, to 0.85."),
    # numbers spelled in words (patient 12: stable 78.6 %, progressing 21.4 %)
    ("demo", *DEMO_PREDICTION, True, "Patient 12 comes out stable, at roughly seventy-nine percent."),
    ("demo", *DEMO_PREDICTION, False, "Patient 12 comes out stable, at roughly twenty-one percent."),
    # a table's header names columns; its rows are still read
    ("demo", *DEMO_PREDICTION, True, "| patient | predicted | confidence |\n|---|---|---|\n| 12 | stable | 78.6 % |"),
    (
        "demo",
        *DEMO_PREDICTION,
        False,
        "| patient | predicted | confidence |\n|---|---|---|\n| 12 | progressing | 78.6 % |",
    ),
    # a share relative to another number (bmi 30: progressing 21.4 % -> 51.8 %)
    ("demo", *DEMO_WHAT_IF, True, "At bmi 30, progressing climbs from 21.4 % to 51.8 %, some 142 % more."),
    ("demo", *DEMO_WHAT_IF, False, "At bmi 30, progressing climbs from 21.4 % to 61.8 %, some 189 % more."),
    # a push's size without its sign, said against the label (sex -0.256, glucose -0.110 for patient 12)
    ("demo", *DEMO_LOCAL, True, "For patient 12, sex pulls the other way by about 0.26 and glucose by 0.11."),
    ("demo", *DEMO_LOCAL, False, "For patient 12, sex pulls the other way by about 0.36."),
    ("demo", *DEMO_LOCAL, False, "For patient 12, sex adds +0.26 towards stable."),
    # right and wrong counted in times ([[33, 12], [12, 32]]: 65 right, 24 wrong of 89)
    ("demo", *DEMO_PERFORMANCE, True, "Over 89 held-out patients it was right 65 times and wrong 24 times."),
    ("demo", *DEMO_PERFORMANCE, False, "Over 89 held-out patients it was right 65 times and wrong 29 times."),
]


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims13o_readings(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report


@pytest.mark.parametrize(
    ("faithful", "reply"),
    [
        # patient 12: stable 78.6 %; patient 40: stable 55.4 %
        (True, "Patients 12 and 40 are both stable: about 79 percent for 12 and about 55 percent for 40."),
        (False, "Patients 12 and 40 are both stable: for 12 about 55 percent, for 40 about 79 percent."),
        (True, "Both patients come out stable; 12 at 78.6 % and 40 at 55.4 %."),
        (False, "Both patients come out stable; 12 at 55.4 % and 40 at 78.6 %."),
    ],
)
def test_bare_ids_of_several_subjects(hosts, faithful, reply):
    from simxai.functions import default_registry
    from simxai.guard import Vocabulary, check_claims
    from simxai.results import result_payload

    demo = hosts["demo"]
    function = default_registry().get("get_prediction")
    outputs = [result_payload(function(demo, {"instance": i})) for i in (12, 40)]
    report = check_claims(reply, outputs, vocabulary=Vocabulary.for_schema(demo.schema()))
    assert report.passed is faithful, report


@pytest.mark.parametrize(
    ("following", "features", "expected"),
    [
        (" mm of rain", ["rainfall_mm", "area_ha"], ("rainfall_mm", False)),
        (" kg/ha of nitrogen", ["nitrogen_kg_ha", "area_ha"], ("nitrogen_kg_ha", False)),
        (" ha", ["nitrogen_kg_ha", "area_ha"], ("area_ha", False)),
        (" °C on average", ["mean_temp_c"], ("mean_temp_c", False)),
        ("k a year", ["salary_k"], ("salary_k", False)),
        ("%", ["humidity_pct"], ("humidity_pct", True)),
        (" mm", ["rain_mm", "snow_mm"], None),  # two features have the unit: not sure which
        (" years", ["rainfall_mm"], None),
    ],
)
def test_unit_feature(following, features, expected):
    from simxai.guard._units import unit_feature

    assert unit_feature(following, features) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("about twenty-two percent", "about 22 percent"),
        ("seventy two against fifty-two", "72 against 52"),
        ("four hundred and five staff", "405 staff"),
        ("eight percent", "8 percent"),
        ("this one and the two classes", "this one and the two classes"),
        ("the twenty-first review", "the twenty-first review"),
    ],
)
def test_spelled_numbers(text, expected):
    from simxai.guard._spelled import spelled_numbers

    assert spelled_numbers(text) == expected
