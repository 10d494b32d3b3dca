"""How often a phrase said in a label's position is bound to a class, by name and by meaning (claims-51).

Usage (from the repository root; DEV sets you may read only, never a TEST set or a gate):

    python bench/guard_meaning.py [--sets g33 g34 ... g40] [--list]

For every reply of each set (`simxai/eval_suite/guard/written/<set>/replies.jsonl`) the positions a class is said
in (`simxai.guard._class_meaning`: after a verb of predicting or of a change's outcome) are found, and each phrase
there is bound as the guard binds it since claims-51. Printed per set: the positions; those whose words hold a
class's name (read before claims-51 by the label readings); phrases holding one class's form (its noun, a verb of its
card gloss: `_state.label_forms`, `_card_labels.card_label_forms`), bound to that class; phrases in the writer's own
words ("own words"), bound by meaning when nearer one class than every other by at least the margin. A binding on
a faithful reply is "right" when it names a class the reply's outputs give (a predicted, recorded or outcome label)
and "wrong" when it names none; a binding on an unfaithful reply cannot be judged this way and is counted apart.
Then the bindings by meaning for a range of margins, summed over the sets: what the margin was chosen from.
`--list` prints each phrase with its class, how it was bound and the margin (1 for a form).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from guard_set import vocabulary  # noqa: E402

from simxai.guard._card_labels import card_label_forms  # noqa: E402
from simxai.guard._class_meaning import _POSITION, MARGIN, bind_phrase, label_phrases  # noqa: E402
from simxai.guard._meaning_checks import _DENIED  # noqa: E402
from simxai.guard._mentions import names_words  # noqa: E402
from simxai.guard._outputs import read_outputs  # noqa: E402
from simxai.guard._reading import find_mentions  # noqa: E402
from simxai.guard._state import label_forms  # noqa: E402

WRITTEN = Path(__file__).resolve().parents[1] / "simxai" / "eval_suite" / "guard" / "written"
NAMED = "a class's name (read before)"
COLUMNS = (
    "positions",
    NAMED,
    "form: right",
    "form: wrong",
    "form: unfaithful",
    "own words",
    "meaning: right",
    "meaning: wrong",
    "meaning: unfaithful",
)
DEV = ("g33", "g34", "g35", "g36", "g37", "g38", "g39", "g40")
SWEEP = (0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4)


def given_labels(outputs: list[Any]) -> set[str]:
    """Every class the outputs give as a prediction, a recorded label or a change's outcome."""
    found: set[str] = set()
    for facts in read_outputs(outputs):
        found |= facts.predicted | facts.hypothetical | facts.recorded
        found |= {label for pair in facts.what_if for label in pair if label}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", default=list(DEV))
    parser.add_argument("--embedding", default="wordllama", choices=("wordllama", "minilm-static"))
    parser.add_argument("--list", action="store_true", help="print each phrase, its class and how it was bound")
    args = parser.parse_args()
    sweep: Counter[tuple[float, str]] = Counter()
    total: Counter[str] = Counter()
    print(f"margin {MARGIN}, embedding {args.embedding}")
    print(f"| set | {' | '.join(COLUMNS)} |")
    print("| --- |" + " --- |" * len(COLUMNS))
    for name in args.sets:
        counts: Counter[str] = Counter()
        lines = [json.loads(t) for t in (WRITTEN / name / "replies.jsonl").read_text().splitlines() if t.strip()]
        words_of: dict[str, Any] = {}
        for entry in lines:
            host = entry["host"]
            if host not in words_of:
                words_of[host] = vocabulary(host, WRITTEN / name)
            vocab = words_of[host]
            outputs = entry["output"] if isinstance(entry["output"], list) else [entry["output"]]
            aliases = [a for v in vocab.aliases.values() for a in v]
            reserved = names_words((*vocab.features, *aliases))
            forms = {**card_label_forms(vocab.labels, vocab.meanings, reserved, vocab.instance_noun)}
            forms |= label_forms(vocab.labels, reserved)
            for m in _POSITION.finditer(entry["reply"]):
                counts["positions"] += 1
                counts[NAMED] += bool(find_mentions(m.group("phrase"), vocab.labels))
            phrases = label_phrases(entry["reply"], [*vocab.labels, *vocab.features, *aliases])
            given = given_labels(outputs) if entry["faithful"] else set()
            for phrase in phrases:
                if _DENIED.search(entry["reply"][max(0, phrase.start - 40) : phrase.start]):
                    continue  # under a negation: not compared (`_meaning_checks`)
                formed = {forms[m.name.lower()] for m in find_mentions(phrase.text, list(forms))}
                if len(formed) == 1:
                    label, margin, how = formed.pop(), 1.0, "form"
                else:
                    binding = bind_phrase(phrase.text, vocab.labels, vocab.meanings, args.embedding)
                    if binding is None or formed:
                        continue
                    label, margin, how = binding.label, binding.margin, "meaning"
                verdict = "unfaithful" if not entry["faithful"] else "right" if label in given else "wrong"
                if how == "meaning":
                    counts["own words"] += 1
                    for cut in SWEEP:
                        sweep[(cut, verdict)] += margin >= cut
                if args.list:
                    mark = "" if not entry["faithful"] else f" {verdict}"
                    print(f"  {entry['id']} '{phrase.text}' -> {label} by {how} {margin:.3f}{mark}")
                if margin >= MARGIN:
                    counts[f"{how}: {verdict}"] += 1
        total.update(counts)
        print(f"| {name} | {' | '.join(str(counts[c]) for c in COLUMNS)} |")
    print(f"| all | {' | '.join(str(total[c]) for c in COLUMNS)} |")
    print("\nBound by meaning, by margin (all sets):")
    print("| margin | bound | faithful: right | faithful: wrong | on unfaithful replies |")
    print("| --- | --- | --- | --- | --- |")
    for cut in SWEEP:
        right, wrong, bad = (sweep[(cut, v)] for v in ("right", "wrong", "unfaithful"))
        print(f"| {cut:.2f} | {right + wrong + bad} | {right} | {wrong} | {bad} |")


if __name__ == "__main__":
    main()
