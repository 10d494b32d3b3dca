"""A held-out set of TalkToModel-style tabular requests for the offline router's function choice.

The 60 requests below were written by hand before the router's filter masking and tabular cues were
changed, and are test data only: no rule of the router was written from them. They use the schemas of
TalkToModel's diabetes and German credit datasets (`simxai.integrations.ttm_data`) and ask what
TalkToModel's users ask: predictions and likelihoods for a group ("for people older than 50"), explanations
for an id or a group, importance, what-if changes for everyone or one row, counterfactuals, performance,
statistics and rows of the data, the model and its outputs.

The expected functions follow TalkToModel's operations as the `ttm-parse` oracle maps them (`predict` and
`likelihood` -> get_prediction, `explain features` for a filter -> get_local_explanation, `change` ->
explain_what_if, `score` / `mistake` -> get_model_performance, `data` / `show` / `countdata` / `statistic`
/ `label` / `define` -> get_data_information, ...). Where two functions answer a request equally (feature
importance for a group, a counterfactual asked as "why not", a feature's meaning) both are accepted.

Measured (docs/router.md): 46/60 = 76.7 % when the set was written, before the router was changed;
53/60 = 88.3 % after the group masking and tabular cues (no rule was written from a miss of this set);
56/60 = 93.3 % with the learned selector that replaced the cues (issue 12; nothing of it was chosen on this set).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from simxai.backends.base import CompletionRequest
from simxai.backends.router import RouterBackend
from simxai.functions import default_registry
from simxai.hosts.base import HostSchema
from simxai.messages import Message

DATA_DIR = Path(__file__).resolve().parents[2] / ".." / "shared" / "datasets"

PREDICTION = ("get_prediction",)
LOCAL = ("get_local_explanation",)
GLOBAL = ("get_global_explanation",)
IMPORTANCE_FOR_A_GROUP = ("get_local_explanation", "get_global_explanation")
WHAT_IF = ("explain_what_if",)
COUNTERFACTUAL = ("explain_how_to_be_that", "explain_why_not")
STILL = ("explain_how_to_still_be_this",)
PERFORMANCE = ("get_model_performance",)
DATA = ("get_data_information",)
DEFINITION = ("get_data_information", "get_output_information")
MODEL = ("get_model_information",)
OUTPUT = ("get_output_information",)

# (dataset, request, accepted functions)
HELDOUT: list[tuple[str, str, tuple[str, ...]]] = [
    # predictions and likelihoods, often for a group
    ("diabetes", "What does the model predict for people older than 50?", PREDICTION),
    ("diabetes", "What are the predictions for data with bmi over 30?", PREDICTION),
    ("diabetes", "How likely is patient 17 to have diabetes?", PREDICTION),
    ("diabetes", "For those with glucose above 140, what is the model's prediction?", PREDICTION),
    ("diabetes", "What's the probability that instance 88 has diabetes?", PREDICTION),
    (
        "diabetes",
        "Could you tell me what the model would output for patients with more than 3 pregnancies?",
        PREDICTION,
    ),
    ("diabetes", "Run the model on the people with insulin under 50", PREDICTION),
    ("german", "How likely are applicants younger than 25 to be a good credit risk?", PREDICTION),
    ("diabetes", "Show me the predicted outcome for row 42.", PREDICTION),
    ("german", "What would the classifier say for the applicants who own a house?", PREDICTION),
    ("diabetes", "predict id 230", PREDICTION),
    ("german", "What is the chance that those with a loan amount over 5000 are bad credit risks?", PREDICTION),
    # explanations of one row or a group
    ("diabetes", "For those with glucose above 120, why does the model predict they have diabetes?", LOCAL),
    ("diabetes", "Why did the model make this prediction for id 54?", LOCAL),
    ("diabetes", "Explain the predictions for patients with a bmi under 25.", LOCAL),
    ("diabetes", "What is the reasoning behind the model's decisions on people over 60?", LOCAL),
    ("diabetes", "Can you give me the lime explanation for data point 12?", LOCAL),
    ("diabetes", "Which features led the model to its prediction for sample 300?", LOCAL),
    ("diabetes", "why is instance 9 predicted as unlikely to have diabetes", LOCAL),
    ("german", "How does the model arrive at its predictions for applicants who are unemployed?", LOCAL),
    ("german", "Please explain why person 100 was classified the way it was", LOCAL),
    # importance overall
    ("diabetes", "Which features does the classifier rely on most heavily?", GLOBAL),
    ("diabetes", "Rank the top 3 features by importance.", GLOBAL),
    ("diabetes", "Is glucose more important than age for the model's predictions?", GLOBAL),
    ("german", "What are the five most influential factors in the data?", GLOBAL),
    ("diabetes", "How much does bmi matter to the model in general?", GLOBAL),
    # importance for a group
    (
        "diabetes",
        "For people with an age above 40, what are the top 2 most important features?",
        IMPORTANCE_FOR_A_GROUP,
    ),
    ("german", "Which features matter most for applicants with a loan duration over 24?", IMPORTANCE_FOR_A_GROUP),
    ("diabetes", "How do the features interact for patients with insulin above 100?", IMPORTANCE_FOR_A_GROUP),
    # what-if
    ("diabetes", "What would happen if we increased age by 10 for everyone?", WHAT_IF),
    ("diabetes", "What if patient 5 had a bmi of 22?", WHAT_IF),
    ("diabetes", "If the glucose of people over 50 were decreased by 20, what would the model predict?", WHAT_IF),
    ("diabetes", "How would the predictions change if insulin were set to 80 for all instances?", WHAT_IF),
    ("german", "Suppose applicant 33 asked for a loan amount 1000 lower; what would the outcome be?", WHAT_IF),
    ("diabetes", "what happens to id 77 if we raise blood pressure by 15", WHAT_IF),
    (
        "diabetes",
        "Would people younger than 30 be less likely to have diabetes if their bmi were reduced by 5?",
        WHAT_IF,
    ),
    ("german", "If we changed the loan duration to 12 for applicant 8, would the prediction change?", WHAT_IF),
    # counterfactuals and what keeps a prediction
    ("diabetes", "What would need to be different for patient 21 to be unlikely to have diabetes?", COUNTERFACTUAL),
    ("german", "How can applicant 60 get a good credit risk prediction?", COUNTERFACTUAL),
    ("diabetes", "Show me how to flip the prediction for data point 3.", COUNTERFACTUAL),
    ("german", "Why isn't id 14 predicted as a good credit risk?", COUNTERFACTUAL),
    ("diabetes", "How much could the glucose of patient 4 change without changing the prediction?", STILL),
    ("diabetes", "Would instance 90 keep its prediction under small changes?", STILL),
    # performance
    ("diabetes", "How accurate is the model on people with bmi above 35?", PERFORMANCE),
    ("diabetes", "What's the f1 score on the data?", PERFORMANCE),
    ("german", "How often does the model get it wrong for applicants over 60?", PERFORMANCE),
    ("diabetes", "Show me the model's precision for patients with glucose under 100.", PERFORMANCE),
    ("diabetes", "What kinds of mistakes does the model typically make?", PERFORMANCE),
    ("german", "Does the model do well on the whole dataset?", PERFORMANCE),
    # the data
    ("diabetes", "Show me the data for id 5.", DATA),
    ("diabetes", "How many people in the data are older than 45?", DATA),
    ("diabetes", "What is the average glucose of patients with a bmi above 30?", DATA),
    ("diabetes", "What is the distribution of the labels?", DATA),
    ("german", "What is the range of loan amounts for applicants who rent a house?", DATA),
    ("diabetes", "Tell me the ground truth label of sample 12.", DATA),
    ("diabetes", "Give me the standard deviation of insulin.", DATA),
    ("diabetes", "What does DiabetesPedigreeFunction mean?", DEFINITION),
    # the model and its outputs
    ("german", "What type of model are you using?", MODEL),
    ("diabetes", "How was this classifier built?", MODEL),
    ("diabetes", "What outcomes can the model output?", OUTPUT),
]

# The share of HELDOUT the router must keep getting right (the figure last measured, less a request or two
# of slack for harmless reorderings of close scores).
FLOOR = 0.85


@pytest.fixture(scope="module")
def schemas() -> dict[str, HostSchema]:
    from simxai.integrations.ttm_data import load_ttm_dataset

    if not DATA_DIR.is_dir():
        pytest.skip(f"TalkToModel's data is not at {DATA_DIR}")
    return {name: load_ttm_dataset(name, DATA_DIR).host.schema() for name in ("diabetes", "german")}


def choices(schemas: dict[str, HostSchema]) -> list[str]:
    """The function the router calls first for each held-out request ("no tool" when it calls none)."""
    router = RouterBackend()
    functions = default_registry().specs()

    async def run() -> list[str]:
        chosen = []
        for dataset, text, _ in HELDOUT:
            request = CompletionRequest(messages=[Message.user(text)], host=schemas[dataset], functions=functions)
            response = await router.complete(request)
            chosen.append(response.tool_calls[0].name if response.tool_calls else "no tool")
        return chosen

    return asyncio.run(run())


def test_the_set_is_sixty_requests_over_every_function() -> None:
    assert len(HELDOUT) == 60
    assert len({text for _, text, _ in HELDOUT}) == 60
    accepted = {name for _, _, names in HELDOUT for name in names}
    assert accepted == {s.name for s in default_registry().specs()}


def test_router_accuracy_on_the_heldout_set(schemas: dict[str, HostSchema]) -> None:
    chosen = choices(schemas)
    misses = [
        f"{text!r}: {got} (expected {' / '.join(names)})"
        for (_, text, names), got in zip(HELDOUT, chosen, strict=True)
        if got not in names
    ]
    accuracy = 1 - len(misses) / len(HELDOUT)
    assert accuracy >= FLOOR, f"held-out accuracy {accuracy:.1%} < {FLOOR:.0%}; misses:\n" + "\n".join(misses)


if __name__ == "__main__":
    # `python tests/backends/test_router_heldout.py`: the figure and the misses, for docs/router.md
    from simxai.integrations.ttm_data import load_ttm_dataset

    loaded = {name: load_ttm_dataset(name, DATA_DIR).host.schema() for name in ("diabetes", "german")}
    picked = choices(loaded)
    right = 0
    for (_, text, names), got in zip(HELDOUT, picked, strict=True):
        right += got in names
        if got not in names:
            print(f"  miss: {text!r} -> {got} (expected {' / '.join(names)})")
    print(f"held-out: {right}/{len(HELDOUT)} = {right / len(HELDOUT):.1%}")
