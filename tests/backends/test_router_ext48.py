"""Round 48 (ext48), on invented hosts in our own wording: readings that change what the selector's training texts
read, landed with the forty-eighth round's rebuild.

1. a feature named in the other grammatical number: a plural name said in the singular ("one fewer slug trap" of
   `SlugTraps`) and a noun of irregular plural in its other form ("mouse sightings" of `MiceSightings`);
2. a one-word class said in an irregular past ("kept" of `keep`) or a short inflection ("dried" of `dry`) is masked
   as LABEL, as the arguments read it;
3. a class that is an everyday word of requests ("keep", "hold", "on") is LABEL only where it is used as the class;
4. comparatives made of a feature's own word ("hazier by 3" of `haze_index`) and of wetness ("ten points drier" of a
   moisture feature) are steps;
5. the selector's `zchange` flag reads every reading of `extract_changes`, amounts said in words too.
"""

from __future__ import annotations

import pytest

from simxai.backends._router_masking import selector_text
from simxai.extraction import class_said_as_class, everyday_class, extract_argument, extract_changes, inflected_class
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.normalize import normalize

# an allotment society's garden sheds
SHEDS = HostSchema(
    name="allotment sheds",
    kind="tabular",
    instance_noun="shed",
    class_names=["fine", "repair"],
    features=[
        FeatureSchema(name="SlugTraps", type="numeric", min=0, max=30),
        FeatureSchema(name="MiceSightings", type="numeric", min=0, max=40),
        FeatureSchema(name="GeeseVisits", type="numeric", min=0, max=20),
        FeatureSchema(name="roof_age_years", type="numeric", min=0, max=60),
    ],
    id_range=(4001, 4300),
)
# a cheese cellar's wheels: classes that are verbs of requests and a short one
WHEELS = HostSchema(
    name="cellar wheels",
    kind="tabular",
    instance_noun="wheel",
    class_names=["keep", "sell", "dry"],
    features=[
        FeatureSchema(name="rind_score", type="numeric", min=0, max=10),
        FeatureSchema(name="weight_kg", type="numeric", min=1, max=40),
    ],
    id_range=(300, 700),
)
# a theatre's stage lamps: a class that is a preposition
LAMPS = HostSchema(
    name="stage lamps",
    kind="tabular",
    instance_noun="lamp",
    class_names=["on", "off"],
    features=[FeatureSchema(name="bulb_hours", type="numeric", min=0, max=2000)],
    id_range=(10, 90),
)
# a ferry pier's sailings: a class "hold"
PIER = HostSchema(
    name="pier sailings",
    kind="tabular",
    instance_noun="departure",
    class_names=["sail", "hold"],
    features=[FeatureSchema(name="swell_m", type="numeric", min=0, max=6)],
    id_range=(800, 999),
)
# a hop farm's drying kilns
KILNS = HostSchema(
    name="hop kilns",
    kind="tabular",
    instance_noun="kiln",
    class_names=["ready", "wait"],
    features=[
        FeatureSchema(name="haze_index", type="numeric", min=0, max=10),
        FeatureSchema(name="moisture (%)", type="numeric", min=5, max=40),
        FeatureSchema(name="thickness_mm", type="numeric", min=1, max=20),
        FeatureSchema(name="load_kg", type="numeric", min=10, max=500),
    ],
    id_range=(2001, 2200),
)


def read(text: str, host: HostSchema) -> str:
    return selector_text(normalize(text, host), host)


# --- 1. a feature in the other grammatical number ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if shed 4010 had one fewer slug trap", {"SlugTraps": "-1"}),
        ("suppose shed 4010 had 3 more slug traps", {"SlugTraps": "+3"}),
        ("what if shed 4010 had 2 more mouse sightings", {"MiceSightings": "+2"}),
        ("what if shed 4010 had one more mouse sighting", {"MiceSightings": "+1"}),
        ("imagine 4 more goose visits for shed 4010", {"GeeseVisits": "+4"}),
    ],
)
def test_a_feature_said_in_the_other_number(text: str, changes: dict[str, str]) -> None:
    assert extract_changes(text, SHEDS) == changes


def test_the_other_number_is_masked_as_the_feature() -> None:
    assert "zfeat" in read("how many goose visits does a shed get on average", SHEDS)
    assert read("what if shed 4010 had 2 more mouse sightings", SHEDS).endswith("zfeat zchange")


# --- 2. a class in an irregular past or a short inflection ------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "name", "said"),
    [
        ("kept", "keep", True),
        ("keeps", "keep", True),
        ("sold", "sell", True),
        ("dried", "dry", True),
        ("kelp", "keep", False),
        ("dryer", "dry", False),
    ],
)
def test_a_class_inflected(word: str, name: str, said: bool) -> None:
    assert inflected_class(word, name) is said


@pytest.mark.parametrize(
    "text",
    ["why was wheel 310 not kept", "why was wheel 310 sold", "why wasn't wheel 310 dried?", "is 310 going to be sold"],
)
def test_an_inflected_class_is_masked(text: str) -> None:
    assert "zlabel" in read(text, WHEELS)


def test_an_irregular_past_is_the_label_argument() -> None:
    assert extract_argument("expected_label", "why wasn't wheel 310 kept?", WHEELS) == "keep"
    assert "zwhynot" in read("why was wheel 310 not kept", WHEELS)


# --- 3. an everyday word as a class ---------------------------------------------------------------------------------


def test_which_classes_are_everyday_words() -> None:
    assert everyday_class("keep") and everyday_class("On") and everyday_class("hold")
    assert not everyday_class("sell") and not everyday_class("repair") and not everyday_class("keep going")


@pytest.mark.parametrize(
    ("text", "host", "read_as"),
    [
        # a verb of requests with its object: the request's verb
        ("what keeps 310 on sell", WHEELS, "what keeps znum on zlabel"),
        ("which conditions make it hold a ferry", PIER, "which conditions make it hold a ferry"),
        # the same words used as the class
        ("why was wheel 310 kept", WHEELS, "why was znoun znum zlabel"),
        ("precision for keep", WHEELS, "precision for zlabel"),
        ("is departure 810 a hold", PIER, "is znoun znum a zlabel"),
        ("sail vs hold, how many of each", PIER, "zlabel vs zlabel , how many of each"),
        # a preposition: the class only where the grammar puts a class
        ("how well does it do on average", LAMPS, "how well does it do on average"),
        ("how sure is the call on lamp 20", LAMPS, "how sure is the call on znoun znum"),
        ("why is lamp 20 on", LAMPS, "why is znoun znum zlabel"),
        ("what keeps lamp 20 on?", LAMPS, "what keeps znoun znum zlabel ?"),
        ("on vs off, how many of each", LAMPS, "zlabel vs zlabel , how many of each"),
        ("what makes a lamp stay on", LAMPS, "what makes a znoun stay zlabel"),
    ],
)
def test_an_everyday_class_word_is_masked_only_as_the_class(text: str, host: HostSchema, read_as: str) -> None:
    assert read(text, host) == read_as


def test_a_quoted_everyday_class_is_the_class() -> None:
    text = "what would flip lamp 20 to 'on'"
    start = text.index("on'")
    assert class_said_as_class(text, start, start + 2, "on")


# --- 4. comparatives of a feature's own word --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if kiln 2010 were hazier by three", {"haze_index": "+3"}),
        ("what if kiln 2010 was ten points drier", {"moisture (%)": "-10"}),
        ("suppose kiln 2010 was 4 points wetter", {"moisture (%)": "+4"}),
        ("what if the layer in kiln 2010 were thicker by 2", {"thickness_mm": "+2"}),
    ],
)
def test_a_comparative_of_the_features_word_is_a_step(text: str, changes: dict[str, str]) -> None:
    assert extract_changes(text, KILNS) == changes


@pytest.mark.parametrize("text", ["what if kiln 2010 were better by 2", "what if kiln 2010 were 2 higher"])
def test_a_comparative_of_no_quantity_names_no_feature(text: str) -> None:
    assert not (extract_changes(text, KILNS) or {}).keys() & {"haze_index", "moisture (%)", "thickness_mm"}


# --- 5. the flag reads amounts said in words ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["what if kiln 2010 were hazier by three", "what if kiln 2010 held 20 kilos less", "kiln 2010 but drier"]
)
def test_the_change_flag_reads_worded_changes(text: str) -> None:
    flagged = "zchange" in read(text, KILNS)
    assert flagged is bool(extract_changes(text, KILNS))


def test_the_flag_stays_off_without_a_change() -> None:
    assert "zchange" not in read("what does the model predict for a kiln with 20 % moisture", KILNS)
    assert "zchange" not in read("why is kiln 2010 ready", KILNS)
