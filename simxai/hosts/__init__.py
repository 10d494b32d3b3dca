"""Hosts: a model and its XAI resources behind the `Host` protocol, which the eleven functions call.

What users import is listed in `__all__`: the protocol and its schema (with `GroupHost`, the optional part a host
adds to describe a group, and its `Selection`), the two local bindings (`TabularHost`,
`TextHost`) with their cards, the client of a host served over HTTP (`RemoteHost`), a host built from a YAML
config (`load_host_config`) or from a fitted model and its DataFrame in memory (`host_from_model`), and the
bundled hosts (`load_demo_host`, `load_sentiment_host`, `load_loan_host`).
The other modules (names with a leading underscore, `hosts.text`'s own) are the bindings' implementation.
The bindings import pandas and scikit-learn, so everything past the protocol loads on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from simxai.hosts.base import METRICS, ChangeValue, FeatureSchema, GroupHost, Host, HostSchema, InstanceRef, Selection

if TYPE_CHECKING:
    from simxai.hosts.config import HostConfig, load_host_config
    from simxai.hosts.demo import load_demo_host
    from simxai.hosts.in_memory import host_from_model
    from simxai.hosts.loan import load_loan_host
    from simxai.hosts.remote import RemoteHost
    from simxai.hosts.sentiment import load_sentiment_host
    from simxai.hosts.tabular import DataCard, ModelCard, OutputCard, TabularHost
    from simxai.hosts.text import TextDataCard, TextHost, TextModelCard, TextOutputCard

__all__ = [
    "METRICS",
    "ChangeValue",
    "DataCard",
    "FeatureSchema",
    "GroupHost",
    "Host",
    "HostConfig",
    "HostSchema",
    "InstanceRef",
    "ModelCard",
    "OutputCard",
    "RemoteHost",
    "Selection",
    "TabularHost",
    "TextDataCard",
    "TextHost",
    "TextModelCard",
    "TextOutputCard",
    "host_from_model",
    "load_demo_host",
    "load_host_config",
    "load_loan_host",
    "load_sentiment_host",
]

_LAZY = {
    "DataCard": "simxai.hosts.tabular",
    "HostConfig": "simxai.hosts.config",
    "ModelCard": "simxai.hosts.tabular",
    "OutputCard": "simxai.hosts.tabular",
    "RemoteHost": "simxai.hosts.remote",
    "TabularHost": "simxai.hosts.tabular",
    "TextDataCard": "simxai.hosts.text",
    "TextHost": "simxai.hosts.text",
    "TextModelCard": "simxai.hosts.text",
    "TextOutputCard": "simxai.hosts.text",
    "host_from_model": "simxai.hosts.in_memory",
    "load_demo_host": "simxai.hosts.demo",
    "load_host_config": "simxai.hosts.config",
    "load_loan_host": "simxai.hosts.loan",
    "load_sentiment_host": "simxai.hosts.sentiment",
}


def __getattr__(name: str) -> Any:
    """Load a binding's name from its module on first use (a listed name only)."""
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'simxai.hosts' has no attribute {name!r}")
