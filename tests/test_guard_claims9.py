"""The guard's claims-9 mechanisms, from the false alarms of the p13i probes (what-if and local-explanation replies):
each reading path is made precise, so a pair of replies tells it apart (the faithful one passes, the unfaithful one
is flagged): a share after a label (its own aside, or a move of it) and a fraction right before a label are that
label's, not a feature's named before; a label ending in -ing leads its own clause; a what-if's new value after
"with" is a condition; a number after "from" with no "to" is the state before; a move's ends are the first numbers
after its verb; a parenthesised list of numbers belongs to the features listed before it; "mostly because of A, B
and C" claims a top three; a phrase glossed by a feature in brackets is that feature's; an amount in words is no
share; a negative number is no probability; state columns of a table are no feature column.
"""

import pytest

from simxai.guard import GUARD_VERSION

LOCAL_30 = ("get_local_explanation", {"instance": 30})
LOCAL_57 = ("get_local_explanation", {"instance": 57})
FLIP_30 = ("explain_what_if", {"instance": 30, "changes": {"bmi": 31}})
GLUCOSE_57 = ("explain_what_if", {"instance": 57, "changes": {"glucose": 140}})
LOAN_LOCAL = ("get_local_explanation", {"instance": 120})
LOAN_WHAT_IF = ("explain_what_if", {"instance": 120, "changes": {"debt_to_income": 0.45}})
REVIEW_LOCAL = ("get_local_explanation", {"instance": 20})
REVIEW_WHAT_IF = ("explain_what_if", {"instance": 20, "changes": {"best": "worst"}})

CASES = [
    # a share after a label, in its own aside or as the end of its move, is that label's
    ("demo", *GLUCOSE_57, True, "With glucose at 140 it stays stable. Progressing: 0.201 → 0.306."),
    ("demo", *GLUCOSE_57, False, "With glucose at 140 it stays stable. Progressing: 0.201 → 0.694."),
    ("demo", *FLIP_30, True, "Raising bmi to 31 flips it to **progressing** (0.513 vs 0.487)."),
    ("demo", *FLIP_30, False, "Raising bmi to 31 flips it to **progressing** (0.487 vs 0.513)."),
    ("demo", *FLIP_30, True, "If bmi were 31, it would predict progressing with 0.513; stable would drop to 0.487."),
    ("demo", *FLIP_30, False, "If bmi were 31, it would predict progressing with 0.513; stable would drop to 0.413."),
    # a table of states under label columns
    (
        "demo",
        *GLUCOSE_57,
        True,
        "| glucose | label | stable | progressing |\n|---|---|---|---|\n| 140 | stable | 0.694 | 0.306 |",
    ),
    (
        "demo",
        *GLUCOSE_57,
        False,
        "| glucose | label | stable | progressing |\n|---|---|---|---|\n| 140 | stable | 0.306 | 0.694 |",
    ),
    (
        "loan",
        *LOAN_WHAT_IF,
        True,
        "| | debt_to_income | decision |\n|---|---|---|\n| now | 0.17 | approved |\n| what-if | 0.45 | rejected |",
    ),
    (
        "loan",
        *LOAN_WHAT_IF,
        False,
        "| | debt_to_income | decision |\n|---|---|---|\n| now | 0.17 | approved |\n| what-if | 0.55 | rejected |",
    ),
    # a fraction right before a label is its probability
    ("sentiment", *REVIEW_LOCAL, True, "In short, 'best' adds 0.245. That's why the model lands at 0.901 positive."),
    ("sentiment", *REVIEW_LOCAL, False, "In short, 'best' adds 0.245. That's why the model lands at 0.801 positive."),
    # a what-if's new value after "with" is a condition: the label after it is the outcome
    ("demo", *FLIP_30, True, "Yes. With a BMI of 31 the model predicts progressing for patient 30."),
    ("demo", *FLIP_30, False, "Yes. With a BMI of 31 the model predicts stable for patient 30."),
    ("sentiment", *REVIEW_WHAT_IF, True, "- original: positive, 90.1 %\n- with 'worst': negative, 63.7 %"),
    ("sentiment", *REVIEW_WHAT_IF, False, "- original: positive, 90.1 %\n- with 'worst': positive, 63.7 %"),
    # "from X" with no "to" after it is where the move started
    ("demo", *GLUCOSE_57, True, "It stays stable. The chance of progressing goes up to 30.6 %, from 20.1 % now."),
    ("demo", *GLUCOSE_57, False, "It stays stable. The chance of progressing goes up to 30.6 %, from 25.1 % now."),
    # a move's ends are the first numbers after its verb
    ("loan", *LOAN_WHAT_IF, True, "Rejected would rise to 75.1 %, approved drops from 82.7 % to 24.9 %."),
    ("loan", *LOAN_WHAT_IF, False, "Rejected would rise to 75.1 %, approved rises from 82.7 % to 24.9 %."),
    # a parenthesised list of numbers after a list of features
    ("demo", *LOCAL_30, True, "Towards stable: triglycerides_log, blood_pressure and hdl (+0.54, +0.46, +0.43)."),
    ("demo", *LOCAL_30, False, "Towards stable: triglycerides_log, blood_pressure and hdl (+0.54, +0.46, +0.93)."),
    # a list of drivers is a top-k claim (of all features, or of those pushing the same way)
    ("demo", *LOCAL_30, True, "Mostly because of triglycerides_log, blood_pressure and hdl, each adding about 0.5."),
    ("demo", *LOCAL_30, False, "Mostly because of triglycerides_log, glucose and hdl, each adding something."),
    ("demo", *LOCAL_30, False, "The main factor is triglycerides_log."),
    # a phrase glossed by a feature in brackets, and a name glossed so in a rank claim
    ("demo", *LOCAL_57, True, "The low triglycerides and the lean build (BMI 20.5) make it stable."),
    ("demo", *LOCAL_57, False, "The low triglycerides and the lean build (BMI 20.5) and serum_sodium make it stable."),
    (
        "loan",
        *LOAN_LOCAL,
        True,
        "Approved mainly because their debts are small next to their income (debt_to_income 0.17).",
    ),
    ("loan", *LOAN_LOCAL, False, "Approved mainly because of their income (42.3)."),
    # "contributing +1.35" is a verb, no feature name; an amount in words is no share
    ("demo", *LOCAL_57, True, "The low triglycerides_log of 4.03 is the star here, contributing +1.35."),
    ("demo", *LOCAL_57, False, "The low triglycerides_log of 4.03 is the star here, contributing +1.85."),
    ("sentiment", *REVIEW_LOCAL, True, "'best' adds roughly a quarter and 'Honestly' about 0.16."),
    ("demo", *LOCAL_30, True, "bmi takes off 0.93, while hdl adds roughly half a log-odds point."),
    # a negative number is no probability
    ("demo", *LOCAL_30, True, "It starts from a base value of about -0.03 log-odds and lands on stable."),
]


def test_the_version_names_claims9_or_a_later_round():
    assert GUARD_VERSION.startswith("claims-") and GUARD_VERSION != "claims-8g"


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims9_mechanisms(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report
