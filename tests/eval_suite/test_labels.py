import pytest

from simxai.eval_suite.data.labels import (
    COXQL_OPERATIONS,
    ELEVEN,
    LEGACY_LABELS,
    NO_TOOL,
    UNMAPPED,
    argument_matches,
    coxql_gold,
    parse_gold,
)
from simxai.functions import ELEVEN as FUNCTIONS

README_OPERATIONS = (
    "countdata, show, label, keywords, similar, mistake, score, nlpattribute, influence, rationalize, "
    "predict, likelihood, data, domain, function, model, qatutorial, editlabel, learn, unlearn, "
    "adversarial, augment, cfe"
).split(", ")


def test_the_eleven_are_the_engines_functions_in_order():
    assert ELEVEN == tuple(f.__name__ for f in FUNCTIONS)


def test_every_coxql_operation_is_mapped_or_marked_unmapped():
    assert sorted(COXQL_OPERATIONS) == sorted(README_OPERATIONS)
    for target in COXQL_OPERATIONS.values():
        assert target in ELEVEN or target == UNMAPPED or target in {"get_system_information", "count_mistakes"}
    # The README names these as having no counterpart among the eleven.
    for op in ("similar", "augment", "adversarial", "domain", "qatutorial", "editlabel", "learn", "unlearn"):
        assert COXQL_OPERATIONS[op] == UNMAPPED


def test_gold_alternatives_and_no_tool():
    gold = parse_gold("explain_how_to_be_that / explain_why_not")
    assert gold.alternatives == ("explain_how_to_be_that", "explain_why_not")
    assert gold.accepts("explain_why_not") and not gold.accepts("get_prediction") and not gold.accepts(None)
    assert gold.row_for("explain_why_not") == "explain_why_not"
    assert gold.row_for("get_prediction") == "explain_how_to_be_that"
    assert parse_gold("no tool / get_model_information").alternatives == (NO_TOOL, "get_model_information")
    assert parse_gold("no tool").in_scope


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("[cfe(input, label)]", "explain_how_to_be_that"),
        ("[cfe(input,label)]", "explain_how_to_be_that"),
        ("[SHAP(input,label)]", "get_local_explanation"),
        ("predict", "get_prediction"),
        ("importance", "get_local_explanation"),
        ("still", "explain_how_to_still_be_this"),
        ("cfe", "explain_how_to_be_that"),
        ("system", "get_system_information"),
        ("mistake sample", "sample_mistakes"),
        ("score accuracy", "get_model_performance"),
    ],
)
def test_legacy_vocabulary_goes_through_the_table(raw, expected):
    assert parse_gold(raw).alternatives == (expected,)


def test_labels_outside_the_eleven_are_excluded_not_dropped():
    gold = parse_gold("count_mistakes")
    assert not gold.in_scope and gold.excluded_label == "count_mistakes"
    assert parse_gold(LEGACY_LABELS["knowledge"]).excluded_label == "knowledge"
    with pytest.raises(ValueError):
        parse_gold("  ")


def test_coxql_gold_first_operation_and_arguments():
    gold, argument = coxql_gold("filter id 523 and predict and nlpattribute all default [E]")
    assert gold.alternatives == ("get_prediction",) and argument == "523"
    gold, argument = coxql_gold("score f1 [E]")
    assert gold.alternatives == ("get_model_performance",) and argument == "f1"
    assert coxql_gold("mistake sample [E]")[0].alternatives == ("sample_mistakes",)
    gold, _ = coxql_gold("filter id 30 and similar 2 [E]")
    assert gold.alternatives == (UNMAPPED,) and gold.excluded_label == "UNMAPPED (similar)"
    gold, _ = coxql_gold("includes [E]")  # only a filter: no operation
    assert gold.excluded_label == "UNMAPPED (includes)"
    with pytest.raises(ValueError):
        coxql_gold("hello [E]")


def test_argument_matching_normalises_values_and_metric_names():
    assert argument_matches("The movie was dull.", "get_prediction", {"instance": "the movie was dull"})
    assert argument_matches("roc", "get_model_performance", {"metric": "roc_auc"})
    assert argument_matches("523", "get_prediction", {"instance": 523})
    assert argument_matches("5,1,5", "explain_why_not", {"instance": "5,1,5", "expected_label": "x"})
    assert not argument_matches("accuracy", "get_model_performance", {"metric": "f1"})
    assert not argument_matches("a review", "get_prediction", {})


def test_the_public_face_is_honest():
    import simxai.eval_suite as suite

    assert sorted(suite.__all__) == sorted(set(suite.__all__))
    for name in suite.__all__:
        assert getattr(suite, name) is not None


def test_the_docs_show_every_coxql_operation(datasets_dir):
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "eval.md").read_text()
    for op in COXQL_OPERATIONS:
        assert f"`{op}`" in docs
    for label in LEGACY_LABELS:
        assert label.split()[0] in docs
