"""Host schemas the router's function selector is trained on: real hosts and invented ones.

The selector must work for any host, so its training requests are written for many schemas: the demo,
sentiment and loan hosts, TalkToModel's three datasets (read from their CSVs when a data folder is given),
and invented domains (churn, fraud, spam, ...) whose nouns, features and labels no real host uses. Every
schema here is plain data: building them loads no model.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from simxai.hosts.base import FeatureSchema, HostSchema

__all__ = ["DEV_SCHEMAS", "builtin_schemas", "ttm_schemas"]

#: Schemas whose requests are all held out for the dev split: new hosts the model never saw in training.
DEV_SCHEMAS = frozenset({"loan approval", "flight delay", "mushroom", "tweet emotion", "ttm german", "hotel booking"})

# (name, kind, noun, labels, features); a feature is (name, "num", low, high, aliases) or (name, "cat", values)
_Feature = tuple[object, ...]
_SPECS: list[tuple[str, str, str, list[str], list[_Feature]]] = [
    (
        "diabetes progression",
        "tabular",
        "patient",
        ["stable", "progressing"],
        [
            ("age", "num", 19, 79, ["years"]),
            ("sex", "cat", ["1", "2"]),
            ("bmi", "num", 18, 42, ["body mass index"]),
            ("blood_pressure", "num", 62, 133, ["bp", "blood pressure"]),
            ("total_cholesterol", "num", 97, 301, ["cholesterol"]),
            ("ldl", "num", 41, 242, []),
            ("hdl", "num", 22, 99, []),
            ("glucose", "num", 58, 124, ["blood sugar"]),
        ],
    ),
    ("VADER review sentiment", "text", "review", ["negative", "positive"], []),
    (
        "loan approval",
        "tabular",
        "applicant",
        ["approved", "rejected"],
        [
            ("age", "num", 19, 75, []),
            ("income", "num", 12, 250, []),
            ("credit_score", "num", 300, 850, ["credit score"]),
            ("loan_amount", "num", 1, 500, ["loan amount"]),
            ("loan_term", "num", 12, 84, ["term"]),
            ("employment_years", "num", 0, 40, ["years employed"]),
            ("debt_to_income", "num", 0, 0.8, ["dti"]),
            ("region", "cat", ["north", "south", "east", "west"]),
            ("home_ownership", "cat", ["rent", "own", "mortgage"]),
            ("purpose", "cat", ["car", "home", "education", "business", "personal"]),
        ],
    ),
    (
        "customer churn",
        "tabular",
        "customer",
        ["churns", "renews"],
        [
            ("tenure_months", "num", 0, 72, ["tenure"]),
            ("monthly_charges", "num", 18, 120, ["monthly bill"]),
            ("contract", "cat", ["monthly", "yearly", "two-year"]),
            ("support_calls", "num", 0, 12, []),
            ("payment_method", "cat", ["card", "transfer", "check"]),
            ("data_usage_gb", "num", 0, 80, ["data usage"]),
        ],
    ),
    (
        "card fraud",
        "tabular",
        "transaction",
        ["legitimate", "fraudulent"],
        [
            ("amount", "num", 1, 5000, []),
            ("hour", "num", 0, 23, ["time of day"]),
            ("merchant_category", "cat", ["grocery", "travel", "electronics", "fuel"]),
            ("distance_km", "num", 0, 900, ["distance"]),
            ("card_present", "cat", ["yes", "no"]),
            ("prior_transactions", "num", 0, 400, []),
        ],
    ),
    (
        "employee attrition",
        "tabular",
        "employee",
        ["leaves", "stays"],
        [
            ("salary", "num", 25, 180, ["pay"]),
            ("years_at_company", "num", 0, 35, ["tenure"]),
            ("department", "cat", ["sales", "engineering", "finance", "support"]),
            ("overtime_hours", "num", 0, 30, ["overtime"]),
            ("satisfaction", "num", 1, 5, ["job satisfaction"]),
            ("age", "num", 20, 65, []),
        ],
    ),
    (
        "student outcome",
        "tabular",
        "student",
        ["graduates", "drops out"],
        [
            ("attendance_rate", "num", 40, 100, ["attendance"]),
            ("gpa", "num", 1, 4, ["grade average"]),
            ("study_hours", "num", 0, 40, []),
            ("scholarship", "cat", ["yes", "no"]),
            ("age", "num", 17, 40, []),
            ("faculty", "cat", ["arts", "science", "law", "medicine"]),
        ],
    ),
    (
        "wine quality",
        "tabular",
        "wine",
        ["good", "poor"],
        [
            ("alcohol", "num", 8, 15, []),
            ("acidity", "num", 2, 16, []),
            ("residual_sugar", "num", 0, 60, ["sugar"]),
            ("ph", "num", 2, 4, ["pH"]),
            ("sulphates", "num", 0, 2, []),
            ("colour", "cat", ["red", "white"]),
        ],
    ),
    (
        "machine failure",
        "tabular",
        "machine",
        ["normal", "failure"],
        [
            ("temperature", "num", 290, 320, ["temp"]),
            ("torque", "num", 3, 77, []),
            ("rotation_speed", "num", 1100, 2900, ["rpm"]),
            ("tool_wear", "num", 0, 250, ["wear"]),
            ("product_type", "cat", ["low", "medium", "high"]),
        ],
    ),
    (
        "insurance claim",
        "tabular",
        "claim",
        ["paid", "denied"],
        [
            ("claim_amount", "num", 100, 90000, ["amount"]),
            ("policy_age_years", "num", 0, 30, ["policy age"]),
            ("vehicle_type", "cat", ["sedan", "truck", "motorbike"]),
            ("prior_claims", "num", 0, 9, []),
            ("driver_age", "num", 18, 90, ["age"]),
        ],
    ),
    (
        "flight delay",
        "tabular",
        "flight",
        ["on time", "delayed"],
        [
            ("distance", "num", 100, 5000, ["miles"]),
            ("departure_hour", "num", 0, 23, ["departure time"]),
            ("airline", "cat", ["northjet", "skyway", "bluewing"]),
            ("weather_index", "num", 0, 10, ["weather"]),
            ("day_of_week", "cat", ["monday", "friday", "sunday"]),
        ],
    ),
    (
        "mushroom",
        "tabular",
        "mushroom",
        ["edible", "poisonous"],
        [
            ("cap_diameter", "num", 1, 30, ["cap size"]),
            ("stem_height", "num", 1, 25, []),
            ("cap_color", "cat", ["brown", "white", "red", "yellow"]),
            ("odor", "cat", ["none", "almond", "foul"]),
            ("habitat", "cat", ["woods", "grass", "urban"]),
        ],
    ),
    (
        "heart disease",
        "tabular",
        "person",
        ["healthy", "at risk"],
        [
            ("cholesterol", "num", 120, 560, []),
            ("max_heart_rate", "num", 70, 200, ["heart rate"]),
            ("resting_bp", "num", 90, 200, ["blood pressure"]),
            ("chest_pain", "cat", ["typical", "atypical", "none"]),
            ("age", "num", 29, 77, []),
            ("smoker", "cat", ["yes", "no"]),
        ],
    ),
    (
        "house sale",
        "tabular",
        "house",
        ["sells fast", "sells slow"],
        [
            ("price", "num", 80, 900, []),
            ("floor_area", "num", 40, 400, ["size", "area"]),
            ("bedrooms", "num", 1, 7, []),
            ("year_built", "num", 1900, 2024, ["age of the building"]),
            ("garden", "cat", ["yes", "no"]),
        ],
    ),
    (
        "water pump",
        "tabular",
        "pump",
        ["functional", "needs repair"],
        [
            ("pump_age_years", "num", 0, 50, ["pump age"]),
            ("population_served", "num", 0, 5000, ["population"]),
            ("altitude", "num", 0, 2800, ["elevation"]),
            ("extraction_type", "cat", ["gravity", "handpump", "motor"]),
            ("water_quality", "cat", ["soft", "salty", "muddy"]),
        ],
    ),
    (
        "job screening",
        "tabular",
        "candidate",
        ["hired", "not hired"],
        [
            ("years_experience", "num", 0, 30, ["experience"]),
            ("test_score", "num", 0, 100, ["assessment score"]),
            ("interview_rating", "num", 1, 10, ["interview score"]),
            ("education", "cat", ["high school", "bachelor", "master", "phd"]),
            ("referral", "cat", ["yes", "no"]),
            ("age", "num", 18, 66, []),
        ],
    ),
    (
        "hotel booking",
        "tabular",
        "booking",
        ["kept", "cancelled"],
        [
            ("lead_time_days", "num", 0, 365, ["lead time"]),
            ("nightly_rate", "num", 40, 600, ["price per night", "rate"]),
            ("special_requests", "num", 0, 5, ["requests"]),
            ("deposit_type", "cat", ["none", "refundable", "non-refundable"]),
            ("nights", "num", 1, 21, ["length of stay"]),
            ("market_segment", "cat", ["online", "corporate", "group"]),
        ],
    ),
    (
        "crop disease",
        "tabular",
        "field",
        ["healthy", "blighted"],
        [
            ("rainfall_mm", "num", 0, 400, ["rainfall"]),
            ("soil_ph", "num", 4, 9, ["soil acidity"]),
            ("humidity", "num", 20, 100, []),
            ("crop", "cat", ["wheat", "maize", "potato"]),
            ("fertilizer_kg", "num", 0, 300, ["fertilizer"]),
        ],
    ),
    ("spam filter", "text", "email", ["ham", "spam"], []),
    ("forum post", "text", "post", ["helpful", "unhelpful"], []),
    ("contract clause", "text", "clause", ["fair", "unfair"], []),
    ("toxicity", "text", "comment", ["toxic", "non-toxic"], []),
    ("news topic", "text", "article", ["sports", "politics", "business", "science"], []),
    ("tweet emotion", "text", "tweet", ["joy", "anger", "sadness", "fear"], []),
    ("support ticket", "text", "ticket", ["urgent", "routine"], []),
]


def _feature(spec: _Feature) -> FeatureSchema:
    name = str(spec[0])
    if spec[1] == "num":
        low, high = float(spec[2]), float(spec[3])  # type: ignore[arg-type]
        aliases = [str(a) for a in spec[4]]  # type: ignore[attr-defined]
        return FeatureSchema(name=name, type="numeric", min=low, max=high, aliases=aliases)
    return FeatureSchema(name=name, type="categorical", categories=[str(c) for c in spec[2]])  # type: ignore[attr-defined]


def builtin_schemas() -> list[HostSchema]:
    """The schemas written in this module (every host but TalkToModel's)."""
    schemas = []
    for name, kind, noun, labels, features in _SPECS:
        fields = [_feature(f) for f in features] or [FeatureSchema(name="text", type="text")]
        schemas.append(
            HostSchema(
                name=name,
                kind="text" if kind == "text" else "tabular",
                instance_noun=noun,
                class_names=list(labels),
                features=fields,
                id_range=(0, 999),
            )
        )
    return schemas


def ttm_schemas(data_dir: Path, names: Sequence[str] = ("diabetes", "compas", "german")) -> list[HostSchema]:
    """TalkToModel's datasets as schemas, from the columns and values of their test CSVs (no model trained)."""
    import pandas as pd

    from simxai.integrations.ttm_data import TARGET, TTM_DATASETS, semantic_name, vocabulary_from_frame
    from simxai.integrations.ttm_grammar import ttm_name

    schemas = []
    for name in names:
        spec = TTM_DATASETS[name]
        frame = pd.read_csv(data_dir / "talktomodel" / "data" / spec.test_file, index_col=0)
        vocabulary = vocabulary_from_frame(frame)
        features = []
        for column in (c for c in frame.columns if c != TARGET):
            aliases = [semantic_name(column)] if semantic_name(column) != column.lower() else []
            if ttm_name(column) in vocabulary.categorical:
                values = sorted({str(v) for v in frame[column].unique()})
                features.append(FeatureSchema(name=column, type="categorical", categories=values, aliases=aliases))
            else:
                low, high = float(frame[column].min()), float(frame[column].max())
                features.append(FeatureSchema(name=column, type="numeric", min=low, max=high, aliases=aliases))
        schemas.append(
            HostSchema(
                name=f"ttm {name}",
                kind="tabular",
                instance_noun=spec.instance_noun,
                class_names=list(spec.class_names),
                features=features,
                id_range=(0, int(frame.index.max())),
            )
        )
    return schemas
