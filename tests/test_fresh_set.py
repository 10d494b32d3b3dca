"""The fresh evaluation sets (evalsets/fresh-2026-12-01, -01b, ..., -03k, -03l, -03m, -03n, -03o, -03p, -03q, -04r,
..., -06af, -06ag, -06ah, -06ai, -06aj) are well formed.

No accuracy is asserted. Also checks the argument normalisation of `bench/fresh_set.py`, which scores the set.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from simxai.functions import default_registry
from simxai.hosts.base import FeatureSchema, HostSchema
from simxai.hosts.demo import DEMO_FEATURES
from simxai.hosts.folder import load_host_file
from tests.bench_script import bench_script

ROOT = Path(__file__).resolve().parents[1]
SET_DIRS = tuple(
    ROOT / "evalsets" / name
    for name in (
        "fresh-2026-12-01", "fresh-2026-12-01b", "fresh-2026-12-01c", "fresh-2026-12-01d", "fresh-2026-12-02e",
        "fresh-2026-12-02f", "fresh-2026-12-02g", "fresh-2026-12-02h", "fresh-2026-12-02i", "fresh-2026-12-02j",
        "fresh-2026-12-03k", "fresh-2026-12-03l", "fresh-2026-12-03m", "fresh-2026-12-03n",
        "fresh-2026-12-03o", "fresh-2026-12-03p", "fresh-2026-12-03q", "fresh-2026-12-04r",
        "fresh-2026-12-04s", "fresh-2026-12-04t", "fresh-2026-12-04u", "fresh-2026-12-04v",
        "fresh-2026-12-04w", "fresh-2026-12-04x", "fresh-2026-12-05y", "fresh-2026-12-05z",
        "fresh-2026-12-05aa", "fresh-2026-12-05ab", "fresh-2026-12-05ac", "fresh-2026-12-05ad",
        "fresh-2026-12-05ae", "fresh-2026-12-06af", "fresh-2026-12-06ag",
        "fresh-2026-12-06ah",
        "fresh-2026-12-06ai",
        "fresh-2026-12-06aj",
        "fresh-2026-12-06ak",
        "fresh-2026-12-06al",
        "fresh-2026-12-07am",
        "fresh-2026-12-07an",
        "fresh-2026-12-07ao",
        "fresh-2026-12-07ap",
        "fresh-2026-12-07aq",
        "fresh-2026-12-07ar",
        "fresh-2026-12-07as",
        "fresh-2026-12-07at",
    )
)  # fmt: skip
SET_DIR = SET_DIRS[0]
SCRIPT = ROOT / "bench" / "fresh_set.py"

LOAN_NUMERIC = (
    "age", "income", "credit_score", "loan_amount", "loan_term", "employment_years", "debt_to_income",
)  # fmt: skip
LOAN_CATEGORIES = {
    "region": ("north", "south", "east", "west"),
    "home_ownership": ("rent", "own", "mortgage"),
    "purpose": ("car", "home", "education", "business", "personal"),
}
#: The invented insurance host of `bench/dev_hosts.py` (set D uses it): member ids 5001-5600.
INSURANCE_NUMERIC = ("age", "bmi", "children", "doctor_visits", "annual_claims")
INSURANCE_CATEGORIES = {"sex": ("female", "male"), "smoker": ("no", "yes"), "plan": ("basic", "silver", "gold")}
#: The invented pump host of set E (`evalsets/fresh-2026-12-02e/host_pump.py`): pump ids 20001-20480.
PUMP_NUMERIC = (
    "age", "running_hours", "vibration", "temperature", "pressure", "load", "days_since_service",
)  # fmt: skip
PUMP_CATEGORIES = {"maker": ("aquatec", "borel", "cortina"), "site": ("indoor", "outdoor", "offshore")}
#: The invented churn host of set F (`evalsets/fresh-2026-12-02f/host_churn.py`): subscriber ids 7001-7600.
CHURN_NUMERIC = (
    "age", "tenure_months", "monthly_charge", "data_usage", "support_calls", "dropped_calls", "late_payments",
)  # fmt: skip
CHURN_CATEGORIES = {"plan": ("prepaid", "basic", "unlimited"), "contract": ("monthly", "annual", "two_year")}
#: The invented restaurant-inspection host of set G (`evalsets/fresh-2026-12-02g/host_restaurant.py`): ids 11001-11400.
RESTAURANT_NUMERIC = (
    "seats", "years_open", "prior_violations", "days_since_inspection", "fridge_temp", "pest_complaints",
    "certified_staff",
)  # fmt: skip
RESTAURANT_CATEGORIES = {
    "cuisine": ("american", "chinese", "italian", "mexican", "thai", "indian"),
    "borough": ("harbourside", "old_town", "northgate", "riverside"),
}
#: The invented online-course host of set H (`evalsets/fresh-2026-12-02h/host_student.py`): ids 25001-25400.
STUDENT_NUMERIC = (
    "age", "hours_per_week", "days_since_login", "assignments_done", "quiz_avg", "forum_posts", "videos_watched",
)  # fmt: skip
STUDENT_CATEGORIES = {
    "course_level": ("beginner", "intermediate", "advanced"),
    "device": ("laptop", "mobile", "tablet"),
    "region": ("africa", "asia", "europe", "americas"),
}
#: The invented hotel-cancellation host of set I (`evalsets/fresh-2026-12-02i/host_hotel.py`): ids 33001-33400.
HOTEL_NUMERIC = (
    "adults", "lead_time_days", "stay_nights", "nightly_rate_eur", "previous_cancellations", "special_requests",
)  # fmt: skip
HOTEL_CATEGORIES = {
    "room_type": ("standard", "superior", "family", "suite"),
    "booking_channel": ("direct", "online_agency", "travel_agent", "corporate"),
    "meal_plan": ("room_only", "breakfast", "half_board", "full_board"),
    "country_region": ("domestic", "europe", "north_america", "asia", "other"),
}
#: The invented clinic-appointment host of set J (`evalsets/fresh-2026-12-02j/host_appointment.py`): ids 41001-41400.
APPOINTMENT_NUMERIC = (
    "patient_age", "days_booked_ahead", "distance_km", "previous_no_shows", "copay_usd", "appointment_hour",
)  # fmt: skip
APPOINTMENT_CATEGORIES = {
    "clinic": ("downtown", "riverside", "hillcrest", "eastgate"),
    "specialty": ("primary_care", "dermatology", "cardiology", "physiotherapy", "mental_health"),
    "booking_method": ("phone", "online", "app", "referral"),
    "reminder_channel": ("none", "sms", "email", "call"),
}
#: The invented beehive-overwintering host of set K (`evalsets/fresh-2026-12-03k/host_hive.py`): ids 51001-51400.
HIVE_NUMERIC = ("queen_age_months", "altitude_m", "varroa_per_100", "honey_stores_kg", "brood_frames")
HIVE_CATEGORIES = {
    "hive_type": ("langstroth", "national", "top_bar", "warre"),
    "bee_strain": ("italian", "carniolan", "buckfast", "local"),
    "mite_treatment": ("none", "oxalic", "formic", "thymol"),
    "shelter": ("exposed", "partial", "sheltered"),
}
#: The invented cheese-grading host of set L (`evalsets/fresh-2026-12-03l/host_cheese.py`): ids 61001-61400.
CHEESE_NUMERIC = ("age_weeks", "cave_temp_c", "humidity_pct", "salt_pct", "ph", "turns_per_week")
CHEESE_CATEGORIES = {
    "milk": ("cow", "goat", "sheep", "buffalo"),
    "milk_treatment": ("raw", "thermised", "pasteurised"),
    "rind": ("natural", "washed", "bloomy", "waxed"),
}
#: The invented solar-inverter host of set M (`evalsets/fresh-2026-12-03m/host_inverter.py`): ids 69001-69400.
INVERTER_NUMERIC = ("age_years", "heatsink_temp_c", "efficiency_pct", "grid_faults", "capacitor_esr", "load_ratio")
INVERTER_CATEGORIES = {
    "topology": ("string", "central", "micro"),
    "mounting": ("rooftop", "ground", "carport"),
    "climate": ("temperate", "desert", "coastal", "alpine"),
}
#: The invented street-tree host of set N (`evalsets/fresh-2026-12-03n/host_tree.py`): ids 78001-78400.
TREE_NUMERIC = (
    "trunk_diameter_cm", "age_years", "canopy_dieback_pct", "lean_deg", "pit_area_m2", "trunk_decay_pct",
)  # fmt: skip
TREE_CATEGORIES = {"species": ("plane", "linden", "maple", "oak", "ash"), "site": ("sidewalk", "median", "park")}
#: The invented used-violin intake host of set O (`evalsets/fresh-2026-12-03o/host_violin.py`): ids 83001-83400.
VIOLIN_NUMERIC = (
    "age_yrs", "crack_count", "neck_proj_mm", "action_e_mm", "storage_rh_pct", "months_since_service",
)  # fmt: skip
VIOLIN_CATEGORIES = {
    "origin": ("german", "czech", "french", "chinese", "italian"),
    "size": ("full", "three_quarter", "half"),
}
#: The invented sailboat-survey host of set P (`evalsets/fresh-2026-12-03p/host_boat.py`): ids 92001-92400. Its
#: feature names are mixed case, as a survey team writes them.
BOAT_NUMERIC = (
    "LOA_ft", "HullAge_yrs", "MoistureRdg_pct", "BlisterCnt", "StdRig_yrs", "EngHrs", "KeelBolt_grade",
)  # fmt: skip
BOAT_CATEGORIES = {"HullMat": ("grp", "steel", "timber", "alloy"), "CE_cat": ("A", "B", "C")}
#: The invented kiln-firing host of set Q (`evalsets/fresh-2026-12-03q/host_kiln.py`): ids 97001-97400. Its
#: feature names are camelCase with abbreviated units, as a studio tech names spreadsheet columns.
KILN_NUMERIC = (
    "peakTempC", "rampRateCph", "holdMins", "coneNo", "glazeCoats", "moisturePct", "kilnLoadPct", "coolRateCph",
    "wallThkMm",
)  # fmt: skip
KILN_CATEGORIES = {"clayBody": ("stoneware", "porcelain", "terracotta"), "kilnType": ("elec", "gas", "wood")}
#: The invented wine-cellar host of set R (`evalsets/fresh-2026-12-04r/host_cellar.py`): ids 100001-100400. Its
#: feature names are Title Case words with spaces, as an importer's stock spreadsheet writes its headers.
CELLAR_NUMERIC = (
    "Vintage Year", "Years In Bottle", "Cellar Temp C", "Humidity Pct", "Fill Level Mm", "Alcohol Pct", "Tannin Score",
    "Acidity Gl",
)  # fmt: skip
CELLAR_CATEGORIES = {
    "Cork Type": ("natural", "synthetic", "screwcap"),
    "Wine Style": ("red", "white", "sparkling", "fortified"),
}
#: The invented church-organ host of set S (`evalsets/fresh-2026-12-04s/host_organ.py`): ids 103101-103400. Its
#: feature names mix PascalCase, snake_case and camelCase, some with a unit.
ORGAN_NUMERIC = (
    "PipeLengthFt", "wind_pressure_mm", "humidityPct", "nave_temp_c", "pipeAgeYears", "ServicesPerWeek",
)  # fmt: skip
ORGAN_CATEGORIES = {"Division": ("great", "swell", "pedal")}
#: The invented glacier ice-cave host of set T (`evalsets/fresh-2026-12-04t/host_icecave.py`): ids 105201-105500,
#: tours called by their noun "tour"; mixed column-name styles.
ICECAVE_NUMERIC = ("meltwater_cm", "AirTempC", "dripRate", "GroupSize", "guide_years", "DaysSinceSurvey")
ICECAVE_CATEGORIES = {"Zone": ("blue_hall", "east_arch", "north_tongue")}
#: The invented lighthouse-lamp host of set U (`evalsets/fresh-2026-12-04u/host_lamp.py`): ids 107301-107600,
#: nights called "night"; units at the end of names, one with punctuation ("Lens Temp (C)").
LAMP_NUMERIC = (
    "BulbAgeHrs", "supply_voltage_v", "Lens Temp (C)", "wind_kmh", "humidity_pct", "KeeperVisits", "TowerAgeYrs",
)  # fmt: skip
LAMP_CATEGORIES = {"Station": ("harbour_mole", "headland", "offshore_rock")}
#: The invented glass-vase host of set V (`evalsets/fresh-2026-12-04v/host_vase.py`): ids 109401-109700, vases
#: called "vase"; units at the end of names and one name with a space ("cooling hours").
VASE_NUMERIC = ("WallMm", "anneal_temp_c", "mass_g", "cooling hours", "Gathers", "BlowerYears")
VASE_CATEGORIES = {"GlassType": ("soda_lime", "borosilicate", "lead_crystal")}
#: The invented snow-sculpture host of set W (`evalsets/fresh-2026-12-04w/host_snowsculpt.py`): ids 111501-111800,
#: entries called "sculpture"; units at the end of names, one in brackets ("Overhang (cm)") and one with a space.
SNOW_NUMERIC = ("HeightM", "air_temp_c", "wind_kmh", "Overhang (cm)", "density_kg_m3", "SunHours", "Team Size")
SNOW_CATEGORIES = {"Style": ("figurative", "abstract", "architectural")}
#: The invented truffle-hunt host of set X (`evalsets/fresh-2026-12-04x/host_truffle.py`): ids 113601-113900,
#: outings called "outing"; units at the end of names, one in brackets ("Area (ha)") and one with spaces.
TRUFFLE_NUMERIC = ("DogAgeYrs", "soil_temp_c", "RainMm", "Area (ha)", "hunt_minutes", "oak share pct")
TRUFFLE_CATEGORIES = {"Breed": ("lagotto", "beagle", "mixed")}
#: The invented sauna-stove host of set Y (`evalsets/fresh-2026-12-05y/host_kiuas.py`): ids 115701-116000, loads
#: of stones called "load"; units at the end of names, one in brackets ("Mass (kg)"), one with a space, a True/False
#: column.
KIUAS_NUMERIC = ("peak_temp_c", "LoylyL", "Mass (kg)", "heating cycles", "StoneAgeWks")
KIUAS_CATEGORIES = {"StoneType": ("olivine_diabase", "peridotite", "soapstone"), "WoodFired": ("False", "True")}
#: The invented firework-shell host of set Z (`evalsets/fresh-2026-12-05z/host_fireworks.py`): ids 117801-118100,
#: shells called "shell"; three labels; a unit in brackets ("Caliber (mm)"), one name with a space, a True/False column.
FIREWORKS_NUMERIC = (
    "Caliber (mm)", "ShellAgeMonths", "fuse_delay_s", "LiftChargeG", "storage humidity", "wind_ms",
)  # fmt: skip
FIREWORKS_CATEGORIES = {"Maker": ("hanabi_koji", "stellaris", "vesuvio"), "RainedOn": ("False", "True")}
#: The invented maple-sap boil host of set AA (`evalsets/fresh-2026-12-05aa/host_sugarhouse.py`): ids 119901-120200,
#: boils called "boil"; two labels; a unit in brackets ("Sap Brix (%)", "Boil Time (min)"), a name with a space, a
#: True/False column.
SUGARHOUSE_NUMERIC = (
    "Sap Brix (%)", "DaysIntoSeason", "night_low_c", "SapAgeHours", "Boil Time (min)", "tap count",
)  # fmt: skip
SUGARHOUSE_CATEGORIES = {
    "Sugarbush": ("cedar_hollow", "mill_creek", "north_ridge"),
    "ROConcentrated": ("False", "True"),
}
#: The invented falconry-mews host of set AB (`evalsets/fresh-2026-12-05ab/host_mews.py`): ids 122001-122300,
#: flights called "flight"; three labels; units in brackets ("Weight (g)", "Age (yrs)"), a name with a space, a
#: True/False column.
MEWS_NUMERIC = ("Weight (g)", "pct_under_fat", "HoursSinceFed", "weathering hours", "wind_kph", "Age (yrs)")
MEWS_CATEGORIES = {"Species": ("harris_hawk", "kestrel", "red_tail"), "Imprint": ("False", "True")}
#: The invented chess-club host of set AC (`evalsets/fresh-2026-12-05ac/host_gambit.py`): ids 124101-124400, games
#: called "game"; three labels (the result); units in brackets ("Rating Gap (Elo)"), a name with spaces and units,
#: a True/False column.
GAMBIT_NUMERIC = ("Rating Gap (Elo)", "prep_minutes", "MovesInBook", "clock at move 30 (min)", "round_no")
GAMBIT_CATEGORIES = {"Opening": ("french", "italian", "queens_gambit", "sicilian"), "Rapid": ("False", "True")}
#: The invented mushroom-farm host of set AD (`evalsets/fresh-2026-12-05ad/host_flush.py`): ids 126201-126500,
#: flushes called "flush"; three labels (the yield grade); units in brackets ("CO2 (ppm)"), a name with spaces, a
#: True/False column.
FLUSH_NUMERIC = (
    "Substrate Moisture (%)", "room_temp_c", "CO2 (ppm)", "air changes per hour", "SpawnRate", "flush_no",
)  # fmt: skip
FLUSH_CATEGORIES = {
    "Strain": ("lions_mane", "oyster_grey", "oyster_pink", "shiitake"),
    "Cased": ("False", "True"),
}
#: The invented bowling-league host of set AE (`evalsets/fresh-2026-12-05ae/host_league.py`): ids 128301-128600,
#: league nights called "night"; three labels (the night's result); units in brackets ("Handicap (pins)"), names with
#: spaces, a True/False column.
LEAGUE_NUMERIC = (
    "team_average", "Handicap (pins)", "oil length (ft)", "spares per game", "DaysSinceLastNight", "bowlers_present",
)  # fmt: skip
LEAGUE_CATEGORIES = {
    "Division": ("classic", "mixed", "seniors", "youth"),
    "HomePair": ("False", "True"),
}
#: The invented escape-room host of set AF (`evalsets/fresh-2026-12-06af/host_escape.py`): ids 130401-130700, games
#: called "game"; three labels (how the game ended); units in brackets ("Avg Age (years)"), names with spaces, a
#: True/False column.
ESCAPE_NUMERIC = (
    "team_size", "hints_used", "StartHour", "Avg Age (years)", "booking lead (days)", "rooms played before",
)  # fmt: skip
ESCAPE_CATEGORIES = {
    "Theme": ("asylum", "heist", "pharaoh", "submarine"),
    "FirstVisit": ("False", "True"),
}
#: The invented island-ferry host of set AG (`evalsets/fresh-2026-12-06ag/host_ferry.py`): ids 131601-131900,
#: crossings called "crossing"; three labels (how the crossing went); units in brackets ("Wind Speed (knots)"), names
#: with spaces, a True/False column.
FERRY_NUMERIC = (
    "crew_on_duty", "Wind Speed (knots)", "VesselAgeYears", "cars aboard", "Wave Height (m)", "days_since_service",
)  # fmt: skip
FERRY_CATEGORIES = {
    "Vessel": ("Gannet", "Kittiwake", "Puffin", "Skerry"),
    "NightSailing": ("False", "True"),
}
#: The invented tyre-retreading host of set AH (`evalsets/fresh-2026-12-06ah/host_retread.py`): ids 134301-134600,
#: casings called "casing"; three labels (the plant's decision); units in brackets ("Casing Age (years)"), names
#: with spaces, a True/False column.
RETREAD_NUMERIC = (
    "Casing Age (years)", "DistanceRun (1000 km)", "tread_left_mm", "puncture_repairs", "SidewallCuts",
    "bead damage score", "Load Index",
)  # fmt: skip
RETREAD_CATEGORIES = {
    "Brand": ("Dunmere", "Korva", "Ostra", "Tellux"),
    "PreviouslyRetreaded": ("False", "True"),
}
#: The invented sea-salt-pan host of set AI (`evalsets/fresh-2026-12-06ai/host_saltpan.py`): ids 136501-136800, pans
#: called "pan"; two labels (the salt master's decision); units in brackets ("Brine Density (Be)"), names with
#: spaces, a True/False column.
SALTPAN_NUMERIC = (
    "Brine Density (Be)", "DaysSinceFlood", "sun_hours_week", "wind_kmh", "Rain Last Week (mm)",
    "crust thickness mm", "Brine Depth (cm)",
)  # fmt: skip
SALTPAN_CATEGORIES = {
    "Bank": ("Causeway", "Marsh", "Tidewall"),
    "RainCover": ("False", "True"),
}
#: The invented community-darkroom host of set AJ (`evalsets/fresh-2026-12-06aj/host_darkroom.py`): ids 139001-139300,
#: film rolls called "roll"; three labels (the steward's grade of the negatives); units in brackets ("Dev Time (min)"),
#: snake_case and CamelCase names, an immutable film stock.
DARKROOM_NUMERIC = (
    "Developer Temp (C)", "Dev Time (min)", "agitation_per_min", "roll_age_months", "ExposureStops", "FixerUses",
)  # fmt: skip
DARKROOM_CATEGORIES = {"Stock": ("Halden", "Morrow", "Vesta")}
ORCHID_NUMERIC = (
    "Humidity (%)",
    "Light (h/day)",
    "water_interval_days",
    "months_since_repot",
    "NightDrop",
    "FeedDoses",
)
ORCHID_CATEGORIES = {"Mix": ("bark", "moss", "pebble")}
HOSTS: dict[str, dict[str, Any]] = {
    "weathervane": {
        "ids": range(163801, 164101),
        "labels": ("Spins Freely", "Needs Oiling"),
        "features": (
            "Metal",
            "Height (m)",
            "Wind (km/h)",
            "years_since_oiling",
            "rust_spots",
            "BearingPlay",
            "StormDays",
        ),
        "categories": {"Metal": ("copper", "iron", "zinc")},
    },
    "sundial": {
        "ids": range(161401, 161701),
        "labels": ("accurate", "drifting", "recalibrate"),
        "features": (
            "Material",
            "Dial Diameter (cm)",
            "Shade (h/day)",
            "years_since_service",
            "lichen_patches",
            "GnomonSkew",
            "VisitorTouches",
        ),
        "categories": {"Material": ("bronze", "slate", "sandstone")},
    },
    "mural": {
        "ids": range(159001, 159301),
        "labels": ("sound", "retouch", "restore"),
        "features": (
            "Surface",
            "Wall Area (m2)",
            "Sun Exposure (h/day)",
            "years_since_paint",
            "graffiti_tags",
            "WallMoisture",
            "FrostNights",
        ),
        "categories": {"Surface": ("brick", "render", "concrete")},
    },
    "turbine": {
        "ids": range(155601, 155901),
        "labels": ("normal", "alert"),
        "features": (
            "Maker",
            "Hub Height (m)",
            "Rated Power (kW)",
            "gearbox_vibration",
            "hours_since_service",
            "BladeAge",
            "StopsLastMonth",
        ),
        "categories": {"Maker": ("halvard", "mistral", "tarn")},
    },
    "manhole": {
        "ids": range(153401, 153701),
        "labels": ("sound", "repair", "replace"),
        "features": (
            "LidMaterial",
            "Depth (m)",
            "Lid Diameter (cm)",
            "vehicles_per_hour",
            "days_since_inspection",
            "CrackCount",
            "YearsInGround",
        ),
        "categories": {"LidMaterial": ("cast_iron", "ductile", "composite")},
    },
    "elevator": {
        "ids": range(151201, 151501),
        "labels": ("pass", "fail"),
        "features": (
            "DriveType",
            "Rise (m)",
            "Car Load (kg)",
            "trips_per_day",
            "days_since_service",
            "DoorFaults",
            "YearsInService",
        ),
        "categories": {"DriveType": ("hydraulic", "traction", "mrl")},
    },
    "aquarium": {
        "ids": range(148401, 148701),
        "labels": ("clear", "cloudy", "algal"),
        "features": (
            "FilterType",
            "Volume (L)",
            "Light (h/day)",
            "days_since_water_change",
            "fish_count",
            "FeedingsPerDay",
            "NitrateReading",
        ),
        "categories": {"FilterType": ("canister", "hangon", "sponge")},
    },
    "accordion": {
        "ids": range(146201, 146501),
        "labels": ("playable", "leaky", "detuned"),
        "features": (
            "Weight (kg)",
            "Reed Age (yrs)",
            "months_since_tuning",
            "storage_temp",
            "BellowsPatches",
            "HoursPerWeek",
            "Keyboard",
        ),
        "categories": {"Keyboard": ("button", "diatonic", "piano")},
    },
    "telescope": {
        "ids": range(144001, 144301),
        "labels": ("sharp", "soft", "fogged"),
        "features": (
            "Aperture (mm)",
            "Cooldown (min)",
            "nights_since_collimation",
            "storage_humidity",
            "FocuserWear",
            "TripsPerMonth",
            "Mount",
        ),
        "categories": {"Mount": ("altaz", "dobsonian", "equatorial")},
    },
    "demo": {"ids": range(442), "labels": ("stable", "progressing"), "features": DEMO_FEATURES, "categories": {}},
    "sentiment": {"ids": range(120), "labels": ("negative", "positive"), "features": (), "categories": {}},
    "loan": {
        "ids": range(1500),
        "labels": ("approved", "rejected"),
        "features": LOAN_NUMERIC + tuple(LOAN_CATEGORIES),
        "categories": LOAN_CATEGORIES,
    },
    "insurance": {
        "ids": range(5001, 5601),
        "labels": ("standard", "surcharge"),
        "features": INSURANCE_NUMERIC + tuple(INSURANCE_CATEGORIES),
        "categories": INSURANCE_CATEGORIES,
    },
    "orchid": {
        "ids": range(142001, 142301),
        "labels": ("blooming", "stalled", "rotting"),
        "features": ORCHID_NUMERIC + tuple(ORCHID_CATEGORIES),
        "categories": ORCHID_CATEGORIES,
    },
    "pump": {
        "ids": range(20001, 20481),
        "labels": ("healthy", "failing"),
        "features": PUMP_NUMERIC + tuple(PUMP_CATEGORIES),
        "categories": PUMP_CATEGORIES,
    },
    "churn": {
        "ids": range(7001, 7601),
        "labels": ("stays", "churns"),
        "features": CHURN_NUMERIC + tuple(CHURN_CATEGORIES),
        "categories": CHURN_CATEGORIES,
    },
    "restaurant": {
        "ids": range(11001, 11401),
        "labels": ("passes", "fails"),
        "features": RESTAURANT_NUMERIC + tuple(RESTAURANT_CATEGORIES),
        "categories": RESTAURANT_CATEGORIES,
    },
    "student": {
        "ids": range(25001, 25401),
        "labels": ("completes", "drops_out"),
        "features": STUDENT_NUMERIC + tuple(STUDENT_CATEGORIES),
        "categories": STUDENT_CATEGORIES,
    },
    "hotel": {
        "ids": range(33001, 33401),
        "labels": ("honoured", "cancelled"),
        "features": HOTEL_NUMERIC + tuple(HOTEL_CATEGORIES),
        "categories": HOTEL_CATEGORIES,
    },
    "appointment": {
        "ids": range(41001, 41401),
        "labels": ("attended", "missed"),
        "features": APPOINTMENT_NUMERIC + tuple(APPOINTMENT_CATEGORIES),
        "categories": APPOINTMENT_CATEGORIES,
    },
    "hive": {
        "ids": range(51001, 51401),
        "labels": ("survived", "lost"),
        "features": HIVE_NUMERIC + tuple(HIVE_CATEGORIES),
        "categories": HIVE_CATEGORIES,
    },
    "cheese": {
        "ids": range(61001, 61401),
        "labels": ("premium", "standard", "defective"),
        "features": CHEESE_NUMERIC + tuple(CHEESE_CATEGORIES),
        "categories": CHEESE_CATEGORIES,
    },
    "inverter": {
        "ids": range(69001, 69401),
        "labels": ("healthy", "degrading", "failed"),
        "features": INVERTER_NUMERIC + tuple(INVERTER_CATEGORIES),
        "categories": INVERTER_CATEGORIES,
    },
    "tree": {
        "ids": range(78001, 78401),
        "labels": ("healthy", "declining", "remove"),
        "features": TREE_NUMERIC + tuple(TREE_CATEGORIES),
        "categories": TREE_CATEGORIES,
    },
    "violin": {
        "ids": range(83001, 83401),
        "labels": ("playable", "setup", "restore"),
        "features": VIOLIN_NUMERIC + tuple(VIOLIN_CATEGORIES),
        "categories": VIOLIN_CATEGORIES,
    },
    "boat": {
        "ids": range(92001, 92401),
        "labels": ("seaworthy", "refit", "unsafe"),
        "features": BOAT_NUMERIC + tuple(BOAT_CATEGORIES),
        "categories": BOAT_CATEGORIES,
    },
    "kiln": {
        "ids": range(97001, 97401),
        "labels": ("good", "flawed", "cracked"),
        "features": KILN_NUMERIC + tuple(KILN_CATEGORIES),
        "categories": KILN_CATEGORIES,
    },
    "cellar": {
        "ids": range(100001, 100401),
        "labels": ("drink_now", "hold", "past_peak"),
        "features": CELLAR_NUMERIC + tuple(CELLAR_CATEGORIES),
        "categories": CELLAR_CATEGORIES,
    },
    "organ": {
        "ids": range(103101, 103401),
        "labels": ("speaking", "sluggish", "ciphering"),
        "features": ORGAN_NUMERIC + tuple(ORGAN_CATEGORIES),
        "categories": ORGAN_CATEGORIES,
    },
    "icecave": {
        "ids": range(105201, 105501),
        "labels": ("go", "shortened", "cancelled"),
        "features": ICECAVE_NUMERIC + tuple(ICECAVE_CATEGORIES),
        "categories": ICECAVE_CATEGORIES,
    },
    "lamp": {
        "ids": range(107301, 107601),
        "labels": ("failed", "flickered", "steady"),
        "features": LAMP_NUMERIC + tuple(LAMP_CATEGORIES),
        "categories": LAMP_CATEGORIES,
    },
    "vase": {
        "ids": range(109401, 109701),
        "labels": ("sound", "cracked", "seedy"),
        "features": VASE_NUMERIC + tuple(VASE_CATEGORIES),
        "categories": VASE_CATEGORIES,
    },
    "snowsculpt": {
        "ids": range(111501, 111801),
        "labels": ("intact", "slumped", "collapsed"),
        "features": SNOW_NUMERIC + tuple(SNOW_CATEGORIES),
        "categories": SNOW_CATEGORIES,
    },
    "truffle": {
        "ids": range(113601, 113901),
        "labels": ("haul", "meagre", "blank"),
        "features": TRUFFLE_NUMERIC + tuple(TRUFFLE_CATEGORIES),
        "categories": TRUFFLE_CATEGORIES,
    },
    "kiuas": {
        "ids": range(115701, 116001),
        "labels": ("sound", "cracked"),
        "features": KIUAS_NUMERIC + tuple(KIUAS_CATEGORIES),
        "categories": KIUAS_CATEGORIES,
    },
    "fireworks": {
        "ids": range(117801, 118101),
        "labels": ("clean", "low", "dud"),
        "features": FIREWORKS_NUMERIC + tuple(FIREWORKS_CATEGORIES),
        "categories": FIREWORKS_CATEGORIES,
    },
    "sugarhouse": {
        "ids": range(119901, 120201),
        "labels": ("fancy", "buddy"),
        "features": SUGARHOUSE_NUMERIC + tuple(SUGARHOUSE_CATEGORIES),
        "categories": SUGARHOUSE_CATEGORIES,
    },
    "mews": {
        "ids": range(122001, 122301),
        "labels": ("keen", "sulky", "weak"),
        "features": MEWS_NUMERIC + tuple(MEWS_CATEGORIES),
        "categories": MEWS_CATEGORIES,
    },
    "gambit": {
        "ids": range(124101, 124401),
        "labels": ("white", "draw", "black"),
        "features": GAMBIT_NUMERIC + tuple(GAMBIT_CATEGORIES),
        "categories": GAMBIT_CATEGORIES,
    },
    "flush": {
        "ids": range(126201, 126501),
        "labels": ("bumper", "fair", "thin"),
        "features": FLUSH_NUMERIC + tuple(FLUSH_CATEGORIES),
        "categories": FLUSH_CATEGORIES,
    },
    "league": {
        "ids": range(128301, 128601),
        "labels": ("won", "split", "lost"),
        "features": LEAGUE_NUMERIC + tuple(LEAGUE_CATEGORIES),
        "categories": LEAGUE_CATEGORIES,
    },
    "escape": {
        "ids": range(130401, 130701),
        "labels": ("escaped", "rescued", "trapped"),
        "features": ESCAPE_NUMERIC + tuple(ESCAPE_CATEGORIES),
        "categories": ESCAPE_CATEGORIES,
    },
    "ferry": {
        "ids": range(131601, 131901),
        "labels": ("on_time", "delayed", "cancelled"),
        "features": FERRY_NUMERIC + tuple(FERRY_CATEGORIES),
        "categories": FERRY_CATEGORIES,
    },
    "retread": {
        "ids": range(134301, 134601),
        "labels": ("retread", "repair_first", "scrap"),
        "features": RETREAD_NUMERIC + tuple(RETREAD_CATEGORIES),
        "categories": RETREAD_CATEGORIES,
    },
    "saltpan": {
        "ids": range(136501, 136801),
        "labels": ("wait", "rake"),
        "features": SALTPAN_NUMERIC + tuple(SALTPAN_CATEGORIES),
        "categories": SALTPAN_CATEGORIES,
    },
    "darkroom": {
        "ids": range(139001, 139301),
        "labels": ("clean", "thin", "fogged"),
        "features": DARKROOM_NUMERIC + tuple(DARKROOM_CATEGORIES),
        "categories": DARKROOM_CATEGORIES,
    },
}
#: What each set was written to hold (its README): set C is smaller per host and has nine dialogues.
_AB_MINIMUMS: dict[str, Any] = {
    "requests": 120,
    "dialogues": 10,
    "per_host": {"demo": 55, "sentiment": 45, "loan": 50},
    "dialogues_per_host": {"demo": 5, "sentiment": 3, "loan": 4},
}
MINIMUMS: dict[str, dict[str, Any]] = {
    "fresh-2026-12-07at": {
        "requests": 222,
        "dialogues": 16,
        "per_host": {"demo": 37, "sentiment": 36, "loan": 37, "weathervane": 112},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "weathervane": 8},
    },
    "fresh-2026-12-07as": {
        "requests": 221,
        "dialogues": 16,
        "per_host": {"demo": 37, "sentiment": 36, "loan": 37, "sundial": 111},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "sundial": 8},
    },
    "fresh-2026-12-07ar": {
        "requests": 221,
        "dialogues": 16,
        "per_host": {"demo": 37, "sentiment": 36, "loan": 37, "mural": 111},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "mural": 8},
    },
    "fresh-2026-12-07aq": {
        "requests": 220,
        "dialogues": 16,
        "per_host": {"demo": 45, "sentiment": 45, "loan": 45, "turbine": 85},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "turbine": 8},
    },
    "fresh-2026-12-07ap": {
        "requests": 224,
        "dialogues": 16,
        "per_host": {"demo": 47, "sentiment": 46, "loan": 46, "manhole": 85},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "manhole": 8},
    },
    "fresh-2026-12-07ao": {
        "requests": 224,
        "dialogues": 16,
        "per_host": {"demo": 47, "sentiment": 46, "loan": 46, "elevator": 85},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "elevator": 8},
    },
    "fresh-2026-12-07an": {
        "requests": 221,
        "dialogues": 16,
        "per_host": {"demo": 46, "sentiment": 45, "loan": 45, "aquarium": 85},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "aquarium": 8},
    },
    "fresh-2026-12-07am": {
        "requests": 221,
        "dialogues": 16,
        "per_host": {"demo": 46, "sentiment": 45, "loan": 45, "accordion": 85},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "accordion": 8},
    },
    "fresh-2026-12-01": _AB_MINIMUMS,
    "fresh-2026-12-01b": _AB_MINIMUMS,
    "fresh-2026-12-01c": {
        "requests": 120,
        "dialogues": 9,
        "per_host": {"demo": 40, "sentiment": 30, "loan": 40},
        "dialogues_per_host": {"demo": 3, "sentiment": 3, "loan": 3},
    },
    "fresh-2026-12-01d": {
        "requests": 130,
        "dialogues": 10,
        "per_host": {"demo": 40, "sentiment": 40, "loan": 40, "insurance": 25},
        "dialogues_per_host": {"demo": 3, "sentiment": 3, "loan": 2, "insurance": 2},
    },
    "fresh-2026-12-02e": {
        "requests": 170,
        "dialogues": 12,
        "per_host": {"demo": 35, "sentiment": 35, "loan": 35, "insurance": 15, "pump": 50},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 2, "insurance": 2, "pump": 3},
    },
    "fresh-2026-12-02f": {
        "requests": 170,
        "dialogues": 12,
        "per_host": {"demo": 35, "sentiment": 35, "loan": 35, "insurance": 10, "pump": 15, "churn": 50},
        "dialogues_per_host": {"demo": 2, "sentiment": 2, "loan": 2, "insurance": 2, "pump": 2, "churn": 3},
    },
    "fresh-2026-12-02g": {
        "requests": 170,
        "dialogues": 12,
        "per_host": {"demo": 35, "sentiment": 35, "loan": 25, "insurance": 10, "churn": 15, "restaurant": 50},
        "dialogues_per_host": {"demo": 2, "sentiment": 2, "loan": 2, "insurance": 2, "churn": 2, "restaurant": 3},
    },
    "fresh-2026-12-02h": {
        "requests": 185,
        "dialogues": 12,
        "per_host": {
            "demo": 35,
            "sentiment": 35,
            "loan": 25,
            "insurance": 10,
            "churn": 15,
            "restaurant": 15,
            "student": 50,
        },
        "dialogues_per_host": {
            "demo": 2,
            "sentiment": 2,
            "loan": 2,
            "insurance": 1,
            "churn": 1,
            "restaurant": 1,
            "student": 3,
        },
    },
    "fresh-2026-12-02i": {
        "requests": 200,
        "dialogues": 12,
        "per_host": {"demo": 45, "sentiment": 45, "loan": 35, "hotel": 75},
        "dialogues_per_host": {"demo": 3, "sentiment": 3, "loan": 2, "hotel": 4},
    },
    "fresh-2026-12-02j": {
        "requests": 200,
        "dialogues": 12,
        "per_host": {"demo": 45, "sentiment": 45, "loan": 35, "appointment": 75},
        "dialogues_per_host": {"demo": 3, "sentiment": 3, "loan": 2, "appointment": 4},
    },
    "fresh-2026-12-03k": {
        "requests": 200,
        "dialogues": 12,
        "per_host": {"demo": 45, "sentiment": 45, "loan": 35, "hive": 75},
        "dialogues_per_host": {"demo": 3, "sentiment": 3, "loan": 2, "hive": 4},
    },
    "fresh-2026-12-03l": {
        "requests": 200,
        "dialogues": 12,
        "per_host": {"demo": 45, "sentiment": 45, "loan": 35, "cheese": 75},
        "dialogues_per_host": {"demo": 3, "sentiment": 3, "loan": 2, "cheese": 5},
    },
    "fresh-2026-12-03m": {
        "requests": 200,
        "dialogues": 12,
        "per_host": {"demo": 45, "sentiment": 45, "loan": 38, "inverter": 75},
        "dialogues_per_host": {"demo": 3, "sentiment": 3, "loan": 2, "inverter": 6},
    },
    "fresh-2026-12-03n": {
        "requests": 200,
        "dialogues": 12,
        "per_host": {"demo": 45, "sentiment": 45, "loan": 36, "tree": 75},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 2, "tree": 6},
    },
    "fresh-2026-12-03o": {
        "requests": 200,
        "dialogues": 12,
        "per_host": {"demo": 45, "sentiment": 45, "loan": 36, "violin": 70},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 2, "violin": 6},
    },
    "fresh-2026-12-03p": {
        "requests": 190,
        "dialogues": 14,
        "per_host": {"demo": 45, "sentiment": 40, "loan": 35, "boat": 65},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "boat": 6},
    },
    "fresh-2026-12-03q": {
        "requests": 200,
        "dialogues": 14,
        "per_host": {"demo": 45, "sentiment": 40, "loan": 38, "kiln": 75},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "kiln": 6},
    },
    "fresh-2026-12-04r": {
        "requests": 200,
        "dialogues": 14,
        "per_host": {"demo": 45, "sentiment": 40, "loan": 38, "cellar": 75},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "cellar": 6},
    },
    "fresh-2026-12-04s": {
        "requests": 220,
        "dialogues": 16,
        "per_host": {"demo": 75, "sentiment": 40, "loan": 55, "organ": 60},
        "dialogues_per_host": {"demo": 6, "sentiment": 3, "loan": 5, "organ": 4},
    },
    "fresh-2026-12-04t": {
        "requests": 220,
        "dialogues": 16,
        "per_host": {"demo": 55, "sentiment": 45, "loan": 50, "icecave": 60},
        "dialogues_per_host": {"demo": 4, "sentiment": 4, "loan": 4, "icecave": 5},
    },
    "fresh-2026-12-04u": {
        "requests": 270,
        "dialogues": 19,
        "per_host": {"demo": 70, "sentiment": 50, "loan": 70, "lamp": 75},
        "dialogues_per_host": {"demo": 5, "sentiment": 4, "loan": 5, "lamp": 5},
    },
    "fresh-2026-12-04v": {
        "requests": 230,
        "dialogues": 21,
        "per_host": {"demo": 55, "sentiment": 50, "loan": 55, "vase": 60},
        "dialogues_per_host": {"demo": 6, "sentiment": 4, "loan": 5, "vase": 6},
    },
    "fresh-2026-12-04w": {
        "requests": 220,
        "dialogues": 18,
        "per_host": {"demo": 50, "sentiment": 45, "loan": 50, "snowsculpt": 60},
        "dialogues_per_host": {"demo": 5, "sentiment": 3, "loan": 4, "snowsculpt": 6},
    },
    "fresh-2026-12-04x": {
        "requests": 240,
        "dialogues": 20,
        "per_host": {"demo": 55, "sentiment": 45, "loan": 55, "truffle": 75},
        "dialogues_per_host": {"demo": 5, "sentiment": 3, "loan": 4, "truffle": 8},
    },
    "fresh-2026-12-05y": {
        "requests": 240,
        "dialogues": 18,
        "per_host": {"demo": 55, "sentiment": 40, "loan": 55, "kiuas": 80},
        "dialogues_per_host": {"demo": 4, "sentiment": 3, "loan": 5, "kiuas": 6},
    },
    "fresh-2026-12-05z": {
        "requests": 240,
        "dialogues": 18,
        "per_host": {"demo": 58, "sentiment": 45, "loan": 57, "fireworks": 80},
        "dialogues_per_host": {"demo": 4, "sentiment": 3, "loan": 5, "fireworks": 6},
    },
    "fresh-2026-12-05aa": {
        "requests": 240,
        "dialogues": 18,
        "per_host": {"demo": 58, "sentiment": 46, "loan": 59, "sugarhouse": 81},
        "dialogues_per_host": {"demo": 4, "sentiment": 3, "loan": 5, "sugarhouse": 6},
    },
    "fresh-2026-12-05ab": {
        "requests": 250,
        "dialogues": 18,
        "per_host": {"demo": 60, "sentiment": 47, "loan": 59, "mews": 87},
        "dialogues_per_host": {"demo": 4, "sentiment": 3, "loan": 5, "mews": 6},
    },
    "fresh-2026-12-05ac": {
        "requests": 245,
        "dialogues": 18,
        "per_host": {"demo": 59, "sentiment": 46, "loan": 58, "gambit": 84},
        "dialogues_per_host": {"demo": 4, "sentiment": 3, "loan": 5, "gambit": 6},
    },
    "fresh-2026-12-05ad": {
        "requests": 232,
        "dialogues": 13,
        "per_host": {"demo": 56, "sentiment": 47, "loan": 57, "flush": 72},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "flush": 5},
    },
    "fresh-2026-12-05ae": {
        "requests": 252,
        "dialogues": 18,
        "per_host": {"demo": 59, "sentiment": 42, "loan": 58, "league": 93},
        "dialogues_per_host": {"demo": 4, "sentiment": 3, "loan": 4, "league": 7},
    },
    "fresh-2026-12-06af": {
        "requests": 217,
        "dialogues": 16,
        "per_host": {"demo": 49, "sentiment": 40, "loan": 49, "escape": 79},
        "dialogues_per_host": {"demo": 3, "sentiment": 3, "loan": 3, "escape": 7},
    },
    "fresh-2026-12-06ag": {
        "requests": 212,
        "dialogues": 16,
        "per_host": {"demo": 45, "sentiment": 40, "loan": 45, "ferry": 82},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "ferry": 8},
    },
    "fresh-2026-12-06ah": {
        "requests": 212,
        "dialogues": 16,
        "per_host": {"demo": 45, "sentiment": 40, "loan": 45, "retread": 82},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "retread": 8},
    },
    "fresh-2026-12-06ai": {
        "requests": 213,
        "dialogues": 16,
        "per_host": {"demo": 44, "sentiment": 40, "loan": 47, "saltpan": 82},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "saltpan": 8},
    },
    "fresh-2026-12-06ak": {
        "requests": 225,
        "dialogues": 16,
        "per_host": {"demo": 47, "sentiment": 44, "loan": 48, "orchid": 86},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "orchid": 8},
    },
    "fresh-2026-12-06al": {
        "requests": 225,
        "dialogues": 16,
        "per_host": {"demo": 47, "sentiment": 45, "loan": 47, "telescope": 86},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "telescope": 8},
    },
    "fresh-2026-12-06aj": {
        "requests": 225,
        "dialogues": 16,
        "per_host": {"demo": 49, "sentiment": 42, "loan": 47, "darkroom": 87},
        "dialogues_per_host": {"demo": 3, "sentiment": 2, "loan": 3, "darkroom": 8},
    },
}
METRICS = {"accuracy", "precision", "recall", "f1", "roc_auc", "confusion_matrix", "all"}
LABEL_ARGUMENTS = ("target_label", "expected_label", "prediction_label")
#: A clause names a feature, which may hold spaces and punctuation (set R's host: "Cellar Temp C > 15"; set U's
#: "Lens Temp (C) > 30").
_CLAUSE = re.compile(r"^\s*([A-Za-z_][^<>=!]*?)\s*(>=|<=|!=|=|>|<)\s*(\S.*?)\s*$")
_RELATIVE = re.compile(r"^[+\-*/]\d+(\.\d+)?%?$")


@pytest.fixture(autouse=True, params=SET_DIRS, ids=[d.name for d in SET_DIRS])
def _each_set(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs on each set (the set's readers look `SET_DIR` up at call time)."""
    monkeypatch.setattr(sys.modules[__name__], "SET_DIR", request.param)


def _requests() -> list[dict[str, Any]]:
    lines = (SET_DIR / "requests.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _dialogues() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((SET_DIR / "dialogues.json").read_text(encoding="utf-8"))
    return data


def _turns() -> list[tuple[str, str, dict[str, Any]]]:
    """(where, host, entry) for every request and every dialogue turn."""
    out = [(r["id"], r["host"], r) for r in _requests()]
    for d in _dialogues():
        out.extend((f"{d['id']}#{i}", d["host"], t) for i, t in enumerate(d["turns"]))
    return out


def _condition_problems(condition: str, host: str) -> list[str]:
    if condition.strip() == "all":
        return []
    spec = HOSTS[host]
    problems = []
    for part in re.split(r"\s+and\s+", condition):
        match = _CLAUSE.match(part)
        if match is None:
            problems.append(f"cannot read clause {part!r}")
            continue
        field, op, value = match.groups()
        if field in ("label", "prediction"):
            if value not in spec["labels"] or op not in ("=", "!="):
                problems.append(f"bad label clause {part!r}")
        elif field in spec["categories"]:
            if value not in spec["categories"][field] or op not in ("=", "!="):
                problems.append(f"bad category clause {part!r}")
        elif field not in spec["features"] and field != "id":
            problems.append(f"unknown feature {field!r}")
        else:
            float(value)
    return problems


def test_the_set_has_enough_requests_and_dialogues_per_host() -> None:
    requests, dialogues = _requests(), _dialogues()
    least = MINIMUMS[SET_DIR.name]
    assert len(requests) >= least["requests"]
    assert len(dialogues) >= least["dialogues"]
    per_host = Counter(r["host"] for r in requests)
    assert all(per_host[host] >= n for host, n in least["per_host"].items()), per_host
    dialogue_hosts = Counter(d["host"] for d in dialogues)
    assert all(dialogue_hosts[host] >= n for host, n in least["dialogues_per_host"].items()), dialogue_hosts
    for d in dialogues:
        assert 3 <= len(d["turns"]) <= 7, d["id"]


def test_ids_are_unique_and_hosts_valid() -> None:
    ids = [r["id"] for r in _requests()] + [d["id"] for d in _dialogues()]
    duplicates = [i for i, n in Counter(ids).items() if n > 1]
    assert not duplicates
    for where, host, _ in _turns():
        assert host in HOSTS, where


def test_every_host_covers_all_eleven_functions() -> None:
    names = set(default_registry().names())
    for host in {r["host"] for r in _requests()}:
        covered: set[str] = set()
        for r in _requests():
            if r["host"] == host and r["function"] is not None:
                covered.update([r["function"]] if isinstance(r["function"], str) else r["function"])
        assert covered == names, (host, names - covered)


def test_golds_name_registered_functions_with_their_own_arguments() -> None:
    registry = default_registry()
    for where, _host, entry in _turns():
        assert set(entry) <= {"id", "host", "text", "function", "arguments", "clarify", "note"}, where
        assert isinstance(entry["text"], str) and entry["text"].strip(), where
        assert isinstance(entry["clarify"], bool), where
        function = entry["function"]
        arguments = entry["arguments"]
        if function is None:
            assert arguments == {}, where
            assert entry["clarify"] or entry.get("note") == "chit-chat", where
            continue
        assert not entry["clarify"], where
        functions = [function] if isinstance(function, str) else function
        assert functions, where
        for name in functions:
            registered = registry.get(name)
            assert registered is not None, (where, name)
            parameters = {p.name for p in registered.spec.parameters}
            assert set(arguments) <= parameters, (where, name, set(arguments) - parameters)


def test_argument_values_fit_the_host() -> None:
    for where, host, entry in _turns():
        spec = HOSTS[host]
        arguments = entry["arguments"]
        instance = arguments.get("instance")
        if isinstance(instance, int):
            assert instance in spec["ids"], where
        elif isinstance(instance, str) and (host != "sentiment" or re.search(r"[<>=]", instance) or instance == "all"):
            assert not _condition_problems(instance, host), (where, _condition_problems(instance, host))
        elif isinstance(instance, dict):  # a new row's feature values (set S pastes one)
            assert set(instance) <= set(spec["features"]), where
        else:
            assert isinstance(instance, str | type(None)), where
        for name in LABEL_ARGUMENTS:
            if name in arguments:
                assert arguments[name] in spec["labels"], where
        if "metric" in arguments:
            assert arguments["metric"] in METRICS, where
        if "feature" in arguments:
            assert arguments["feature"] in spec["features"], where
        if "number_of_iterations" in arguments:
            assert 1 <= arguments["number_of_iterations"] <= 5, where
        for feature, value in arguments.get("changes", {}).items():
            if host == "sentiment":
                assert isinstance(value, str), where
                continue
            assert feature in spec["features"], where
            if feature in spec["categories"]:
                assert value in spec["categories"][feature], where
            else:
                assert isinstance(value, int | float) or _RELATIVE.match(value), where


def test_a_set_s_own_host_builds_with_the_ids_features_and_labels_its_golds_use() -> None:
    own = sorted(SET_DIR.glob("host_*.py"))
    if not own:
        pytest.skip(f"{SET_DIR.name} brings no host of its own")
    for path in own:
        name = path.stem.removeprefix("host_")
        schema = load_host_file(path).schema()
        expected = HOSTS[name]
        assert schema.id_range == (expected["ids"][0], expected["ids"][-1]), name
        assert tuple(schema.class_names) == expected["labels"], name
        assert {f.name for f in schema.features} == set(expected["features"]), name
        for feature, categories in expected["categories"].items():
            found = schema.feature(feature)
            assert found is not None and set(found.categories or ()) == set(categories), (name, feature)


@pytest.fixture(scope="module")
def scorer() -> Iterator[ModuleType]:
    yield from bench_script(SCRIPT.name, "fresh_set_bench")


def _schema() -> HostSchema:
    return HostSchema(
        name="t",
        instance_noun="patient",
        kind="tabular",
        class_names=["stable", "progressing"],
        id_range=(0, 441),
        features=[
            FeatureSchema(name="age", type="numeric"),
            FeatureSchema(name="glucose", type="numeric", aliases=["sugar"]),
        ],
    )


def test_scorer_normalises_numbers_conditions_changes_and_texts(scorer: ModuleType) -> None:
    match = scorer.arguments_match
    schema = _schema()
    assert match({"instance": 12}, {"instance": 12.0}, schema)
    assert not match({"instance": 12}, {"instance": 13}, schema)
    assert match({"instance": "glucose > 120 and age < 50"}, {"instance": "age<50 and glucose>120.0"}, schema)
    assert not match({"instance": "glucose > 120"}, {"instance": "glucose >= 120"}, schema)
    assert match({"instance": "prediction = progressing"}, {"instance": "prediction == progressing"}, schema)
    assert match({"changes": {"age": "+10"}}, {"changes": {"age": "+10.0"}}, schema)
    assert not match({"changes": {"age": "+10"}}, {"changes": {"age": 10}}, schema)
    assert not match({"changes": {"age": "+10"}}, {"changes": {"age": "+10", "glucose": 90}}, schema)
    assert match({"changes": {"bmi": "-10%"}}, {"changes": {"bmi": "-10 %"}}, schema)
    # a percent change and the factor the host applies for it are one change
    assert match({"changes": {"bmi": "+100%"}}, {"changes": {"bmi": "*2"}}, schema)
    assert match({"changes": {"bmi": "-50%"}}, {"changes": {"bmi": "*0.5"}}, schema)
    assert not match({"changes": {"bmi": "+50%"}}, {"changes": {"bmi": "*2"}}, schema)
    assert not match({"changes": {"bmi": "+10"}}, {"changes": {"bmi": "+10%"}}, schema)
    assert match({"instance": "The food was great"}, {"instance": {"text": "the food  was great."}}, schema)
    assert match({"target_label": "stable"}, {"target_label": "Stable", "instance": 3}, schema)
    assert not match({"metric": "f1"}, {}, schema)
    assert match({"group": "age > 60"}, {"group": "age>60.0", "metric": "f1"}, schema)
    assert not match({"group": "age > 60"}, {"group": "age >= 60"}, schema)


def test_scorer_reads_a_defaulted_label_from_the_output(scorer: ModuleType) -> None:
    effective = scorer.effective_arguments({"instance": 7}, {"target_label": "approved", "label": "rejected"})
    assert effective == {
        "instance": 7,
        "target_label": "approved",
        "expected_label": "approved",
        "prediction_label": "rejected",
        "label": "rejected",  # a global explanation's (or a per-label metric's) label, named by its output
    }
    assert (
        scorer.effective_arguments({"target_label": "rejected"}, {"target_label": "approved"})["target_label"]
        == "rejected"
    )
    assert scorer.effective_arguments({"instance": 7}, None) == {"instance": 7}


async def test_the_scorer_counts_the_engine_s_own_replies_the_guard_flags(
    scorer: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each scored turn carries what the guard found unsupported in the engine's own reply, and the report counts
    them (the engine renders real outputs, so each is a false alarm of the guard or a wrong rendering)."""
    from simxai import Agent
    from simxai.backends.router import RouterBackend
    from simxai.hosts.demo import load_demo_host

    host = load_demo_host()
    agent = Agent(host, RouterBackend())
    gold = scorer.Gold(functions=("get_prediction",), arguments={"instance": 12}, clarify=False)
    case = scorer.Case(id="t1", host="demo", turns=(("what does the model predict for patient 12?", gold),))
    (row,) = await scorer.run_case(agent, case, "request")
    assert row.outcome == "correct" and row.flagged == []
    flagged = scorer.Scored(**{**row.__dict__, "case": "t2", "flagged": ["number 0.5"]})
    tables = scorer.report([row, flagged], show_errors=True)
    assert tables["own_replies_flagged"] == {"flagged": 1, "answered": 2}
    out = capsys.readouterr().out
    assert "the engine's own replies the guard flags: 1 of 2 answered turns" in out and "t2#0" in out
