"""The offline router: SimXAI's default backend, which selects functions without an LLM.

A turn is routed in four steps:

1. **Small talk and follow-ups.** Greetings, thanks and goodbyes get a short honest reply. A turn that only
   names another instance ("and for patient 4?") or asks for "another one" repeats the previous function,
   taken from the last tool calls in the history (or, in a replayed text-only dialogue, by routing the
   previous user turn).
2. **Similarity.** The turn, with its instance (ids, quoted texts) masked, is compared with every function
   spec's summary, its "Use for" phrases and its example requests. Two scorers are available: TF-IDF over
   word and character n-grams (scikit-learn), and WordLlama static embeddings (the small model inside the
   `wordllama` wheel). Both are built from the specs only, once per spec set.
3. **Cues.** A few general facts of English about what each of the eleven functions answers are added to the
   standardised similarities: "why not" asks for a contrast, "what if" plus a change for a scenario,
   "counterfactual" or "change ... to get another label" for counterfactuals, "still / keep / the same"
   for what keeps a prediction, attribution words scoped to one instance or to the model overall, metric
   names, and so on. They are written from the functions' meaning, never from evaluation data.
4. **Arguments.** Each parameter of the chosen function is extracted from the turn by `simxai.extraction`;
   what cannot be found is left out (the engine fills it from the dialogue state or asks). Several ids
   ("compare patients 3 and 4") give one call each, at most four.

When nothing scores above the threshold the router answers that it is the offline router and lists what it
can answer. It never writes replies after calls (`writes_replies = False`): the engine renders the outputs.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import numpy as np

from simxai.backends.base import Backend, CompletionRequest, CompletionResponse
from simxai.exceptions import UsageError
from simxai.extraction import (
    extract_argument,
    extract_changes,
    extract_ids,
    extract_instance,
    extract_texts,
    feature_spans,
    group_spans,
)
from simxai.followup import extract_step, focus_feature, step_changes
from simxai.host_examples import example_questions
from simxai.hosts.base import HostSchema
from simxai.messages import Message, ToolCall
from simxai.normalize import normalize
from simxai.registry import FunctionSpec
from simxai.textbounds import bounded_text

__all__ = [
    "DEFAULT_SCORER",
    "DEFAULT_THRESHOLDS",
    "MAX_CALLS",
    "RouterBackend",
    "ScorerName",
    "spec_documents",
]

ScorerName = Literal["tfidf", "wordllama"]

#: The scorer used when none is given, chosen by measured accuracy (see docs/router.md).
DEFAULT_SCORER: ScorerName = "tfidf"
#: Per scorer, the best similarity below which (with no cue) a turn is answered without a function.
DEFAULT_THRESHOLDS: dict[str, float] = {"tfidf": 0.25, "wordllama": 0.4}
#: At most this many calls for one turn ("compare patients 3, 4, 5 and 6").
MAX_CALLS = 4
# How many follow-ups back ("another one?" after "another one?") a replayed dialogue is traced.
_MAX_FOLLOW_UP_DEPTH = 3

# ---------------------------------------------------------------------------------------------------------
# Scorers: similarity of a query to the spec documents


class _Scorer(Protocol):
    def similarities(self, query: str) -> np.ndarray:
        """Cosine similarity of `query` to every document, shape (n_documents,)."""
        ...


# Function words that every request shares; the question words (why, what, how, if) and the words that
# carry a contrast (not, still, same, other, without) are kept on purpose.
_FUNCTION_WORDS = frozenset(
    "a an the this that these those it its is are was were be been being am do does did to of in on at for "
    "with by from about as into me my you your we our us i he she they them his her their there here "
    "can could would will shall should may might must please some any".split()
)
_WORDS = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def _content(text: str) -> str:
    return " ".join(w for w in _WORDS.findall(text.lower()) if w not in _FUNCTION_WORDS)


class _TfidfPart:
    """One fitted TF-IDF vocabulary, applied to a query in plain Python.

    sklearn's per-call overhead is larger than the whole computation for one short query.
    """

    def __init__(self, vectorizer: Any, texts: Sequence[str]) -> None:
        self.rows = np.asarray(vectorizer.fit_transform(texts).todense())  # l2-normalised, like transform()
        self.analyze = vectorizer.build_analyzer()
        self.vocabulary: dict[str, int] = vectorizer.vocabulary_
        self.idf = np.asarray(vectorizer.idf_)

    def similarities(self, text: str) -> np.ndarray:
        counts: dict[int, int] = {}
        for term in self.analyze(text):
            column = self.vocabulary.get(term)
            if column is not None:
                counts[column] = counts.get(column, 0) + 1
        if not counts:
            return np.zeros(self.rows.shape[0])
        columns = np.fromiter(counts, dtype=int)
        weights = (1.0 + np.log(np.fromiter(counts.values(), dtype=float))) * self.idf[columns]  # sublinear tf
        return self.rows[:, columns] @ (weights / np.linalg.norm(weights))


class _TfidfScorer:
    """TF-IDF over word 1-2-grams and content-word character 3-5-grams, fitted on the spec documents.

    Word n-grams see every word ("why not" is a bigram that matters); character n-grams see only content
    words, so that "about the model" and "about this text" do not look alike. The two parts weigh equally.
    """

    def __init__(self, documents: Sequence[str]) -> None:
        from sklearn.feature_extraction.text import TfidfVectorizer

        self._word = _TfidfPart(
            TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, token_pattern=r"\S+"),
            [_all_words(d) for d in documents],
        )
        self._char = _TfidfPart(
            TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), sublinear_tf=True),
            [_content(d) for d in documents],
        )

    def similarities(self, query: str) -> np.ndarray:
        return (self._word.similarities(_all_words(query)) + self._char.similarities(_content(query))) / 2.0


def _all_words(text: str) -> str:
    return " ".join(_WORDS.findall(text.lower()))


@functools.cache
def _wordllama_model() -> Any:
    """The WordLlama model shipped inside the `wordllama` wheel, loaded once per process, never downloaded.

    `WordLlama.load()` looks for the tokenizer in a folder the wheel does not have and then tries Hugging
    Face; pointing `cache_dir` at the package folder finds both shipped files, and `disable_download`
    makes a missing file an error instead of a network request.
    """
    try:
        import wordllama
        from wordllama import WordLlama
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise UsageError("the 'wordllama' router scorer needs `pip install wordllama` (the eval extra)") from exc
    from pathlib import Path

    try:
        return WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    except FileNotFoundError as exc:
        raise UsageError(f"the WordLlama model files are missing from the installed wheel: {exc}") from exc


class _WordLlamaScorer:
    """Cosine similarity of averaged WordLlama token embeddings (256 dimensions)."""

    def __init__(self, documents: Sequence[str]) -> None:
        self._model = _wordllama_model()
        self._matrix = np.asarray(self._model.embed(list(documents), norm=True))

    def similarities(self, query: str) -> np.ndarray:
        return np.asarray(self._model.embed([query], norm=True))[0] @ self._matrix.T


_QUOTED_PHRASE = re.compile(r"\"([^\"]+)\"")


def spec_documents(spec: FunctionSpec) -> list[str]:
    """The short texts a request is compared with: the summary, each "Use for" phrase, each example."""
    documents = [spec.summary]
    for paragraph in spec.description.split("\n\n")[1:]:
        phrases = _QUOTED_PHRASE.findall(paragraph)
        documents += phrases or [paragraph]
    documents += spec.examples
    return [d for d in documents if d.strip()]


@dataclass(frozen=True)
class _Index:
    """The spec documents of one spec set, embedded by one scorer."""

    names: tuple[str, ...]
    owners: np.ndarray  # owners[i] = index into names of document i
    scorer: _Scorer
    spread: float  # the median spread of function scores for a spec document, leaving that document out

    @classmethod
    def build(cls, specs: Sequence[FunctionSpec], scorer: ScorerName) -> _Index:
        documents: list[str] = []
        owners: list[int] = []
        for position, spec in enumerate(specs):
            for document in spec_documents(spec):
                documents.append(_for_similarity(document))
                owners.append(position)
        embedder: _Scorer = _TfidfScorer(documents) if scorer == "tfidf" else _WordLlamaScorer(documents)
        owner_array = np.asarray(owners)
        spreads = []
        for i, document in enumerate(documents):
            similarities = embedder.similarities(document)
            similarities[i] = -1.0  # leave the document itself out
            spreads.append(float(_per_function(similarities, owner_array, len(specs)).std()))
        return cls(tuple(s.name for s in specs), owner_array, embedder, float(np.median(spreads)) if spreads else 0.0)

    def scores(self, query: str) -> np.ndarray:
        """Per function: the mean of its two best document similarities (one lucky n-gram is not enough)."""
        return _per_function(self.scorer.similarities(query), self.owners, len(self.names))


def _per_function(similarities: np.ndarray, owners: np.ndarray, count: int) -> np.ndarray:
    result = np.zeros(count)
    for position in range(count):
        best = np.sort(similarities[owners == position])[-2:]
        result[position] = float(best.mean()) if best.size else 0.0
    return result


# ---------------------------------------------------------------------------------------------------------
# Cues: general language about what each of the eleven functions answers


@dataclass(frozen=True)
class _Cue:
    function: str
    pattern: re.Pattern[str]
    weight: float
    requires: re.Pattern[str] | None = None  # the cue only counts when this also matches
    unless: re.Pattern[str] | None = None  # ... and when this does not

    def matches(self, text: str) -> bool:
        return (
            bool(self.pattern.search(text))
            and (self.requires is None or bool(self.requires.search(text)))
            and (self.unless is None or not self.unless.search(text))
        )


def _cue(function: str, weight: float, pattern: str, requires: str | None = None, unless: str | None = None) -> _Cue:
    def compiled(text: str | None) -> re.Pattern[str] | None:
        return re.compile(text, re.IGNORECASE) if text else None

    return _Cue(function, re.compile(pattern, re.IGNORECASE), weight, compiled(requires), compiled(unless))


_NEG = r"(?:not|\w*n't|never|cannot)"
_OUTCOME = (
    r"(?:prediction|predicted\s+(?:label|class|outcome)|outcome|output|label|class|classification|decision|"
    r"result|verdict|answer|category|LABEL)s?"
)
_SHIFT = (
    r"(?:chang\w*|alter\w*|flip\w*|switch\w*|revers\w*|differ\w*|opposite|new|other|another|alternat\w*|"
    r"invert\w*|overturn\w*|reroute\w*|turn\w*|convert\w*)"
)
_ATTRIBUTION = (
    r"\b(?:important|importance|influen\w*|contribut\w*|attribut\w*|shap|lime|salien\w*|relevan\w*|"
    r"weigh\w*|drive[sn]?|driving|driver\w*|drove|matter\w*|significan\w*|impact\w*|effects?|role|interact\w*|"
    r"push\w*|pull\w*|care[sd]?\s+about|pa(?:y|ys|id)\s+attention|focus\w*\s+on|"
    r"(?:key|top|main|biggest|largest|strongest)\s+(?:NUM\s+)?(?:features?|words?|tokens?|factors?|variables?|"
    r"inputs?)|most\s+(?:\w+\s+)?(?:features?|words?|tokens?|factors?|variables?)|"
    r"(?:features?|words?|tokens?|factors?|variables?)\b[^.?!]{0,40}\bmost)\b"
)
_SCOPE_GLOBAL = (
    r"\b(?:overall|in\s+general|general(?:ly)?|global(?:ly)?|across|whole|entire|on\s+average|"
    r"typically|usually|in\s+total|all\s+(?:the\s+)?(?:data|instances|predictions|inputs|cases|samples|"
    r"examples|reviews|texts|patients)|dataset|rel(?:y|ies|ying)\s+on|(?:for|of|in|by)\s+the\s+model\b(?!')|"
    r"the\s+model\s+(?:use|uses|look\s+at|looks\s+at))\b"
)
_SCOPE_LOCAL = (
    r"\b(?:this|that|it|its|here|given|particular|specific|current|my|INSTANCE|GROUP|these|those|"
    r"(?:ids?|instances?|data\s*points?|rows?|samples?|records?|items?|entr(?:y|ies)|persons?|people|individuals?)"
    r"\s+(?:(?:with|of|number|no|an?|the|id)\s+){0,4}NUM|"
    r"the\s+(?:instance|input|sample|example|text|sentence|review|record|prediction|decision|data\s*point|"
    r"case|output|result|label|phrase|statement))\b"
)
_CHANGE_WORD = r"(?:chang\w*|alter\w*|modif\w*|vary|varies|variation\w*|edit\w*|tweak\w*|perturb\w*|mov\w*)"
_STILL = (
    r"\b(?:still|same|unchanged|keep\w*|retain\w*|preserv\w*|maintain\w*|stay\w*|remain\w*|robust\w*|"
    r"stabl[ey]|stability|invarian\w*|toleran\w*|tolerat\w*|resist\w*|sensitive|sensitivity\s+to|margin|"
    r"endure\w*|holds?|"
    r"without\s+(?:\w+\s+){0,2}(?:changing|altering|affecting|flipping|switching)|"
    r"leav\w*\b[^.?!]{0,30}\b(?:as\s+it\s+is|as\s+is|unchanged|intact|alone|the\s+same)|"
    rf"{_NEG}\s+(?:\w+\s+){{0,2}}(?:change|flip|alter|lead\s+to|cause|result\s+in)|"
    r"(?:allow\w*|permissible|permitted|acceptable|admissible|safe)\s+(?:\w+\s+){0,2}(?:changes?|"
    r"modifications?|variations?|range|edits?|perturbations?|deviations?|tweaks?|variability)|"
    r"(?:changes?|modifications?|variations?|perturbations?|edits?)\s+(?:\w+\s+){0,2}(?:allowed|permitted)|"
    r"how\s+(?:much|far|many)\b[^.?!]*\b(?:before|until|while|without|and\s+still|yet)|"
    r"(?:range|region|boundar\w*|extent|neighbou?rhood)\b[^.?!]{0,50}\b(?:prediction|output|result|label|"
    rf"decision|outcome|{_CHANGE_WORD}))\b"
)
_TO_LABEL = r"(?:classified|predicted|labell?ed|categori[sz]ed|considered|rated)"
_METRIC_NAMES = (
    r"\b(?:accuracy|precision|recall|f[\s_-]?1|f[\s-]?score|roc|auc|auroc|confusion\s+matrix|sensitivity|"
    r"specificity|ppv|npv|(?:positive|negative)\s+predictive\s+values?|(?:true|false)\s+(?:positive|negative)\s+rate)\b"
)
# How the model reaches its decisions: about one instance or group when one is in scope, else overall.
_MECHANISM = (
    r"\bhow\s+(?:does|did|do|would|will|can)\s+(?:it|the\s+model|the\s+classifier|you|your\s+model|my\s+model|"
    r"the\s+system)\s+(?:decide|know|arrive|come\s+to|come\s+up\s+with|reach|get\s+to|determine|conclude|"
    r"figure\s+out|work\s+out|choose|tell|judge|make\s+(?:its\s+|your\s+|the\s+|a\s+|these\s+|such\s+)?"
    r"(?:decisions?|predictions?|choices?))|\b(?:in\s+)?what\s+ways?\s+(?:do|does)\s+(?:it|the\s+model|you)\s+"
    r"(?:decide|determine|figure\s+out|predict)|\bwhat\s+(?:\w+\s+){0,4}?(?:(?:do|does|did)\s+)?(?:it|the\s+model|you|"
    r"the\s+classifier)\s+(?:use|uses|leverage|consider|look\s+at|rely\s+on|take\s+into)\b[^.?!]{0,60}\b(?:decid\w*|"
    r"determin\w*|figur\w*|predict\w*|decisions?|reason\w*|inform\w*|outcomes?)"
)
# Words that ask for the reason of a prediction, never for the prediction itself.
_REASON = r"\b(?:why|how\s+come|reason\w*|rationale\w*|justif\w*|motivation|explain\w*|explanations?)\b"
# ... nor a change of it, whether it is right, or the data's own labels.
_PREDICTION_UNLESS = (
    _REASON + r"|\b(?:chang\w*|flip\w*|alter\w*|revers\w*|correctly|incorrect\w*|wrongly|mistak\w*|errors?|"
    r"(?:gold|true|actual|real|ground[\s-]?truth|underlying)\s+labels?)\b"
)

# Weights are in standard deviations of the similarity scores: 1.0 is a clear preference, 3.0 decides.
_CUES: tuple[_Cue, ...] = (
    # "why not X", "why isn't it X", "why didn't it predict X", "why X instead of Y", "what stops it from"
    _cue(
        "explain_why_not",
        3.5,
        rf"\bwhy\s+(?:\w+\s+){{0,5}}?{_NEG}\b|\bwhy\b[^.?!]*\binstead\b|\bhow\s+come\s+(?:\w+\s+){{0,5}}?{_NEG}\b|"
        r"\bwhat\s+(?:stops|stopped|prevents|prevented|keeps|kept)\b[^.?!]*\bfrom\b",
    ),
    # "why", "what made it", "how does it decide", "reasons for", "break it down"
    _cue(
        "get_local_explanation",
        1.6,
        r"\bwhy\b|\b(?:what|which\s+\w+)\s+(?:made|makes|led|leads|caused|causes)\b|\breason\w*\b|\bexplain\w*\b|"
        r"\bexplanat\w*|\brationale\w*|\bjustif\w*|\bmotivat\w*|\blocal(?:ly)?\b|"
        r"\bbreak\w*\s+(?:\w+\s+){0,2}down\b|\bbreakdown\b",
    ),
    _cue("get_local_explanation", 2.6, _MECHANISM, requires=_SCOPE_LOCAL),
    # interactions between features are attributions (SHAP interaction values), not facts about the data
    _cue("get_local_explanation", 1.6, r"\binteract\w*"),
    _cue("get_global_explanation", 2.6, _MECHANISM, unless=_SCOPE_LOCAL),
    # attribution words: about one instance unless the model overall is meant
    _cue("get_local_explanation", 1.8, _ATTRIBUTION),
    _cue("get_local_explanation", 1.0, _SCOPE_LOCAL, requires=_ATTRIBUTION),
    _cue("get_global_explanation", 1.0, _ATTRIBUTION),
    _cue(
        "get_global_explanation",
        2.6,
        _SCOPE_GLOBAL,
        requires=_ATTRIBUTION + r"|\b(?:decid\w*|decisions?|works?|working|reason\w*|make\s+predictions)\b",
    ),
    # counterfactuals: the word itself, or changes that lead to another outcome
    _cue("explain_how_to_be_that", 3.0, r"\bcounter[\s-]?factual\w*|\bcontrastive\b|\bcounter[\s-]?example\w*"),
    _cue(
        "explain_how_to_be_that",
        2.2,
        rf"\b{_SHIFT}(?:\W+\w+){{0,3}}?\W+{_OUTCOME}\b|\b{_OUTCOME}(?:\W+\w+){{0,3}}?\W+{_SHIFT}|"
        rf"\b(?:become|becomes|turn\w*\s+into|make\s+it|get\s+it|to\s+get|changed?\s+(?:in)?to)\s+"
        rf"(?:\w+\s+)?LABEL\b|"
        rf"\b(?:chang|alter|modif|tweak|adjust|edit|get|make|turn)\w*\b[^.?!]{{0,40}}\b{_TO_LABEL}\s+(?:as\s+)?LABEL|"
        rf"\b(?:minimal|smallest|least|minimum|fewest|simplest)\s+(?:\w+\s+)?(?:change|edit|modification|"
        rf"tweak|adjustment|difference|perturbation)s?|"
        rf"\bwhat\s+(?:would|should|must|needs?\s+to|has\s+to|could)\s+(?:\w+\s+){{0,3}}?(?:change|be\s+different)|"
        rf"\bwhat\s+(?:would|will|does)\s+it\s+take\b|"
        rf"\b(?:chang|alter|modif|tweak|adjust|edit)\w*\b[^.?!]{{0,40}}\bto\s+(?:make\s+it|get|become|"
        rf"be\s+{_TO_LABEL})\b|"
        rf"\b{_CHANGE_WORD}[^.?!]{{0,30}}\b(?:so\s+that|in\s+order\s+(?:for|to)|such\s+that)\b",
        unless=_STILL,
    ),
    # what keeps the prediction
    _cue("explain_how_to_still_be_this", 3.0, _STILL),
    # a hypothetical scenario: strongest when concrete changes are also found (added in code)
    _cue(
        "explain_what_if",
        1.5,
        r"\bwhat\s+(?:would\s+happen\s+|happens\s+)?if\b|\bsuppos(?:e|ing)\b|\bimagine\b|\bassum(?:e|ing)\b|"
        r"\bhypothetical(?:ly)?\b|\bwhat\s+happens\s+when\b|\binstead\s+of\b|\bwhat\s+then\b|\bthen\s+what\b|"
        r"^\W*(?:let'?s\s+)?say\b|\bsay\s+(?:that\s+)?(?:her|his|its|their|the|it|we|i|she|he|they)\b|"
        r"\bif\s+(?:we|i|you|she|he|they|one|someone|somebody)\s+\w+|"
        r"\bif\s+(?:it|the\s+\w+|her\s+\w+|his\s+\w+|its\s+\w+|their\s+\w+)(?:\s+\w+)?\s+"
        r"(?:were|was|had|went|got|changed|increased|decreased|dropped|rose|fell|doubled|halved)\b",
    ),
    # model performance
    _cue(
        "get_model_performance",
        2.5,
        r"\b(?:accura(?:cy|te)|precision|recall|f[\s_-]?1|f[\s-]?score|roc|auc|auroc|confusion|error\s+rate|"
        r"perform\w*|metrics?|how\s+(?:good|well|reliable|precise)\s+(?:is|does|are)|mistak\w*|errors?|"
        r"incorrect\w*|wrongly|faulty|misclassif\w*|correctly|gets?\s+(?:it\s+|them\s+)?(?:right|wrong)|"
        r"sensitivity|specificity|ppv|npv|(?:positive|negative)\s+predictive|"
        r"(?:often|frequently|usually|mostly)\s+(?:\w+\s+)?(?:right|wrong|correct|incorrect)|how\s+(?:often|frequently)\s+"
        r"(?:\w+\s+){0,4}(?:right|wrong|correct|err\w*)|\brate\b[^.?!]*\b(?:correct|right|wrong))\b",
        unless=r"(?-i:INSTANCE)",  # a claim that "is accurate" asks for a prediction, not a metric
    ),
    # the data
    _cue(
        "get_data_information",
        2.2,
        r"\b(?:data\s*set|dataset|training\s+(?:data|set)|(?:kind|type|sort)\s+of\s+data|trained\s+(?:on|with)|"
        r"how\s+many\s+(?:rows|instances|samples|examples|data\s*points|records|items|entries|observations)|"
        r"how\s+(?:big|large)\s+is\s+the\s+(?:data|training)|statistic\w*|distribution|class\s+balance|"
        r"balanced?|average|(?:the|a|its)\s+mean|mean\s+(?:of|value)|median|standard\s+deviation|minimum|"
        r"maximum|range\s+of|(?:gold|true|actual|annotated|real|ground[\s-]?truth)\s+labels?|labell?ing|"
        r"how\s+(?:is|are|was|were)\s+(?:the\s+)?(?:data|instances|examples|rows|\w+s)\s+labell?ed|"
        r"show\s+(?:me\s+)?the\s+features|features\s+(?:of|in)\s+(?:the\s+)?data|"
        r"columns?|describ\w*\b[^.?!]{0,30}\b(?:feature|variable)s?)\b",
        unless=_METRIC_NAMES,
    ),
    _cue(
        "get_data_information",
        2.2,
        r"\b(?:which|what)\s+(?:features|variables|inputs)\b",
        unless=_METRIC_NAMES + "|" + _ATTRIBUTION + "|" + _STILL + rf"|\b(?:explain\w*|why|predict\w*|{_OUTCOME})\b",
    ),
    _cue("get_data_information", 1.2, r"\bdata\b(?!\s*(?:point|record|instance|sample))", unless=_METRIC_NAMES),
    _cue(
        "get_data_information",
        2.2,
        r"\b(?:how\s+many|(?:total\s+)?(?:number|count|total|amount)\s+(?:num\s+)?of\s+(?:\w+\s+)?(?:GROUP|people|persons|"
        r"individuals|instances|rows|samples|records|entries|data\s*points|observations|times|cases)|grand\s+total|"
        r"total\s+num\w*|std|variance|variability|spread|frequenc\w*|"
        r"(?:show|display|print|list|see|reveal|view)\s+(?:me\s+)?(?:all\s+)?(?:of\s+)?(?:the\s+|this\s+|these\s+)?"
        r"(?:data|dataset|instances?|rows?|records?|entries|entry|values|feature\s+values|datapoints?|data\s+points?|"
        r"samples?|items?|GROUP|FEATURE|people)\b(?!\s+(?:\w+\s+)?(?:predictions?|explanations?))|"
        r"(?:show|display|print)\s+(?:me\s+)?(?:ids?|instances?|rows?|records?|samples?|data\s*points?)\s+NUM|"
        r"values?\s+of\s+(?:the\s+|its\s+|their\s+)?(?:features?|FEATURE)|"
        r"what(?:'s|\s+is|\s+are)\s+(?:the\s+)?FEATURE\s+(?:of|for)\s+(?:\w+\s+)?NUM|"
        r"(?:defin\w*|meaning|descri\w*)\s+(?:of\s+)?(?:the\s+)?(?:feature\s+)?(?:named\s+)?FEATURE|"
        r"FEATURE\s+(?:feature\s+)?(?:means?|stands?\s+for)|what\s+is\s+(?:the\s+)?FEATURE(?:\s+feature)?(?:\s+like)?\s*\?|"
        r"ground[\s-]?truth|(?:gold|true|actual)\s+labels?|"
        r"(?:labels?|class|target)\s+(?:frequenc\w*|distribution|balance|counts?)|underlying\s+labels?|"
        r"(?:gold|true|real|actual)\s+targets?)\b",
        unless=_METRIC_NAMES + r"|\b(?:mistak\w*|errors?|wrong\w*|incorrect\w*|counterfactual\w*|ways|changes)\b",
    ),
    # the model itself
    _cue(
        "get_model_information",
        2.2,
        r"\b(?:what\s+(?:kind|type|sort)\s+of\s+(?:model|classifier|algorithm)|which\s+(?:model|algorithm|"
        r"classifier)|architecture|algorithm|hyper[\s-]?parameters?|how\s+(?:was|is|were)\s+(?:it|the\s+model|"
        r"this\s+model|the\s+classifier)\s+(?:trained|built|made|developed|designed|created|validated)|"
        r"limitations?|strengths?|weakness\w*|model\s+card|(?:describe|about)\s+(?:the|this|your)\s+"
        r"(?:model|classifier)|random\s+forest|(?:neural|deep)\s+(?:net\w*|learning)|logistic\s+regression|"
        r"linear\s+(?:model|regression)|decision\s+trees?|gradient\s+boost\w*|xgboost|svm|support\s+vector|"
        r"naive\s+bayes|transformer|bert|lexicon|rule[\s-]based|(?:machine\s+learning|ml|statistical|learning)\s+"
        r"(?:method|technique|approach|model)|which\s+(?:method|technique|approach))\b",
    ),
    _cue("get_model_information", 1.0, r"\b(?:design\w*|built|build|trained|training)\b"),
    # the outputs and labels
    _cue(
        "get_output_information",
        2.2,
        r"\b(?:what\s+(?:are\s+the\s+)?(?:labels|classes|outputs|outcomes|categories)|possible\s+(?:labels|"
        r"classes|outputs|outcomes|predictions|answers|values)|what\s+(?:does|do)\s+(?:the\s+|each\s+|a\s+)?"
        r"(?:[\w']+\s+)?(?:label|class|output|score|probability|prediction|LABEL)s?\s+(?:\w+\s+)?mean|"
        r"meaning\s+of(?!\s+(?:the\s+)?FEATURE)|what\s+(?:can|does)\s+(?:it|the\s+model|you|the\s+system|the\s+classifier)\s+"
        r"(?:predict|do|tell|output)|(?:kinds?|types?|sorts?)\s+of\s+(?:answers|outputs|predictions|labels|results)|"
        r"what\s+(?:it|the\s+model|the\s+classifier|the\s+system)\s+(?:does|can\s+do|"
        r"outputs)|capabilit\w*|output\s+card)\b",
        # "what does it predict for patient 4 / for people over 50" asks for the prediction itself
        unless=r"\b(?:GROUP|INSTANCE|NUM|this|these|those)\b",
    ),
    _cue(
        "get_output_information",
        1.5,
        r"\b(?:mean|means|meaning|definition|defined|stand\s+for|signif(?:y|ies)|represent\w*|interpret\w*)\b",
        requires=r"\b(?:LABEL|labels?|class(?:es)?|outputs?|probabilit\w*|scores?|outcomes?)\b",
    ),
    # a prediction
    _cue(
        "get_prediction",
        1.2,
        r"\b(?:predict|predicts|classify|classifies|categori[sz]e|sentiment|how\s+likely|"
        r"(?:prediction|label|class|classification|outcome|output|verdict)\s+(?:for|of|about|regarding|on)\b|"
        r"what\s+(?:is|would\s+be|will\s+be)\s+(?:the\s+)?(?:predicted\s+)?(?:prediction|label|class|outcome)|"
        r"what(?:'s|\s+is|\s+are)\s+(?:the\s+)?predicted\s+\w+|"
        r"what\s+(?:does|would|will)\s+(?:the\s+model|it|the\s+classifier|you)\s+(?:say|think|output|give)|"
        r"what\s+(?:the\s+model|it|the\s+classifier)\s+(?:says|thinks|predicts|outputs)|"
        r"(?:run|apply|use)\s+(?:the\s+|this\s+)?(?:model|classifier)\s+(?:on|to)|"
        r"what\s+(?:label|class|score|sentiment)\s+(?:does|would|will)\s+(?:\w+\s+){0,3}(?:give|assign|get)|"
        r"probabilit\w*\s+(?:of|that|for)|chances?\s+(?:of|that)|LABEL\s+or\s+LABEL|"
        r"is\s+(?:it|this|INSTANCE)\s+(?:an?\s+)?(?:LABEL|correct|right)|according\s+to\s+the\s+(?:model|classifier))\b",
        unless=_PREDICTION_UNLESS,
    ),
    # the predictions asked for, or shown, for instances or a group
    _cue(
        "get_prediction",
        2.2,
        r"\b(?:predictions\s+(?:for|of|about|regarding|on|across|over|in)|"
        r"what(?:'s|\s+is|\s+are|\s+were|\s+would\s+be|\s+will\s+be)\s+(?:the\s+|its\s+|your\s+|my\s+)?"
        r"(?:model'?s\s+)?(?:predicted\s+\w+|predictions?)|"
        r"(?:show|display|print|give|list|reveal|return|see|view)\s+(?:me\s+)?(?:all\s+)?(?:of\s+)?"
        r"(?:the\s+|its\s+|your\s+)?(?:model'?s\s+)?predictions?)\b",
        unless=_PREDICTION_UNLESS,
    ),
    # how likely: a prediction's probability (what a probability means is about the outputs)
    _cue(
        "get_prediction",
        2.2,
        r"\b(?:how\s+(?:likely|probable|confident|sure|certain)|likelihoods?|probabilit\w*|chances?|odds)\b",
        unless=_REASON
        + r"|\b(?:mean|means|meaning|interpret\w*|represent\w*|defin\w*|calibrat\w*|aspects?|factors?)\b|"
        r"\bwhat\s+(?:\w+\s+){0,4}(?:makes?|made)\b",
    ),
    _cue("get_prediction", 1.5, r"\b(?:compare|comparison|versus|vs\.?|difference\s+between)\b"),
)

_TAKE_NO_CHANGES = frozenset({"explain_how_to_be_that", "explain_how_to_still_be_this"})
# Under named changes, the what-if function answers the question asked about the changed instance (its
# prediction, probability or explanation), so these functions' cues do not count then either.
_ANSWERED_AFTER_CHANGES = frozenset({"get_prediction", "get_local_explanation", "get_global_explanation"})
# Concrete feature values make a what-if only in a conditional or a change ("if bmi were 30", "set bmi to
# 30"); "for a patient with bmi 30" describes an instance.
_CONDITIONAL = re.compile(
    r"\b(?:if|suppos\w*|imagin\w*|assum\w*|instead|were|had|chang\w*|set|increas\w*|decreas\w*|rais\w*|"
    r"lower\w*|reduc\w*|replac\w*|swap\w*|remov\w*|delet\w*|doubl\w*|halv\w*|add\w*|subtract\w*|drop\w*|"
    r"rose|fell|went|los[et]\w*|gain\w*|t[ao]ok|take|taking)\b|^\W*(?:let'?s\s+)?say\b|\bwhat\s+then\b",
    re.IGNORECASE,
)
# Where a compound request starts its next request: a new sentence, "and why / how / what ...", "then",
# "followed by", "second", "(2)".
_PART_BREAK = re.compile(
    r"(?:[.?!;]+\s+|\s*,?\s*\b(?:and|&)\s+(?:then\s+|also\s+|next\s+|secondly\s+)?(?=(?:why|how|what|which|tell|show|"
    r"give|explain|display|list|describe)\b)|\s*,?\s*\b(?:then|followed\s+by|next|afterwards|second(?:ly)?|"
    r"finally)\b,?\s*|\(\s*NUM\s*\)\s*)",
    re.IGNORECASE,
)
_HYPOTHETICAL = re.compile(r"\b(?:if|suppos\w*|imagin\w*|assum\w*)\b", re.IGNORECASE)
_REQUEST = re.compile(
    r"^\W*(?:(?:and|then|also|so|now|ok(?:ay)?|but|well|first(?:ly)?|initially)\W+)*(?:why|how|what(?:'s)?|which|who|"
    r"where|when|is|are|was|were|does|do|did|can|could|would|will|should|show|tell|give|explain|display|list|"
    r"describe|predict|run|compute|find|provide|please|i\s+(?:want|need|would\s+like))\b",
    re.IGNORECASE,
)
# "determine if", "figure out if": an "if" that means "whether" sets up no hypothesis
_WHETHER = re.compile(
    r"\b(?:determin\w*|figur\w*\s+out|decid\w*|know\w*|tell|see|check\w*|find\w*\s+out|assess\w*|judg\w*|"
    r"understand\w*|wonder\w*|ask\w*|predict\w*)\s+if\b",
    re.IGNORECASE,
)
_SMALL_TALK = re.compile(
    r"^\W*(?:(?:hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening)|greetings|thanks?(?:\s+you)?(?:\s+so\s+much)?|"
    r"thx|cheers|great|nice|cool|ok(?:ay)?|got\s+it|i\s+see|bye|goodbye|see\s+you|that'?s\s+(?:all|it|helpful|"
    r"great|clear)|perfect|awesome|wonderful|no|yes|sure|alright|all\s+right)\b[\s\W]*)+"
    r"(?:(?:for\s+(?:\w+\s+){0,5}?\w+|a\s+lot|everything|again|bye|later|for\s+now)[\s\W]*)*$",
    re.IGNORECASE,
)
#: Questions about SimXAI itself, as a whole turn: answered with what it can do, never by a function.
_CAPABILITY = re.compile(
    r"^\W*(?:help(?:\s+me)?|what\s+(?:can|could)\s+(?:you|i)\s+(?:do|ask(?:\s+you)?)|what\s+do\s+you\s+do|"
    r"what\s+are\s+you|who\s+are\s+you|how\s+does\s+(?:this|it)\s+work|what\s+is\s+this)\W*$",
    re.IGNORECASE,
)
_GREETING = re.compile(r"^\W*(?:hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening)|greetings)\b", re.IGNORECASE)
_THANKS = re.compile(r"\b(?:thanks?|thx|cheers|appreciate)\b", re.IGNORECASE)
_GOODBYE = re.compile(r"\b(?:bye|goodbye|see\s+you|later|that'?s\s+all)\b", re.IGNORECASE)
_ANOTHER = re.compile(
    r"\b(?:another(?:\s+one)?|one\s+more|more\s+(?:of\s+(?:them|those)|examples?|ones?)|again|a\s+different\s+one|"
    r"something\s+else|next\s+one|other\s+ones?)\b",
    re.IGNORECASE,
)
_ACKNOWLEDGEMENT = re.compile(
    r"\b(?:thanks?|thank\s+you|makes\s+sense|got\s+it|i\s+see|understood|good\s+to\s+know|interesting|"
    r"fascinating|helpful|cool|nice|great|perfect|awesome|that'?s\s+(?:clear|all))\b",
    re.IGNORECASE,
)
# Words that can surround an instance in a follow-up without asking anything new ("and what about 4?").
_FILLER = frozenset(
    "and what about how for the a an now then same please ok okay so try with one instead too as well also "
    "do does it is this that case of show me again can you could i see give tell let's let us question thing "
    "thanks thank yes no sure id instance row sample example number record item entry text sentence review "
    "input data point one ones people those NUM INSTANCE GROUP".split()
)


# Words around a feature or a change in a follow-up that asks nothing new ("and the bmi feature?", "and if
# she were 10 years older?").
_FEATURE_FILLER = _FILLER | frozenset("feature variable column attribute field of on about".split())
_CHANGE_FILLER = _FILLER | frozenset(
    "if she he they were was had been would be years year older younger higher lower more less by points % "
    "instead increase decrease raise reduce set to".split()
)


def _only_fillers(masked: str, fillers: frozenset[str]) -> bool:
    return all(w.lower() in fillers or w in fillers for w in re.findall(r"[A-Za-z']+|%", masked))


def _only_names_instance(masked: str, schema: HostSchema | None) -> bool:
    """Whether a turn names an instance and nothing else ("and for 4?", "what about patient 7?")."""
    if "INSTANCE" not in masked and "NUM" not in masked and "GROUP" not in masked:
        return False
    if "GROUP" in masked and re.search(r"\b(?:show|display|list|print|see|give)\b", masked, re.IGNORECASE):
        return False  # "show me those with bmi over 30": the group's rows, not the previous question again
    noun = schema.instance_noun.lower() if schema is not None and schema.instance_noun else ""
    words = re.findall(r"[A-Za-z']+", masked)
    return all(w in _FILLER or w.lower() in _FILLER or w.lower() in (noun, noun + "s") for w in words)


def _mask(text: str, schema: HostSchema | None) -> str:
    """The turn with its instance and labels replaced by placeholders, so only the request is compared."""
    masked = text
    for span in sorted(extract_texts(text), key=len, reverse=True):
        masked = masked.replace(span, " INSTANCE ")
    masked = re.sub(r"['\"“”‘’]\s*INSTANCE\s*['\"“”‘’]", " INSTANCE ", masked)
    masked = masked.replace("’", "'").replace("‘", "'")
    if schema is not None and schema.kind == "text" and "INSTANCE" not in masked:
        instance = extract_instance(masked, schema)
        if isinstance(instance, str) and instance != "INSTANCE" and len(instance) < len(masked):
            masked = masked.replace(instance, " INSTANCE ")
    if schema is not None and schema.kind != "text":
        masked = _mask_spans(masked, group_spans(masked, schema), " GROUP ")
        masked = _mask_spans(masked, feature_spans(masked, schema), " FEATURE ")
    # "on all the data": the scope of the question, whose word "data" must not make it a question about the data
    masked = _WHOLE_DATA.sub(" across everything ", masked)
    masked = re.sub(r"#?\b\d+(?:[.,]\d+)*\b", " NUM ", masked)
    if schema is not None:
        for name in sorted(schema.class_names, key=len, reverse=True):
            masked = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " LABEL ", masked, flags=re.IGNORECASE)
    return " ".join(masked.split())


_WHOLE_DATA = re.compile(
    r"\b(?:on|for|across|over|of|to)\s+(?:all|every|the\s+(?:whole|entire|full))\s+(?:of\s+)?(?:the\s+)?(?:training\s+|test\s+)?"
    r"(?:data\s*set|data|instances|rows|samples|examples|records|people|cases|data\s*points)\b",
    re.IGNORECASE,
)


def _mask_spans(text: str, spans: Sequence[tuple[int, int]], placeholder: str) -> str:
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + placeholder + text[end:]
    return text


# Politeness and request wrappers ("could you please tell me", "I'd like to see") say nothing about which
# function is meant, yet dominate the n-grams of short requests; both sides drop them before comparing.
_WRAPPERS = re.compile(
    r"\b(?:(?:can|could|would|will)\s+(?:you|i|we)\s+(?:please\s+)?(?:kindly\s+)?(?:tell|show|give|let|provide|"
    r"help|get|see|have)?\s*(?:me|us)?(?:\s+know)?|(?:i'd|i\s+would|i'll|we'd|we\s+would)\s+(?:like|love|want)"
    r"(?:\s+to\s+(?:know|see|understand|get|learn|have))?|i\s+(?:want|need|wish)(?:\s+to\s+(?:know|see|"
    r"understand|get|learn))?|(?:please|kindly|just)|(?:tell|show|give|let)\s+(?:me|us)(?:\s+know)?|"
    r"^\W*(?:hey|hi|hello|ok(?:ay)?|so|but|and|well|now|hmm|alright)\b)\W*",
    re.IGNORECASE,
)


def _for_similarity(masked: str) -> str:
    # The placeholders mean nothing to the scorers; plain words keep their neighbours' n-grams intact.
    plain = (
        masked.replace("INSTANCE", "this")
        .replace("GROUP", "them")
        .replace("FEATURE", "feature")
        .replace("NUM", "")
        .replace("LABEL", "label")
    )
    return " ".join(_WRAPPERS.sub(" ", plain).split()) or plain


# ---------------------------------------------------------------------------------------------------------
# The backend


@dataclass(frozen=True)
class _Decision:
    function: str | None
    confidence: float
    cued: bool
    whole_text: bool = False  # the turn itself is the instance (a bare text for a text host)
    also: tuple[str, ...] = ()  # further functions a compound request asks for ("predict it, then explain")


class RouterBackend(Backend):
    """Selects functions and extracts their arguments offline, without an LLM.

    Args:
        scorer: "tfidf" (scikit-learn TF-IDF over word and character n-grams) or "wordllama" (WordLlama
            embeddings shipped in its wheel). None uses `DEFAULT_SCORER`, the better one measured.
        threshold: the best spec similarity below which a turn without any cue gets a plain reply instead
            of a call. None uses the measured default of the scorer.

    Raises:
        UsageError: an unknown scorer, or a threshold outside [0, 1].
    """

    name = "router"
    writes_replies = False

    def __init__(self, *, scorer: ScorerName | None = None, threshold: float | None = None) -> None:
        chosen = scorer or DEFAULT_SCORER
        if chosen not in DEFAULT_THRESHOLDS:
            raise UsageError(f"unknown router scorer {scorer!r}; valid scorers are tfidf and wordllama")
        if threshold is not None and not 0.0 <= threshold <= 1.0:
            raise UsageError(f"router threshold must be between 0 and 1, got {threshold}")
        self.scorer: ScorerName = chosen
        self.threshold = DEFAULT_THRESHOLDS[chosen] if threshold is None else threshold
        self._indexes: dict[tuple[Any, ...], _Index] = {}

    async def complete(self, request: CompletionRequest) -> CompletionResponse:
        """Route the last user turn of `request` to function calls, or reply that no function is needed."""
        messages = [m for m in request.messages if m.role != "system"]
        if not messages or messages[-1].role == "tool":
            return CompletionResponse(content="", model=self.name, finish_reason="stop")
        last = messages[-1]
        # What the parsers would read anyway (see simxai.textbounds), so the spans they return fit the text.
        text = bounded_text(last.content)
        history = messages[:-1]
        specs = {s.name: s for s in request.functions}
        if not specs or request.tool_choice == "none":
            return self._reply(text, request.functions, request.host)
        text = normalize(text, request.host, _known_words(request.functions))
        decision = self._decide(text, history, request)
        if decision.function is None:
            return self._reply(text, request.functions, request.host)
        if decision.whole_text:
            call = ToolCall(id="call_0", name=decision.function, arguments={"instance": last.content.strip()})
            return CompletionResponse(tool_calls=[call], model=self.name, finish_reason="tool_calls")
        calls = []
        for name in (decision.function, *decision.also):
            calls += self._calls(specs[name], text, history, request.host)
        calls = [call.model_copy(update={"id": f"call_{i}"}) for i, call in enumerate(calls[:MAX_CALLS])]
        return CompletionResponse(tool_calls=calls, model=self.name, finish_reason="tool_calls")

    # --- selection ------------------------------------------------------------------------------------

    def _index(self, specs: Sequence[FunctionSpec]) -> _Index:
        key = tuple((s.name, s.summary, s.description, tuple(s.examples)) for s in specs)
        index = self._indexes.get(key)
        if index is None:
            index = self._indexes[key] = _Index.build(specs, self.scorer)
        return index

    def _decide(self, text: str, history: Sequence[Message], request: CompletionRequest, depth: int = 0) -> _Decision:
        schema = request.host
        names = {s.name for s in request.functions}
        masked = _mask(text, schema)
        decision = self._score(text, masked, request)
        if _only_names_instance(masked, schema):
            # "and for patient 4?", "what about 'another text'?": the previous question, another instance.
            previous = self._previous_function(history, request, depth, about_an_instance=True)
            if previous in names:
                return _Decision(previous, decision.confidence, True)
            if "get_prediction" in names:
                return _Decision("get_prediction", decision.confidence, True)
        follow_up = self._follow_up(text, masked, history, request, depth)
        if follow_up is not None:
            return _Decision(follow_up, decision.confidence, True)
        if _ANOTHER.search(masked) and len(text.split()) <= 10 and not decision.cued:
            previous = self._previous_function(history, request, depth)
            if previous in names:
                return _Decision(previous, decision.confidence, True)
        if _CAPABILITY.match(text):
            return _Decision(None, decision.confidence, False)
        if not decision.cued and (_SMALL_TALK.match(text) or (_ACKNOWLEDGEMENT.search(text) and "?" not in text)):
            return _Decision(None, decision.confidence, False)
        if decision.cued:
            return self._compound(decision, masked, request)
        if schema is not None and schema.kind == "text" and "get_prediction" in names and _is_content(masked):
            # A text host's input is text: a statement that asks nothing of the model is a text to classify.
            return _Decision("get_prediction", decision.confidence, False, whole_text="INSTANCE" not in masked)
        if decision.confidence >= self.threshold:
            return decision
        return _Decision(None, decision.confidence, False)

    def _follow_up(
        self, text: str, masked: str, history: Sequence[Message], request: CompletionRequest, depth: int
    ) -> str | None:
        """The function of a follow-up that changes one thing of the previous question, or None.

        After a what-if, a change that names no feature ("what about 5 more?", "and if it were 20 % lower
        instead?") is another what-if on the feature in focus. After a question about a feature ("tell me
        about the data" -> "what about the bmi feature?"), a turn that only names another feature asks the
        same question about it. A turn that only names a change ("ten years older") asks what it does to the
        instance in focus.
        """
        names = {s.name for s in request.functions}
        schema = request.host
        if schema is None or schema.kind != "tabular":
            return None
        previous = self._previous_function(history, request, depth)
        if previous is None:
            return None
        if previous == "explain_what_if" and not extract_changes(text, schema) and extract_step(text, schema):
            return previous
        takes = {s.name: {p.name for p in s.parameters} for s in request.functions}
        if "FEATURE" in masked and _only_fillers(masked.replace("FEATURE", " "), _FEATURE_FILLER):
            return previous if "feature" in takes.get(previous, set()) else None
        if (
            "explain_what_if" in names
            and "instance" in takes.get(previous, set())
            and extract_changes(text, schema)
            and _only_fillers(masked.replace("FEATURE", " "), _CHANGE_FILLER)
        ):
            return "explain_what_if"
        return None

    def _compound(self, decision: _Decision, masked: str, request: CompletionRequest) -> _Decision:
        """The decision, with the further functions of a compound request.

        "What does it predict for id 5, and why?", "show me the data. then the predictions": each part is
        routed on its own and counts when a cue chose it, if the whole turn's choice is among the parts'.
        """
        if decision.function == "explain_what_if":
            return decision  # the what-if function answers the question asked under the changes
        # a part counts only if it is a request itself: "Nice performance! What model is it?" asks one thing
        # and a hypothetical part ("what if I expected X? why didn't it?") only frames the other part
        parts = [p for p in _PART_BREAK.split(masked) if p and _REQUEST.match(p) and not _HYPOTHETICAL.search(p)]
        if len(parts) < 2:
            return decision
        chosen: list[str] = []
        for part in parts:
            routed = self._score(part, part, request)
            # a what-if part names no change (the whole turn would have been a what-if), so it is no request
            function = routed.function
            if routed.cued and function is not None and function not in ("explain_what_if", *chosen):
                chosen.append(function)
        if len(chosen) < 2 or decision.function not in chosen:
            return decision
        return _Decision(chosen[0], decision.confidence, True, also=tuple(chosen[1:]))

    def _score(self, text: str, masked: str, request: CompletionRequest) -> _Decision:
        index = self._index(request.functions)
        similarities = index.scores(_for_similarity(masked))
        # Standardise by the query's own spread, but never by less than the spread typical of the specs: when
        # nothing is similar, tiny differences must not be blown up into a confident choice.
        spread = max(float(similarities.std()), index.spread) or 1.0
        totals = (similarities - similarities.mean()) / spread
        position = {name: i for i, name in enumerate(index.names)}
        # Concrete changes in a conditional ("if her bmi were 30") ask for a scenario; the counterfactual
        # functions take no changes, so their "change" and "still" words do not count then.
        scenario = (
            "explain_what_if" in position
            and bool(_CONDITIONAL.search(_WHETHER.sub(" whether ", masked)))
            # a group's condition ("those with bmi of 30") is no change
            and bool(extract_changes(_mask_spans(text, group_spans(text, request.host), " "), request.host))
        )
        cued = scenario
        for cue in _CUES:
            skipped = scenario and cue.function in _TAKE_NO_CHANGES | _ANSWERED_AFTER_CHANGES
            if cue.function in position and not skipped and cue.matches(masked):
                totals[position[cue.function]] += cue.weight
                cued = True
        if scenario:
            # the what-if function answers any question under the changes (the prediction, its probability or
            # its explanation after them), so a named change outweighs the question's other cues
            totals[position["explain_what_if"]] += 4.0
        best = int(np.argmax(totals))
        return _Decision(index.names[best], float(similarities.max()), cued)

    def _previous_function(
        self,
        history: Sequence[Message],
        request: CompletionRequest,
        depth: int,
        *,
        about_an_instance: bool = False,
    ) -> str | None:
        """The function of the previous question.

        Its recorded call; or, in a replayed text-only dialogue (no calls recorded), the routing of the
        previous user turn, which may itself be a follow-up. With `about_an_instance` ("and for patient
        4?"), the last recorded call of a function that takes an instance: "how accurate is it?" in
        between does not make "and for patient 4?" a performance question.
        """
        takes_instance = {s.name for s in request.functions if any(p.name == "instance" for p in s.parameters)}
        for message in reversed(history):
            if message.role == "assistant" and message.tool_calls:
                name = message.tool_calls[0].name
                if not about_an_instance or name in takes_instance:
                    return name
        users = [i for i, m in enumerate(history) if m.role == "user"]
        if not users or depth >= _MAX_FOLLOW_UP_DEPTH or any(m.tool_calls for m in history):
            return None
        last = users[-1]
        return self._decide(history[last].content, history[:last], request, depth + 1).function

    # --- arguments ------------------------------------------------------------------------------------

    def _calls(
        self, spec: FunctionSpec, text: str, history: Sequence[Message], schema: HostSchema | None
    ) -> list[ToolCall]:
        parameters = [p.name for p in spec.parameters]
        arguments: dict[str, Any] = {}
        changes = None
        if "changes" in parameters:
            changes = extract_changes(text, schema)
            if not changes:
                # "and if it were 20 % lower instead?": the feature in focus, a new change in place of the old
                step = extract_step(text, schema)
                changes = step_changes(step, focus_feature(history), schema) if step is not None else None
            if changes:
                arguments["changes"] = changes
        for name in parameters:
            if name in ("instance", "changes"):
                continue
            value = extract_argument(name, text, schema)
            if value is not None:
                arguments[name] = value
        if "instance" not in parameters:
            return [ToolCall(id="call_0", name=spec.name, arguments=arguments)]
        instances = self._instances(text, history, schema, changes)
        if not instances:
            return [ToolCall(id="call_0", name=spec.name, arguments=arguments)]
        return [
            ToolCall(id=f"call_{i}", name=spec.name, arguments={"instance": instance, **arguments})
            for i, instance in enumerate(instances[:MAX_CALLS])
        ]

    def _instances(
        self, text: str, history: Sequence[Message], schema: HostSchema | None, changes: dict[str, Any] | None
    ) -> list[Any]:
        """The instances a turn names: several ids or texts give one call each."""
        ids = extract_ids(text, schema)
        if len(ids) > 1:
            return list(ids)
        if schema is not None and schema.kind == "text" and changes:
            # The quoted words of the edits are not the text ("replace 'great' with 'awful' in '...'").
            edited = {str(span) for pair in changes.items() for span in pair if span}
            texts = [t for t in extract_texts(text) if t not in edited]
            if texts:
                return [max(texts, key=len)]
            rest = text
            for span in sorted(edited, key=len, reverse=True):
                rest = rest.replace(span, " ")
            instance = extract_instance(re.sub(r"['\"“”‘’]\s*['\"“”‘’]", " ", rest), schema, history)
            return [instance] if instance is not None else []
        if schema is not None and schema.kind == "text":
            texts = extract_texts(text)
            if len(texts) > 1:
                return texts
        instance = extract_instance(text, schema, history)
        if isinstance(instance, dict) and changes:
            return []  # the feature values are the changes, not a custom instance
        return [instance] if instance is not None else []

    # --- replies --------------------------------------------------------------------------------------

    def _reply(self, text: str, specs: Sequence[FunctionSpec], schema: HostSchema | None) -> CompletionResponse:
        """A short friendly reply to a turn no function answers, with two or three of this host's questions."""
        model = f"the {schema.name} model" if schema is not None else "the model"
        if not specs:
            content = f"I'm SimXAI's offline router (no LLM), and no functions are registered for {model} yet."
        elif _GREETING.search(text):
            content = (
                f"Hello! I'm SimXAI's offline router (no LLM): I answer questions about {model} with its "
                f"explanation functions. Try {_examples(specs, schema)}."
            )
        elif _THANKS.search(text):
            content = f"You're welcome. Anything else? Try {_examples(specs, schema)}."
        elif _GOODBYE.search(text):
            content = "Goodbye!"
        elif _CAPABILITY.match(text):
            content = (
                f"I answer questions about {model} (I'm SimXAI's offline router, no LLM): its predictions and "
                f"why, what would change them, and its performance, data and outputs. Try {_examples(specs, schema)}."
            )
        else:
            content = (
                f"I can only answer questions about {model} (I'm SimXAI's offline router, no LLM): its "
                f"predictions and why, what would change them, and its performance, data and outputs. "
                f"Try {_examples(specs, schema)}."
            )
        return CompletionResponse(content=content, model=self.name, finish_reason="stop")


@functools.lru_cache(maxsize=8)
def _spec_words(key: tuple[tuple[str, ...], ...]) -> frozenset[str]:
    """The words of the specs, known to the spelling normaliser: they are never taken for typos."""
    return frozenset(w.lower() for texts in key for text in texts for w in re.findall(r"[A-Za-z]{5,}", text))


def _known_words(specs: Sequence[FunctionSpec]) -> frozenset[str]:
    return _spec_words(tuple(tuple(spec_documents(s)) for s in specs))


#: The function that answers an example question, by how the question begins ("why?" needs a previous turn).
_EXAMPLE_FUNCTIONS = {
    "what does the model predict": "get_prediction",
    "what if": "explain_what_if",
    "which": "get_global_explanation",
}


def _examples(specs: Sequence[FunctionSpec], schema: HostSchema | None) -> str:
    """Up to three questions this host answers, quoted: built from its schema, for registered functions."""
    names = {s.name for s in specs}
    questions = [
        q
        for q in (example_questions(schema) if schema is not None else [])
        if any(q.startswith(start) and f in names for start, f in _EXAMPLE_FUNCTIONS.items())
    ]
    if not questions:  # another registry: the specs' own examples
        questions = [s.examples[0] for s in specs if s.examples][:2]
    # A question that quotes a text is itself quoted with single quotes.
    quoted = [f"'{q}'" if '"' in q else f'"{q}"' for q in questions[:3]] or ['"what can you tell me about the model?"']
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" or {quoted[-1]}"


_CONTENT_WORDS = re.compile(r"[A-Za-z]{2,}")


_DIALOGUE_WORDS = re.compile(
    r"\b(?:you|your|i|i'm|my|me|we|model|classifier|system|explain\w*|predict(?:s|ed|ion|ions)?|output|label|class|result|"
    r"feature|features|data|instance)\b",
    re.IGNORECASE,
)


def _is_content(masked: str) -> bool:
    """Whether a turn is a bare text (or a text plus "given this" words) rather than talk with the system."""
    if "INSTANCE" in masked:
        return len(_CONTENT_WORDS.findall(masked.replace("INSTANCE", ""))) <= 3
    return (
        len(_CONTENT_WORDS.findall(masked)) >= 4
        and _SMALL_TALK.match(masked) is None
        and _DIALOGUE_WORDS.search(masked) is None
    )
