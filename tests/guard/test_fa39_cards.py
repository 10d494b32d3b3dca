"""False alarms of words the host's cards give (gfb39, issue 13), on invented hosts of this file's own: a village tool
library's loans (classes `back` / `overdue`, instance noun "tool", ids 141401-141700) and a museum's crate
shipments (classes `cleared` / `opened` / `held`).

The guard's vocabulary holds the words of the host's output and data cards (`Vocabulary.for_host`): a class said by
the verb its meaning is written with ("predicted to be returned" of back) is that class, a card's word is no
invented name, and neither makes a wrong number or an invented feature pass. Each reading is tested both ways.
"""

from __future__ import annotations

from typing import Any

from simxai.guard import Vocabulary, check_claims
from simxai.guard._card_labels import card_label_forms, denied_card_forms
from simxai.guard._card_words import card_words, host_cards
from simxai.hosts import load_demo_host

MEANINGS = {
    "back": "the borrower returned the tool on time",
    "overdue": "nobody brought the tool back in time; a reminder is sent",
}
CARDS = "\n".join(
    [
        *(f"{label}: {meaning}" for label, meaning in MEANINGS.items()),
        "Tools lent by a village tool library, one row per loan, with whether it came back in time.",
        "length of the loan in days",
        "weight of the tool in kilograms",
        "visits of the borrower to the library in the past year",
    ]
)
LIBRARY = Vocabulary(
    labels=["back", "overdue"],
    features=["loan_days", "Tool Weight (kg)", "borrower visits"],
    aliases={"loan_days": ["loan period"], "Tool Weight (kg)": ["weight"], "borrower visits": ["visits"]},
    instance_noun="tool",
    meanings=MEANINGS,
    cards=CARDS,
)
#: The same host as the guard knew it before its cards were read.
NO_CARDS = LIBRARY.model_copy(update={"meanings": {}, "cards": ""})

SUBJECT: dict[str, Any] = {
    "kind": "row",
    "id": 141412,
    "ids": None,
    "description": "tool 141412",
    "size": 1,
    "condition": None,
    "nouns": None,
    "text": None,
    "values": {"loan_days": 21, "Tool Weight (kg)": 3.5, "borrower visits": 4},
}
PREDICTION: dict[str, Any] = {
    "kind": "prediction",
    "label": "back",
    "label_counts": None,
    "probabilities": {"back": 0.72, "overdue": 0.28},
    "subject": SUBJECT,
    "true_label": "overdue",
}
LOCAL: dict[str, Any] = {
    "kind": "local_explanation",
    "attributions": [
        {"feature": "borrower visits", "value": 4, "contribution": 0.21},
        {"feature": "loan_days", "value": 21, "contribution": -0.09},
        {"feature": "Tool Weight (kg)", "value": 3.5, "contribution": 0.02},
    ],
    "base_value": 0.6,
    "label": "back",
    "predicted_label": "back",
    "method": "SHAP",
    "output": 0.72,
    "output_space": "probability",
    "probability": 0.72,
    "subject": SUBJECT,
    "recorded_label": None,
}


def passes(reply: str, output: dict[str, Any], vocabulary: Vocabulary = LIBRARY) -> bool:
    return check_claims(reply, [output], vocabulary=vocabulary).passed


def test_a_class_said_by_its_card_verb_is_that_class() -> None:
    faithful = "Tool 141412 is predicted to be returned (72 %), but the log records it as never returned."
    assert not passes(faithful, PREDICTION, NO_CARDS)  # before: "returned" was an invented label
    assert passes(faithful, PREDICTION)
    # the other class's probability said of it is wrong, and read so now (before: flagged only as a word)
    assert not passes("Tool 141412 is predicted to be returned, at about 28 %.", PREDICTION)
    assert check_claims(
        "Tool 141412 is predicted to be returned, at about 28 %.", [PREDICTION], vocabulary=LIBRARY
    ).unsupported == ["number 28% (back)"]
    assert passes("For tool 141412 the chance it is returned is 72 %.", PREDICTION)
    assert not passes("For tool 141412 the chance it is returned is 28 %.", PREDICTION)


def test_a_denied_card_verb_names_the_other_class_of_two() -> None:
    forms = card_label_forms(LIBRARY.labels, MEANINGS, ["loan", "days", "weight", "visits"], "tool")
    assert denied_card_forms("it was never returned", forms, LIBRARY.labels) == "it was overdue"
    assert denied_card_forms("the never-returned tools", forms, LIBRARY.labels) == "the overdue tools"
    assert denied_card_forms("it was returned", forms, LIBRARY.labels) == "it was returned"
    assert passes("For tool 141412 the model puts never returned at 28 %.", PREDICTION)
    assert not passes("For tool 141412 the model puts never returned at 72 %.", PREDICTION)


def test_which_card_words_are_a_class_form() -> None:
    assert card_label_forms(LIBRARY.labels, MEANINGS, [], "tool") == {"returned": "back"}
    # a participle a negation denies is no form of its class; the class that asserts it has it
    paid = {"kept": "the deposit was not refunded", "paid": "the deposit was refunded to the hirer"}
    assert card_label_forms(["kept", "paid"], paid, [], "crate") == {"refunded": "paid"}
    # "-ct" verbs give their "-ion" noun ("the chance of collection")
    collected = {"won": "the owner collected the crate", "lost": "it went to auction"}
    assert card_label_forms(["won", "lost"], collected, [], "crate")["collection"] == "won"
    crates = {
        "cleared": "inspected and passed at the border",
        "opened": "inspected and unpacked for a search",
        "held": "needed a permit and waited in the depot",
    }
    forms = card_label_forms(["cleared", "opened", "held"], crates, [], "crate")
    assert "inspected" not in forms  # in two meanings: it names neither
    assert "needed" not in forms  # a verb of a verdict, and before a noun phrase of another thing
    assert forms["unpacked"] == "opened" and forms["passed"] == "cleared"
    # a word of a feature's name is never a class's form
    assert "passed" not in card_label_forms(["cleared", "opened", "held"], crates, ["passed"], "crate")
    # on a host of three a denied form names no class
    assert denied_card_forms("not unpacked", forms, ["cleared", "opened", "held"]) == "not otherwise"


def test_card_words_are_no_invented_name_but_others_still_are() -> None:
    reply = "Nobody brought it back? Unlikely: the borrower visits (+0.21) lead, and a reminder is not expected."
    assert passes(reply, LOCAL)
    words = card_words(CARDS, "tool")
    assert {"returned", "return", "returns", "returning", "reminder", "brought", "bring"} <= words
    # the instance noun and possessives give no name a card's word ("the tool's colour" is still invented)
    assert "tool" not in words and "tools" not in words
    assert not passes("The borrower visits (+0.21) and the tool's colour (+0.02) point to it coming back.", LOCAL)
    assert passes("The borrower visits (+0.21) and the tool's weight (+0.02) point to it coming back.", LOCAL)


def test_the_vocabulary_of_a_host_reads_its_cards() -> None:
    host = load_demo_host()
    cards, meanings = host_cards(host)
    assert set(meanings) == {"stable", "progressing"} and "140" in meanings["progressing"]
    assert "progression" in cards
    vocab = Vocabulary.for_host(host, ["get_prediction"])
    assert vocab.meanings == meanings and vocab.cards == cards
    assert vocab.model_copy(update={"meanings": {}, "cards": ""}) == Vocabulary.for_schema(
        host.schema(), ["get_prediction"]
    )
