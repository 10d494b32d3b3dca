"""The page marks a value the data did not record, shown as the model's imputer fills it in (newuser40).

An invented host: forty beehives, one empty cell of `brood_frames`, a pipeline whose SimpleImputer fills it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.impute import SimpleImputer
from sklearn.pipeline import make_pipeline
from sklearn.tree import DecisionTreeClassifier

from simxai.hosts import host_from_model

from .helpers import CHROMIUM, ask_on_page, router_page

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed (.ci/run installs it)"),
]


@pytest.fixture(scope="module")
def hive_host() -> Any:
    rng = np.random.default_rng(40)
    data = pd.DataFrame(
        {
            "hive_no": np.arange(301, 341),
            "brood_frames": rng.integers(2, 10, 40).astype(float),
            "mite_count": rng.integers(0, 40, 40),
        }
    )
    data["colony"] = np.where(data.brood_frames - data.mite_count / 8 > 3, "thriving", "weak")
    data.loc[4, "brood_frames"] = np.nan
    model = make_pipeline(SimpleImputer(strategy="median"), DecisionTreeClassifier(max_depth=3, random_state=0))
    model.fit(data[["brood_frames", "mite_count"]], data.colony)
    return host_from_model(model, data, name="apiary", target="colony", instance_noun="hive", id_column="hive_no")


def test_a_bar_of_an_unrecorded_value_is_starred_and_the_star_explained(hive_host: Any) -> None:
    from playwright.sync_api import expect

    with router_page(hive_host) as page:
        answer = ask_on_page(page, "why does the model predict that for hive 305?")
        expect(answer.locator(".reply")).to_contain_text("For hive 305, brood_frames was missing in the data")
        # (the page lets long names break after an underscore with a zero-width space)
        labels = [t.replace("\u200b", "") for t in answer.locator("figure.picture .bar-row .feat").all_inner_texts()]
        assert [t for t in labels if t.endswith("*")] == ["brood_frames = 5*"]
        expect(answer.locator("figure.picture p.note.filled")).to_have_text(
            "* missing in the data: the value the model's imputer fills in."
        )
        other = ask_on_page(page, "why does the model predict that for hive 306?", 1)
        expect(other.locator("figure.picture p.note.filled")).to_have_count(0)


def test_a_what_if_on_an_unrecorded_value_stars_the_value_it_changes_from(hive_host: Any) -> None:
    from playwright.sync_api import expect

    with router_page(hive_host) as page:
        answer = ask_on_page(page, "what if hive 305 had 9 brood frames?")
        expect(answer.locator(".reply")).to_contain_text(
            "brood_frames was missing in the data: the value changed from is what the model's imputer fills in."
        )
        cells = answer.locator("figure.picture table.grid td").all_inner_texts()
        assert cells[:2] == ["brood_frames", "5*"]
        expect(answer.locator("figure.picture p.note.filled")).to_have_text(
            "* missing in the data: the value the model's imputer fills in."
        )


@pytest.fixture(scope="module")
def gauge_host() -> Any:
    """A model that reads a missing value itself (newuser42): the gap stays missing, with no imputer's value."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    rng = np.random.default_rng(42)
    data = pd.DataFrame(
        {
            "gauge_no": np.arange(801, 861),
            "surge_cm": np.round(rng.uniform(0, 90, 60), 1),
            "gust_kn": np.round(rng.uniform(0, 60, 60), 1),
        }
    )
    data["alert"] = np.where(data.surge_cm / 30 + data.gust_kn / 25 > 2.6, "flood", "calm")
    data.loc[[2, 7, 11], "surge_cm"] = np.nan
    model = HistGradientBoostingClassifier(max_iter=10, min_samples_leaf=5, random_state=0)
    model.fit(data[["surge_cm", "gust_kn"]], data.alert)
    return host_from_model(model, data, name="tide", target="alert", instance_noun="gauge", id_column="gauge_no")


def test_a_value_the_model_reads_as_missing_is_shown_as_missing(gauge_host: Any) -> None:
    from playwright.sync_api import expect

    with router_page(gauge_host) as page:
        answer = ask_on_page(page, "why does the model predict that for gauge 803?")
        expect(answer.locator(".reply")).to_contain_text("surge_cm = missing (pushes")
        labels = [t.replace("\u200b", "") for t in answer.locator("figure.picture .bar-row .feat").all_inner_texts()]
        assert "surge_cm = missing" in labels
        expect(answer.locator("figure.picture p.note.filled")).to_have_count(0)
        changed = ask_on_page(page, "what if gauge 803 had a surge of 80?", 1)
        cells = changed.locator("figure.picture table.grid td").all_inner_texts()
        assert cells[:3] == ["surge_cm", "missing", "80"]
