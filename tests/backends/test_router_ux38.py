"""Single-turn readings of round 38 (ux38), on an invented cooperage host (oak casks back from a distillery, ids
138601-138750) and the demo and loan schemas. The phrasings are our own.

- A yes/no feature named by a noun is also said by its adjective in -y ("the leaky casks" of `stave_leak`).
- A category before a plural of a word of its own feature's name names the rows with that value ("the brass
  hoops" of `hoop_metal`), but not in a supposition about one cask.
- A plural made from a category with -ers after an article ("for the truckers") is held by the host: it was asked
  about as words the host lacks, although "for truckers" was read; with a place the host lacks it is still asked.
- A plural of a word of the host's own name ("on the casks" of the host "cooperage oak casks", whose instance
  noun is "barrel") is all the data, not a group the function refuses.
- A value set by a participle and "to" in a supposition ("the char were deepened to 4"); "one fill younger"
  steps an age counted in a word of its own name.
- People named by their age ("the teens, under 20") bound the age feature.
- A class after "rather than be" is the one left, not the target.
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.backends.router import RouterBackend
from simxai.hosts.base import FeatureSchema, HostSchema

from .routing import DEMO, LOAN, route

CASKS = HostSchema(
    name="cooperage oak casks",
    kind="tabular",
    instance_noun="barrel",
    class_names=["reuse", "rehoop", "scrap"],
    id_range=(138601, 138750),
    features=[
        FeatureSchema(name="stave_leak", type="categorical", categories=["False", "True"], aliases=["leak"]),
        FeatureSchema(name="hoop_metal", type="categorical", categories=["steel", "iron", "brass"]),
        FeatureSchema(name="route", type="categorical", categories=["truck", "rail"], aliases=["shipping route"]),
        FeatureSchema(name="char_depth_mm", type="numeric", min=1, max=6, aliases=["char depth", "char"]),
        FeatureSchema(name="Fills", type="numeric", min=1, max=9, aliases=["fills", "age"]),
        FeatureSchema(name="volume_l", type="numeric", min=50, max=500, aliases=["volume", "size"]),
    ],
)


@pytest.fixture(scope="module")
def router() -> RouterBackend:
    return RouterBackend()


def _arguments(router: RouterBackend, text: str, schema: HostSchema = CASKS) -> tuple[str, dict[str, Any]]:
    """The one call's function and arguments for `text` ("" and {} when the router asks)."""
    question, calls = route(router, text, schema)
    return (calls[0][0], calls[0][1]) if calls and not question else ("", {})


@pytest.mark.parametrize(
    ("text", "instance"),
    [
        ("what does the model predict for the leaky ones", "stave_leak = True"),
        ("show the predictions for the non-leaky barrels", "stave_leak = False"),
        ("predictions for the brass hoops", "hoop_metal = brass"),
    ],
)
def test_a_group_said_by_an_adjective_or_a_category_with_its_noun(
    router: RouterBackend, text: str, instance: str
) -> None:
    assert _arguments(router, text) == ("get_prediction", {"instance": instance})


def test_a_category_with_its_noun_in_a_supposition_stays_a_change(router: RouterBackend) -> None:
    function, arguments = _arguments(router, "what if barrel 138620 had brass hoops")
    assert function == "explain_what_if"
    assert arguments == {"instance": 138620, "changes": {"hoop_metal": "brass"}}


def test_an_agent_noun_of_a_category_after_an_article_is_read(router: RouterBackend) -> None:
    assert _arguments(router, "the recall for the truckers please") == (
        "get_model_performance",
        {"metric": "recall", "group": "route = truck"},
    )
    assert _arguments(router, "precision for the renters", LOAN) == (
        "get_model_performance",
        {"metric": "precision", "group": "home_ownership = rent"},
    )


def test_an_agent_noun_beside_a_place_the_host_lacks_is_still_asked_about(router: RouterBackend) -> None:
    question, calls = route(router, "precision for the bristol renters", LOAN)
    assert "bristol" in question.lower() and not calls


@pytest.mark.parametrize("text", ["how accurate is it on the casks", "accuracy on oak casks"])
def test_a_plural_of_the_hosts_own_name_is_all_the_data(router: RouterBackend, text: str) -> None:
    assert _arguments(router, text) == ("get_model_performance", {"metric": "accuracy"})


def test_a_plural_the_host_does_not_name_is_not_taken_for_all(router: RouterBackend) -> None:
    function, arguments = _arguments(router, "how accurate is it on the kegs")
    assert arguments.get("group") == "kegs" or function == ""


@pytest.mark.parametrize(
    ("text", "changes"),
    [
        ("barrel 138633 if its char were deepened to 4", {"char_depth_mm": 4}),
        ("what if 138633's volume was trimmed back to 200", {"volume_l": 200}),
        ("what would barrel 138640 get if it were one fill younger", {"Fills": "-1"}),
        ("and if 138640 were a fill older", {"Fills": "+1"}),
    ],
)
def test_a_participle_to_a_value_and_a_step_in_the_ages_own_unit(
    router: RouterBackend, text: str, changes: dict[str, Any]
) -> None:
    function, arguments = _arguments(router, text)
    assert function == "explain_what_if" and arguments["changes"] == changes


def test_people_named_by_their_age_bound_the_age(router: RouterBackend) -> None:
    assert _arguments(router, "accuracy for the teens, under 20", DEMO) == (
        "get_model_performance",
        {"metric": "accuracy", "group": "age < 20"},
    )


def test_the_class_after_rather_than_be_is_left(router: RouterBackend) -> None:
    text = "what must change for barrel 138655 to end up a rehoop rather than be scrap"
    function, arguments = _arguments(router, text)
    assert function == "explain_how_to_be_that"
    assert arguments == {"instance": 138655, "target_label": "rehoop"}
