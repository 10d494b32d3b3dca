"""Relative follow-ups: the step a turn names, the feature in focus, and the changes they make."""

from __future__ import annotations

import pytest

from simxai import followup, followup_calls, followup_context, followup_fragment, followup_readings
from simxai import normalize as normalize_module
from simxai.followup import Step, answer_amount, extract_step, focus_feature, offered_amount, step_changes
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.messages import Message, ToolCall

PATIENTS = HostSchema(
    name="clinic",
    kind="tabular",
    instance_noun="patient",
    class_names=["stable", "progressing"],
    features=[
        FeatureSchema(name="age", type="numeric", min=20, max=90),
        FeatureSchema(name="bmi", type="numeric", min=18, max=42.2),
    ],
    id_range=(0, 441),
)
SIZE = 64 * 1024
ADVERSARIAL = [
    (piece * (SIZE // len(piece) + 1))[:SIZE]
    for piece in (
        " ",
        " -, ",
        "1 ",
        "5 % ",
        "were ",
        "higher by ",
        "make it ",
        "1 points ",
        "double ",
        "like 1km ",
        "a -> ",
    )
]


#: CPU seconds a call may spend on 64 KB of adversarial text: about 20 times the worst case now (0.1 s), while
#: a backtracking pattern runs for minutes on such strings. CPU time, so a loaded machine does not count.
CPU_GUARD = 2.0


def assert_linear(cpu_guard, call, text: str) -> None:
    """`call(text)` ends before CPU_GUARD seconds of CPU (uncached: the memo of `normalize` is cleared first)."""
    normalize_module._normalize.cache_clear()
    assert cpu_guard(lambda: call(text), CPU_GUARD), f"still running after {CPU_GUARD} s of CPU on {text[:30]!r}..."


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("what if it were higher?", Step("+", None)),
        ("and if it were lower?", Step("-", None)),
        ("what if it were a bit higher", Step("+", None)),
        ("make it lower", Step("-", None)),
        ("increase it", Step("+", None)),
        ("and if it were 20 % lower instead?", Step("-", 20, percent=True)),
        ("what if it were twenty percent lower?", Step("-", 20, percent=True)),
        ("what about 5 more?", Step("+", 5)),
        ("and five less?", Step("-", 5)),
        ("3 points higher", Step("+", 3)),
        ("higher by 2.5", Step("+", 2.5)),
        ("reduce it by 10%", Step("-", 10, percent=True)),
        ("double it", Step("*", 2)),
        ("what if it were halved?", Step("*", 0.5)),
        ("ten years older", Step("+", 10, age=True)),
        ("what if she were younger?", Step("-", None, age=True)),
    ],
)
def test_steps(text, step):
    assert extract_step(text, PATIENTS) == step


@pytest.mark.parametrize(
    "text", ["what does the model predict?", "why?", "and for patient 7?", "what is the most important feature"]
)
def test_no_step(text):
    assert extract_step(text, PATIENTS) is None


def test_step_values():
    assert Step("-", 20, percent=True).value() == "-20%"
    assert Step("+", 5).value() == "+5"
    assert Step("*", 0.5).value() == "*0.5"
    assert Step("+", None).value() is None


def _call(name: str, **arguments) -> Message:
    return Message.assistant("", [ToolCall(id="c", name=name, arguments=arguments)])


def test_focus_is_the_last_feature_changed_or_asked_about():
    history = [
        Message.user("what if her bmi were 30?"),
        _call("explain_what_if", instance=5, changes={"glucose": 100, "bmi": 30}),
    ]
    assert focus_feature(history) == "bmi"
    assert focus_feature([*history, _call("get_data_information", feature="age")]) == "age"
    assert focus_feature([Message.user("hello")]) is None


def test_a_step_replaces_the_change_of_the_feature_in_focus():
    assert step_changes(Step("-", 20, percent=True), "bmi", PATIENTS) == {"bmi": "-20%"}
    assert step_changes(Step("+", 10, age=True), "bmi", PATIENTS) == {"age": "+10"}  # "older" names age
    assert step_changes(Step("+", None), "bmi", PATIENTS) is None  # no amount: asked
    assert step_changes(Step("+", 5), None, PATIENTS) is None  # no feature in focus: asked


def test_offered_amount_is_a_tenth_of_the_range():
    assert offered_amount(FeatureSchema(name="bmi", type="numeric", min=18, max=42.2)) == 2.4
    assert offered_amount(FeatureSchema(name="score", type="numeric", min=300, max=850)) == 55
    assert offered_amount(FeatureSchema(name="x", type="numeric")) is None
    assert offered_amount(FeatureSchema(name="region", type="categorical", categories=["a", "b"])) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("yes", "+2.4"),
        ("ok, do it", "+2.4"),
        ("5", "+5"),
        ("by 10 %", "+10%"),
        ("ten percent", "+10%"),
        ("3 lower", "-3"),
        ("what is the accuracy?", None),
    ],
)
def test_answers_to_how_much(text, expected):
    assert answer_amount(text, "+", "+2.4", PATIENTS) == expected


@pytest.mark.parametrize("text", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_patterns_are_linear(text, cpu_guard):
    for pattern in (
        followup._AMOUNT_DIRECTION,
        followup._DIRECTION_BY,
        followup._MULTIPLY,
        followup._DIRECTION_ONLY,
        followup_context._THAT_GROUP,
        followup_context._OVERALL,
        followup_context._GROUP_PHRASE,
        followup_calls._BARE_STEP,
        followup_calls._SAME,
        followup_calls._SHIFT,
        followup_fragment._COUNT,
        followup_fragment._SELF,
        followup_fragment._HERE,
        followup_fragment._MY_NUMBER,
        followup_fragment._ORDINAL,
        followup_fragment._ORDINAL_ONLY,
        followup_fragment._CONTINUATION,
        followup_fragment._POSSESSIVE_PHRASE,
        followup_readings._PICK,
        followup._ANSWER_LEAD,
        followup._PER_UNIT,
        followup._UNIT_AFTER,
        followup._LEADING_ID,
        followup_context._CONTINUED_GROUP,
        followup_fragment._ARROW_EDIT,
        followup_fragment._IF_EDIT,
    ):
        assert_linear(cpu_guard, pattern.findall, text)
    assert_linear(cpu_guard, lambda t: extract_step(t, PATIENTS), text)
    assert_linear(cpu_guard, lambda t: answer_amount(t, "+", None, PATIENTS), text)
    assert_linear(cpu_guard, lambda t: followup_context.continued_group(t, PATIENTS, frozenset()), text)


# ---- follow-ups that repeat the previous call with one thing replaced -------------------------------


def _ran(name: str, arguments: dict, result: str = "{}") -> list[Message]:
    call = ToolCall(id="call_0", name=name, arguments=arguments)
    return [Message.assistant("", [call]), Message.tool(call, f'{{"result": {result}}}'), Message.assistant("Done.")]


def test_last_call_is_the_last_one_that_ran_with_its_output():
    history = [
        *_ran("get_prediction", {"instance": 3}, '{"label": "stable"}'),
        Message.user("thanks"),
        Message.assistant("You're welcome."),
    ]
    last = followup.last_call(history)
    assert last == followup.LastCall("get_prediction", {"instance": 3}, {"label": "stable"})
    failed = ToolCall(id="call_0", name="explain_what_if", arguments={"instance": 3})
    history += [Message.assistant("", [failed]), Message.tool(failed, '{"error": "needs a change"}')]
    assert followup.last_call(history) == last  # a call that failed sets no topic
    assert followup.last_call([Message.user("hi")]) is None


@pytest.mark.parametrize(
    ("call", "parameters", "expected"),
    [
        (
            followup.LastCall("get_prediction", {"instance": "prediction = progressing"}, {}),
            ["instance"],
            {"instance": "prediction = stable"},
        ),
        (
            followup.LastCall("get_local_explanation", {"instance": 5}, {"label": "stable"}),
            ["instance", "prediction_label"],
            {"instance": 5, "prediction_label": "progressing"},
        ),
        (
            followup.LastCall("explain_how_to_be_that", {"instance": 5, "target_label": "progressing"}, {}),
            ["instance", "target_label"],
            {"instance": 5, "target_label": "stable"},
        ),
        (followup.LastCall("get_prediction", {"instance": 5}, {"label": "stable"}), ["instance"], None),
    ],
)
def test_the_other_class_swaps_the_label_of_the_previous_call(call, parameters, expected):
    assert followup.other_class_arguments(call, ["stable", "progressing"], parameters) == expected


def test_the_other_class_of_three_is_not_guessed():
    call = followup.LastCall("get_local_explanation", {"instance": 5}, {"label": "b"})
    assert followup.other_class_arguments(call, ["a", "b", "c"], ["instance", "prediction_label"]) is None


@pytest.mark.parametrize("text", ["same for the other class", "and the other label?", "what about the opposite one"])
def test_names_other_class(text):
    assert followup.names_other_class(text)


def test_only_a_relative_change_carries_to_another_feature():
    relative = followup.LastCall("explain_what_if", {"instance": 4, "changes": {"bmi": "+10%"}}, {})
    absolute = followup.LastCall("explain_what_if", {"instance": 4, "changes": {"bmi": 30}}, {})
    assert followup.carried_change("glucose", relative) == {"glucose": "+10%"}
    assert followup.carried_change("glucose", absolute) is None
    points = followup.LastCall("explain_what_if", {"instance": 4, "changes": {"bmi": "+5"}}, {})
    assert followup.carried_change("glucose", points) is None  # 5 bmi points are no glucose amount
    assert followup.carried_change("bmi", relative) is None
    assert followup.carried_change("glucose", followup.LastCall("get_prediction", {"instance": 4}, {})) is None


def test_a_group_follows_a_metric_question_only_as_a_continuation():
    metric = followup.LastCall("get_model_performance", {"metric": "accuracy"}, {})
    assert followup_context.group_follow_up("and for patients over 60?", "age > 60", [], metric)
    assert not followup_context.group_follow_up("show me patients over 60", "age > 60", [], metric)
    assert not followup_context.group_follow_up("and for patient 4?", None, [4], metric)
    prediction = followup.LastCall("get_prediction", {"instance": 4}, {})
    assert not followup_context.group_follow_up("and for patients over 60?", "age > 60", [], prediction)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("and on the negative ones?", "negative"),
        ("and approve?", "approved"),
        ("what about the rejected applicants?", "rejected"),
        ("and the positive ones?", "positive"),
    ],
)
def test_a_continuation_that_only_names_a_class(text, expected):
    labels = ["negative", "positive"] if expected in ("negative", "positive") else ["approved", "rejected"]
    assert followup.class_follow_up(text, labels, "applicant") == expected


@pytest.mark.parametrize(
    "text", ["why is it negative?", "and why negative?", "negative", "and approx?", "and positive or negative?"]
)
def test_no_class_follow_up(text):
    assert followup.class_follow_up(text, ["negative", "positive", "approved"]) is None


def test_a_named_class_replaces_the_label_of_a_group():
    call = followup.LastCall("get_model_performance", {"metric": "f1", "group": "label = positive"}, {})
    assert followup.other_class_arguments(call, ["negative", "positive"], ["metric", "group"], "negative") == {
        "metric": "f1",
        "group": "label = negative",
    }


@pytest.mark.parametrize(
    ("text", "condition", "expected"),
    [
        ("and over 40?", "age < 40", "age > 40"),
        ("what about for those under 30", "age > 60", "age < 30"),
        ("and above 120?", "glucose <= 100", "glucose > 120"),
        ("and over 40?", "age < 40 and bmi > 30", None),  # which clause moves is a guess
        ("and over 40?", "prediction = stable", None),
        ("and patients over 40 with bmi 30?", "age < 40", None),
    ],
)
def test_a_bound_alone_moves_a_one_clause_condition(text, condition, expected):
    assert followup.shifted_condition(text, condition) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("110", 110), ("make it 95.5", 95.5), ("10% higher", "+10%"), ("5 lower", "-5"), ("why?", None)],
)
def test_an_answer_to_what_a_feature_should_be(text, expected):
    assert followup.answer_value(text, PATIENTS.features[1], PATIENTS) == expected


def test_an_answer_to_what_a_category_should_be():
    smoker = FeatureSchema(name="smoker", type="categorical", categories=["no", "yes"])
    assert followup.answer_value("yes", smoker, None) == "yes"
    assert followup.answer_value("maybe", smoker, None) is None


@pytest.mark.parametrize("text", ["10 years", "by 3 points", "5 % please"])
def test_a_bare_amount_may_name_its_unit(text):
    assert answer_amount(text, "+", None, PATIENTS) is not None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("same for applicant 56", True),
        ("and the same for patient 4?", True),
        ("do the same for review 3", True),
        ("how does that compare with patient 4?", True),
        ("compare it to patient 9", True),
        ("what is the same for patients 3 and 4?", False),
        ("compare patients 3 and 4", False),
    ],
)
def test_same_question(text, expected):
    assert followup.same_question(text) is expected


@pytest.mark.parametrize(
    ("text", "value"),
    [("and if it were 90?", 90), ("set it to 25.5", 25.5), ("what if that went to 110", 110), ("if it is 70", 70)],
)
def test_a_new_value_of_the_feature_in_focus(text, value):
    step = extract_step(text, PATIENTS)
    assert step is not None and step.sign == "=" and step.value() == value
    assert step_changes(step, "bmi", PATIENTS) == {"bmi": value}


@pytest.mark.parametrize("text", ["and if it were 20 % lower?", "if it were 10 years older", "it was 5 more"])
def test_a_relative_amount_is_no_new_value(text):
    step = extract_step(text, PATIENTS)
    assert step is not None and step.sign != "="


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("for women?", "women"),
        ("and on smokers", "smokers"),
        ("what about for everyone?", "all"),
        ("in general?", "all"),
    ],
)
def test_a_group_in_words(text, phrase):
    assert followup_context.group_phrase(text) == phrase


@pytest.mark.parametrize(
    "text", ["for patient 3?", "what does the model predict for women?", "why?", "for now?", "in that case?"]
)
def test_no_group_in_words(text):
    assert followup_context.group_phrase(text) is None


@pytest.mark.parametrize(
    ("text", "expected"), [("why?", True), ("and why", True), ("how come?", True), ("why 5?", False)]
)
def test_bare_why(text, expected):
    assert followup.bare_why(text) is expected


@pytest.mark.parametrize(
    ("content", "succeeded"),
    [
        ('{"result": {"label": "stable"}, "summary": "stable"}', True),
        ('{"error": "unknown instance 99999"}', False),
        ("not json", False),
        ('["a list"]', False),
    ],
)
def test_the_state_and_the_follow_ups_read_a_recorded_call_alike(content, succeeded):
    # one reading of a tool message's outcome (`messages.successful_payload`) for the state and `last_call`
    from simxai.messages import successful_payload
    from simxai.state import DialogueState

    call = ToolCall(id="c1", name="get_prediction", arguments={"instance": 12})
    history = [Message.user("predict 12"), Message.assistant("", [call]), Message.tool(call, content)]
    assert (successful_payload(content) is not None) is succeeded
    assert (followup_calls.last_call(history) is not None) is succeeded
    assert (DialogueState.from_history(history).instance == 12) is succeeded


def test_the_successful_calls_of_a_history_last_first():
    # one walk over a history's calls (`followup_calls.successful_calls`) for `last_call` and the router's repairs
    first = ToolCall(id="c0", name="explain_what_if", arguments={"instance": 3, "changes": {"bmi": 30}})
    failed = ToolCall(id="c0", name="get_prediction", arguments={"instance": 99999})
    second = ToolCall(id="c0", name="explain_what_if", arguments={"instance": 3, "changes": {"age": 50}})
    history = [
        Message.user("what if bmi were 30"),
        Message.assistant("", [first]),
        Message.tool(first, '{"result": {"new_label": "stable"}, "summary": "s"}'),
        Message.user("predict 99999"),
        Message.assistant("", [failed]),
        Message.tool(failed, '{"error": "unknown instance"}'),
        Message.user("and age 50"),
        Message.assistant("", [second]),
        Message.tool(second, '{"result": {"new_label": "progressing"}, "summary": "s"}'),
    ]
    calls = list(followup_calls.successful_calls(history))
    assert [c.arguments["changes"] for c in calls] == [{"age": 50}, {"bmi": 30}]
    assert followup_calls.last_call(history) == calls[0]
    assert followup_calls.last_call(history[:6]) == calls[1]  # the failed call is passed over
