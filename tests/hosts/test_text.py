"""TextHost and the VADER sentiment host: every reported number is re-checked against the model or sklearn."""

from __future__ import annotations

import math
import re
from itertools import combinations

import numpy as np
import pytest
from sklearn import metrics

from simxai.exceptions import ArgumentError, HostError
from simxai.hosts.base import METRICS, Host
from simxai.hosts.sentiment import load_reviews, load_sentiment_host, vader_predict_proba
from simxai.hosts.text import TextDataCard, TextHost, words_of

CLASSES = ["negative", "positive"]


@pytest.fixture(scope="module")
def host() -> TextHost:
    return load_sentiment_host()


@pytest.fixture(scope="module")
def reviews() -> list[tuple[str, str]]:
    return load_reviews()


def _vader(text: str) -> np.ndarray:
    return vader_predict_proba([text])[0]


def _label(text: str) -> str:
    return CLASSES[int(np.argmax(_vader(text)))]


# ------------------------------------------------------------------------------------- data and schema


def test_review_set_is_balanced_unique_and_short(reviews):
    texts = [t for t, _ in reviews]
    labels = [lab for _, lab in reviews]
    assert len(reviews) == 120
    assert labels.count("positive") == labels.count("negative") == 60
    assert len(set(texts)) == len(texts)
    assert all(3 <= len(words_of(t)) <= 20 for t in texts)


def test_sentiment_host_implements_the_protocol(host):
    assert isinstance(host, Host)
    schema = host.schema()
    assert schema.kind == "text"
    assert schema.instance_noun == "review"
    assert schema.class_names == CLASSES
    assert schema.id_range == (0, 119)
    assert [f.name for f in schema.features] == ["text"]
    assert load_sentiment_host() is host  # cached per process


# --------------------------------------------------------------------------------------------- resolve


def test_resolve_texts_ids_and_dicts(host, reviews):
    subject = host.resolve('  "The   movie was great!"  ')
    assert subject.kind == "text" and subject.text == "The movie was great!"
    assert host.resolve({"text": "I hated it"}).text == "I hated it"
    for ref in (12, "12", "review 12", "#12", "id 12", {"id": 12}):
        row = host.resolve(ref)
        assert (row.kind, row.id, row.text) == ("row", 12, reviews[12][0]), ref


@pytest.mark.parametrize("text", ["", "   ", '""', "''", "“ ”"])
def test_empty_text_is_an_error(host, text):
    with pytest.raises(ArgumentError, match="empty"):
        host.resolve(text)


@pytest.mark.parametrize("ref", [120, 999, -1, "500"])
def test_unknown_id_names_the_valid_range(host, ref):
    with pytest.raises(ArgumentError) as error:
        host.resolve(ref)
    assert error.value.valid == "an id from 0 to 119"


def test_ids_without_a_dataset_ask_for_the_text():
    bare = TextHost(vader_predict_proba, CLASSES, name="bare")
    with pytest.raises(ArgumentError, match="ids are not available") as error:
        bare.resolve(3)
    assert "text" in error.value.valid
    assert bare.schema().id_range is None
    assert bare.predict(bare.resolve("I love it")).label == "positive"
    with pytest.raises(HostError):
        bare.performance("accuracy")
    with pytest.raises(HostError):
        bare.global_explanation(None)
    with pytest.raises(ArgumentError):
        bare.resolve("label = positive")


def test_other_references_are_errors(host):
    with pytest.raises(ArgumentError):
        host.resolve({"glucose": 3})
    with pytest.raises(ArgumentError):
        host.resolve(True)


def test_group_selection_matches_labels_predictions_and_ids(host, reviews):
    positive = host.resolve("label = positive")
    assert positive.kind == "group"
    assert positive.ids == [i for i, (_, lab) in enumerate(reviews) if lab == "positive"]
    assert positive.size == 60
    predicted = host.resolve("prediction = negative")
    assert predicted.ids == [i for i, (t, _) in enumerate(reviews) if _label(t) == "negative"]
    both = host.resolve("label = positive and prediction = negative")
    assert both.ids == sorted(set(positive.ids) & set(predicted.ids))
    assert host.resolve("id < 10").ids == list(range(10))
    assert host.resolve("all").size == 120
    assert host.resolve("sentiment = positive").ids == positive.ids  # the data card's target stands for label
    with pytest.raises(ArgumentError) as error:
        host.resolve("label = neutral")
    assert "positive" in error.value.valid
    with pytest.raises(ArgumentError, match="no review matches"):
        host.resolve("id > 500")


@pytest.mark.parametrize(
    ("condition", "selects"),
    [
        ("text_length_words > 9", lambda i, text, label, n: n > 9),
        ("length < 5", lambda i, text, label, n: n < 5),
        ("words >= 12", lambda i, text, label, n: n >= 12),
        ("text length <= 6", lambda i, text, label, n: n <= 6),
        ("label = negative and text_length_words > 9", lambda i, text, label, n: label == "negative" and n > 9),
        ("sentiment != positive, id < 30", lambda i, text, label, n: label != "positive" and i < 30),
        ("ID >= 100", lambda i, text, label, n: i >= 100),
        ("all reviews", lambda i, text, label, n: True),
    ],
)
def test_conditions_on_every_known_field_select_their_group(host, reviews, condition, selects):
    subject = host.resolve(condition)
    assert subject.kind == "group", condition
    expected = [i for i, (t, lab) in enumerate(reviews) if selects(i, t, lab, len(words_of(t)))]
    assert 0 < len(expected) and subject.ids == expected


@pytest.mark.parametrize(
    ("condition", "field"),
    [
        ("rating > 3", "rating"),
        ("stars = 5", "stars"),
        ("label = positive and rating > 3", "rating"),
        ("foo=bar", "foo"),
    ],
)
def test_a_condition_on_an_unknown_field_is_an_error_naming_it_and_the_valid_fields(host, condition, field):
    with pytest.raises(ArgumentError) as error:
        host.resolve(condition)
    assert str(error.value).startswith(f"{field!r} is not a field")
    assert "\n" not in str(error.value)
    for valid in ("label", "prediction", "id", "text_length_words", "sentiment", "in quotes"):
        assert valid in error.value.valid, valid


@pytest.mark.parametrize(
    "text",
    [
        "The rating = 5 stars, I loved it",
        "a < b but the ending was great",
        "Plot = a total mess",
        "10/10 = perfect",
        "I'd rate it > 4 stars",
        '"rating > 3"',
        "“text_length_words > 9”",
    ],
)
def test_prose_and_quoted_strings_with_operators_stay_texts(host, text):
    subject = host.resolve(text)
    assert subject.kind == "text"
    assert subject.text == " ".join(text.strip('"“”').split())


@pytest.mark.parametrize(
    ("condition", "message"),
    [
        ("label = very positive", "unknown label"),
        ("words < pictures in this book", "is not a number"),
        ("label = positive, I loved it", "cannot read 'I loved it'"),
    ],
)
def test_a_known_field_makes_a_condition_even_when_it_fails_to_parse(host, condition, message):
    with pytest.raises(ArgumentError, match=message) as error:
        host.resolve(condition)
    assert "in quotes" in error.value.valid and "glucose" not in error.value.valid


def test_the_reported_condition_is_a_group_through_every_function_taking_one(host, reviews):
    from simxai.functions import default_registry

    registry = default_registry()
    long = [i for i, (t, _) in enumerate(reviews) if len(words_of(t)) > 9]
    prediction = registry.get("get_prediction").func(host, "text_length_words > 9")
    assert prediction.subject.ids == long and prediction.label_counts is not None
    assert sum(prediction.label_counts.values()) == len(long)
    why = registry.get("get_local_explanation").func(host, "text_length_words > 9")
    assert why.subject.ids == long
    performance = registry.get("get_model_performance").func(host, "accuracy", "text_length_words > 9")
    assert performance.n == len(long) and performance.group == "text_length_words > 9"
    truth = [reviews[i][1] for i in long]
    predicted = [_label(reviews[i][0]) for i in long]
    assert performance.value == pytest.approx(np.mean([a == b for a, b in zip(truth, predicted, strict=True)]))
    with pytest.raises(ArgumentError, match="needs one instance"):
        registry.get("explain_why_not").func(host, "text_length_words > 9")
    with pytest.raises(ArgumentError, match="'rating' is not a field") as error:
        registry.get("get_model_performance").func(host, "accuracy", "rating > 3")
    assert "text_length_words" in error.value.valid and "age" not in error.value.valid
    with pytest.raises(ArgumentError, match="'rating' is not a field"):
        registry.get("get_prediction").func(host, "rating > 3")


def test_a_second_text_host_reads_conditions_on_its_own_target_and_labels():
    data = [("ship it today", "urgent"), ("whenever you can", "later"), ("now please, it is on fire", "urgent")]
    urgency = TextHost(
        lambda texts: np.array([[0.2, 0.8] if "now" in t or "today" in t else [0.7, 0.3] for t in texts]),
        ["later", "urgent"],
        name="urgency",
        instance_noun="ticket",
        dataset=data,
        data_card=TextDataCard(name="tickets", description="Three tickets.", target="priority"),
    )
    assert urgency.resolve("priority = urgent").ids == [0, 2]
    assert urgency.resolve("prediction = later").ids == [1]
    assert urgency.resolve("words > 3").ids == [2]
    assert urgency.resolve("all tickets").size == 3
    assert urgency.resolve("ship = today, please").kind == "text"  # "please" is no comparison: prose
    with pytest.raises(ArgumentError) as error:
        urgency.resolve("sentiment = positive")  # the sentiment host's target, not this one's
    assert "'sentiment' is not a field a group of tickets" in str(error.value)
    assert "label (or priority)" in error.value.valid and "'label = later'" in error.value.valid
    with pytest.raises(ArgumentError, match="unknown label 'positive'") as error:
        urgency.resolve("label = positive")
    assert "later, urgent" in error.value.valid


# --------------------------------------------------------------------------------------------- predict


def test_predict_one_text_and_a_row(host, reviews):
    text = "The plot was dull but the actors were wonderful!"
    result = host.predict(host.resolve(text))
    expected = _vader(text)
    assert result.probabilities == pytest.approx(dict(zip(CLASSES, expected, strict=True)))
    assert result.label == _label(text)
    assert result.true_label is None
    row = host.predict(host.resolve(7))
    assert row.true_label == reviews[7][1]
    assert row.probabilities["positive"] == pytest.approx(_vader(reviews[7][0])[1])


def test_predict_group_counts_and_mean(host, reviews):
    subject = host.resolve("label = negative")
    result = host.predict(subject)
    probs = vader_predict_proba([reviews[i][0] for i in subject.ids])
    labels = [CLASSES[int(np.argmax(p))] for p in probs]
    assert result.label_counts == {c: labels.count(c) for c in CLASSES}
    assert result.label == max(CLASSES, key=labels.count)
    assert result.probabilities["positive"] == pytest.approx(probs[:, 1].mean())


def test_vader_probability_is_monotone_in_compound():
    texts = ["I hate this awful mess", "It is a movie", "It is good", "It is great!!!"]
    positive = vader_predict_proba(texts)[:, 1]
    assert list(positive) == sorted(positive)
    assert positive[1] == 0.5  # no sentiment word: compound 0
    assert _label("It is a movie") == "negative"  # the documented tie rule


# ------------------------------------------------------------------------------------------------ SHAP


def _additive(result, tolerance: float = 1e-9) -> None:
    total = result.base_value + sum(a.contribution for a in result.attributions)
    assert total == pytest.approx(result.output, abs=tolerance)


@pytest.mark.parametrize("ref", [0, 1, 5, "The movie was not great, but the acting was superb!", "GREAT phone"])
@pytest.mark.parametrize("label", [None, "negative", "positive"])
def test_local_explanation_is_additive_in_probability(host, ref, label):
    subject = host.resolve(ref)
    result = host.local_explanation(subject, label)
    probs = _vader(subject.text)
    k = CLASSES.index(label) if label else int(np.argmax(probs))
    assert result.label == CLASSES[k]
    assert result.output_space == "probability"
    assert result.output == pytest.approx(probs[k], abs=1e-12)
    # `probability` is the predicted label's, whichever label is explained (as on tabular hosts and in the guard).
    assert result.probability == pytest.approx(probs.max(), abs=1e-12)
    assert [a.feature for a in result.attributions] == words_of(subject.text)
    assert all(a.value is None for a in result.attributions)
    _additive(result)


def test_exact_attributions_equal_a_brute_force_shapley_computation(host):
    text = "The film was great"
    words = text.split()
    n = len(words)

    def value(keep: frozenset[int]) -> float:
        # A removed word becomes shap's mask token "...", which VADER ignores.
        return _vader(" ".join(w if i in keep else "..." for i, w in enumerate(words)))[1]

    expected = []
    for i in range(n):
        others = [j for j in range(n) if j != i]
        phi = 0.0
        for size in range(n):
            for subset in combinations(others, size):
                weight = math.factorial(size) * math.factorial(n - size - 1) / math.factorial(n)
                phi += weight * (value(frozenset(subset) | {i}) - value(frozenset(subset)))
        expected.append(phi)
    result = host.local_explanation(host.resolve(text), "positive")
    assert [a.contribution for a in result.attributions] == pytest.approx(expected, abs=1e-12)
    assert result.attributions[3].contribution > 0.2  # "great" carries the sentiment
    assert result.attributions[0].contribution == pytest.approx(0.0, abs=1e-12)


# The first partition explanation in a process waits for numba to compile shap's masking code (7-15 s).
@pytest.mark.slow
def test_long_text_uses_shap_partition_and_stays_additive(host):
    text = (
        "I loved it. Really, truly wonderful - the best film of the year, though the ending dragged a bit "
        "and the music was too loud."
    )
    assert len(words_of(text)) > 12
    result = host.local_explanation(host.resolve(text), "positive")
    assert "partition" in result.method
    _additive(result, tolerance=1e-6)
    top = result.top(3)
    assert {a.feature for a in top} <= {"loved", "best", "wonderful", "truly"}


def test_group_explanation_is_the_mean_and_additive(host, reviews):
    subject = host.resolve("id < 8")
    result = host.local_explanation(subject, "positive")
    probs = vader_predict_proba([reviews[i][0] for i in range(8)])
    assert result.output == pytest.approx(probs[:, 1].mean())
    _additive(result)
    singles = [host.local_explanation(host.resolve(i), "positive") for i in range(8)]
    for attribution in result.attributions:
        summed = sum(
            a.contribution for s in singles for a in s.attributions if a.feature.lower() == attribution.feature
        )
        assert attribution.contribution == pytest.approx(summed / 8)


def test_global_explanation_ranks_sentiment_words(host):
    result = host.global_explanation(None)
    assert result.label == "positive"
    assert result.n_samples == 60
    importances = [i.importance for i in result.importances]
    assert importances == sorted(importances, reverse=True) and importances[0] > 0
    from vaderSentiment.vaderSentiment import NEGATE, SentimentIntensityAnalyzer

    lexicon = SentimentIntensityAnalyzer().lexicon
    assert all(i.feature in lexicon or i.feature in NEGATE for i in result.importances[:5])
    negative = host.global_explanation("negative")
    assert [i.importance for i in negative.importances] == pytest.approx(importances)


# ------------------------------------------------------------------------------------- counterfactuals


@pytest.mark.parametrize("ref", [0, 1, 5, 19, "The movie was not great, but the acting was superb!"])
def test_every_counterfactual_flips_the_model(host, ref):
    subject = host.resolve(ref)
    current = _label(subject.text)
    target = "negative" if current == "positive" else "positive"
    result = host.counterfactuals(subject, target, 3, "how_to_be_that")
    assert result.current_label == current and result.target_label == target
    assert result.found
    assert len(result.counterfactuals) <= 3
    assert len({cf.text for cf in result.counterfactuals}) == len(result.counterfactuals)
    for cf in result.counterfactuals:
        probs = _vader(cf.text)
        assert _label(cf.text) == target == cf.label
        assert cf.probability == pytest.approx(probs[CLASSES.index(target)])
        assert cf.text != subject.text and 1 <= len(cf.changes) <= 3
        for change in cf.changes:
            if change.feature == "(insert)":
                assert re.search(rf"\b{re.escape(str(change.new))}\b", cf.text)
            else:
                assert change.feature == change.old and change.old in words_of(subject.text)


def test_counterfactual_for_the_current_label_says_so(host):
    result = host.counterfactuals(host.resolve(0), "positive", 2, "why_not")
    assert not result.found
    assert "already predicts positive" in (result.note or "")


def test_counterfactual_not_found_is_an_honest_note():
    # A model that always says "negative" cannot be flipped by any edit.
    stubborn = TextHost(
        lambda texts: np.tile([0.9, 0.1], (len(texts), 1)), CLASSES, name="stubborn", insertions=("not",)
    )
    result = stubborn.counterfactuals(stubborn.resolve("a fine day"), "positive", 2, "why_not")
    assert result.counterfactuals == []
    assert "No edit" in (result.note or "") and "checked" in (result.note or "")
    assert "replacing" not in result.method and "inserting 'not'" in result.method  # says what it tried


def test_counterfactuals_need_one_text(host):
    with pytest.raises(ArgumentError, match="one review"):
        host.counterfactuals(host.resolve("label = positive"), "negative", 1, "why_not")


def test_still_this_edits_keep_the_label(host):
    text = "The movie was not great, but the acting was superb!"
    result = host.still_this(host.resolve(text))
    assert result.label == _label(text)
    assert result.kept_edits
    assert 0 < len(result.kept_edits) <= result.samples_kept <= result.samples_checked
    for edit in result.kept_edits:
        assert edit.old in words_of(text)
        # Apply the edit at each occurrence of the word: at least one of them keeps the label.
        variants = []
        for match in re.finditer(rf"\b{re.escape(edit.old)}\b", text):
            edited = text[: match.start()] + edit.new + text[match.end() :]
            variants.append(re.sub(r"\s+([,.!?])", r"\1", " ".join(edited.split())))
        assert any(_label(v) == result.label for v in variants), edit


# --------------------------------------------------------------------------------------------- what-if


@pytest.mark.parametrize(
    ("changes", "edited"),
    [
        ({"superb": "awful"}, "The acting was awful and the story kept me hooked."),
        ({"superb": ""}, "The acting was and the story kept me hooked."),
        ({"the": "a"}, "A acting was superb and a story kept me hooked."),
        ({"kept me hooked": "bored me"}, "The acting was superb and the story bored me."),
        ({"text": "I hated every minute"}, "I hated every minute"),
    ],
)
def test_what_if_equals_the_model_on_the_edited_text(host, reviews, changes, edited):
    assert reviews[0][0] == "The acting was superb and the story kept me hooked."
    result = host.what_if(host.resolve(0), changes)
    assert result.old_probabilities == pytest.approx(dict(zip(CLASSES, _vader(reviews[0][0]), strict=True)))
    assert result.new_probabilities == pytest.approx(dict(zip(CLASSES, _vader(edited), strict=True)))
    assert result.new_label == _label(edited)
    assert [c.feature for c in result.changes] == list(changes)


def test_what_if_on_a_group_changes_every_text_with_the_word(host, reviews):
    subject = host.resolve("label = positive")
    result = host.what_if(subject, {"great": "terrible"})
    edited = [re.sub(r"\bgreat\b", "terrible", re.sub(r"\bGreat\b", "Terrible", reviews[i][0])) for i in subject.ids]
    labels = [CLASSES[int(np.argmax(p))] for p in vader_predict_proba(edited)]
    assert result.new_label_counts == {c: labels.count(c) for c in CLASSES}
    assert result.old_label_counts == host.predict(subject).label_counts


def test_what_if_errors_name_the_words_of_the_text(host):
    with pytest.raises(ArgumentError) as error:
        host.what_if(host.resolve(0), {"superbly": "badly"})
    assert error.value.argument == "changes"
    assert "superb" in error.value.valid and "acting" in error.value.valid
    assert "superb" in error.value.suggestions
    with pytest.raises(ArgumentError):
        host.what_if(host.resolve(0), {"text": "x", "superb": "bad"})
    with pytest.raises(ArgumentError, match="empty"):
        host.what_if(host.resolve(0), {"text": "  "})


# ------------------------------------------------------------------------------- performance and cards


@pytest.mark.parametrize("metric", METRICS)
def test_performance_equals_sklearn(host, reviews, metric):
    y_true = [lab for _, lab in reviews]
    probs = vader_predict_proba([t for t, _ in reviews])
    y_pred = [CLASSES[int(np.argmax(p))] for p in probs]
    expected = {
        "accuracy": metrics.accuracy_score(y_true, y_pred),
        "precision": metrics.precision_score(y_true, y_pred, pos_label="positive"),
        "recall": metrics.recall_score(y_true, y_pred, pos_label="positive"),
        "f1": metrics.f1_score(y_true, y_pred, pos_label="positive"),
        "roc_auc": metrics.roc_auc_score([y == "positive" for y in y_true], probs[:, 1]),
    }
    result = host.performance(metric)
    assert result.n == 120
    assert result.metrics == pytest.approx(expected)
    assert result.confusion_matrix == metrics.confusion_matrix(y_true, y_pred, labels=CLASSES).tolist()
    assert result.value == (pytest.approx(expected[metric]) if metric in expected else None)


def test_performance_on_a_group(host, reviews):
    group = host.resolve("label = positive")
    result = host.performance("all", group)
    assert result.group == "label = positive"
    assert result.n == sum(1 for _, label in reviews if label == "positive")
    assert result.confusion_matrix is not None and sum(result.confusion_matrix[0]) == 0  # no negative truth
    with pytest.raises(ArgumentError, match="measured on a group"):
        host.performance("accuracy", host.resolve(0))


def test_unknown_metric_is_an_error(host):
    with pytest.raises(ArgumentError) as error:
        host.performance("accuracyy")
    assert "accuracy" in error.value.suggestions


def test_multiclass_metrics_are_macro_averages():
    def keyword_model(texts):
        rows = []
        for t in texts:
            scores = np.array([t.count("bad"), t.count("ok"), t.count("good")], dtype=float) + 0.1
            rows.append(scores / scores.sum())
        return np.array(rows)

    data = [("bad bad", "neg"), ("ok", "mid"), ("good", "pos"), ("good ok", "mid"), ("bad good good", "neg")]
    three = TextHost(keyword_model, ["neg", "mid", "pos"], name="three", dataset=data)
    y_true = [lab for _, lab in data]
    probs = keyword_model([t for t, _ in data])
    y_pred = [["neg", "mid", "pos"][int(np.argmax(p))] for p in probs]
    result = three.performance("all")
    assert result.metrics["f1"] == pytest.approx(metrics.f1_score(y_true, y_pred, average="macro"))
    sorted_columns = probs[:, [1, 0, 2]]  # mid, neg, pos: sklearn wants sorted labels
    assert result.metrics["roc_auc"] == pytest.approx(
        metrics.roc_auc_score(y_true, sorted_columns, multi_class="ovr", labels=["mid", "neg", "pos"])
    )
    assert result.confusion_matrix == metrics.confusion_matrix(y_true, y_pred, labels=["neg", "mid", "pos"]).tolist()


def test_scores_and_lengths_are_computed_once(monkeypatch):
    data = [("a good film", "positive"), ("a bad film", "negative"), ("good", "positive")]
    small = TextHost(vader_predict_proba, CLASSES, name="small", dataset=data)
    builds = []
    build = small._scores
    monkeypatch.setattr(small, "_scores", lambda: builds.append(1) or build())
    first = small.performance("all")
    assert small.performance("f1").value == first.metrics["f1"]
    assert small.performance("confusion_matrix").confusion_matrix == first.confusion_matrix
    assert f"its accuracy is {round(first.metrics['accuracy'], 3):g}" in small.model_information().description
    assert builds == [1]

    pattern = re.compile(r"\w+(?:['’]\w+)*")

    class CountingWords:
        calls = 0

        def findall(self, text):
            CountingWords.calls += 1
            return pattern.findall(text)

    monkeypatch.setattr("simxai.hosts.text._base._WORD", CountingWords())
    card = small.data_information("length")
    assert small.data_information("length") == card
    assert CountingWords.calls == len(data)


def test_roc_auc_on_a_single_recorded_label_stays_an_error_on_every_call():
    data = [("great", "positive"), ("fine", "positive")]
    one_label = TextHost(vader_predict_proba, CLASSES, name="one", dataset=data)
    for _ in range(2):
        with pytest.raises(HostError, match="ROC AUC is undefined"):
            one_label.performance("roc_auc")
        assert "roc_auc" not in one_label.performance("all").metrics


def test_data_card_states_computed_facts(host, reviews):
    card = host.data_information(None)
    assert card.n_rows == 120
    assert card.class_balance == {"negative": 60, "positive": 60}
    assert [f.name for f in card.features] == ["text", "text_length_words"]
    lengths = np.array([len(words_of(t)) for t, _ in reviews])
    info = host.data_information("length").feature
    assert info is not None and info.name == "text_length_words"
    assert (info.min, info.max) == (lengths.min(), lengths.max())
    assert info.mean == pytest.approx(lengths.mean()) and info.std == pytest.approx(lengths.std(ddof=1))
    positive = [len(words_of(t)) for t, lab in reviews if lab == "positive"]
    assert info.mean_by_label is not None and info.mean_by_label["positive"] == pytest.approx(np.mean(positive))
    assert "120" in card.render()
    with pytest.raises(ArgumentError) as error:
        host.data_information("glucose")
    assert "text_length_words" in error.value.valid


def test_model_and_output_cards(host):
    model = host.model_information()
    accuracy = host.performance("accuracy").value
    assert f"its accuracy is {round(accuracy, 3):g}" in model.description
    assert "VADER" in model.model_type and "Not trained" in model.training
    assert model.hyperparameters["package"] == "vaderSentiment"
    output = host.output_information()
    assert [label.name for label in output.labels] == CLASSES
    assert "(compound + 1) / 2" in output.probability_meaning


def test_bad_model_output_is_a_host_error():
    broken = TextHost(lambda texts: np.zeros((len(texts), 3)), CLASSES, name="broken")
    with pytest.raises(HostError, match="shape"):
        broken.predict(broken.resolve("hello"))


def test_attributions_and_counterfactuals_are_cached():
    calls = []

    def counting(texts):
        calls.append(len(texts))
        return vader_predict_proba(texts)

    counted = TextHost(counting, CLASSES, name="counted", insertions=("not",))
    subject = counted.resolve("The service was great")
    first = counted.counterfactuals(subject, "negative", 2, "why_not")
    n_calls = len(calls)
    assert counted.counterfactuals(subject, "negative", 2, "why_not") == first
    counted.local_explanation(subject, None)
    assert len(calls) == n_calls


# -------------------------------------------------------------------------------- the eleven functions


def test_every_function_answers_on_the_sentiment_host(host):
    from simxai.functions import default_registry

    registry = default_registry()
    arguments = {
        "get_prediction": {"instance": 3},
        "get_global_explanation": {},
        "get_local_explanation": {"instance": "The acting was superb"},
        "explain_why_not": {"instance": 0},
        "explain_how_to_be_that": {"instance": 1, "target_label": "positive", "number_of_iterations": 2},
        "explain_how_to_still_be_this": {"instance": 2},
        "explain_what_if": {"instance": 0, "changes": {"superb": "awful"}},
        "get_model_performance": {"metric": "f1"},
        "get_data_information": {},
        "get_model_information": {},
        "get_output_information": {},
    }
    assert sorted(arguments) == sorted(registry.names())
    for name, args in arguments.items():
        function = registry.get(name)
        assert function is not None, name
        result = function(host, args)
        assert result.render(), name
    why_not = registry.get("explain_why_not")(host, {"instance": 0})
    assert why_not.target_label == "negative" and why_not.found
    assert _label(why_not.counterfactuals[0].text) == "negative"


def test_why_names_only_words_with_an_effect_and_edits_read_as_word_edits(host):
    subject = host.resolve("the staff was rude and the room was dirty")
    why = host.local_explanation(subject, None).render()
    listed = why.split("are: ", 1)[1].split(". ")[0]
    assert "The words that matter most" in why and "has no effect" not in listed
    assert "rude" in listed and "the (" not in listed
    silent = host.local_explanation(host.resolve("the room"), None).render()
    assert "No word moves the" in silent and "matter most" not in silent
    counterfactual = host.counterfactuals(subject, "positive", 1, "why_not").render()
    assert "from rude to" not in counterfactual and "change 'rude' to '" in counterfactual


def test_without_shap_a_text_host_stops_at_load_with_one_line_naming_the_extra(monkeypatch, capsys):
    from simxai.cli import main
    from simxai.hosts import _imports

    monkeypatch.setattr(_imports, "shap_installed", lambda: False)
    load_sentiment_host.cache_clear()  # a host cached by an earlier test would skip the load
    assert main(["serve", "--host", "sentiment", "--port", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        "simxai: the VADER review sentiment host explains with shap, which is not installed: pip install 'simxai[shap]'"
    )
    with pytest.raises(HostError, match=r"explains with shap, which is not installed"):
        TextHost(lambda texts: np.full((len(texts), 2), 0.5), ["no", "yes"], name="toy")


def test_a_texts_kept_edits_say_every_edit_was_tried_not_sampled() -> None:
    from simxai.results.base import Subject
    from simxai.results.changes import StillThisResult, TextEdit

    subject = Subject(kind="row", description="review 5", id=5)
    edits = [TextEdit(old="slow", new=""), TextEdit(old="slow", new="quick")]
    kept = StillThisResult(
        subject=subject, label="negative", probability=0.7, kept_edits=edits, samples_checked=9, samples_kept=2,
        method="each single-word removal or substitution re-predicted by the model",
    )  # fmt: skip
    said = kept.render()
    assert "sampled" not in said
    assert said.endswith(
        "Each of the 9 single-word edits tried was re-predicted by the model, and 2 kept the prediction."
    )
    # fewer pairs listed than edits kept (the same pair kept twice, or the list cut): the listed count is said apart
    listed = kept.model_copy(update={"samples_kept": 5}).render()
    assert listed.endswith("and 5 kept the prediction (2 different word pairs listed).")


def test_a_texts_still_this_from_the_host_matches_its_counts(host: TextHost) -> None:
    from simxai.functions.counterfactual import explain_how_to_still_be_this

    result = explain_how_to_still_be_this(host, 5)
    said = result.render()
    assert f"Each of the {result.samples_checked} single-word edits tried" in said
    assert f"and {result.samples_kept} kept the prediction" in said
