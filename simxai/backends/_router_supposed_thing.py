"""A supposition about an instance that changes nothing the host holds, asked about, never answered plainly (ux49).

"what if she had a parrot", "what if 4012 were fired with oak", "what if he sang softer": the turn supposes
something of an instance (by its id or a pronoun), and the selector reads no function in it because nothing it
names is a feature. The plain reply (what the router can answer) would pass over the question as if it were small
talk; the user meant a what-if, so the router asks which feature should change, naming the features (the words
supposed may still touch one: "sang softer" of a volume, which the router does not guess). A turn that
names a feature or a change is read by the other readings before it gets here; a supposition about the user ("what
if I don't agree") or with no subject after it is left to the plain reply.
"""

from __future__ import annotations

import re

from simxai.backends._router_unknown_value import listing
from simxai.extraction import extract_changes
from simxai.extraction.mentions import feature_mentions
from simxai.hosts.base import HostSchema

__all__ = ["supposed_thing_question"]

# A supposition that opens the turn, its subject (an id, the host's noun and an id, or a pronoun of a third person)
# and what is supposed of it
_SUPPOSED = re.compile(
    r"^\W*(?:(?:and|but|so|ok|okay)\s+)?(?:what\s+if|suppose|supposing|imagine|say)\s+"
    r"(?:(?P<p>he|she|they|it)|(?:[a-z]+\s+)?#?(?P<i>\d+)(?:'s)?)\s+(?P<rest>[a-z][^?.!]*)",
    re.IGNORECASE,
)


def supposed_thing_question(text: str, schema: HostSchema | None) -> str | None:
    """The question for a supposition about an instance that names no feature and no change (module doc), or None."""
    if schema is None or schema.kind != "tabular" or not schema.features:
        return None
    match = _SUPPOSED.match(text)
    if match is None or feature_mentions(text, schema) or extract_changes(text, schema):
        return None
    if match.group("i") is not None and not schema.has_id(int(match.group("i"))):
        return None
    said = " ".join(match.group("rest").split()[:6]).rstrip(" ,;:")
    return (
        f"I cannot tell which feature '{said}' would change: the model's features are "
        f"{listing([f.name for f in schema.features])}. Which feature should change, and to what?"
    )
