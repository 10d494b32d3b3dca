import pytest

from simxai.eval_suite.lext.entities import (
    CallableEntities,
    EntityExtractor,
    HostVocabulary,
    VocabularyEntities,
    canonical_number,
    find_numbers,
    vocabulary_for_output,
)
from simxai.hosts.base import FeatureSchema, HostSchema


@pytest.mark.parametrize(
    ("surface", "canonical"),
    [
        ("84.5%", "0.845"),
        ("92.00%", "0.92"),
        ("0.9000", "0.9"),
        ("90 %", "0.9"),
        ("-0.187", "0.187"),
        ("1,200", "1200"),
        ("96", "96"),
        ("0", "0"),
        ("f1", None),
        ("ninety", None),
    ],
)
def test_canonical_numbers(surface, canonical):
    assert canonical_number(surface) == canonical


def test_numbers_in_text_skip_words_with_digits_and_split_ranges():
    found = [c for _, c, _ in find_numbers("f1 is 0.9, the range 60-100 bpm, roc_auc 0.941 and IMDb.")]
    assert found == ["0.9", "60", "100", "0.941"]


def _schema(kind="tabular"):
    return HostSchema(
        name="heart",
        kind=kind,
        instance_noun="person",
        class_names=["low", "normal", "high"],
        features=[
            FeatureSchema(name="resting_heart_rate", type="numeric", aliases=["resting hr"]),
            FeatureSchema(name="activity", type="categorical", categories=["sedentary", "active"]),
        ],
        id_range=(0, 9),
        metrics=["accuracy", "f1", "all"],
    )


def test_vocabulary_holds_the_schema_terms_and_the_units_after_numbers():
    truth = "The model predicts normal (96 bpm is below 100 bpm); accuracy 0.9 on the test set."
    vocabulary = vocabulary_for_output([], truth, schema=_schema())
    assert vocabulary.labels == ("low", "normal", "high")
    assert set(vocabulary.features) == {"resting heart rate", "resting hr", "activity", "sedentary", "active"}
    assert vocabulary.metrics == ("accuracy", "f1")
    assert vocabulary.units == ("bpm",)  # "on" follows 0.9 too, but a stop word is no unit


def test_text_host_vocabulary_takes_the_instance_and_edit_words_from_the_payload():
    payload = {
        "kind": "counterfactual",
        "subject": {"kind": "text", "text": "The food was terrible"},
        "current_label": "negative",
        "counterfactuals": [{"changes": [{"feature": "terrible", "old": "terrible", "new": "great"}]}],
    }
    vocabulary = vocabulary_for_output([payload], "", labels=["positive"])
    assert set(vocabulary.labels) == {"positive", "negative"}
    assert {"food", "terrible", "great"} <= set(vocabulary.features) and "the" not in vocabulary.features


def test_vocabulary_entities_find_terms_phrases_first_and_numbers():
    extractor = VocabularyEntities()
    assert isinstance(extractor, EntityExtractor)
    vocabulary = HostVocabulary(labels=("normal", "high"), features=("resting heart rate", "heart"), units=("bpm",))
    found = extractor.extract("A Resting-Heart-Rate of 96 bpm (84.5%) is NORMAL, not high.", vocabulary)
    # The phrase is consumed: "heart" inside it is not counted again.
    assert found == {"resting heart rate", "96", "0.845", "bpm", "normal", "high"}
    assert extractor.extract("", vocabulary) == frozenset()
    assert extractor.extract("the heart", vocabulary) == {"heart"}


def test_callable_entities_plug_in_a_real_ner_model():
    seen = []

    def ner(text):
        seen.append(text)
        return ["Aspirin", " fever ", ""]

    extractor = CallableEntities(ner, name="medical-ner")
    assert isinstance(extractor, EntityExtractor) and extractor.name == "medical-ner"
    assert extractor.extract("Aspirin for fever", HostVocabulary()) == {"aspirin", "fever"}
    assert extractor.extract("  ", HostVocabulary()) == frozenset() and seen == ["Aspirin for fever"]
