"""The page shows, under a what-if, the note that a feature the host keeps fixed cannot change in reality (newuser45),
once (newuser46).

Before, the note under a what-if appeared only for a value outside the data's range; a what-if on a fixed feature
showed bars and a table of changes as if the change could be made. Then the router's reply ended with the note and
the figure said it again below: the figure now keeps only what the reply does not say (an LLM's reply may not).
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


NOTE = "the host keeps age_years fixed: it cannot change in reality"


def _young(host: Any) -> int:
    """A kettle two years older than which stays inside the ages the data shows."""
    ages = {i: host.resolve(i).values["age_years"] for i in range(4501, 4541)}
    return min(ages, key=ages.__getitem__)


def test_a_what_if_on_a_fixed_feature_says_its_note_once_on_the_page(kettle_host: Any) -> None:
    from playwright.sync_api import expect

    young = _young(kettle_host)
    with router_page(kettle_host, width=1100, height=800) as page:
        expect(page.locator("#empty")).to_contain_text("kettle 4501")
        answer = ask_on_page(page, f"what if kettle {young} were 2 years older?")
        expect(answer.locator(".reply")).to_contain_text(NOTE)
        expect(answer.locator(".figures")).to_contain_text("What if, for kettle")
        said = "".join(answer.locator(".reply, .figures").all_inner_texts())
        assert said.count(NOTE) == 1, said


def test_a_reply_without_the_note_leaves_it_under_the_what_if(kettle_host: Any) -> None:
    from playwright.sync_api import expect

    from simxai.backends.testing import ScriptedBackend, call

    young = _young(kettle_host)
    age = kettle_host.resolve(young).values["age_years"]
    backend = ScriptedBackend(
        [call("explain_what_if", instance=young, changes={"age_years": age + 2}), "Here is that what-if."]
    )
    with router_page(kettle_host, width=1100, height=800, backend=backend) as page:
        answer = ask_on_page(page, f"what if kettle {young} were 2 years older?")
        expect(answer.locator(".reply")).not_to_contain_text(NOTE)
        expect(answer.locator("p.note.beyond")).to_contain_text(NOTE)
