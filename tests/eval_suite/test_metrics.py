import pytest

from simxai.eval_suite.metrics import agreement, cohen_kappa, confusion_matrix, per_function, score_parse
from simxai.eval_suite.report import ParseCase


def test_kappa_on_hand_computed_cases():
    # po = 3/4; pe = .5 * .25 + .5 * .75 = .5; kappa = (.75 - .5) / .5
    assert cohen_kappa([1, 1, 0, 0], [1, 0, 0, 0]) == pytest.approx(0.5)
    # 50 items, table [[20, 5], [10, 15]]: po = .7; pe = .5 * .6 + .5 * .4 = .5; kappa = .4
    a = ["y"] * 25 + ["n"] * 25
    b = ["y"] * 20 + ["n"] * 5 + ["y"] * 10 + ["n"] * 15
    assert cohen_kappa(a, b) == pytest.approx(0.4)
    assert cohen_kappa([1, 0], [0, 1]) == pytest.approx(-1.0)
    assert cohen_kappa([1, 1, 0], [1, 1, 0]) == pytest.approx(1.0)
    assert cohen_kappa([1, 1, 1], [1, 1, 1]) is None  # chance agreement is 1: undefined
    assert cohen_kappa([], []) is None
    with pytest.raises(ValueError):
        cohen_kappa([1], [1, 0])


def test_agreement_table_rate_and_skipped_pairs():
    pairs = [(True, True)] * 20 + [(True, False)] * 5 + [(False, True)] * 10 + [(False, False)] * 15 + [(True, None)]
    result = agreement("faithfulness", "human", "judge", pairs, names=("preserved", "not_preserved"))
    assert result.table == [[20, 5], [10, 15]]
    assert (result.n, result.agree, result.skipped) == (50, 35, 1)
    assert result.rate == pytest.approx(0.7) and result.kappa == pytest.approx(0.4)


def case(i, gold, predicted, *, in_scope=True, excluded=None, error=None, argument=None, arg_ok=None):
    correct = predicted in gold if gold is not None and predicted is not None else (None if gold is None else False)
    return ParseCase(
        case_id=str(i),
        text="t",
        gold=gold,
        gold_raw=" / ".join(gold) if gold else None,
        in_scope=in_scope,
        excluded_label=excluded,
        predicted=predicted,
        correct=correct,
        error=error,
        argument_gold=argument,
        argument_correct=arg_ok,
    )


def test_headline_accuracy_leaves_out_excluded_labels_but_all_rows_counts_them():
    cases = [
        case(0, ["get_prediction"], "get_prediction", argument="x", arg_ok=True),
        case(1, ["explain_how_to_be_that", "explain_why_not"], "explain_why_not"),
        case(2, ["no tool"], "get_prediction", argument=None),
        case(3, ["count_mistakes"], "get_model_performance", in_scope=False, excluded="count_mistakes"),
        case(4, ["get_prediction"], None, error="BackendUnavailableError: down", argument="y", arg_ok=False),
    ]
    totals = score_parse(cases)
    assert (totals.in_scope, totals.correct) == (4, 2) and totals.accuracy == pytest.approx(0.5)
    assert (totals.labeled, totals.all_rows_correct) == (5, 2) and totals.all_rows_accuracy == pytest.approx(0.4)
    assert totals.excluded == {"count_mistakes": 1} and totals.errors == 1
    assert (totals.argument_cases, totals.argument_correct) == (2, 1)

    matrix = confusion_matrix(cases)
    cell = dict(zip(matrix.predicted_labels, matrix.matrix[matrix.labels.index("explain_why_not")], strict=True))
    assert cell["explain_why_not"] == 1  # a matched alternative takes its own row
    assert "(error)" in matrix.predicted_labels and "count_mistakes" in matrix.labels
    assert sum(map(sum, matrix.matrix)) == 5

    scores = {s.function: s for s in per_function(cases)}
    assert scores["get_prediction"].support == 2 and scores["get_prediction"].correct == 1
    assert scores["get_prediction"].precision == pytest.approx(1 / 2)  # predicted for case 0 and case 2
    assert scores["no tool"].accuracy == 0.0
