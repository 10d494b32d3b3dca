"""Prometheus metrics of one app, in a registry of its own (so tests can build many apps in one process)."""

from __future__ import annotations

from collections.abc import Iterable

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from simxai.turns import Turn

__all__ = ["CONTENT_TYPE_LATEST", "Metrics"]

# Turn latencies range from milliseconds (router) to tens of seconds (a large LLM on a busy GPU).
_LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)


class Metrics:
    """The service's counters and histograms.

    Args:
        function_names: the registered functions; any other name a model invents is counted as
            ``unknown`` so a misbehaving model cannot grow the label set without bound.
    """

    def __init__(self, function_names: Iterable[str]) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self._functions = frozenset(function_names)
        self.turns = Counter(
            "simxai_turns",
            "Conversation turns answered, by backend, face (session or openai) and outcome (answered, clarification).",
            ["backend", "face", "outcome"],
            registry=self.registry,
        )
        self.turn_seconds = Histogram(
            "simxai_turn_seconds",
            "Wall-clock seconds per turn.",
            ["face"],
            buckets=_LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.stage_seconds = Histogram(
            "simxai_stage_seconds",
            "Seconds spent per turn in each stage of the loop (backend, functions, guard).",
            ["stage"],
            buckets=_LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.store_seconds = Histogram(
            "simxai_store_seconds",
            "Seconds a session turn spends in the session store, by operation: lock (waiting for and taking "
            "the session's lock, and releasing it), load (reading the history), append (storing the turn).",
            ["op"],
            buckets=_LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.function_calls = Counter(
            "simxai_function_calls",
            "Function calls, by function and status (ok, error, clarification, rejected); "
            "direct calls through POST /v1/functions have face=direct.",
            ["function", "status", "face"],
            registry=self.registry,
        )
        self.clarifications = Counter(
            "simxai_clarifications",
            "Turns that ended with a clarifying question.",
            registry=self.registry,
        )
        self.guard_fallbacks = Counter(
            "simxai_guard_fallbacks",
            "Turns whose reply failed the faithfulness guard and was replaced by the "
            "deterministic rendering of the function outputs.",
            registry=self.registry,
        )
        self.backend_errors = Counter(
            "simxai_backend_errors",
            "LLM backend failures, by error type and what happened next (failed: the "
            "client got 503; fallback: the router answered).",
            ["error", "outcome"],
            registry=self.registry,
        )

    def function_label(self, name: str) -> str:
        """The function label of a metric: the name when the registry has it, else 'unknown' (a bounded label set)."""
        return name if name in self._functions else "unknown"

    def observe_turn(self, turn: Turn, seconds: float, *, face: str) -> None:
        """Record a finished turn."""
        outcome = "clarification" if turn.clarification is not None else "answered"
        self.turns.labels(backend=turn.backend, face=face, outcome=outcome).inc()
        self.turn_seconds.labels(face=face).observe(seconds)
        for stage, value in turn.timings.items():
            self.stage_seconds.labels(stage=stage).observe(value)
        for call in turn.calls:
            self.function_calls.labels(function=self.function_label(call.function), status=call.status, face=face).inc()
        if turn.clarification is not None:
            self.clarifications.inc()
        if turn.faithfulness.fallback_used:
            self.guard_fallbacks.inc()
        if turn.fallback is not None:
            self.backend_errors.labels(error="BackendError", outcome="fallback").inc()

    def observe_backend_failure(self, exc: BaseException) -> None:
        """Record a turn that failed because the backend did."""
        self.backend_errors.labels(error=type(exc).__name__, outcome="failed").inc()

    def observe_direct_call(self, name: str, status: str) -> None:
        """Count a call made directly through POST /v1/functions, with its status."""
        self.function_calls.labels(function=self.function_label(name), status=status, face="direct").inc()

    def exposition(self) -> bytes:
        """The metrics in Prometheus' text format."""
        return generate_latest(self.registry)
