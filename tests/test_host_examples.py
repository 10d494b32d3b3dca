"""Example questions come from the host's own schema, never from the demo's."""

from simxai.host_examples import article, example_change, example_id, example_questions
from simxai.hosts.base import FeatureSchema, HostSchema


def _schema(noun: str, features: list[FeatureSchema], id_range=(0, 1499), kind="tabular") -> HostSchema:
    return HostSchema(
        name="h", kind=kind, instance_noun=noun, class_names=["a", "b"], features=features, id_range=id_range
    )


def test_articles_and_ids():
    assert (article("applicant"), article("review"), article("instance")) == ("an", "a", "an")
    assert example_id(_schema("x", [], id_range=(0, 5))) == 5
    assert example_id(_schema("x", [], id_range=(100, 200))) == 100
    assert example_id(_schema("x", [], id_range=None)) is None


def test_questions_name_the_hosts_noun_and_features(demo_host, loan_host):
    loan = example_questions(loan_host.schema())
    assert loan[0] == "what does the model predict for applicant 12?" and loan[1] == "why?"
    assert loan[2].startswith("what if the ") and "patient" not in " ".join(loan)
    assert example_questions(demo_host.schema())[0] == "what does the model predict for patient 12?"
    score = FeatureSchema(name="credit_score", type="numeric", min=300, max=850)
    assert example_change(_schema("applicant", [score])) == "the credit_score were 710"
    region = FeatureSchema(name="region", type="categorical", categories=["north", "south"])
    assert example_change(_schema("applicant", [region])) == "the region were south"
    assert example_questions(_schema("case", [], id_range=None))[0] == "what does the model predict for a case?"


def test_a_text_host_gets_a_quoted_text():
    text = FeatureSchema(name="text", type="text")
    questions = example_questions(_schema("review", [text], id_range=(0, 119), kind="text"))
    assert questions[0].startswith('what does the model predict for "') and "words" in questions[-1]
