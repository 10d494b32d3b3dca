"""The learned TalkToModel parser: masking, the template split, the shipped artefact, and its figures."""

from __future__ import annotations

import hashlib
import json
from importlib import resources

import pytest

import simxai.integrations.ttm_learned as ttm_learned
import simxai.integrations.ttm_paraphrase as ttm_paraphrase
import simxai.integrations.ttm_requests as ttm_requests
from simxai.integrations.ttm_data import load_ttm_dataset
from simxai.integrations.ttm_features import gap_features, pair_features, sentence_features
from simxai.integrations.ttm_grammar import Program, TTMGrammar, TTMVocabulary
from simxai.integrations.ttm_learned import (
    ARTEFACT,
    MODELS,
    LearnedParser,
    _clauses,
    load_model,
    shape_operations,
    shape_scores,
)
from simxai.integrations.ttm_linear import Features, LinearClassifier, fit_classifier, fit_multilabel
from simxai.integrations.ttm_paraphrase import (
    COMPARISON_PHRASES,
    NUMBER_FIRST_UPDATES,
    paraphrased_filters,
    paraphrased_joins,
)
from simxai.integrations.ttm_reader import read_utterance
from simxai.integrations.ttm_requests import written_templates
from simxai.integrations.ttm_smalltalk import ABSTAIN, SMALL_TALK
from simxai.integrations.ttm_templates import (
    _group_key,
    fill_for_dataset,
    load_templates,
    split_templates,
)
from simxai.integrations.ttm_training import align, artefact_text, build, split_shape, training_pairs, written_pairs

# Exact match of the shipped model on the template splits (one seeded filling per template), measured with
# `python bench/ttm_parse.py --data-dir ../shared/datasets --split dev|dev-templates|train` when the model was
# last rebuilt; the floors are those figures minus two points.
TEMPLATE_FIGURES = {"dev": 0.874, "dev-templates": 0.879, "train": 0.915}

VOCABULARY = TTMVocabulary(
    numeric=["age", "glucose", "bloodpressure"],
    categorical={"woman": ["true", "false", "0", "1"]},
    classes=["0", "1"],
    semantic={"age": "age", "glucose": "glucose", "bloodpressure": "blood pressure", "woman": "woman"},
)
CLASSES = ("healthy", "sick")


@pytest.fixture(scope="module")
def prompts(datasets_dir):
    return datasets_dir / "talktomodel" / "explain" / "prompts"


def test_reading_masks_features_numbers_classes_and_metrics():
    reading = read_utterance(
        "How many woman rows with Blood Pressures over 1,200 and age of thirty-two are sick? and the npv?",
        VOCABULARY,
        CLASSES,
    )
    assert " ".join(reading.words) == (
        "how many <fcat> rows with <fnum> over <num> and <fnum> of <num> are <cls> ? and the <metric> ?"
    )
    assert [(m.kind, m.value) for m in reading.mentions] == [
        ("fcat", "woman"),
        ("fnum", "bloodpressure"),
        ("num", "1200"),
        ("fnum", "age"),
        ("num", "32"),
        ("cls", "1"),
        ("metric", "npv"),
    ]
    assert reading.numbers == {"1200", "32"}


def test_alignment_gives_the_shape_and_each_mentions_role():
    reading = read_utterance(
        "if glucose were raised by 5, how likely are people with age over 30 to be sick", VOCABULARY
    )
    gold = "filter age greater than 30 and change glucose increase 5 and likelihood [e]"
    program = TTMGrammar(VOCABULARY).parse(gold)
    alignment = align(reading, program, VOCABULARY)
    assert alignment is not None
    assert (alignment.context, alignment.shape) == ("none", "CHANGES and likelihood")
    assert alignment.roles == ["change", "value", "filter", "value"]
    assert {(model, label) for *_, model, label in alignment.pairs} == {
        ("update", "increase"),
        ("comparison", "greater than"),
    }
    # a gold number the utterance does not have teaches nothing
    assert align(reading, TTMGrammar(VOCABULARY).parse("filter id 7 and predict [e]"), VOCABULARY) is None
    assert split_shape("previousfilter or FILTERS and predict") == ("previousfilter or", "predict")
    assert split_shape("FILTERS and predict and FILTERS")[1] is None


def test_the_dev_split_holds_out_whole_templates_and_filter_phrases(prompts):
    templates, fillers = load_templates(prompts)
    train, train_fillers = split_templates(templates, fillers, "train")
    dev, dev_fillers = split_templates(templates, fillers, "dev")
    assert {_group_key(t) for t in train}.isdisjoint({_group_key(t) for t in dev})
    assert {_group_key(f) for f in train_fillers}.isdisjoint({_group_key(f) for f in dev_fillers})
    assert len(train) + len(dev) == len(templates) and 0.15 < len(dev) / len(templates) < 0.25
    assert {t.source for t in dev} == {t.source for t in templates}  # every file contributes to dev
    assert split_templates(templates, fillers, "dev") == (dev, dev_fillers)  # seeded
    assert split_templates(templates, fillers, "dev-templates") == (dev, train_fillers)
    with pytest.raises(Exception, match="unknown template split 'test'"):
        split_templates(templates, fillers, "test")


def test_linear_classifier_is_data_and_fits_deterministically():
    samples = [{"w=up": 1.0}, {"w=down": 1.0}, {"w=up": 1.0, "w=more": 1.0}, {"w=flat": 1.0}]
    labels = ["increase", "decrease", "increase", "set"]
    first = fit_classifier(samples, labels)
    assert first == fit_classifier(samples, labels)
    assert first.best({"w=up": 1.0}) == "increase"
    assert first.best({"w=up": 1.0}, ["set", "decrease"]) in ("set", "decrease")
    assert LinearClassifier.from_json(json.loads(json.dumps(first.to_json()))) == first
    assert fit_classifier([{"a": 1.0}], ["only"]).best({"b": 1.0}) == "only"


def test_multilabel_classifier_scores_each_label_present_or_not():
    samples = [{"w=why": 1.0}, {"w=flip": 1.0}, {"w=why": 1.0, "w=flip": 1.0}, {"w=count": 1.0}]
    labels = [frozenset({"why"}), frozenset({"flip"}), frozenset({"why", "flip"}), frozenset({"count"})]
    first = fit_multilabel(samples, labels)
    assert first == fit_multilabel(samples, labels)
    assert first.classes == ("count", "flip", "why")
    scores = dict(zip(first.classes, first.scores({"w=why": 1.0, "w=flip": 1.0}), strict=True))
    assert scores["why"] > 0 and scores["flip"] > 0 and scores["count"] < 0
    always = fit_multilabel([{"a": 1.0}, {"b": 1.0}], [frozenset({"x"}), frozenset({"x"})])
    assert always.scores({"c": 1.0}) == [1.0]


def test_a_shape_is_scored_by_its_operations_too():
    assert shape_operations("CHANGES and likelihood") == frozenset({"CHANGES", "likelihood"})
    assert shape_operations("explain features and explain cfe") == frozenset({"explain features", "explain cfe"})
    model = load_model()
    assert set(model.classifiers["operations"].classes) >= {"CHANGES", "explain cfe", "mistake sample", "data"}
    features = sentence_features(read_utterance("please describe the data", VOCABULARY, CLASSES))
    # the thresholds stay on the whole-shape classifier's scale: the best shape keeps its best score
    assert max(shape_scores(features, model)) == pytest.approx(max(model.classifiers["shape"].scores(features)))


def test_the_operations_choose_between_close_shapes(monkeypatch):
    parser = LearnedParser(VOCABULARY, CLASSES)
    words = "what would the verdict be if age went down by 4"
    program = parser.parse(words)
    assert program is not None and program.text() == "change age decrease 4 and predict [e]"
    program = parser.parse("please describe the data")
    assert program is not None and program.text() == "data [e]"
    monkeypatch.setattr(ttm_learned, "OPERATION_WEIGHT", 0.0)  # the whole-shape classifier alone
    program = parser.parse(words)
    # (with no filter of its own, this shape takes the previousfilter its training templates always write)
    assert program is not None and program.text() == "previousfilter and change age decrease 4 and likelihood [e]"


def test_the_shipped_model_was_trained_on_the_train_split_as_rebuilt_today(datasets_dir):
    """The artefact's training fingerprint is that of the train split the build command fills today."""
    model = load_model()
    assert set(model.classifiers) == set(MODELS)
    rows = training_pairs(datasets_dir)
    fingerprint = hashlib.sha256("\n".join("\t".join(r) for r in rows).encode()).hexdigest()
    assert model.info["training_fingerprint"] == fingerprint
    assert model.info["pairs"] == len(rows)


@pytest.mark.slow
def test_rebuilding_gives_the_shipped_artefact_byte_for_byte(datasets_dir):
    model, _ = build(datasets_dir)
    shipped = resources.files("simxai.integrations").joinpath(ARTEFACT).read_text(encoding="utf-8")
    assert hashlib.sha256(artefact_text(model).encode()).hexdigest() == hashlib.sha256(shipped.encode()).hexdigest()


@pytest.mark.parametrize("split", list(TEMPLATE_FIGURES))
def test_exact_match_on_the_template_splits_holds_its_measured_figure(split, datasets_dir, prompts):
    hits = total = 0
    for name in ("diabetes", "compas", "german"):
        dataset = load_ttm_dataset(name, datasets_dir)
        parser = LearnedParser(dataset.vocabulary, dataset.class_names)
        grammar = TTMGrammar(dataset.vocabulary)
        for case in fill_for_dataset(dataset, prompts, split=split):
            program = parser.parse(case.utterance)
            if program is not None:
                numbers = read_utterance(case.utterance, dataset.vocabulary, dataset.class_names).numbers
                assert grammar.is_valid(program.text(), numbers=numbers)
            hits += program is not None and program.text().replace(" ", "") == case.gold.replace(" ", "")
            total += 1
    assert hits / total >= TEMPLATE_FIGURES[split] - 0.02


def test_the_parser_copies_values_and_follows_the_utterances_order():
    parser = LearnedParser(VOCABULARY, CLASSES)
    program = parser.parse("what would the prediction for id 12 be if glucose were increased by 30?")
    assert program is not None and program.text() == "filter id 12 and change glucose increase 30 and predict [e]"
    program = parser.parse("how many people have glucose above 120 or blood pressure below 80?")
    assert program is not None
    assert program.text() == ("filter glucose greater than 120 or filter bloodpressure less than 80 and countdata [e]")
    assert parser.parse("the weather is nice today") is None


def test_a_compound_request_the_shape_classifier_is_unsure_of_gets_its_parts_shapes(datasets_dir):
    dataset = load_ttm_dataset("diabetes", datasets_dir)
    parser = LearnedParser(dataset.vocabulary, dataset.class_names)
    program = parser.parse("what is the prediction for id 33 and why do you predict it?")
    assert program is not None and program.text() == "filter id 33 and predict and explain features [e]"


def test_sequencing_words_split_a_compound_request_but_an_and_between_values_does_not():
    parser = LearnedParser(VOCABULARY, CLASSES)
    program = parser.parse("show me the data with glucose over 120. then predictions")
    assert program is not None and program.text() == "filter glucose greater than 120 and show and predict [e]"
    program = parser.parse(
        "first, show me the data with glucose over 120. second, tell me why the model predicted them."
    )
    assert program is not None
    assert program.text() == "filter glucose greater than 120 and show and explain features [e]"
    clauses = _clauses(parser.read("why do you predict ids 89 and 90? then show them"))
    assert [" ".join(c.words) for c in clauses] == ["why do you predict ids <num> and <num>", "show them"]


def test_shape_and_roles_are_decoded_together():
    # the roles alone would make "age" a feature argument; the shape needs it as a filter beside the change
    parser = LearnedParser(VOCABULARY, CLASSES)
    program = parser.parse("would people with a 37 of age be less likely to be sick if glucose were decreased by 10?")
    assert program is not None
    assert program.text() == ("filter age equal to 37 and likelihood and change glucose decrease 10 and likelihood [e]")


def test_contracted_negations_read_as_not():
    reading = read_utterance("recall on rows that aren't woman and can't exceed age 30", VOCABULARY)
    assert reading.words[4:7] == ("are", "not", "<fcat>")
    assert reading.words[8:10] == ("can", "not")


def test_a_comparative_that_names_its_quantity_reads_as_that_feature():
    reading = read_utterance("predictions for people older than 40 or younger than twenty", VOCABULARY)
    assert reading.words[3:] == ("<fnum>", "greater", "than", "<num>", "or", "<fnum>", "less", "than", "<num>")
    mentions = [(m.kind, m.value) for m in reading.mentions]
    assert mentions == [("fnum", "age"), ("num", "40"), ("fnum", "age"), ("num", "20")]
    # a feature named right before keeps its own comparative; a dataset without the quantity reads no feature
    assert read_utterance("glucose older than 5", VOCABULARY).words == ("<fnum>", "older", "than", "<num>")
    no_age = TTMVocabulary(numeric=["glucose"], categorical={}, classes=["0", "1"], semantic={"glucose": "glucose"})
    assert read_utterance("people older than 40", no_age).words == ("people", "older", "than", "<num>")
    program = LearnedParser(VOCABULARY, CLASSES).parse("show the predictions for people older than 40")
    assert program is not None and program.text() == "filter age greater than 40 and predict [e]"


def test_than_misspelt_after_a_comparative_reads_as_than():
    assert read_utterance("glucose less that 42", VOCABULARY).words == ("<fnum>", "less", "than", "<num>")
    assert read_utterance("more then 3 rows", VOCABULARY).words[:2] == ("more", "than")
    # "that" and "then" elsewhere are left alone
    assert read_utterance("is it less that way", VOCABULARY).words[3] == "that"
    assert read_utterance("filter glucose then 5", VOCABULARY).words[2] == "then"


def test_generated_phrasings_relabel_only_the_filters_own_words():
    reading = read_utterance("for glucose over 120 and woman, what do you predict?", VOCABULARY)
    # (feature position, number position, role, model, label) as `align` gives them
    pairs = [(1, 3, "filter", "comparison", "greater than"), (5, None, "filter", "value", "true")]
    examples = paraphrased_filters(reading, pairs, pair_features, seed=0)
    by_model = {model for model, _, _ in examples}
    assert by_model == {"comparison", "value"}
    assert {label for model, _, label in examples if model == "comparison"} == set(COMPARISON_PHRASES)
    assert {label for model, _, label in examples if model == "value"} == {"true", "false"}
    # the words between the feature and its number are a phrasing of the label ("N or more": none between)
    written = {
        label: {" ".join(p.split("N")[0].split()) for p in phrases} for label, phrases in COMPARISON_PHRASES.items()
    }
    for model, features, label in examples:
        if model == "comparison":
            between = [name[len("Bseq=") :] for name in features if name.startswith("Bseq=")]
            assert between and between[0] in written[label]
            assert features["order=fn"] == 1.0
    # the same seed gives the same examples (the build is deterministic)
    assert paraphrased_filters(reading, pairs, pair_features, seed=0) == examples


def test_generated_what_ifs_also_write_the_number_before_the_feature(monkeypatch):
    reading = read_utterance("what if glucose were increased by 20 for id 4?", VOCABULARY)
    pairs = [(2, 6, "change", "update", "increase")]
    examples = paraphrased_filters(reading, pairs, pair_features, seed=3)
    first = [(features, label) for model, features, label in examples if "order=nf" in features]
    assert {label for _, label in first} == set(NUMBER_FIRST_UPDATES) == {"increase", "decrease", "set"}
    written = {
        label: [(p.split("N")[0].split()[-1:], p.split("N")[1].split()) for p in phrases]
        for label, phrases in NUMBER_FIRST_UPDATES.items()
    }
    for features, label in first:
        # the word before the number, and the words between it and the feature, are the phrase's own
        left = [name[len("l1=") :] for name in features if name.startswith("l1=")]
        between = [name[len("B=") :] for name in features if name.startswith("B=")]
        assert any(left == (before or ["if"]) and between == after for before, after in written[label])
    # drawn apart: without them, every other phrasing is drawn as before
    monkeypatch.setattr(ttm_paraphrase, "NUMBER_FIRST_UPDATES", {})
    assert paraphrased_filters(reading, pairs, pair_features, seed=3) == [e for e in examples if "order=fn" in e[1]]


def test_generated_joins_label_each_phrasing_of_and_and_or():
    reading = read_utterance("people with age over 30 and glucose under 100", VOCABULARY)
    gaps = [(2, 5, "and")]  # the gap holds "over <num> and": the left filter's value, so nothing is generated
    assert paraphrased_joins(reading, gaps, gap_features, seed=0) == []
    reading = read_utterance("woman and age over 30", VOCABULARY)
    examples = paraphrased_joins(reading, [(0, 2, "and")], gap_features, seed=0)
    assert {label for _, _, label in examples} == {"and", "or"}
    assert all(model == "join" for model, _, _ in examples)


def test_a_list_of_filters_takes_the_coordinator_that_ends_it():
    listed = read_utterance("woman, age and glucose", VOCABULARY)
    assert gap_features(listed, 0, 2)["list=and"] == 1.0
    unended = read_utterance("woman, age, glucose are all true", VOCABULARY)
    assert gap_features(unended, 0, 2)["list=none"] == 1.0


def test_written_requests_are_programs_of_the_grammar_that_align(datasets_dir):
    """Nearly every written request (`ttm_requests`) fills to a pair whose gold aligns with its utterance, and
    a written request says no more than its operation: no template wording is needed to fill it."""
    rows = written_pairs(datasets_dir)
    assert len(rows) > 2000
    aligned = 0
    for name, utterance, gold in rows:
        dataset = load_ttm_dataset(name, datasets_dir)
        reading = read_utterance(utterance, dataset.vocabulary, dataset.class_names)
        program = TTMGrammar(dataset.vocabulary).parse(gold, numbers=reading.numbers)
        aligned += isinstance(program, Program) and align(reading, program, dataset.vocabulary) is not None
    assert aligned / len(rows) >= 0.9
    operations = {t.parsed.split(" and ")[-1].removesuffix(" [E]").split()[0] for t in written_templates()}
    assert {"define", "explain", "mistake", "important", "likelihood", "function", "self"} <= operations


def test_a_shape_takes_only_the_contexts_training_showed_it_with(monkeypatch):
    model = load_model()
    contexts = model.info["shape_contexts"]
    assert contexts["self and function"] == ["none"]
    assert "previousfilter and" in contexts["explain features"]
    parser = LearnedParser(VOCABULARY, CLASSES)
    ranked = LinearClassifier.ranked

    def previousfilter_first(self: LinearClassifier, features: Features) -> list[tuple[str, float]]:
        return sorted(ranked(self, features), key=lambda kv: kv[0] != "previousfilter and")

    # even when the context classifier prefers previousfilter, a shape never trained with it goes without
    monkeypatch.setattr(LinearClassifier, "ranked", previousfilter_first)
    program = parser.parse("who are you and what can you do?")
    assert program is not None and program.text() == "self and function [e]"
    program = parser.parse("why did the model predict that?")
    assert program is not None and program.text().startswith("previousfilter and")


def test_a_feature_misspelt_by_one_edit_reads_as_that_feature():
    reading = read_utterance("people with glucoes over 120 and blood presure under 80", VOCABULARY)
    assert [(m.kind, m.value) for m in reading.mentions if m.kind == "fnum"] == [
        ("fnum", "glucose"),
        ("fnum", "bloodpressure"),
    ]
    # a word the embedding's tokenizer knows whole is no typo ("gender" one edit from "bender" is a word), nor is
    # a short one or one with another first letter
    benders = TTMVocabulary(numeric=["bender"], categorical={}, classes=["0", "1"], semantic={"bender": "bender"})
    assert not read_utterance("show the gender data", benders).mentions
    for text in ("what about agd", "show xlucose"):
        assert not [m for m in read_utterance(text, VOCABULARY).mentions if m.kind in ("fnum", "fcat")]


def test_small_talk_gets_no_program_but_a_request_after_a_greeting_does():
    parser = LearnedParser(VOCABULARY, CLASSES)
    # phrasings outside SMALL_TALK: the class generalises beyond its training phrases
    for text in ("hello again", "good day to you", "ok thank you so much", "bye for now", "alright, cool"):
        assert parser.parse(text) is None, text
    program = parser.parse("hi! what is the prediction for id 5?")
    assert program is not None and program.text() == "filter id 5 and predict [e]"


def test_small_talk_is_a_training_class_of_its_own_naming_no_feature_or_class(datasets_dir):
    model = load_model()
    assert ABSTAIN in model.classifiers["shape"].classes
    rows = [r for r in training_pairs(datasets_dir) if r[2] == ABSTAIN]
    assert len(rows) == 3 * len(SMALL_TALK)
    for name, utterance, _ in rows:
        dataset = load_ttm_dataset(name, datasets_dir)
        mentions = read_utterance(utterance, dataset.vocabulary, dataset.class_names).mentions
        assert all(m.kind == "num" for m in mentions), utterance  # no feature, class or metric


def test_a_compound_part_takes_the_shape_its_roles_support():
    # "data of X less than N" scores best as `statistic ARG`, which would take the filter's feature as its
    # argument and leave the number without a feature: the part is `show`, and the parts compose
    parser = LearnedParser(VOCABULARY, CLASSES)
    program = parser.parse("data of glucose less than 130. then predictions")
    assert program is not None and program.text() == "filter glucose less than 130 and show and predict [e]"


def test_requests_addressing_the_model_as_you_read_as_their_operation():
    # wordings outside `ADDRESSED`: a few cases "you" got wrong are a sample of the mistakes, not their pattern;
    # a motive for deciding predictions is an explanation of them, not a prediction as well
    parser = LearnedParser(VOCABULARY, CLASSES)
    for text, gold in (
        ("what are some of the people you predicted incorrectly?", "mistake sample [e]"),
        ("tell me some of the rows you mispredict", "mistake sample [e]"),
        ("what are the common errors you make", "previousfilter and mistake typical [e]"),
        ("what motivates you in deciding on the predictions for id 12", "filter id 12 and explain features [e]"),
    ):
        program = parser.parse(text)
        assert program is not None and program.text() == gold, text


@pytest.mark.xfail(
    strict=True,
    reason="since ttmw3's train part (round ttm13) trains the shape, 'predicted classes' tips this addressed request"
    " to `predict and explain features` (-0.66 against `explain features` -2.2; the same with 1 copy of the"
    " people pairs, and with ttmw3 alone, before the round's reader forms): see docs/talktomodel.md",
)
def test_a_motive_for_deciding_predicted_classes_reads_as_an_explanation_only():
    parser = LearnedParser(VOCABULARY, CLASSES)
    program = parser.parse("what's your motivation in deciding the predicted classes of id 7 and id 8")
    assert program is not None and program.text() == "filter id 7 and filter id 8 and explain features [e]"


def test_the_addressed_requests_are_drawn_apart_leaving_the_earlier_placements(monkeypatch):
    full = [(t.user, t.parsed) for t in written_templates()]
    monkeypatch.setattr(ttm_requests, "ADDRESSED", {})
    earlier = [(t.user, t.parsed) for t in written_templates()]
    assert len(full) > len(earlier) and full[: len(earlier)] == earlier
    assert any("you get wrong" in user for user, _ in full[len(earlier) :])


def test_a_request_with_filters_of_its_own_refers_back_only_through_a_word_that_points_back():
    parser = LearnedParser(VOCABULARY, CLASSES)
    for text in ("do features interact among women", "for women, what does the model predict"):
        program = parser.parse(text)
        assert program is not None and not program.text().startswith("previousfilter"), text
    program = parser.parse("excluding women from that data, what are the model's predictions?")
    assert program is not None and program.text().startswith("previousfilter and filter woman")


def test_a_number_after_a_noun_for_one_row_is_its_id():
    parser = LearnedParser(VOCABULARY, CLASSES)
    program = parser.parse("what if patient 44 had their glucose raised by 15, what then")
    assert program is not None and program.text().startswith("filter id 44 and change glucose increase 15 and")


def test_a_follow_up_naming_no_operation_asks_for_the_previous_one_again():
    parser = LearnedParser(VOCABULARY, CLASSES)
    for text, gold in (
        ("and what about id 12?", "filter id 12 and previousoperation [e]"),
        ("how about for the people with glucose over 150", "filter glucose greater than 150 and previousoperation [e]"),
    ):
        program = parser.parse(text)
        assert program is not None and program.text() == gold, text
    program = parser.parse("and why for id 12?")  # names an operation of its own
    assert program is not None and "previousoperation" not in program.text()


def test_what_is_a_feature_with_no_value_asks_about_it_not_for_the_previous_operation():
    parser = LearnedParser(VOCABULARY, CLASSES)
    for text, gold in (("what is blood pressure", "define bloodpressure [e]"), ("what is woman", "define woman [e]")):
        program = parser.parse(text)
        assert program is not None and program.text() == gold, text
    program = parser.parse("what about glucose over 30?")  # a filter: the last operation again
    assert program is not None and program.text() == "filter glucose greater than 30 and previousoperation [e]"


def test_a_feature_outside_the_if_clause_is_no_change():
    parser = LearnedParser(VOCABULARY, CLASSES)
    program = parser.parse("would people with an age of 52 be healthier if their blood pressure were lowered by 15?")
    assert program is not None
    assert program.text().startswith("filter age equal to 52 and")
    assert "change bloodpressure decrease 15" in program.text() and "change age" not in program.text()


def test_a_list_of_changes_after_if_stays_one_clause():
    parser = LearnedParser(VOCABULARY, CLASSES)
    program = parser.parse(
        "what would be predicted if you raised age by 5, lowered glucose by 20, and set woman to true?"
    )
    assert program is not None
    assert program.text().startswith("change age increase 5 and change glucose decrease 20 and change woman true")
