"""The question box shows the host's first example question when it fits on the box's line (newuser39).

Before, the page offered the example only when it had fewer than 48 characters: a host whose ids have six
digits ("what does the model predict for cylinder 141701?", 49 characters) never got one on a desktop, where
the box has room for twice that.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.tree import DecisionTreeClassifier

from simxai.hosts import host_from_model

from .helpers import CHROMIUM, router_page

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed (.ci/run installs it)"),
]


@pytest.fixture(scope="module")
def cylinder_host() -> Any:
    """Forty dive cylinders with six-digit ids (141701 on) and a small tree on two features."""
    rng = np.random.default_rng(141701)
    data = pd.DataFrame(
        {
            "cylinder_id": np.arange(141701, 141741),
            "age_years": rng.integers(1, 30, 40),
            "wall_loss_pct": np.round(rng.uniform(0, 12, 40), 1),
        }
    )
    data["hydro_test"] = np.where(data.wall_loss_pct + 0.2 * data.age_years < 8, "passes", "fails")
    model = DecisionTreeClassifier(max_depth=2, random_state=0).fit(
        data[["age_years", "wall_loss_pct"]], data.hydro_test
    )
    return host_from_model(
        model, data, name="cylinders", target="hydro_test", instance_noun="cylinder", id_column="cylinder_id"
    )


def _placeholder(page: Any) -> str:
    """The box's placeholder once the page has read the host (its empty state then names cylinder 141701)."""
    from playwright.sync_api import expect

    # a locator's expectation, not `wait_for_function`: the page's Content Security Policy forbids evaluating a string
    expect(page.locator("#empty")).to_contain_text("cylinder 141701")
    return str(page.get_by_label("Your question").get_attribute("placeholder"))


def test_a_long_example_is_shown_when_the_box_has_room(cylinder_host: Any) -> None:
    with router_page(cylinder_host, width=1100, height=800) as page:
        assert _placeholder(page) == "Ask about the model, e.g. what does the model predict for cylinder 141701?"


def test_an_example_that_does_not_fit_a_phones_box_is_left_out(cylinder_host: Any) -> None:
    with router_page(cylinder_host, width=390, height=844) as page:
        assert _placeholder(page) == "Ask about the model…"


def test_the_example_goes_when_the_page_narrows_and_comes_back_when_it_widens(cylinder_host: Any) -> None:
    """Measured once at load, the example stayed on a window made narrow afterwards and was cut off mid-word."""
    from playwright.sync_api import expect

    box_of = "Ask about the model, e.g. what does the model predict for cylinder 141701?"
    with router_page(cylinder_host, width=1100, height=800) as page:
        assert _placeholder(page) == box_of
        page.set_viewport_size({"width": 390, "height": 844})
        expect(page.get_by_label("Your question")).to_have_attribute("placeholder", "Ask about the model…")
        page.set_viewport_size({"width": 1100, "height": 800})
        expect(page.get_by_label("Your question")).to_have_attribute("placeholder", box_of)


def test_a_what_if_outside_the_data_shows_its_note_on_the_page(cylinder_host: Any) -> None:
    from playwright.sync_api import expect

    from .helpers import ask_on_page

    ages = {i: cylinder_host.resolve(i).values["age_years"] for i in range(141701, 141741)}
    oldest = max(ages, key=ages.__getitem__)  # ten years older lands past the oldest the data shows
    with router_page(cylinder_host, width=1100, height=800) as page:
        _placeholder(page)
        answer = ask_on_page(page, f"what if cylinder {oldest} were 10 years older?")
        expect(answer.locator(".figures")).to_contain_text("What if, for cylinder")
        # said once: the router's reply ends with the note, so the figure does not repeat it (newuser46)
        said = "".join(answer.locator(".reply, .figures").all_inner_texts())
        assert said.count("lies outside the values the data shows") == 1, said
        assert "age_years" in said
