"""Round 49 (ext49), on invented hosts in our own wording: readings that change what the selector's training texts
read, landed with the forty-ninth round's rebuild.

1. a class that is a verb of requests keeps its verb where its object is an instance named by a noun before its id
   ("what keeps crate 610 on hold") or a person is its subject ("what do you keep on each crate");
2. `word_stems` reads a short inflection as the arguments do ("dried" -> dry, "aged" -> age);
3. a multiplication said in the third person before the feature ("if 610 halves the mould spots") is a change;
4. comparatives of loudness ("5 dB quieter", "louder by 8") are steps of a volume;
5. the first word of a name that is a noun of irregular plural names the feature in either number ("the geese" of
   `GooseVisits`), unless another feature holds it;
6. an irregular past in a count of a group's outcome says the outcome was recorded ("how many ... won a rosette").
"""

from __future__ import annotations

import pytest

from simxai._irregular_verbs import irregular_past
from simxai.backends._router_group_records import recorded_in_group
from simxai.backends._router_masking import selector_text
from simxai.extraction import class_said_as_class, extract_changes
from simxai.extraction.mentions import feature_mentions
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.normalize import normalize, word_stems

# an orchard's apple crates in a cold store: classes that are verbs of requests
CRATES = HostSchema(
    name="cold store crates",
    kind="tabular",
    instance_noun="crate",
    class_names=["keep", "hold", "sell"],
    features=[
        FeatureSchema(name="mould spots", type="numeric", min=0, max=40),
        FeatureSchema(name="days_in_store", type="numeric", min=0, max=200),
        FeatureSchema(name="FanNoise (dB)", type="numeric", min=20, max=90),
    ],
    id_range=(600, 900),
)
# a vineyard's grape lots: a short class in a consonant and -y
LOTS = HostSchema(
    name="grape lots",
    kind="tabular",
    instance_noun="lot",
    class_names=["dry", "age", "press"],
    features=[FeatureSchema(name="sugar_brix", type="numeric", min=10, max=30)],
    id_range=(10, 99),
)


def read(text: str, host: HostSchema) -> str:
    return selector_text(normalize(text, host), host)


# --- 1. an everyday class word used as a verb -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "read_as"),
    [
        # the instance named by its noun before the id is the verb's object
        ("what keeps crate 610 on sell", "what keeps znoun znum on zlabel"),
        ("which changes would hold crate 640 at sell", "which changes would hold znoun znum at zlabel"),
        # a person as the verb's subject
        ("which figures do you keep about a crate", "which figures do you keep about a znoun"),
        ("what figures do we hold about a crate", "what figures do we hold about a znoun"),
        # still the class where the grammar puts one
        ("why was crate 610 kept", "why was znoun znum zlabel"),
        ("precision for hold", "precision for zlabel"),
        ("does the model keep crate 610", "does the model zlabel znoun znum"),
    ],
)
def test_a_verb_class_with_a_named_object_or_a_person_subject(text: str, read_as: str) -> None:
    assert read(text, CRATES) == read_as


def test_a_preposition_before_the_id_is_no_object() -> None:
    # "keep for 610": "for" is no noun of the instance, so the word stays the class
    text = "precision of keep for NUM"
    start = text.index("keep")
    assert class_said_as_class(text, start, start + 4, "keep")


# --- 2. word_stems of a short inflection ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "stem"),
    [("dried", "dry"), ("dries", "dry"), ("carried", "carry"), ("aged", "age"), ("ages", "age"), ("owed", "owe")],
)
def test_word_stems_read_a_short_inflection(word: str, stem: str) -> None:
    assert stem in word_stems(word)


@pytest.mark.parametrize(("word", "not_stem"), [("died", "dy"), ("lies", "ly"), ("shed", "she"), ("ties", "ty")])
def test_word_stems_keep_short_words_whole(word: str, not_stem: str) -> None:
    assert not_stem not in word_stems(word)


def test_a_short_class_said_as_a_verb_shares_its_stem() -> None:
    assert word_stems("dried") & word_stems("dry")
    assert word_stems("aged") & word_stems("age")
    assert not word_stems("pressed") & word_stems("dry")


# --- 3. a multiplication in the third person --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if crate 610 halves the mould spots", {"mould spots": "-50%"}),
        ("suppose 610 doubles its days in store", {"days_in_store": "*2"}),
        ("what happens if crate 610 triples the mould spots", {"mould spots": "*3"}),
    ],
)
def test_a_multiplying_verb_before_the_feature(text: str, changes: dict[str, str]) -> None:
    assert extract_changes(text, CRATES) == changes
    assert read(text, CRATES).endswith("zfeat zchange")


def test_halves_as_a_noun_names_no_change() -> None:
    assert not extract_changes("how do the two halves of the store compare on mould spots", CRATES)


# --- 4. loudness ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if crate 610 sat by a fan 6 dB quieter", {"FanNoise (dB)": "-6"}),
        ("what if the fan at crate 610 were louder by 8", {"FanNoise (dB)": "+8"}),
        ("suppose crate 610's fan ran 4 dB louder", {"FanNoise (dB)": "+4"}),
    ],
)
def test_a_comparative_of_loudness_is_a_step(text: str, changes: dict[str, str]) -> None:
    assert extract_changes(text, CRATES) == changes


def test_loudness_names_nothing_on_a_host_without_a_sound() -> None:
    assert not extract_changes("what if lot 20 were 5 dB quieter", LOTS)


# --- 5. the first word of a name, a noun of irregular plural ----------------------------------------------------------

# a village pond's duck houses
POND = HostSchema(
    name="pond duck houses",
    kind="tabular",
    instance_noun="house",
    class_names=["fine", "clean"],
    features=[
        FeatureSchema(name="GooseVisits", type="numeric", min=0, max=30),
        FeatureSchema(name="foot_traffic", type="numeric", min=0, max=500),
        FeatureSchema(name="foot_bridge_width", type="numeric", min=1, max=4),
        FeatureSchema(name="reed_height_cm", type="numeric", min=0, max=200),
    ],
    id_range=(70, 140),
)


def _named(text: str, host: HostSchema) -> set[str]:
    return {m.feature.name for m in feature_mentions(text, host)}


def test_an_irregular_first_word_names_its_feature() -> None:
    assert _named("how many geese come to a house on average", POND) == {"GooseVisits"}
    assert _named("what if house 80 had the goose bit down to 2", POND) == {"GooseVisits"}
    assert extract_changes("what if house 80 had 3 fewer geese", POND) == {"GooseVisits": "-3"}
    assert "zfeat" in read("does the model care about the geese", POND)


def test_a_first_word_two_names_share_names_neither() -> None:
    # "foot" / "feet" starts foot_traffic and foot_bridge_width: neither is named by it alone
    assert not _named("are the feet muddy near house 80", POND)


def test_a_regular_first_word_names_nothing_new() -> None:
    # "reed" has a regular plural: a first word in general may be an adjective, so only the names' own terms count
    assert not _named("are the reeds tall near house 80", POND) - {"reed_height_cm"}
    assert _named("how wide are the reeds", POND) == set()


# --- 6. an irregular past in a count of a group's outcome -------------------------------------------------------------

SHOW = HostSchema(
    name="dog show entries",
    kind="tabular",
    instance_noun="dog",
    class_names=["rosette", "no rosette"],
    features=[
        FeatureSchema(name="breed_group", type="categorical", categories=["terrier", "hound", "toy"]),
        FeatureSchema(name="coat_score", type="numeric", min=0, max=10),
    ],
    id_range=(300, 600),
)


def test_irregular_past_forms() -> None:
    assert irregular_past("won") and irregular_past("Kept") and irregular_past("bought")
    assert not irregular_past("win") and not irregular_past("keep") and not irregular_past("wonder")


def test_an_irregular_past_counts_the_records() -> None:
    assert recorded_in_group("how many terrier dogs won a rosette?", SHOW) == "breed_group = terrier"
    # the present may be the model's call as well as the record: left to the selector, as before
    assert recorded_in_group("how many terrier dogs win a rosette?", SHOW) is None
    # the model named: its predictions, not the records
    assert recorded_in_group("how many terrier dogs does the model think won a rosette?", SHOW) is None


def test_a_class_named_by_an_irregular_past_is_no_past() -> None:
    kiln = HostSchema(
        name="kiln loaves",
        kind="tabular",
        instance_noun="loaf",
        class_names=["burnt", "fine"],
        features=[FeatureSchema(name="oven", type="categorical", categories=["deck", "rack"])],
        id_range=(1, 99),
    )
    assert recorded_in_group("how many deck oven loaves end burnt", kiln) is None
