"""Issue 14, item 1 (and 5): every public parser takes time linear in its input, whatever the input.

Each parser gets 64 KB adversarial strings (whitespace runs, repeated separators, nested-quantifier bait,
quotes that never close, long digit runs, lone surrogates) and must finish each before a guard of CPU_GUARD
seconds of CPU time (not wall-clock time: a loaded machine does not make it fire). The worst linear case,
check_claims on repeated separators, costs about 0.5 s of CPU; on the code before issue 14 (4fbf7c2^),
`extract_count` and `parse_condition` ran past 10 s of CPU on one 64 KB space run (and took minutes to end).
How long each parser takes on these strings against ordinary prose is printed by `python bench/parsers.py`.
No input may raise anything but the documented `ArgumentError` (a digit run beyond Python's 4,300-digit
`int()` limit used to raise `ValueError`, a 500 in the server).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from simxai import extraction
from simxai.backends.toolcalls import decode_arguments, extract_tool_calls
from simxai.exceptions import ArgumentError, ToolCallParseError
from simxai.guard import Vocabulary, check_claims
from simxai.hosts.base import Host
from simxai.instances import parse_change, parse_condition
from simxai.normalize import normalize

SIZE = 64 * 1024

#: CPU seconds a parser may spend on one 64 KB string, and a quadratic parser fails the test instead of hanging it
#: (one takes minutes here). The guard's check_claims is the slowest parser: on the round-35 machine under a load of
#: about 10 on 2 cores it reads 64 KB of "1, 1, ..." in about 2.9 s (4.8 s before speed35 read a sentence's average
#: and question once per sentence, not once per number or clause); `python bench/guard_speed.py` prints the figures.
CPU_GUARD = 5.0


def _fill(piece: str) -> str:
    return (piece * (SIZE // len(piece) + 1))[:SIZE]


ADVERSARIAL = {
    "space run": "a" + " " * (SIZE - 2) + "b",
    "only spaces": " " * SIZE,
    "newline run": "\n" * (SIZE - 1) + "x",
    "mixed whitespace": _fill(" \t\r\n"),
    "repeated separators": _fill("1, "),
    "and chains": _fill("x and "),
    "comparisons": _fill("a > "),
    "nested-quantifier bait": _fill("a") + "!",
    "open quotes": _fill("'a "),
    "open double quotes": _fill('"a: '),
    "colons": _fill("sentence: "),
    "hash ids": _fill("patient #"),
    "long digit run": "patient " + "9" * (SIZE - 8),
    "digits and spaces": "id " + _fill("9 "),
    "lone surrogates": _fill("\ud800 patient 1 "),
    "brackets": "[" * (SIZE // 2) + "]" * (SIZE // 2),
    "json call with a long number": '{"name": "get_prediction", "arguments": {"instance": ' + "9" * 5000 + "}}",
}


def _documented(parse: Callable[[str], Any], text: str) -> Callable[[], None]:
    """`parse(text)`, where only the documented errors may escape (and count as an answer)."""

    def call() -> None:
        try:
            parse(text)
        except (ArgumentError, ToolCallParseError):
            pass

    return call


def _parsers(tabular: Host, text_host: Host) -> Iterator[tuple[str, Callable[[str], Any]]]:
    tab, txt = tabular.schema(), text_host.schema()
    vocabulary = Vocabulary(labels=list(tab.class_names), features=[f.name for f in tab.features])
    for name in extraction.__all__:
        function = getattr(extraction, name)
        if name == "extract_argument":
            for argument in ("instance", "changes", "feature", "expected_label", "metric", "number_of_iterations"):
                yield f"extract_argument({argument}), tabular", lambda s, a=argument, f=function: f(a, s, tab)
                yield f"extract_argument({argument}), text", lambda s, a=argument, f=function: f(a, s, txt)
        elif name in (
            "extract_texts",
            "extract_metric",
            "extract_count",
            "is_reference",
            "alternatives",
            "class_name_pattern",
            "article_spans",
            "by_fractions",
            "fraction_steps",
        ):
            yield name, function
        elif name == "category_form":  # (word, categories): a word said for one of a feature's categories
            yield name, lambda s, f=function: f(s, list(tab.class_names))
        elif name == "joined":  # (text, end, start): whether the words between two class names only join them
            yield name, lambda s, f=function: f(s, 0, len(s))
        elif name == "insisted_changes":  # (questioned, answer): the changes questioned back and the user's answer
            yield name, lambda s, f=function: f({"bmi": "-5"}, s)
        elif name == "class_said_as_class":  # (text, start, end, name): a class word's place in the text
            yield name, lambda s, f=function: f(s, len(s) // 2, len(s) // 2 + 2, "on")
        elif name == "everyday_class":  # (name): one class name, said of no text
            yield name, function
        elif name == "inflected_class":  # (word, name): one word against one class name
            yield name, lambda s, f=function: f(s, "keep")
        elif name in ("span_in_unit", "time_unit"):  # units of time of an amount or a feature: they read no text
            continue
        elif name == "completed_group":  # (asked, answer, schema): the input is both the group asked and the answer
            yield f"{name}, tabular", lambda s, f=function: f(s, s, tab)
            yield f"{name}, text", lambda s, f=function: f(s, s, txt)
        else:
            yield f"{name}, tabular", lambda s, f=function: f(s, tab)
            yield f"{name}, text", lambda s, f=function: f(s, txt)
    yield "normalize, tabular", lambda s: normalize(s, tab)
    yield "normalize, text", lambda s: normalize(s, txt)
    yield "parse_condition", lambda s: parse_condition(s, tab)
    yield "parse_change", parse_change
    yield "tabular resolve", tabular.resolve
    yield "extract_tool_calls", extract_tool_calls
    yield "decode_arguments", lambda s: decode_arguments(s, "get_prediction")
    outputs = [{"prediction": "stable", "probability": 0.9}]
    yield "check_claims", lambda s: check_claims(s, outputs, vocabulary=vocabulary)


@pytest.fixture(scope="module")
def text_host() -> Host:
    from simxai.hosts.sentiment import load_sentiment_host

    return load_sentiment_host()


@pytest.mark.slow  # the file costs about 32 s of CPU: CI starts it first, not last
def test_every_public_parser_is_linear_on_adversarial_input(
    demo_host: Host, text_host: Host, cpu_guard: Callable[[Callable[[], object], float], bool]
) -> None:
    failures = [
        f"{name} on {bait!r}"
        for name, parse in _parsers(demo_host, text_host)
        for bait, text in ADVERSARIAL.items()
        if not cpu_guard(_documented(parse, text), CPU_GUARD)
    ]
    assert not failures, f"parsers still running after {CPU_GUARD} s of CPU:\n" + "\n".join(failures)


@pytest.mark.parametrize("key", ["ID", "Id", "id "])
def test_an_id_given_twice_is_refused(demo_host: Host, key: str) -> None:
    # Issue 14, item 9: {"ID": 3, "Id": 4} silently used id 4; a feature given twice was already refused.
    with pytest.raises(ArgumentError, match="id is given twice"):
        demo_host.resolve({"id": 3, key: 4})


def test_a_digit_run_beyond_the_int_limit_is_an_argument_error(demo_host: Host) -> None:
    with pytest.raises(ArgumentError, match="digits"):
        demo_host.resolve("9" * 5000)
    assert extraction.extract_instance("patient " + "9" * 5000, demo_host.schema()) is None
    assert extraction.extract_count("9" * 5000) is None
