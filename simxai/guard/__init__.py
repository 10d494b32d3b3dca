"""The faithfulness guard: reads a reply as claims about subjects and checks each against the output field
it names.

Claims read: the predicted label (against the predicted fields only; a recorded label only as recorded), a
named class's probability, a feature's value, a feature's contribution (direction, rank), a counterfactual
or what-if change and its outcome, a metric's value, a count, and the names themselves (an invented feature
is unsupported). A number's tolerance is the precision it is shown with, in percent or fraction form.
Replies about several instances bind each clause to the instance it names. What the guard reads but cannot
check is listed as `unchecked`; `docs/guard.md` says what it does not read at all.
"""

from simxai.guard._binding import LOOSE as LOOSE_BINDING
from simxai.guard._calls import insists, non_answer, out_of_range, stepped_out_of_range
from simxai.guard._checks import GuardReport, Vocabulary, check_claims
from simxai.guard._outputs import text_output

#: Changes when the checks change, so cached evaluations of the guard are not reused across versions.
# claims-48: claims-47, then numbers that match no output and ratios (gnum41); change ends in words, pairs against one
# feature, listed names, class totals, agreement with the recorded label, importances (gfa41)
# claims-49 (gfa42): a number said as a noun's attribute binds loosely; a class compared with is not the one explained;
# what a change is enough for is its outcome; half before a range; base plus one push
# claims-49: an order its own numbers deny, a yes-or-no feature said true, a class said by its card word (grec42)
# claims-50 (guard43): "hit rate" and "positive predictive value" are metrics; classes placed in a sequence, in quotes
# or under a place as a key
# claims-51 (gfa44): a local explanation's base value and end said as such, each bound to its own field
# claims-52 (gfa45): totals of groups of features (a feature alone, a listed group, the rest), each bound to its group
# claims-52 (guard45): a count said as the model's calls is one of its calls (a data card counts none; "rejections")
# claims-53 (guard46): counts said to make a named metric; an average effect said signed or as a move on average;
# an agreement with the record said of every subject at once
# claims-53 (gfa46): a figure rounded half up in two stages is the value
# claims-54 (gfa47): totals of a group said as a verb's subject and a part of every feature's total; a majority
# baseline; a model family given a value is no feature; a share gained or lost is a move; a feature's name is no verb
# of its change; a pair after two joined names; a tie with degree words; a negation in an aside; shares in words
# claims-54 (guard47): a ratio of two features said as "K times the B" or a part of B ("a fifth of B"); a count of kept
# samples at the sentence's end; a flip said of a still-this search that kept every sample; a class's probability said
# by its name around a what-if ("lowers A from x to y", "turns A, at x"); two classes set in order ("A by a hair over
# B"); accuracy said by counting when the whole is the number of cases measured; the contributions' scale said against
# output_space; "from a base of a to b" read number by number; "the total importance" is every feature's total; a
# constant guess's accuracy ("against 0.5 for the majority guess") is its class's share of the evaluated cases
# claims-55 (guard48): calibration said of result payloads that never mention calibrating; a keeper's label after
# "found", a perfect tense, "the / this <noun>" or a keeper's possessive is the recorded label; an outcome verb with the
# subject between it and the class ("would turn 159950 X"); a forest's probability said as its trees' vote share; a
# class as the subject of "is predicted for <subject>"
# claims-55 (gfa48): a rank's word inside a feature's name ranks nothing; a side named by a noun ("the biggest
# hindrance"); a class said by another party is its record; slot words glossed by a class in brackets; a negation with
# a perfect before a name is its value; list closers ("and the like"); "what keeps it from X"; a change fronted as the
# condition; a pair after "A by a hair over B"; totals of a group in other words and of one side; a card's class word
# that is a feature's verb; grammar words as clipped names; a share of a number said; change amounts in brackets;
# ranges several things lie in; a name's word inflected ("yearly cutting")
# claims-56 (guard49): a subject's value said in words ("the elderly holder (25)", "an old pipe (7 years)", "right next
# to the tap (101 m)", "a high BMI of 22.6"), a scalar word of a dimension the feature's own names hold, bound to the
# subject's value its number shows, checked against where the value lies in the schema's range (`_value_words`); the
# model's calls counted after the class ("predicts X 166 times", "predicts X for 11 plots, of which ..."); an
# unnumbered rest in a list of the classes' counts ("88 A, 62 B and some X") must be a class; two classes compared by
# the model's errors or catches on them ("more mistakes on A than on B"), against the confusion matrix
# claims-56 (gfa49): an adverb or a participle in a name's place ("X, narrowly", "more surely", "the features are
# standardised"); a metric's counts checked as its share, not as numbers; two subjects' records said as a pair read in
# the order the subjects were named; the class after "it's wrong:" / "gets it wrong;" is the record; amounts before
# "fewer" or a hyphened unit; a constant guess before its number; "unlike for X"; a feature ranked against itself is
# not compared; a feature's own category value after its name; counts after "outnumber"; a class in the plural
GUARD_VERSION = "claims-56"

__all__ = [
    "GUARD_VERSION",
    "LOOSE_BINDING",
    "GuardReport",
    "Vocabulary",
    "check_claims",
    "insists",
    "non_answer",
    "out_of_range",
    "stepped_out_of_range",
    "text_output",
]
