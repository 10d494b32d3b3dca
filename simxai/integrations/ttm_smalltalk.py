"""Small talk for the learned TalkToModel parser: utterances that ask for no operation at all.

TalkToModel's grammar has no "no operation" program and its templates never greet, thank or acknowledge, so a
shape classifier trained on them alone gives every utterance the nearest operation ("hi" read as ``followup``,
"ok" as ``mistake sample``). The training set therefore also gets a class of its own, `ABSTAIN`, from the
phrases below: greetings, thanks, acknowledgements, farewells and chat about the conversation itself, written
here from general English (not from any dataset), naming no feature or class (a number read in one,
"testing one two", takes the role ``none``). A sentence whose best shape is `ABSTAIN` gets no program, and the
parser answers with TalkToModel's apology.
"""

from __future__ import annotations

__all__ = ["ABSTAIN", "SMALL_TALK", "small_talk_rows"]

#: The shape label of an utterance that asks for no operation (no program of the grammar).
ABSTAIN = "ABSTAIN"

#: Small talk, lowercased as the reader lowercases: greetings, thanks, acknowledgements, farewells, feelings and
#: remarks about the chat. Requests that name an operation ("what can you do", "who are you") are TalkToModel's
#: ``function`` / ``self`` and stay out, and so do answers to a question ("yes", "sure", "no"): TalkToModel reads
#: an affirmative as ``followup``, the suggestion it made.
SMALL_TALK: tuple[str, ...] = (
    # greetings
    "hi",
    "hello",
    "hey",
    "hi there",
    "hello there",
    "hey there",
    "good morning",
    "good afternoon",
    "good evening",
    "greetings",
    "howdy",
    "yo",
    "hiya",
    "how are you",
    "how are you doing today",
    "how is it going",
    "nice to meet you",
    "pleased to meet you",
    # thanks and acknowledgements
    "thanks",
    "thank you",
    "thank you very much",
    "thanks a lot",
    "many thanks",
    "cheers",
    "ok",
    "okay",
    "ok thanks",
    "alright",
    "all right then",
    "got it",
    "i see",
    "understood",
    "makes sense",
    "that makes sense",
    "fine",
    "cool",
    "great",
    "nice",
    "awesome",
    "perfect",
    "interesting",
    "wow",
    "good to know",
    "that is helpful",
    "that helps a lot",
    "very useful, thanks",
    "noted",
    "hmm",
    "oh",
    "uh huh",
    # farewells
    "bye",
    "goodbye",
    "see you later",
    "see you",
    "good night",
    "have a nice day",
    "talk to you later",
    "that is all for now",
    "i am done",
    "nothing else",
    # feelings and remarks about the chat
    "i am confused",
    "never mind",
    "forget it",
    "sorry",
    "my bad",
    "just testing",
    "testing one two",
    "lol",
    "haha",
    "you are funny",
    "you are great",
    "i like this",
    "this is fun",
    "what a lovely day",
    "it is raining outside",
    "let me think",
    "wait a moment",
    "hold on",
    "give me a second",
)


def small_talk_rows(datasets: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """(dataset, utterance, `ABSTAIN`) for every phrase of `SMALL_TALK` and dataset: training rows whose gold is
    no program (they name no feature or class, so each dataset reads the same sentence).
    """
    return [(name, phrase, ABSTAIN) for name in datasets for phrase in SMALL_TALK]
