"""Round 30 (lead30), on an invented host of apple-picking shifts in an Alsatian orchard, in our own wording: numbers
written the continental way (an id with a thousands dot, a decimal comma), a number taken back with a star before
the one typed again, widths and gaps said by their comparatives, a count asked for with "give me", the class wanted
said as "not X but Y", and a follow-up question with a remark after it.
"""

from __future__ import annotations

import pytest

from simxai._number_forms import decimal_points
from simxai._self_repair import self_corrected
from simxai.backends._router_remarks import question_then_remarks
from simxai.backends.router import RouterBackend
from simxai.extraction import extract_changes, extract_count, extract_ids
from simxai.extraction._features import extract_target_label
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.normalize import normalize
from tests.backends.routing import after, route

ORCHARD = HostSchema(
    name="orchard shifts",
    kind="tabular",
    instance_noun="shift",
    class_names=["clean", "bruised", "juice"],
    features=[
        FeatureSchema(name="block", type="categorical", categories=["north", "river", "chapel"], aliases=["block"]),
        FeatureSchema(name="sprayed", type="categorical", categories=["False", "True"], aliases=["sprayed"]),
        FeatureSchema(name="ladder_m", type="numeric", min=2.0, max=6.5, aliases=["ladder"]),
        FeatureSchema(name="row_gap_cm", type="numeric", min=20, max=180, aliases=["row gap", "gap"]),
        FeatureSchema(name="crates", type="numeric", min=1, max=40, aliases=["crates"]),
        FeatureSchema(name="Pressure", type="numeric", min=100, max=400, aliases=["pressure"]),
    ],
    id_range=(240001, 240600),
)


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("why is 240.117 marked as juice?", [240117]),
        ("shift 240.009, what does the model say", [240009]),
        ("and 240.600?", [240600]),
    ],
)
def test_an_id_written_with_a_thousands_dot(text: str, ids: list[int]) -> None:
    assert extract_ids(text, ORCHARD) == ids


def test_a_dotted_number_that_is_no_id_or_is_a_named_value_stays() -> None:
    assert normalize("a load of 24.500 apples", ORCHARD) == "a load of 24.500 apples"  # 24500 is no id
    # the pressure named right before it can take 240.250: a decimal value of that feature
    assert normalize("what if 240117 ran at a pressure of 240.250?", ORCHARD) == (
        "what if 240117 ran at a pressure of 240.250?"
    )


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("a ladder 0,5 m longer", "a ladder 0.5 m longer"),
        ("it says 0,82 for clean", "it says 0.82 for clean"),
        ("between 2,5 and 3,5 m", "between 2.5 and 3.5 m"),
        # left as written: a list, the English thousands, two digits after a whole number, record numbers
        ("shifts 3,4,5", "shifts 3,4,5"),
        ("1,250 crates", "1,250 crates"),
        ("12,25", "12,25"),
        ("ids 7,8", "ids 7,8"),
        ("shift 4,5", "shift 4,5"),
        ("2,5 or 9", "2,5 or 9"),
    ],
)
def test_a_decimal_comma_is_a_point(text: str, written: str) -> None:
    assert decimal_points(text, "shift") == written


def test_a_decimal_comma_reaches_the_change() -> None:
    assert extract_changes("what if 240117 had a ladder 1,5 m longer?", ORCHARD) == {"ladder_m": "+1.5"}
    assert extract_changes("240.117 with a 4,5 m ladder instead", ORCHARD) == {"ladder_m": 4.5}


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("what if 240117 filled 12 crates *14 crates?", "what if 240117 filled 14 crates?"),
        ("a row gap of 60 cm *80 cm, what then", "a row gap of 80 cm, what then"),
        ("the wind at 3 m/s *4 m/s", "the wind at 4 m/s"),
        ("240.117 ... *240.171, a slip of the finger", "240.171, a slip of the finger"),
        ("a 4 m ladder *4,5 m ladder", "a 4,5 m ladder"),
        # no star before a number, or a product: nothing is taken back
        ("2*3 crates", "2*3 crates"),
        ("the *best* shift", "the *best* shift"),
    ],
)
def test_a_star_before_the_number_typed_again(text: str, kept: str) -> None:
    assert self_corrected(text) == kept


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("what if the row gap of 240117 was 20 cm wider?", {"row_gap_cm": "+20"}),
        ("and if the row gap of 240117 were 15 cm narrower", {"row_gap_cm": "-15"}),
        ("and if the gap of 240117 were 10 cm closer", {"row_gap_cm": "-10"}),
        # a width of something the host does not record is no change of a feature with the same unit
        ("what if the lane was 1 m wider for 240117?", None),
    ],
)
def test_widths_and_gaps_by_their_comparatives(text: str, changes: dict[str, object] | None) -> None:
    assert extract_changes(text, ORCHARD) == changes


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("alternatives for 240117, give me 5.", 5),
        ("how could 240117 become clean? I'd like 2 of those", 2),
        ("what would change 240117 - show me three", 3),
        ("why is 240117 bruised, give me the reasons", None),
    ],
)
def test_a_count_asked_for_at_the_end(text: str, count: int | None) -> None:
    assert extract_count(text, {240117}) == count


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("what would make 240117 not bruised but clean?", "clean"),
        ("so that 240117 ends not as juice, but as a clean shift", "clean"),
    ],
)
def test_not_one_class_but_another(text: str, wanted: str) -> None:
    assert extract_target_label(text, ORCHARD) == wanted


def test_a_question_then_a_remark() -> None:
    said = "And for 240117 specifically? It was a hot afternoon."
    assert question_then_remarks(said, ORCHARD) == "And for 240117 specifically?"
    assert question_then_remarks("And for 240117? 31 crates, our best.", ORCHARD) == "And for 240117?"
    # a second question, a supposition or no question first: nothing is split off
    assert question_then_remarks("And for 240117? Why is that?", ORCHARD) is None
    assert question_then_remarks("And for 240117? Suppose it had 3 crates.", ORCHARD) is None
    assert question_then_remarks("It was a hot day. And for 240117?", ORCHARD) is None
    # a second instance after the question goes on with the request: no remark
    assert question_then_remarks("Is that right? 240118 too.", ORCHARD) is None
    assert question_then_remarks("Is that right? And the next one.", ORCHARD) is None


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def test_a_starred_correction_reaches_the_call(router: RouterBackend) -> None:
    assert route(router, "what if 240117 had a ladder of 4 m *5,5 m?", ORCHARD) == (
        "",
        [("explain_what_if", {"instance": 240117, "changes": {"ladder_m": 5.5}})],
    )


def test_the_follow_up_question_before_a_remark(router: RouterBackend) -> None:
    history = after("get_global_explanation", "which features weigh most overall?")
    assert route(router, "And for 240.117 specifically? It was 31,5 degrees that day.", ORCHARD, history) == (
        "",
        [("get_local_explanation", {"instance": 240117})],
    )
