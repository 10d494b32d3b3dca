"""The page shows, under a what-if, the note that a feature the host keeps fixed cannot change in reality (newuser45).

Before, the note under a what-if appeared only for a value outside the data's range; a what-if on a fixed feature
showed bars and a table of changes as if the change could be made.
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
def kettle_host() -> Any:
    """Forty invented kettles whose age the host keeps fixed, and a small tree on two features."""
    rng = np.random.default_rng(4507)
    data = pd.DataFrame(
        {
            "kettle_no": np.arange(4501, 4541),
            "age_years": rng.integers(1, 20, 40),
            "scale_mm": np.round(rng.uniform(0, 3, 40), 1),
        }
    )
    data["verdict"] = np.where(data.scale_mm + 0.1 * data.age_years < 2, "keep", "descale")
    model = DecisionTreeClassifier(max_depth=2, random_state=0).fit(data[["age_years", "scale_mm"]], data.verdict)
    return host_from_model(
        model,
        data,
        name="kettles",
        target="verdict",
        instance_noun="kettle",
        id_column="kettle_no",
        immutable_features=["age_years"],
    )


def test_a_what_if_on_a_fixed_feature_shows_its_note_on_the_page(kettle_host: Any) -> None:
    from playwright.sync_api import expect

    ages = {i: kettle_host.resolve(i).values["age_years"] for i in range(4501, 4541)}
    young = min(ages, key=ages.__getitem__)  # two years older stays inside the ages the data shows
    with router_page(kettle_host, width=1100, height=800) as page:
        expect(page.locator("#empty")).to_contain_text("kettle 4501")
        answer = ask_on_page(page, f"what if kettle {young} were 2 years older?")
        note = answer.locator("p.note.beyond")
        expect(note).to_contain_text("the host keeps age_years fixed: it cannot change in reality")
