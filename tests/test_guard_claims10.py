"""The guard's claims-10 mechanisms (issue 13, unseen writers): each reading path is made precise, so a pair of
replies tells it apart (the faithful one passes, the unfaithful one is flagged): a table's "decision" column states
the prediction (today's row) and the outcome (the what-if's row); a flip denied by its size ("nowhere near enough
to flip it", "not nearly enough to change the outcome") is an unchanged outcome; a direction towards a label's
noun form ("which pushes towards rejection") names that label, also after "which"; a label stated by the subject's
membership of its group ("is placed in the standard group") is the prediction; "..., which brings it to N" is the
model's output, not the feature named before; "still" before a verb of influence is no stay; a quoted rewrite that
holds the what-if's new word is its condition; what "the features add" is a total.
"""

import pytest

from simxai.guard import GUARD_VERSION

LOAN_WHAT_IF = ("explain_what_if", {"instance": 120, "changes": {"debt_to_income": 0.45}})
LOAN_LOCAL = ("get_local_explanation", {"instance": 120})
STAYS_57 = ("explain_what_if", {"instance": 57, "changes": {"glucose": 140}})
FLIPS_30 = ("explain_what_if", {"instance": 30, "changes": {"bmi": 31}})
POLICY_LOCAL = ("get_local_explanation", {"instance": 5020})
REVIEW_LOCAL = ("get_local_explanation", {"instance": 20})
REVIEW_WHAT_IF = ("explain_what_if", {"instance": 20, "changes": {"best": "worst"}})
LOAN_333 = ("get_local_explanation", {"instance": 333})


def _table(head: str, today: str, after: str) -> str:
    return f"| | debt_to_income | {head} |\n|---|---|---|\n| today | 0.17 | {today} |\n| if raised | 0.45 | {after} |"


CASES = [
    # a table's decision column: today's row is the prediction, the what-if's row the outcome
    ("loan", *LOAN_WHAT_IF, True, _table("decision", "approved", "rejected")),
    ("loan", *LOAN_WHAT_IF, False, _table("decision", "approved", "approved")),
    ("loan", *LOAN_WHAT_IF, False, _table("decision", "rejected", "rejected")),
    ("loan", *LOAN_WHAT_IF, True, _table("outcome", "approved", "rejected")),
    ("loan", *LOAN_WHAT_IF, False, _table("outcome", "approved", "approved")),
    ("demo", *STAYS_57, True, "The decision tree view aside, the model's decision for patient 57 is stable."),
    ("demo", *STAYS_57, False, "The model's decision for patient 57 is progressing."),
    # a flip denied by its size
    ("demo", *STAYS_57, True, "Pushing glucose up to 140 is nowhere near enough to flip it."),
    ("demo", *FLIPS_30, False, "Pushing bmi up to 31 is nowhere near enough to flip it."),
    ("demo", *STAYS_57, True, "At 140, glucose is not nearly enough to change the outcome for patient 57."),
    ("demo", *FLIPS_30, False, "At 31, bmi is not nearly enough to change the outcome for patient 30."),
    ("demo", *STAYS_57, True, "A glucose of 140 is far too small a change to flip the prediction."),
    ("demo", *FLIPS_30, True, "A bmi of 31 is just enough to change the prediction."),
    ("demo", *STAYS_57, False, "A glucose of 140 is just enough to change the prediction."),
    # a direction towards a label's noun form, also in a clause led by "which"
    ("loan", *LOAN_LOCAL, True, "The main driver is debt_to_income at 0.17, which pushes towards approval."),
    ("loan", *LOAN_LOCAL, False, "The main driver is debt_to_income at 0.17, which pushes towards rejection."),
    (
        "loan",
        *LOAN_LOCAL,
        True,
        "Approved thanks to debt_to_income, while income, which pushes towards rejection, barely counts.",
    ),
    (
        "loan",
        *LOAN_LOCAL,
        False,
        "Approved thanks to debt_to_income, while income, which pushes towards approval, barely counts.",
    ),
    ("loan", *LOAN_LOCAL, True, "Income (42.3) is the one feature working against approval."),
    ("loan", *LOAN_LOCAL, False, "Income (42.3) is the one feature working against rejection."),
    # a label stated by group membership is the prediction; a group of the data is no claim
    ("insurance", *POLICY_LOCAL, True, "The model places policyholder 5020 in the surcharge group."),
    ("insurance", *POLICY_LOCAL, False, "The model places policyholder 5020 in the standard group."),
    ("insurance", *POLICY_LOCAL, True, "Policyholder 5020 falls into the **surcharge** category."),
    ("insurance", *POLICY_LOCAL, False, "Policyholder 5020 is put in the standard tier."),
    ("insurance", *POLICY_LOCAL, True, "Policyholders in the standard group tend to be younger than 5020."),
    # "..., which brings it to N": the model's output, not the feature named before
    ("sentiment", *REVIEW_LOCAL, True, "'best' gives about 0.25 and 'Honestly' 0.16, which brings it to 0.901."),
    ("sentiment", *REVIEW_LOCAL, False, "'best' gives about 0.25 and 'Honestly' 0.16, which brings it to 0.941."),
    # "still" before a verb of influence is no claim that the outcome stays
    ("sentiment", *REVIEW_WHAT_IF, True, "It goes negative; 'Honestly' still pushes towards positive, a little."),
    ("sentiment", *REVIEW_WHAT_IF, False, "It still stays positive after the swap."),
    # a quoted rewrite holding the new word: what it reads as is the outcome
    (
        "sentiment",
        *REVIEW_WHAT_IF,
        True,
        '"Honestly the worst purchase I have made this year." comes out negative to the model.',
    ),
    (
        "sentiment",
        *REVIEW_WHAT_IF,
        False,
        '"Honestly the worst purchase I have made this year." comes out positive to the model.',
    ),
    # what "the features add" is a total of contributions (no output states it); where it ends is the output
    ("loan", *LOAN_333, True, "Starting at 0.555, the features add roughly 0.41 and end up at 0.961."),
    ("loan", *LOAN_333, False, "Starting at 0.555, the features add roughly 0.41 and end up at 0.991."),
]


def test_the_version_names_the_claims10_checks():
    # claims-10 or a later round (cached evaluations of the guard are keyed by it)
    assert (
        GUARD_VERSION.startswith("claims-")
        and int(GUARD_VERSION.split("-")[1].rstrip("abcdefghijklmnopqrstuvwxyz")) >= 10
    )


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), CASES)
def test_claims10_mechanisms(check_reply, host, function, arguments, faithful, reply):
    report = check_reply(host, function, arguments, reply)
    assert report.passed is faithful, report
