"""A feature's distribution by recorded label in the data card, and what a local explanation's numbers mean."""

import numpy as np


def test_a_numeric_feature_has_a_histogram_per_label(demo_host):
    info = demo_host.data_information("bmi").feature
    hist = info.histogram_by_label
    assert len(hist.edges) == 11 and hist.edges[0] == info.min and hist.edges[-1] == info.max
    balance = demo_host.data_information(None).class_balance
    assert {label: sum(counts) for label, counts in hist.counts.items()} == balance
    # The bins agree with the data: the progressing patients sit higher on bmi, as their mean says.
    centers = (np.array(hist.edges[:-1]) + np.array(hist.edges[1:])) / 2
    means = {label: float(np.average(centers, weights=counts)) for label, counts in hist.counts.items()}
    assert means["progressing"] > means["stable"] and info.mean_by_label["progressing"] > info.mean_by_label["stable"]


def test_a_categorical_feature_has_counts_per_category_and_label(demo_host, loan_host):
    info = demo_host.data_information("sex").feature
    assert set(info.counts_by_label) == {"1", "2"}
    assert sum(sum(c.values()) for c in info.counts_by_label.values()) == 442
    region = loan_host.data_information("region").feature.counts_by_label
    assert set(region) == {"north", "south", "east", "west"} and set(region["north"]) == {"approved", "rejected"}


def test_a_local_explanation_says_what_its_numbers_mean(demo_host):
    result = demo_host.local_explanation(demo_host.resolve(12), None)
    text = result.render()
    assert result.output_space == "log-odds"
    assert "The contributions are in log-odds, the model's score before it becomes a probability" in text
    assert f"a probability of {result.probability * 100:.1f}% for {result.label}" in text
    assert "Base value" not in text
