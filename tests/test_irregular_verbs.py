"""One table of English's irregular verbs (twins49): `simxai._irregular_verbs`, read by the extraction's class
said in an irregular past, the router's class named by its verb and the guard's class that is a past verb.

The router's and the guard's own tables (31 participles, 22 pasts) are gone; what they read is still read, and
the classes of the other irregular verbs now are too. Hosts and wordings are this file's own.
"""

from __future__ import annotations

import pytest

from simxai._irregular_verbs import irregular_forms, participle_bases, past_verbs, third_person
from simxai.backends._router_by_category import verb_label
from simxai.guard._label_verbs import label_verbs, past_label_nouns, past_verb
from simxai.hosts.base import FeatureSchema, HostSchema


def _schema(*classes: str) -> HostSchema:
    region = FeatureSchema(name="harbour", type="categorical", categories=["north", "south", "east"])
    return HostSchema(
        name="boats", kind="tabular", instance_noun="boat", class_names=list(classes), features=[region],
        id_range=(1, 500),
    )  # fmt: skip


def test_the_forms_a_word_is_compared_with_keep_only_the_irregular_ones():
    assert irregular_forms("keep") == ("kept",)
    assert irregular_forms("run") == ("ran",)  # not "run", the base itself
    assert irregular_forms("show") == ("shown",)  # not "showed", a regular past
    assert irregular_forms("hear") == ("heard",)
    assert irregular_forms("split") == ()
    assert irregular_forms("walk") == ()


def test_the_pasts_and_participles_are_read_from_the_one_table():
    assert past_verbs()["took"] == ("take", "takes", "taken")
    assert past_verbs()["flew"] == ("fly", "flies", "flown")
    assert past_verbs()["ran"] == ("run", "runs", "run")
    assert past_verbs()["went"] == ("go", "goes", "gone")
    assert past_verbs()["split"] == ("split", "splits", "split")
    assert participle_bases()["lost"] == "lose"
    assert participle_bases()["split"] == "split"
    assert participle_bases()["caught"] == "catch"
    # the auxiliaries' forms are words of every question, no class's verb; a regular past is no irregular one
    for word in ("did", "done", "was", "been", "had", "showed"):
        assert word not in past_verbs() and word not in participle_bases(), word
    assert [third_person(v) for v in ("take", "fly", "go", "catch", "pay", "wish")] == [
        "takes", "flies", "goes", "catches", "pays", "wishes",
    ]  # fmt: skip


def test_the_router_names_a_class_by_its_verb_in_every_form():
    assert verb_label("which harbours lose the most boats?", _schema("lost", "kept")) == "lost"
    assert verb_label("which harbour keeps the most?", _schema("lost", "kept")) == "kept"
    # an irregular participle the router's own table did not hold: "sunk" of sink (was None)
    assert verb_label("which harbour sinks the most boats?", _schema("sunk", "afloat")) == "sunk"
    # the third person of a verb in -ch ("catches", was read as "catchs" only)
    assert verb_label("which harbour catches the most?", _schema("caught", "missed")) == "caught"
    assert verb_label("which harbour has the most boats?", _schema("sunk", "afloat")) is None


def test_the_guard_reads_a_class_that_is_an_irregular_past_it_did_not_list():
    # "burnt" (of burn) was no past verb to the guard: "would burn" named no class
    assert past_verb("burnt") and past_verb("took") and not past_verb("golden")
    said = label_verbs("Tray 12 would burn at 80 %. It would burn the crust.", ["burnt", "golden"])
    assert said == "Tray 12 would be burnt at 80 %. It would burn the crust."
    assert past_label_nouns(["shook", "steady"]) == {"shaken": "shook"}
    assert past_label_nouns(["held", "broke"]) == {"broken": "broke"}  # as before: no "holding", "holder"


@pytest.mark.parametrize("label", ["took", "broke", "fell", "grew", "won", "lost", "left", "went", "ran", "flew"])
def test_every_past_of_the_guards_former_table_is_still_a_past_verb(label: str) -> None:
    assert past_verb(label)
