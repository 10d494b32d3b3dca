"""Round 47 (ux47), on invented hosts in our own wording: a cellar's cider casks (an age kept in months), a rowing
club's boats (a rigging age beside a coach's years), a coffee estate's plots (a graded category beside an altitude), a
diving centre's dives (a feature whose name starts with the noun), a library's members (an age, savings) and a
greenhouse's benches. Single-turn readings only: a time said in another unit than an age's own, in a what-if and in a
bound; "early / mid / late" before a decade of a life; a move to a value said with the id between the feature and its
verb; a thing the host does not record named as what might matter, read by its head noun; one number said once gives
one bound; a category word restated by a bound said aside; the host's noun and its id read as no verb of a feature;
half of a unit as 0.5; a bound said aside after a unit or a word of the feature's own name.
"""

from __future__ import annotations

import pytest

from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_group
from simxai.hosts.base import FeatureSchema, HostSchema
from tests.backends.routing import REVIEWS, route

CASKS = HostSchema(
    name="cider cellar casks",
    kind="tabular",
    instance_noun="cask",
    class_names=["bottle", "blend"],
    features=[
        FeatureSchema(name="age (months)", type="numeric", min=1, max=48, aliases=["age", "cask age"]),
        FeatureSchema(name="acidity", type="numeric", min=2, max=5),
        FeatureSchema(name="apple", type="categorical", categories=["bramley", "dabinett", "kingston black"]),
    ],
    id_range=(4201, 4600),
)
BOATS = HostSchema(
    name="rowing club boats",
    kind="tabular",
    instance_noun="boat",
    class_names=["race", "refit"],
    features=[
        FeatureSchema(name="RiggerAgeYrs", type="numeric", min=0, max=40, aliases=["rigger age", "rigging"]),
        FeatureSchema(name="CoachYears", type="numeric", min=0, max=40, aliases=["coach's years", "coaching"]),
        FeatureSchema(name="hull", type="categorical", categories=["carbon", "wood"]),
        FeatureSchema(name="crew weight (kg)", type="numeric", min=200, max=800, aliases=["crew weight"]),
    ],
    id_range=(301, 700),
)
PLOTS = HostSchema(
    name="coffee estate plots",
    kind="tabular",
    instance_noun="plot",
    class_names=["specialty", "commercial"],
    features=[
        FeatureSchema(name="altitude (m)", type="numeric", min=600, max=2200, aliases=["altitude"]),
        FeatureSchema(name="terrace", type="categorical", categories=["upper terrace", "valley terrace"]),
        FeatureSchema(name="shade_pct", type="numeric", min=0, max=80, aliases=["shade"]),
    ],
    id_range=(61001, 61400),
)
DIVES = HostSchema(
    name="diving centre dives",
    kind="tabular",
    instance_noun="dive",
    class_names=["fine", "debrief"],
    features=[
        FeatureSchema(name="diver_weight_kg", type="numeric", min=45, max=130),
        FeatureSchema(name="bottom depth (m)", type="numeric", min=4, max=45),
        FeatureSchema(name="gas", type="categorical", categories=["air", "nitrox"]),
    ],
    id_range=(7701, 8100),
)
MEMBERS = HostSchema(
    name="library members",
    kind="tabular",
    instance_noun="member",
    class_names=["renew", "lapse"],
    features=[
        FeatureSchema(name="age", type="numeric", min=16, max=95),
        FeatureSchema(name="savings", type="numeric", min=0, max=9000),
        FeatureSchema(name="loans_per_year", type="numeric", min=0, max=120),
        FeatureSchema(name="branch", type="categorical", categories=["harbour", "market", "hill"]),
    ],
    id_range=(1, 500),
)
BENCHES = HostSchema(
    name="greenhouse benches",
    kind="tabular",
    instance_noun="bench",
    class_names=["healthy", "stressed"],
    features=[
        FeatureSchema(name="leaf wet (%)", type="numeric", min=0, max=100, aliases=["leaf wet", "wet"]),
        FeatureSchema(name="lamp_age", type="numeric", min=1, max=40, aliases=["lamp age", "lamps"]),
        FeatureSchema(name="bench tilt (deg)", type="numeric", min=0, max=6, aliases=["bench tilt", "tilt"]),
        FeatureSchema(name="gap (mm)", type="numeric", min=0, max=12, aliases=["gap"]),
    ],
    id_range=(901, 1300),
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


# --- a time said in another unit than the age's own ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "change"),
    [
        ("suppose cask 4300 were 5 months older", "+5"),  # was +0.42: the unit read as years
        ("what if cask 4300 was 3 months younger", "-3"),
        ("what if cask 4300 were a year older", "+12"),
        ("and if cask 4300 had been two years newer?", "-24"),  # "newer" of an age is younger
        ("if cask 4300 was just a year old", 12),
        ("suppose cask 4300 were 9 months old", 9),
    ],
)
def test_an_age_kept_in_months_takes_any_unit(text: str, change: object) -> None:
    assert extract_changes(text, CASKS) == {"age (months)": change}


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("accuracy on casks older than 3 years", "age (months) > 36"),
        ("how many casks over 2 yrs are there", "age (months) > 24"),
        ("precision for casks younger than 1 year", "age (months) < 12"),
        ("casks under 18 months old", "age (months) < 18"),  # in its own unit: as said
        ("casks between 1 and 2 years old", "age (months) >= 12 and age (months) <= 24"),
    ],
)
def test_an_age_bound_in_another_unit_is_converted(text: str, group: str) -> None:
    assert extract_group(text, CASKS) == group


def test_an_age_in_years_keeps_its_numbers() -> None:
    assert extract_group("accuracy on members older than 30 years", MEMBERS) == "age > 30"
    assert extract_changes("what if member 12 were 4 years older", MEMBERS) == {"age": "+4"}


# --- early / mid / late before a decade ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("recall for members in their late forties", "age >= 47 and age <= 49"),
        ("how many members are in their early thirties", "age >= 30 and age <= 33"),
        ("precision on members in their mid-60s", "age >= 64 and age <= 66"),
        ("how many members are in their seventies", "age >= 70 and age <= 79"),  # the whole decade, as before
    ],
)
def test_a_part_of_a_decade_is_its_years(text: str, group: str) -> None:
    assert extract_group(text, MEMBERS) == group


def test_a_part_of_a_decade_needs_an_age_feature() -> None:
    assert extract_group("casks in their late forties", CASKS) is None  # no age of a life: nothing read


# --- a move to a value with the id between the feature and its verb --------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "what if the savings of member 12 climb to 4000?",
        "suppose the savings of member 12 jumped to 4000",
        "and if the savings for member 12 would go up to 4000?",
    ],
)
def test_a_move_to_a_value_said_around_the_id(text: str) -> None:
    assert extract_changes(text, MEMBERS) == {"savings": 4000}


def test_a_move_around_the_id_is_routed_with_its_change(router: RouterBackend) -> None:
    asked, made = route(router, "what if the savings of member 12 climb to 4000?", MEMBERS)
    assert asked == "" and made == [("explain_what_if", {"instance": 12, "changes": {"savings": 4000}})]


# --- a thing the host does not record, read by its head noun ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("does the hull varnish matter?", "hull varnish"),  # "hull" is a feature, "varnish" no feature
        ("does the branch manager matter much", "branch manager"),
        ("does the colour of the oars matter?", "colour of the oars"),
    ],
)
def test_a_thing_whose_head_the_host_lacks_is_asked_about(router: RouterBackend, text: str, thing: str) -> None:
    host = MEMBERS if "manager" in text else BOATS
    asked, made = route(router, text, host)
    assert made == []
    assert f"The data records nothing about '{thing}'" in asked


@pytest.mark.parametrize(
    ("text", "host"),
    [
        ("does the hull matter?", BOATS),
        ("does the hull type matter at all?", BOATS),  # an attribute of a feature's word: that feature
        ("does the crew weight matter much", BOATS),
        ("does the branch matter?", MEMBERS),
    ],
)
def test_a_thing_the_host_holds_is_ranked(router: RouterBackend, text: str, host: HostSchema) -> None:
    asked, made = route(router, text, host)
    assert asked == "" and [name for name, _ in made] == ["get_global_explanation"]


# --- one number said once gives one bound -----------------------------------------------------------------------------


def test_a_number_bound_by_the_feature_named_binds_no_other_in_its_unit() -> None:
    # "rigging" names RiggerAgeYrs; "years" is also a word of CoachYears, which the 20 does not bound
    assert extract_group("how many boats carry rigging older than 15 years", BOATS) == "RiggerAgeYrs > 15"
    assert extract_group("boats with rigging over 10 and coaching over 20 years", BOATS) == (
        "RiggerAgeYrs > 10 and CoachYears > 20"
    )


# --- a category word restated by a bound said aside -------------------------------------------------------------------


def test_a_graded_word_restated_by_a_bound_said_aside_is_no_category() -> None:
    assert extract_group("how does it do on the upper plots, above 1500 m?", PLOTS) == "altitude (m) > 1500"
    assert extract_group("how does it do on the upper plots?", PLOTS) == "terrace = upper terrace"  # no bound
    assert extract_group("precision on the upper terrace plots, above 1500 m", PLOTS) == (
        "altitude (m) > 1500 and terrace = upper terrace"  # the whole category named: kept
    )


# --- the noun and its id are no verb of a feature ---------------------------------------------------------------------


def test_the_noun_and_its_id_are_no_value_of_a_feature_it_starts() -> None:
    assert extract_changes("what if dive 7710 were 3 m deeper", DIVES) == {"bottom depth (m)": "+3"}
    assert extract_changes("what if the diver on dive 7710 weighed 90 kg", DIVES) == {"diver_weight_kg": 90}


# --- half of a unit, and a bound said aside after a unit or the feature's own word ------------------------------------


def test_half_of_a_unit_is_a_half() -> None:
    assert extract_changes("what if bench 950 had a tilt of only half a degree", BENCHES) == {"bench tilt (deg)": 0.5}
    assert extract_changes("if we close the gap on bench 950 down to half a mil", BENCHES) == {"gap (mm)": 0.5}


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("how accurate is it on the old lamps, over 20 yrs", "lamp_age > 20"),  # a unit, no noun of other rows
        ("is it any good on the wet ones, leaf above 60", "leaf wet (%) > 60"),  # the feature's own word
    ],
)
def test_a_bound_said_aside_with_a_unit_or_the_features_word(text: str, group: str) -> None:
    assert extract_group(text, BENCHES) == group


def test_a_bound_said_aside_with_another_features_word_stays_that_features() -> None:
    assert extract_group("is it any good on the wet ones, tilt above 3", BENCHES) == "bench tilt (deg) > 3"


def test_plus_an_amount_right_after_the_id_is_that_many_more() -> None:
    assert extract_changes("member 40 plus 12 loans per year", MEMBERS) == {"loans_per_year": "+12"}
    assert extract_changes("member 40 plus 12 loans per year", MEMBERS, worded_amounts=False) is None  # not the flag


# --- a text edit said without quotes, or with the text named between its words ------------------------------------


@pytest.mark.parametrize(
    ("text", "change"),
    [
        ("review 7 if dull became lively", {"dull": "lively"}),
        ("and review 7 if tedious was charming?", {"tedious": "charming"}),
        ("what if 'slow' in review 7 was 'brisk'", {"slow": "brisk"}),
        ("review 7 without the word tedious", {"tedious": ""}),
    ],
)
def test_a_text_edit_in_everyday_words(text: str, change: dict[str, str]) -> None:
    assert extract_changes(text, REVIEWS) == change
    assert extract_changes(text, REVIEWS, worded_amounts=False) is None  # the selector's flag reads as trained


@pytest.mark.parametrize(
    "text",
    ["what if review 7 was positive", "if it was good", "if the sentiment was negative", "review 7 without a doubt"],
)
def test_a_label_or_a_function_word_is_no_text_edit(text: str) -> None:
    assert extract_changes(text, REVIEWS) is None


def test_an_unquoted_edit_is_routed(router: RouterBackend) -> None:
    asked, made = route(router, "review 7 if dull became lively", REVIEWS)
    assert asked == "" and made == [("explain_what_if", {"instance": 7, "changes": {"dull": "lively"}})]


# --- a class done again, and a group named by a quality the host lacks ---------------------------------------------

GANGWAYS = HostSchema(
    name="ferry gangways",
    kind="tabular",
    instance_noun="gangway",
    class_names=["open", "closed"],
    features=[
        FeatureSchema(name="ramp slope (deg)", type="numeric", min=0, max=20, aliases=["slope"]),
        FeatureSchema(name="tide_m", type="numeric", min=0, max=6, aliases=["tide"]),
        FeatureSchema(name="berth", type="categorical", categories=["north", "south"]),
    ],
    id_range=(301, 700),
)


def test_a_class_done_again_is_that_class(router: RouterBackend) -> None:
    asked, made = route(router, "what would it take to get gangway 410 reopened?", GANGWAYS)
    assert asked == "" and made == [("explain_how_to_be_that", {"instance": 410, "target_label": "open"})]


def test_a_group_by_a_quality_no_feature_holds_is_asked_about(router: RouterBackend) -> None:
    asked, made = route(router, "so how are the creaky ones doing", GANGWAYS)
    assert made == [] and asked.startswith("Which creaky ones do you mean?")


@pytest.mark.parametrize("text", ["how are the other ones doing", "thanks, that helps", "how are you doing"])
def test_no_quality_named_keeps_the_plain_reply(router: RouterBackend, text: str) -> None:
    assert route(router, text, GANGWAYS) == ("", [])


def test_an_edit_verb_still_takes_any_two_words() -> None:
    assert extract_changes("review 7, replace better with worse", REVIEWS) == {"better": "worse"}


def test_newer_is_the_events_on_a_host_that_counts_the_time_since_one() -> None:
    kegs = CASKS.model_copy(
        update={"features": [*CASKS.features, FeatureSchema(name="months since racked", type="numeric", min=0, max=30)]}
    )
    assert extract_changes("and if cask 4300 had been racked two months newer?", kegs) == {"months since racked": "-2"}
