"""A what-if to values the instance already has shows one prediction on the page, not the same bars twice (newuser47).

Before, "what if plot 7001 had 13 kg of compost?" (it has 13) showed "Before: no ribbon" and "After: no ribbon" with
identical bars under a reply that says nothing changes. An invented record of allotment plots.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.tree import DecisionTreeClassifier

from simxai.hosts import host_from_model

from .helpers import CHROMIUM, ask_on_page, router_page

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed (.ci/run installs it)"),
]


@pytest.fixture(scope="module")
def plot_host() -> Any:
    rng = np.random.default_rng(4748)
    data = pd.DataFrame(
        {
            "plot_no": np.arange(7001, 7041),
            "compost_kg": rng.integers(0, 40, 40),
            "sun_hours": np.round(rng.uniform(3, 10, 40), 1),
        }
    )
    data["ribbon"] = np.where(data.compost_kg * 0.1 + data.sun_hours * 0.5 > 5, "ribbon", "no ribbon")
    model = DecisionTreeClassifier(max_depth=2, random_state=0).fit(data[["compost_kg", "sun_hours"]], data.ribbon)
    return host_from_model(model, data, name="garden", target="ribbon", instance_noun="plot", id_column="plot_no")


def test_a_what_if_that_changes_nothing_shows_one_prediction(plot_host: Any) -> None:
    from playwright.sync_api import expect

    compost = int(plot_host.resolve(7001).values["compost_kg"])
    with router_page(plot_host, width=1100, height=800) as page:
        answer = ask_on_page(page, f"what if plot 7001 had {compost} kg of compost?")
        expect(answer.locator(".reply")).to_contain_text(f"Plot 7001 already has compost_kg = {compost}")
        figure = answer.locator(".figures")
        expect(figure).to_contain_text("nothing changes: the prediction stays")
        expect(figure).to_contain_text(f"{compost} (unchanged)")
        expect(figure).not_to_contain_text("Before:")
        expect(figure).not_to_contain_text("After:")
        moved = ask_on_page(page, f"what if plot 7001 had {compost + 1} kg of compost?", index=1)
        expect(moved.locator(".figures")).to_contain_text("Before:")
        expect(moved.locator(".figures")).to_contain_text("After:")
