"""Abbreviations common in column names, and the words they stand for ("Dist" distance, "Avg Spd" average speed).

The one table of them: the extraction reads a feature by its words written out (`simxai.extraction._abbreviated`),
and the router's checks of words the host does not have count the written-out words as the host's.
"""

from __future__ import annotations

import re

from simxai.hosts.name_words import name_words

__all__ = ["ABBREVIATIONS", "spelled_as", "spelled_words"]

#: Abbreviations common in column names and the word each stands for. Only ones with a single usual meaning there:
#: never "min" (minimum or minutes), "no" or "pos". Units ("yrs", "hr", "mo") are read as units elsewhere
#: (`simxai.hosts.name_words`): written out, "3 years" would name `age_yrs`. "alt", "elev", "wt" and "ht" were in a
#: first form and lost one request's arguments on an author nobody reads (U, totals only): left out.
ABBREVIATIONS: dict[str, str] = {
    "avg": "average",
    "spd": "speed",
    "dist": "distance",
    "temp": "temperature",
    "tmp": "temperature",
    "len": "length",
    "dur": "duration",
    "freq": "frequency",
    "qty": "quantity",
    "amt": "amount",
    "num": "number",
    "cnt": "count",
    "vol": "volume",
    "pres": "pressure",
    "hum": "humidity",
    "precip": "precipitation",
    "vis": "visibility",
    "dir": "direction",
    "tot": "total",
    "prev": "previous",
    "est": "estimated",
    "cap": "capacity",
    "rev": "revenue",
    "sal": "salary",
    "dept": "department",
    "emp": "employee",
    "cust": "customer",
    "pop": "population",
    "chol": "cholesterol",
}


def spelled_words(name: str) -> set[str]:
    """The words a column name's abbreviated words stand for ("Avg Spd (km/h)": average, speed); empty for none."""
    return {ABBREVIATIONS[w] for w in name_words(name) if w in ABBREVIATIONS}


def spelled_as(said: str, names: list[str]) -> list[str]:
    """The names whose abbreviated words, written out, hold every word of `said` ("distance": `Dist (km)`; "air
    temperature": `Air Temp (C)`), for the suggestions of an unknown name; [] when `said` writes out none.
    """
    words = [w for w in re.split(r"[^a-z]+", said.lower()) if w]
    found = []
    for name in names:
        full = [ABBREVIATIONS.get(w, w) for w in name_words(name)]
        if words and set(words) <= set(full) and set(words) & spelled_words(name):
            found.append(name)
    return found
