"""Changes said without a change verb, removal edits, and what the selector is told about them.

"annual_claims +2, new tier?", "bmi=30 for pt 3?", "term 24 instead of 36", "shortened to 24 months", "2 times
less", "cut in half", "80k", word swaps: `extract_changes` reads them and the selector's text carries the
`zchange` flag, so that the turn reads as a what-if. The phrasings are our own.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import selector_text
from simxai.eval_suite.router_training.authors import HOST_SCHEMAS
from simxai.extraction import extract_changes
from simxai.followup_context import is_new_request_for
from simxai.normalize import normalize

DEMO, LOAN, REVIEWS, INSURANCE = (HOST_SCHEMAS[h] for h in ("demo", "loan", "sentiment", "insurance"))


@pytest.mark.parametrize(
    ("text", "schema", "changes"),
    [
        ("member 5077: annual_claims +2, new tier?", INSURANCE, {"annual_claims": "+2"}),
        ("bmi += 5 for policyholder 5003, new prob?", INSURANCE, {"bmi": "+5"}),
        ("glucose -10% for patient 8", DEMO, {"glucose": "-10%"}),
        ("bmi=30 for pt 3?", DEMO, {"bmi": 30}),
        ("instance=12 what-if bmi=30", DEMO, {"bmi": 30}),
        ("she would take a 24 month term instead of 36, applicant 928", LOAN, {"loan_term": 24}),
        ("and with the loan term shortened to 24 months as well?", LOAN, {"loan_term": 24}),
        ("what if glucose was brought down to 80 for patient 2", DEMO, {"glucose": 80}),
        ("glucose 2 times less for patient 4", DEMO, {"glucose": "-50%"}),
        ("what if her bmi were three times higher", DEMO, {"bmi": "*3"}),
        ("what if member 5314's claims were cut in half", INSURANCE, {"annual_claims": "-50%"}),
        ("what if the ldl were halved", DEMO, {"ldl": "-50%"}),
        ("what if applicant 3 had an income of 80k", LOAN, {"income": 80}),
    ],
)
def test_changes_without_a_change_verb(text, schema, changes):
    assert extract_changes(normalize(text, schema), schema) == changes


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if review 94 swapped 'needed' for 'loved'", {"needed": "loved"}),
        ('What if in review 94 we swapped "needed" for "loved"?', {"needed": "loved"}),
        ("Were 'freezes' replaced by 'runs', would the verdict change?", {"freezes": "runs"}),
        ("Were the word 'better' in review 12 replaced by 'worse', what then?", {"better": "worse"}),
        ("what if 'great' replaced by 'ok' in review 14", {"great": "ok"}),
        ("review 108 if thrilling was replaced by boring what then", {"thrilling": "boring"}),
        ("what if you took out the word useful", {"useful": ""}),
        ("if superb were removed from review 0", {"superb": ""}),
        ("what if i dropped the word flat", {"flat": ""}),
    ],
)
def test_word_edits_in_either_order_and_voice(text, changes):
    assert extract_changes(text, REVIEWS) == changes


@pytest.mark.parametrize("text", ["what if it was removed", "the delivery got swapped for a later one"])
def test_no_word_edit_without_a_word(text):
    assert extract_changes(text, REVIEWS) is None


@pytest.mark.parametrize(
    ("text", "schema"),
    [
        ("member 5077: annual_claims +2, new tier?", INSURANCE),
        ("bmi=30 for patient 3?", DEMO),
        ("what if applicant 5's loan term was shortened to 24 months", LOAN),
        ("glucose 2 times less for patient 4", DEMO),
        ("what if review 3 swapped 'needed' for 'loved'", REVIEWS),
    ],
)
def test_the_selector_is_told_of_the_change(text, schema):
    assert selector_text(normalize(text, schema), schema).endswith("zchange")


@pytest.mark.parametrize(
    ("text", "schema"),
    [
        ("predict bmi=30", DEMO),  # a new row's values, not a change of one
        ("how many patients have bmi over 30?", DEMO),
        ("accuracy for applicants with region = north", LOAN),
    ],
)
def test_values_that_are_no_change_are_not_flagged(text, schema):
    assert not selector_text(normalize(text, schema), schema).endswith("zchange")


@pytest.mark.parametrize(
    ("text", "missing", "instance", "new"),
    [
        ("okay and how sure is it about review 78", "changes", 66, True),
        ("and what does it predict for review 12 then", "metric", None, True),
        ("replace 'useful' with 'useless' in review 66", "changes", 66, False),  # the answer, about the same review
        ("bmi 30", "changes", 4, False),
        ("what about the f1 please", "metric", None, False),  # no instance: an answer
        ("patient 12 please", "instance", None, False),
    ],
)
def test_a_full_new_request_is_no_answer_to_the_pending_question(text, missing, instance, new):
    assert is_new_request_for(text, REVIEWS if "review" in text else DEMO, missing, instance) is new


@pytest.mark.parametrize(
    ("text", "schema", "instance"),
    [("instance=12 what-if bmi=30", DEMO, 12), ("local explanation id=404", LOAN, 404), ("review=7 pls", REVIEWS, 7)],
)
def test_an_id_given_as_key_equals_value(text, schema, instance):
    from simxai.extraction import extract_instance

    assert extract_instance(text, schema) == instance


@pytest.mark.parametrize(
    ("text", "schema", "changes"),
    [
        ("call it 2 points off his bmi, patient 12", DEMO, {"bmi": "-2"}),
        ("patient 40, knock 20 points off her blood sugar", DEMO, {"glucose": "-20"}),
        ("for member 5003 what if we took 3 off the bmi", INSURANCE, {"bmi": "-3"}),
        ("applicant 928 with 10% off the loan amount", LOAN, {"loan_amount": "-10%"}),
    ],
)
def test_an_amount_off_a_feature_reads_one_way_by_its_name_or_its_words(text, schema, changes):
    # one reading of "N off" (`_terse_changes.amount_off`) for the terse and the worded readers
    assert extract_changes(text, schema) == changes
