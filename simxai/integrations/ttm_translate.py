"""Writing the layer's calls for one utterance as a TalkToModel program.

Each of the eleven functions becomes a family of TalkToModel operations (`FUNCTION_OPERATIONS`) and cue words
of the utterance pick the member; ids, numbers, comparisons and what-if changes are copied from the utterance
(`simxai.integrations.ttm_utterance`); and a turn without its own filter that refers back gets the filter of
the instance in focus, written out from the dialogue's earlier programs (`Memory`) or from the layer's
state-filled instance, or TalkToModel's own ``previousfilter`` when the dialogue is unknown.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from simxai.exceptions import ArgumentError
from simxai.integrations.ttm_grammar import COMPARISONS, Operation, Program, TTMVocabulary, ttm_name
from simxai.integrations.ttm_utterance import Filter, Utterance

if TYPE_CHECKING:
    from simxai.agent import CallRecord
    from simxai.hosts.base import HostSchema

__all__ = ["FUNCTION_OPERATIONS", "Memory", "Translator"]

#: The TalkToModel operations each of the eleven functions becomes (the utterance picks the member).
FUNCTION_OPERATIONS: dict[str, tuple[str, ...]] = {
    "get_prediction": ("predict", "likelihood", "mistake sample", "mistake typical"),
    "get_global_explanation": (
        "important all",
        "important topk K",
        "important <feature>",
        "explain features",
        "interact",
    ),
    "get_local_explanation": (
        "explain features",
        "explain lime",
        "important topk K",
        "important <feature>",
        "interact",
    ),
    "explain_why_not": ("explain cfe",),
    "explain_how_to_be_that": ("explain cfe",),
    "explain_how_to_still_be_this": (),
    "explain_what_if": (
        "change ... and predict",
        "change ... and likelihood",
        "change ... and explain features",
        "change ... and important",
        "change ... and previousoperation",
    ),
    "get_model_performance": ("score <metric>", "mistake typical", "mistake sample"),
    "get_data_information": (
        "data",
        "countdata",
        "show",
        "label",
        "statistic <feature>",
        "statistic target",
        "define <feature>",
    ),
    "get_model_information": ("model",),
    "get_output_information": ("model", "label", "function", "define <feature>"),
}

_OPERATOR_WORDS = {op: words for words, op in COMPARISONS.items()}
_METRICS = {
    "accuracy": "accuracy",
    "precision": "precision",
    "recall": "recall",
    "f1": "f1",
    "roc_auc": "roc",
    "all": "default",
}

# Cue words, matched on the utterance's skeleton (features are F<k>, numbers N<k>, classes C<k>).
_LIKELIHOOD = r"\b(?:probabilit\w*|probable|likel\w*|chances?|odds|confiden\w*|risk)\b"
_CORRECTNESS = (
    r"\b(?:correct(?:ly)?|incorrect(?:ly)?|wrong(?:ly)?|right|mistakes?|mistakenly|errors?|faulty|"
    r"bad predictions)\b"
)
_IMPORTANCE = (
    r"\b(?:importan\w*|top N\d+|top few|most influen\w*|influence|critical|essential|ranked|rank|"
    r"highly ranked|matter more|more determining|more relevant|better predict|factor)\b"
)
_INTERACTION = r"\b(?:interact\w*|secondary effects?)\b"
_RATIONALE = r"\b(?:rationale|explanations?|explain\w*|reason\w*|why)\b"
_TYPICAL = (
    r"\b(?:typical\w*|common|characteri[sz]e|subgroups?|portions?|types? of|kinds? of|summari[sz]e|often|"
    r"more about)\b"
)
_MISTAKES = r"\b(?:mistak\w*|errors?|wrong\w*|incorrect\w*|faulty|bad predictions)\b"
_COUNT = (
    r"\b(?:how many|number of|count|total num|grand total|ids? of all|id's of all|item ids|"
    r"total number)\b"
)
_LABELS = r"\b(?:labels?|ground truth|groundtruth|gold|true label|target|class frequencies|classes)\b"
_STATISTIC = (
    r"\b(?:distribution|frequenc\w*|statistics?|std|standard deviation|variability|range|max\w*|"
    r"min\w*|mean|average|value of|like)\b"
)
_DEFINE = r"\b(?:define|definition|meaning|means)\b|describe the F\d+ feature"
_SHOW = r"\b(?:show|display|print|reveal|return)\b|\bdata (?:of|where)\b|what these instances are"
_SELF = (
    r"\b(?:who are you|what are you|what you are|this bot|this chat|what is this|what this is|"
    r"purpose of this|"
    r"this web)\b"
)
_FUNCTION = (
    r"\b(?:what can you do|what can i do|your functions|what i can do|what you do|what do you do|"
    r"purpose|capabilit\w*|what can the model do)\b"
)
_FOLLOWUP = (
    r"^\W*(?:yes|yeah|yup|sure)\b|\btell me more\b|\bmore (?:info|information|description|context|options)\b|"
    r"\bgive more\b|\bshow (?:it )?(?:to )?me\W*$|\bsee that\b"
)
_GROUP_NOUN = r"\b(?:people|someone|somebody|individuals|persons|everyone|anyone|consumers|customers)\b"
_REFERENCE = (
    r"\b(?:this|these|here|same|(?:previous|prior) (?:data|instances|slice|subset|group|"
    r"ones|population)|that (?:data|instance|one|group|subset|prediction|operation|person)|did that|"
    r"for that)\b|^\W*(?:why|how come)\W*$|\bthose(?! with| who| that| where| over| under)\b"
)
# A turn that only names another subject: TalkToModel's `previousoperation` ("what about id 7?", "22").
_SAME_AGAIN = (
    r"^(?:and )?(?:(?:what|how) about|now do it for|do (?:it|the same|this) for|"
    r"could you (?:do|show me) the same|please run the same|run the same)\b|^\W*N\d+\W*$|"
    r"^(?:and )?(?:for|with) (?:(?:id|instance|data point|sample|person|patient) )?N\d+\W*$"
)
# Words that name an operation: a "what about ..." turn with one of them asks for that operation.
_OPERATION_CUE = (
    r"\b(?:if|predict\w*|probab\w*|likel\w*|chances?|explain\w*|why|importan\w*|accura\w*|score|mistak\w*|"
    r"errors?|labels?|statistic\w*|distribution|counterfactual\w*|cfe|flip|interact\w*)\b"
)
_GLOBAL_SCOPE = (
    r"\b(?:all|entire|whole|across|overall|everyone|training data|the data|dataset|data set|"
    r"instances in the data)\b"
)
_ADDITIVE = r"\b(?:in addition to|including|adding in|with the addition of|also include|plus)\b"
_RESTRICTIVE = r"\b(?:excluding|from that data|previous instances|prior data|except)\b"
# A question about a class under a change ("would they be less likely to have diabetes if ...").
_CLASS_QUESTION = r"\b(?:be|are|is|them|they) (?:less |more )?C\d+|\b(?:less|more) C\d+"
# Before and after a change: TalkToModel runs the operation on both sides ("likelihood and change ... and
# likelihood").
_COMPARE = (
    r"\b(?:differ\w*|be less|be more|less likely|more likely|lower risk|higher risk|reduces? the risk|"
    r"change their chance|chance of|change (?:their|the) outcome|possibility|in which ways would|"
    r"how would the (?:model's )?predictions change|and what would it be)\b|\b(?:less|more) C\d+"
)
# Operations about the data, the model or the assistant as a whole, which never take the focus as a filter.
_WITHOUT_DATA = {"data", "model", "function", "self", "followup", "define"}
# Operations TalkToModel runs on the instances in focus when no group is named ("what are the predictions?").
_INSTANCE_CENTRIC = {("predict",), ("explain", "cfe"), ("label",)}
_HYPOTHETICAL = r"\b(?:if|were|would|suppose|supposing|assuming|when)\b"
_PREDICTION = r"\b(?:predict\w*|classif\w*|outcomes?)\b"
_MODIFIABLE = {"get_prediction", "get_local_explanation", "get_global_explanation"}
_FOLLOWUP_RESULT = (
    r"\b(?:what would happen|what happens|show me the results|how would this change|"
    r"what (?:if|about if)|what would it be)\b"
)


@dataclass
class Memory:
    """What the dialogue's previous programs filtered and did, for explicit follow-ups."""

    filters: tuple[tuple[Operation, ...], tuple[str, ...]] | None = None
    operations: tuple[Operation, ...] = ()
    numbers: set[str] = field(default_factory=set)


class Translator:
    """Writes the layer's calls for each utterance of one dialogue as TalkToModel programs.

    Args:
        vocabulary: the dataset's grammar vocabulary.
        class_names: the label name of each class value in `vocabulary.classes`.
        schema: the host's schema (to read the layer's condition strings).
    """

    def __init__(self, vocabulary: TTMVocabulary, class_names: Sequence[str], schema: HostSchema) -> None:
        self.vocabulary = vocabulary
        self.schema = schema
        self._class_value = {
            name.lower(): value for name, value in zip(class_names, vocabulary.classes, strict=True)
        }
        self.memory = Memory()

    def reset(self) -> None:
        """Forget the dialogue's programs."""
        self.memory = Memory()

    def program(self, u: Utterance, calls: Sequence[CallRecord]) -> tuple[Program | None, str | None]:
        """The program for an utterance and the layer's calls, or why there is none."""
        functions = list(dict.fromkeys(c.function for c in calls))
        ids = u.ids()
        changes: list[Filter] = []
        if "explain_what_if" in functions or (set(functions) & _MODIFIABLE and u.has(_HYPOTHETICAL)):
            # TalkToModel's `change` modifies the data like a filter; a prediction or explanation asked under
            # a hypothetical change is run after it
            changes = u.changes(loose="explain_what_if" in functions)
        filters = [*ids, *u.numeric_filters(), *u.class_filters(), *u.categorical_filters()]
        if not changes and "explain_what_if" in functions:
            filtered = {f.operation.words[1] for f in filters if f.operation.name == "filter"}
            changes = [c for c in self._changes_of(calls, u) if c.operation.words[1] not in filtered]
        operations: list[Operation] = []
        pre: list[Operation] = []
        same_again = u.has(_SAME_AGAIN) and not u.has(_OPERATION_CUE)
        if not functions and not same_again:
            operations = self._meta(u)
        elif same_again and not changes:
            operations = list(self.memory.operations) or [Operation(("previousoperation",))]
        else:
            for function in functions:
                if function == "explain_what_if" and not changes:
                    continue  # a what-if without a change TalkToModel can write has no program
                ops = self._family(function, u, calls)
                operations += [op for op in ops if op not in operations]
            if (
                changes
                and u.has(_COMPARE)
                and operations
                and operations[-1].name in ("likelihood", "predict")
            ):
                pre = [operations[-1]]  # "would they be less likely if ...": before and after the change
        filters += u.bare_categorical_filters()
        if not operations and not changes:
            if not functions:
                return (
                    None,
                    "the layer answered without a function, and the turn asks for no TalkToModel operation",
                )
            return None, f"TalkToModel has no operation for {', '.join(functions)}"
        filter_ops, joins = self._filter_prefix(
            u, sorted(filters, key=lambda f: f.position), calls, operations, bool(changes) and not pre
        )
        body = [*pre, *(c.operation for c in changes), *operations]
        all_ops = [*filter_ops, *body]
        all_joins = [*joins, *(["and"] if filter_ops and body else []), *(["and"] * max(len(body) - 1, 0))]
        return Program.of(all_ops, all_joins), None

    def _family(self, function: str, u: Utterance, calls: Sequence[CallRecord]) -> list[Operation]:
        """The operations a function becomes for this utterance (the utterance picks within the family)."""
        op = Operation
        if function == "get_prediction":
            if u.has(_LIKELIHOOD):
                return [op(("likelihood",))]
            if u.has(_CORRECTNESS):
                return [op(("mistake", "typical" if u.has(_TYPICAL) else "sample"))]
            return [op(("predict",))]
        if function in ("get_local_explanation", "get_global_explanation"):
            return self._explanation(u)
        if function in ("explain_why_not", "explain_how_to_be_that"):
            return [op(("explain", "cfe"))]
        if function == "explain_what_if":
            if u.has(_IMPORTANCE):
                return self._important(u)
            if u.has(_LIKELIHOOD) or u.has(_CLASS_QUESTION) and not u.has(r"\bpredicted C\d+"):
                return [op(("likelihood",))]
            if u.has(_RATIONALE):
                return [op(("explain", "features"))]
            if u.has(_PREDICTION):
                return [op(("predict",))]
            if self.memory.operations:
                return list(self.memory.operations)  # "and if bmi were 30?": what was asked last time
            return [op(("previousoperation" if u.has(_FOLLOWUP_RESULT) else "predict",))]
        if function == "get_model_performance":
            if u.has(_MISTAKES) or (
                u.has(r"\bcorrectly\b") and not u.has(r"\b(?:how often|frequently|rate)\b")
            ):
                # "is this data predicted correctly?": TalkToModel shows the mistakes, not a score
                return [op(("mistake", "typical" if u.has(_TYPICAL) else "sample"))]
            return [op(("score", self._metric(u, calls)))]
        if function == "get_data_information":
            return self._data(u)
        if function == "get_model_information":
            if u.has(_SELF) or u.has(_FUNCTION):
                # "what are you?", "what are your functions?": about the assistant, not the model
                return self._meta(u)
            return [op(("model",))]
        if function == "get_output_information":
            if u.has(_DEFINE) and (subjects := u.subject(r"define|definition of|meaning of|what|named")):
                return [op(("define", subjects[0]))]  # "what does glucose mean": a feature's meaning
            if u.has(_LABELS) and not u.has(r"\b(?:can|possible|mean)\b"):
                return [op(("label",))]
            if u.has(_FUNCTION):
                return ([op(("self",))] if u.has(_SELF) else []) + [op(("function",))]
            return [op(("model",))]
        return []  # explain_how_to_still_be_this: TalkToModel has no such operation

    def _explanation(self, u: Utterance) -> list[Operation]:
        if u.has(_INTERACTION):
            return [Operation(("interact",))]
        if u.has(r"\blime\b"):
            return [Operation(("explain", "lime"))]
        if u.has(_IMPORTANCE) and not u.has(r"\bwhy\b"):
            return self._important(u)
        return [Operation(("explain", "features"))]

    def _important(self, u: Utterance) -> list[Operation]:
        k = u.topk()
        if k is not None:
            if 1 <= k <= self.vocabulary.topk_max:
                return [Operation(("important", "topk", str(k)))]
            return [Operation(("important", "all"))]
        subjects = []
        comparing = u.has(
            r"\b(?:compare|than|matter more|more determining|better predict|more relevant|versus|vs)\b"
        )
        for index, feature in u.free_mentions():
            before = u.symbols[max(0, index - 1)] if index else ""
            if not comparing and before in (
                "for",
                "on",
                "predicting",
                "among",
                "with",
                "who",
                "people",
                "those",
                "that",
                "are",
            ):
                continue  # "most important features for women": a filter, not the feature asked about
            subjects.append(Operation(("important", feature)))
            u.claim(range(index, index + 1))
        return subjects or [Operation(("important", "all"))]

    def _metric(self, u: Utterance, calls: Sequence[CallRecord]) -> str:
        for metric, pattern in (
            ("sensitivity", r"\bsensitivity\b"),
            ("specificity", r"\bspecificity\b"),
            ("ppv", r"\bppv\b|positive predictive"),
            ("npv", r"\bnpv\b|negative predictive"),
            ("f1", r"\bf1\b|\bf[\s-]?score\b"),
            ("roc", r"\broc\b|\bauc\b"),
            ("precision", r"\bprecis\w*"),
            ("recall", r"\brecall\b"),
            ("accuracy", r"\baccura\w*|\bcorrect\w*|\bright\b|how often|frequently"),
        ):
            if u.has(pattern):
                return metric
        for call in calls:
            named = call.arguments.get("metric")
            if isinstance(named, str) and named in _METRICS:
                return _METRICS[named]
        return "default"

    def _data(self, u: Utterance) -> list[Operation]:
        op = Operation
        if u.has(_COUNT):
            return [op(("countdata",))]
        if u.has(_DEFINE):
            subjects = u.subject(r"define|definition of|meaning of|describe|what|named") or [
                f for _, f in u.free_mentions()
            ]
            if subjects:
                return [op(("define", subjects[0]))]
        if u.has(_LABELS) and u.has(_STATISTIC):
            return [op(("statistic", "target"))]
        if u.has(_LABELS):
            return [op(("label",))]
        if u.has(_STATISTIC) or u.has(r"\bof id N\d+"):
            subjects = u.subject(
                r"distribution of|statistics? of|statistics for|average|mean of|mean|range of|"
                r"max value of|maximum value of|max|minimum value of|minimum of|minimum|min|std of|"
                r"standard deviation of|variability of|value of|what is|what's|the"
            )
            if subjects:
                return [op(("statistic", subjects[0]))]
        if u.has(_SHOW) and not u.has(r"\b(?:show|display) (?:me )?(?:the |all the )?features\b"):
            return [op(("show",))]
        return [op(("data",))]

    def _meta(self, u: Utterance) -> list[Operation]:
        """Operations for a turn the layer answered without a function: about the assistant itself."""
        ops = []
        if u.has(_SELF):
            ops.append(Operation(("self",)))
        if u.has(_FUNCTION):
            ops.append(Operation(("function",)))
        if not ops and u.has(_FOLLOWUP):
            ops.append(Operation(("followup",)))
        return ops

    def _changes_of(self, calls: Sequence[CallRecord], u: Utterance) -> list[Filter]:
        """The layer's `changes` argument as change operations, when the utterance's words gave none."""
        found: list[Filter] = []
        for call in calls:
            changes = call.arguments.get("changes")
            if call.function != "explain_what_if" or not isinstance(changes, Mapping):
                continue
            for name, value in changes.items():
                feature = ttm_name(name)
                text = str(value).strip()
                if feature in self.vocabulary.numeric:
                    match = re.fullmatch(r"([+-]?)(\d+(?:\.\d+)?)", text)
                    if match is None:
                        continue  # "+10%" or "*2" have no TalkToModel form
                    update = {"+": "increase", "-": "decrease", "": "set"}[match.group(1)]
                    found.append(Filter(Operation(("change", feature, update, match.group(2))), len(found)))
                elif feature in self.vocabulary.categorical:
                    values = self.vocabulary.categorical[feature]
                    token = next((v for v in values if v.lower() == text.lower()), None)
                    if token is not None:
                        found.append(Filter(Operation(("change", feature, token)), len(found)))
        return found

    # ------------------------------------------------------------------------------------ filters and context

    def _filter_prefix(
        self,
        u: Utterance,
        filters: list[Filter],
        calls: Sequence[CallRecord],
        operations: list[Operation],
        changed: bool,
    ) -> tuple[list[Operation], list[str]]:
        """The filter operations that start the program, and the joins between them.

        `changed` says the program applies what-if changes (without a before/after comparison).
        """
        ops: list[Operation] = []
        joins: list[str] = []
        for i, item in enumerate(filters):
            if i:
                previous = filters[i - 1]
                between = u.symbols[previous.position : item.position]
                both_ids = previous.operation.words[1] == "id" and item.operation.words[1:2] == ("id",)
                joins.append("or" if both_ids or "or" in between else "and")
            ops.append(item.operation)
        if ops:
            if u.has(_ADDITIVE) or u.has(_RESTRICTIVE):
                context, context_joins = self._context()
                return [*context, *ops], [*context_joins, "or" if u.has(_ADDITIVE) else "and", *joins]
            return ops, joins
        if all(o.name in _WITHOUT_DATA for o in operations):
            return [], []  # about the data, the model or the assistant as a whole
        instance_centric = any(o.words in _INSTANCE_CENTRIC for o in operations) and not changed
        # TalkToModel's convention: a probability under a change, with no group named, is about the focus
        changed_likelihood = changed and any(o.name == "likelihood" for o in operations)
        reference = (u.has(_REFERENCE) and not u.has(_GLOBAL_SCOPE)) or (
            # "they" in "if people lost weight, would they ..." are the people named, not the last group
            u.has(r"\b(?:they|them|their)\b") and not u.has(_GROUP_NOUN)
        )
        follow_up = reference or any(o.name == "previousoperation" for o in operations)
        if follow_up:
            context, context_joins = self._context()
            return list(context), list(context_joins)
        called = self._called_instance(calls)
        if called is not None:
            return called
        if (instance_centric or changed_likelihood) and not u.has(_GLOBAL_SCOPE):
            context, context_joins = self._context()
            return list(context), list(context_joins)
        return [], []

    def _context(self) -> tuple[tuple[Operation, ...], tuple[str, ...]]:
        if self.memory.filters is not None:
            return self.memory.filters
        return (Operation(("previousfilter",)),), ()

    def _called_instance(self, calls: Sequence[CallRecord]) -> tuple[list[Operation], list[str]] | None:
        """The layer's instance argument (state-filled for follow-ups) as filters, if TalkToModel has them."""
        for call in calls:
            instance = call.arguments.get("instance")
            if isinstance(instance, bool) or instance is None:
                continue
            if isinstance(instance, int):
                return [Operation(("filter", "id", str(instance)))], []
            if isinstance(instance, str):
                translated = self._condition(instance)
                if translated is not None:
                    return translated, ["and"] * max(len(translated) - 1, 0)
        return None

    def _condition(self, text: str) -> list[Operation] | None:
        from simxai.instances import parse_condition

        try:
            clauses = parse_condition(text, self.schema)
        except ArgumentError:
            return None
        ops: list[Operation] = []
        for clause in clauses:
            if clause.field in ("label", "prediction"):
                value = self._class_value.get(str(clause.value).lower())
                if value is None or clause.op != "=":
                    return None
                ops.append(
                    Operation(("labelfilter" if clause.field == "label" else "predictionfilter", value))
                )
                continue
            if clause.field == "id":
                if clause.op != "=":
                    return None  # TalkToModel has no id ranges
                ops.append(Operation(("filter", "id", _plain(clause.value))))
                continue
            feature = ttm_name(clause.field)
            if feature in self.vocabulary.numeric and isinstance(clause.value, float):
                ops.append(
                    Operation(("filter", feature, *_OPERATOR_WORDS[clause.op].split(), _plain(clause.value)))
                )
            elif feature in self.vocabulary.categorical and clause.op == "=":
                token = next(
                    (v for v in self.vocabulary.categorical[feature] if v == str(clause.value)), None
                )
                if token is None:
                    return None
                ops.append(Operation(("filter", feature, token)))
            else:
                return None
        return ops or None

    def remember(self, program: Program, numbers: set[str]) -> None:
        """Keep the program's filters and operations for the next turns' follow-ups."""
        ops = program.operations
        prefix = 0
        while prefix < len(ops) and (ops[prefix].is_filter or ops[prefix].name == "change"):
            prefix += 1
        if prefix and any(op.name != "previousfilter" for op in ops[:prefix]):
            self.memory.filters = (ops[:prefix], program.joins[: max(prefix - 1, 0)])
        rest = tuple(
            op for op in ops[prefix:] if op.name not in ("change", "previousoperation") and not op.is_filter
        )
        if rest:
            self.memory.operations = rest
        self.memory.numbers |= {w for op in ops for w in op.words if _is_number(w)} & numbers


def _plain(value: float | str) -> str:
    """A number as a user writes it: 5.0 -> "5", 33.6 -> "33.6"."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value)


def _is_number(word: str) -> bool:
    try:
        float(word)
    except ValueError:
        return False
    return True
