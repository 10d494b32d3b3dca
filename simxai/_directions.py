"""Direction words: the words that say which way a value moves ("5 more", "10 years older", "3 degrees colder").

The one source of the direction words of the readers of changes, steps, corrections and open bounds. Every reader
takes the shared comparatives (`MORE`, `LESS`) and adds the words of its own reading, named here, so that where two
readers read different words the difference is written down in one place rather than in two copies of a list.
Each `*_UP` / `*_DOWN` pair but the tuples `TAIL_*` is a regular-expression alternation of whole words (no word of
one is a word of the other), which its readers end with a word boundary.
"""

from __future__ import annotations

__all__ = [
    "CHANGE_DOWN",
    "CHANGE_UP",
    "CORRECTION_DOWN",
    "CORRECTION_UP",
    "COUNTED_DOWN",
    "COUNTED_UP",
    "LESS",
    "MEASURE_DOWN",
    "MEASURE_UP",
    "MORE",
    "PER_PERIOD_DOWN",
    "PER_PERIOD_UP",
    "STEP_DOWN",
    "STEP_UP",
    "TAIL_DOWN",
    "TAIL_UP",
    "alternation",
]

#: The comparatives of any amount: "5 more", "20 % higher", "a bigger one"; "less", "lower", "fewer".
MORE = ("more", "higher", "greater", "larger", "bigger")
LESS = ("less", "lower", "smaller", "fewer")
_UP, _DOWN = ("up",), ("down",)
#: What a change did, said of the value: "increased by 5", "lowered by 10 %".
_RAISED, _LOWERED = ("increased", "raised"), ("decreased", "reduced", "lowered")
#: Counted additions ("2 extra days a week", "3 additional rooms").
_ADDED = ("extra", "additional")


def alternation(*words: tuple[str, ...]) -> str:
    """The words of the tuples as one alternation for a pattern ("more|higher|..."), each once, in order."""
    return "|".join(dict.fromkeys(w for group in words for w in group))


# A step of the value in focus (`simxai.followup`): "5 more", "10 years older", "increased by 3".
_STEP_UP = (*MORE, *_UP, *_RAISED, "older", "longer", "heavier", "taller")
_STEP_DOWN = (*LESS, *_DOWN, *_LOWERED, "younger", "shorter", "lighter")
STEP_UP = alternation(_STEP_UP)
STEP_DOWN = alternation(_STEP_DOWN)
# A change of a named feature (`simxai.extraction._changes`): a step's words, also past verbs ("glucose rose 10")
# and the comparatives of depths, slopes, strengths, temperatures, thicknesses, widths and wind ("2 m deeper", "20
# km/h stronger", "10 degrees warmer", "40 degrees cooler", "2 mm thicker", "1 cm wider", "3 knots calmer", "2 euros
# cheaper").
_CHANGED_UP = (
    "rose",
    "grew",
    "deeper",
    "steeper",
    "stronger",
    "warmer",
    "hotter",
    "thicker",
    "windier",
    "dearer",
    "pricier",
    "wider",
)
_CHANGED_DOWN: tuple[str, ...] = ("dropped", "fell", "shallower", "weaker", "cooler", "colder", "thinner", "calmer")
_CHANGED_DOWN += ("cheaper", "narrower", "closer")  # widths and gaps: "a gap 2 mm narrower", "the rows 5 cm closer"
CHANGE_UP = alternation(_STEP_UP, _CHANGED_UP)
CHANGE_DOWN = alternation(_STEP_DOWN, _CHANGED_DOWN)
# An amount said with its direction beside a feature's word (`simxai.extraction._said_changes`): counted additions,
# no ages and no participles ("3 more bedrooms", "2 extra days", "twice more").
COUNTED_UP = alternation(MORE, _ADDED, ("longer", "heavier"), _UP)
COUNTED_DOWN = alternation(LESS, ("shorter", "lighter"), _DOWN)
# A count per period (`simxai.extraction._period_units`: "2 more days a week", "3 fewer shifts a month"): more or
# fewer of a thing, no comparative of a size.
PER_PERIOD_UP = alternation(MORE[:1], _ADDED, ("further",))
PER_PERIOD_DOWN = alternation(("less", "fewer"))
# A step in a unit several features share (`simxai.extraction._shared_units`: lengths, weights, degrees): the
# comparatives of measures, never a count ("fewer") nor an age ("older": years are no shared unit).
_MEASURE_UP = ("deeper", "steeper", "warmer", "hotter", "longer", "wider", "further", "heavier", "taller")
_MEASURE_DOWN = ("shallower", "flatter", "cooler", "colder", "shorter", "narrower", "closer", "lighter")
MEASURE_UP = alternation(MORE, _MEASURE_UP)
MEASURE_DOWN = alternation(LESS[:3], _MEASURE_DOWN)
# A corrected step said with its unit (`simxai.backends._correction_steps`: "5 kilo heavier", "3 degrees hotter"):
# the measures' comparatives with ages, speeds, prices and times ("15 minutes later"; "greater" is not said of a step
# with a unit).
CORRECTION_UP = alternation(
    ("more", "higher", "bigger", "larger"),
    ("heavier", "deeper", "hotter", "warmer", "longer", "further", "farther", "older", "pricier", "faster", "later"),
    _UP,
)
CORRECTION_DOWN = alternation(
    LESS,
    ("lighter", "shallower", "colder", "cooler", "shorter", "closer", "younger", "cheaper", "slower", "earlier"),
    _DOWN,
)
#: Words that open a bound upwards or downwards after its value (`simxai.extraction._group_words`: "7 or older",
#: "38 degrees or steeper", "2 and under"): the comparatives, the bound words ("over", "under") and times ("later").
TAIL_UP = (
    *MORE,
    *("above", "over"),
    *_UP,
    *("older", "heavier", "longer", "steeper", "deeper", "taller", "warmer", "later", "wider", "further", "farther"),
    *("stronger", "faster"),
)
TAIL_DOWN = (
    *LESS,
    *("below", "under"),
    *_DOWN,
    *("younger", "lighter", "shorter", "shallower", "gentler", "flatter", "cooler", "colder", "earlier"),
    *("narrower", "weaker", "slower"),
)
