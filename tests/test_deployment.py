"""docker-compose.yml, Dockerfile and .dockerignore, checked without a Docker engine.

No image is built and no container started here (CI has no Docker daemon). What can be checked is: the
files' structure, that every setting names something real (a Settings field, a file in the repository, a
CLI option), and that the image's command, run the same way from this checkout with the compose service's
environment, serves and passes both healthchecks.
"""

from __future__ import annotations

import ast
import fnmatch
import http.server
import json
import os
import re
import shlex
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import httpx
import yaml

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10, where pytest itself depends on tomli
    import tomli as tomllib  # type: ignore[no-redef]

from simxai.cli import build_parser
from simxai.server.run import settings_from_args
from simxai.server.settings import ServerSettings
from tests.child_process import wait_until

REPO_ROOT = Path(__file__).resolve().parents[1]
MODEL = "Team-ACE/ToolACE-2.5-Llama-3.1-8B"


# ---- reading the files ------------------------------------------------------------------------------


def _compose() -> dict[str, Any]:
    return yaml.safe_load((REPO_ROOT / "docker-compose.yml").read_text(encoding="utf-8"))


def _interpolate(value: str, environment: dict[str, str] | None = None) -> str:
    """Compose's `${NAME:-default}` and `${NAME}` with the given variables (none: every default)."""
    variables = environment or {}
    pattern = re.compile(r"\$\{(\w+)(?::-([^}]*))?\}")
    return pattern.sub(lambda m: variables.get(m.group(1)) or (m.group(2) or ""), value)


def _service(name: str) -> dict[str, Any]:
    return _compose()["services"][name]


def _dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile as (INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for raw in (REPO_ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        keyword, _, rest = (pending + line).partition(" ")
        instructions.append((keyword.upper(), rest.strip()))
        pending = ""
    assert not pending, "the Dockerfile ends inside a continued line"
    return instructions


def _args(keyword: str) -> list[str]:
    return [rest for kw, rest in _dockerfile() if kw == keyword]


def _exec_form(text: str) -> list[str]:
    value = json.loads(text)
    assert isinstance(value, list) and all(isinstance(v, str) for v in value), f"not exec form: {text}"
    return value


def _healthcheck_command(text: str) -> list[str]:
    options, _, command = text.partition("CMD ")
    assert command, f"HEALTHCHECK without CMD: {text}"
    return _exec_form(command)


def _cmd() -> list[str]:
    commands = _args("CMD")
    assert len(commands) == 1
    return _exec_form(commands[0])


def _dockerignored(path: str) -> bool:
    """Whether `path` (relative, with '/') is left out of the build context (last matching pattern wins)."""
    lines = (REPO_ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    patterns = [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]
    parts = path.split("/")
    candidates = ["/".join(parts[: i + 1]) for i in range(len(parts))]  # a matched folder excludes its files
    ignored = False
    for pattern in patterns:
        negated = pattern.startswith("!")
        pattern = pattern.lstrip("!").rstrip("/")
        anywhere = pattern.startswith("**/")  # "**/name" matches a name at any depth
        for candidate in candidates:
            subject = candidate.rsplit("/", 1)[-1] if anywhere else candidate
            if fnmatch.fnmatchcase(subject, pattern.removeprefix("**/")):
                ignored = not negated
                break
    return ignored


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---- docker-compose.yml -------------------------------------------------------------------------------


def test_compose_has_the_llm_and_the_service_and_a_scale_profile():
    services = _compose()["services"]
    assert set(services) == {"vllm", "simxai", "postgres", "replica", "proxy"}
    # `docker compose up` starts the LLM and one service; the rest only with --profile scale.
    assert {name for name, s in services.items() if "profiles" not in s} == {"vllm", "simxai"}
    assert all(services[name]["profiles"] == ["scale"] for name in ("postgres", "replica", "proxy"))


# ---- the "scale" profile: PostgreSQL, replicas and nginx -------------------------------------------------


def test_replicas_share_one_postgresql_and_wait_for_it(monkeypatch):
    replica, postgres = _service("replica"), _service("postgres")
    assert replica["deploy"]["replicas"] >= 2 and "ports" not in replica
    assert replica["depends_on"]["postgres"] == {"condition": "service_healthy"}
    assert replica["build"] == _service("simxai")["build"] and replica["image"] == _service("simxai")["image"]
    assert postgres["image"].startswith("postgres:16") and "ports" not in postgres
    assert postgres["healthcheck"]["test"][:2] == ["CMD", "pg_isready"]
    for key in [k for k in os.environ if k.startswith("SIMXAI_")]:
        monkeypatch.delenv(key)
    for key, value in replica["environment"].items():
        # Compose's ${VAR:-default}: the default, as when the variable is unset.
        monkeypatch.setenv(key, _interpolate(str(value)))
    settings = ServerSettings()
    env = postgres["environment"]
    password = _interpolate(env["POSTGRES_PASSWORD"])
    assert settings.db_url == f"postgresql://{env['POSTGRES_USER']}:{password}@postgres:5432/{env['POSTGRES_DB']}"
    assert settings.fallback_to_router is True and settings.base_url == "http://vllm:8000/v1"
    assert "/readyz" in replica["healthcheck"]["test"][-1]
    ast.parse(replica["healthcheck"]["test"][-1])


def test_the_proxy_balances_the_replicas_and_never_buffers_a_stream():
    proxy = _service("proxy")
    assert proxy["depends_on"] == {"replica": {"condition": "service_healthy"}}
    source, target, mode = proxy["volumes"][0].split(":")
    assert (target, mode) == ("/etc/nginx/nginx.conf", "ro")
    conf = (REPO_ROOT / source).read_text(encoding="utf-8")
    assert re.search(r"^\s*server replica:8000\b", conf, re.MULTILINE), "the upstream is not the replica service"
    assert re.search(r"^\s*proxy_buffering off;", conf, re.MULTILINE)
    assert re.search(r"^\s*proxy_pass http://simxai;", conf, re.MULTILINE)
    assert re.search(r"^\s*listen 80;", conf, re.MULTILINE)
    assert [_interpolate(p) for p in proxy["ports"]] == ["127.0.0.1:8081:80"]
    assert _service("replica")["environment"]["SIMXAI_API_KEYS"] == _service("simxai")["environment"]["SIMXAI_API_KEYS"]


def test_vllm_image_is_pinned_to_a_release_for_common_drivers_and_can_be_chosen():
    written = _service("vllm")["image"]
    assert written.startswith("${VLLM_IMAGE:-"), "the image is a variable, so a host picks the build its driver runs"
    image = _interpolate(written)
    repository, _, tag = image.partition(":")
    assert repository == "vllm/vllm-openai"
    # The default is a CUDA 12 build (driver 575+), not the CUDA 13 one that needs driver 580+.
    assert re.fullmatch(r"v\d+\.\d+\.\d+-cu12\d", tag), f"not a pinned CUDA 12 release tag: {image}"
    assert _interpolate(written, {"VLLM_IMAGE": "vllm/vllm-openai:v0.30.0"}) == "vllm/vllm-openai:v0.30.0"
    deployment = (REPO_ROOT / "docs" / "deployment.md").read_text(encoding="utf-8")
    assert "VLLM_IMAGE" in deployment and "nvidia-smi" in deployment and tag in deployment


def _vllm_options() -> dict[str, str | None]:
    command = _service("vllm")["command"]
    assert isinstance(command, list), "keep the vLLM command a YAML list (no shell quoting to get wrong)"
    options: dict[str, str | None] = {}
    for i, word in enumerate(command):
        if word.startswith("--"):
            following = command[i + 1] if i + 1 < len(command) else None
            options[word] = None if following is None or following.startswith("--") else str(following)
    return options


def test_vllm_serves_toolace_with_pythonic_tool_calls():
    options = _vllm_options()
    assert options["--model"] == MODEL
    assert "--enable-auto-tool-choice" in options and options["--enable-auto-tool-choice"] is None
    assert options["--tool-call-parser"] == "pythonic"
    assert options["--chat-template"] == "/templates/toolace.jinja"
    assert int(options["--max-model-len"] or 0) >= 8192, "the eleven tool specs alone take about 5k tokens"


def test_the_chat_template_is_mounted_read_only_from_the_repository():
    template = Path(_vllm_options()["--chat-template"] or "")
    mounts = [v.split(":") for v in _service("vllm")["volumes"]]
    matching = [m for m in mounts if m[1] == str(template.parent)]
    assert len(matching) == 1, f"no volume mounts {template.parent}: {mounts}"
    source, _, mode = matching[0]
    assert mode == "ro"
    assert source.startswith("./"), "a path relative to the compose file, so the checkout can live anywhere"
    assert (REPO_ROOT / source / template.name).is_file()


def test_vllm_gets_a_gpu_the_hf_cache_and_the_token():
    vllm = _service("vllm")
    devices = vllm["deploy"]["resources"]["reservations"]["devices"]
    assert any(d["driver"] == "nvidia" and "gpu" in d["capabilities"] for d in devices)
    named = {v.split(":")[0]: v.split(":")[1] for v in vllm["volumes"]}
    assert named.get("hf-cache") == "/root/.cache/huggingface" and "hf-cache" in _compose()["volumes"]
    # Passed through from the shell by name, so the token never sits in the file.
    assert "HF_TOKEN" in vllm["environment"]


def test_healthchecks_probe_the_documented_endpoints():
    vllm_test = _service("vllm")["healthcheck"]["test"]
    assert vllm_test[0] == "CMD" and "http://localhost:8000/v1/models" in vllm_test[-1]
    simxai_test = _service("simxai")["healthcheck"]["test"]
    assert simxai_test[0] == "CMD" and "/healthz" in simxai_test[-1]
    for test in (vllm_test, simxai_test):
        assert test[1:3] in (["python3", "-c"], ["python", "-c"])
        ast.parse(test[3])


def test_simxai_waits_for_a_healthy_vllm_and_is_built_here():
    simxai = _service("simxai")
    assert simxai["depends_on"] == {"vllm": {"condition": "service_healthy"}}
    assert simxai["build"]["context"] == "."
    assert (REPO_ROOT / simxai["build"]["dockerfile"]).is_file()


def test_the_port_is_this_machines_only_unless_published_on_purpose():
    (port,) = _service("simxai")["ports"]
    assert _interpolate(port) == "127.0.0.1:8080:8000"
    assert _interpolate(port, {"SIMXAI_PUBLISH": "0.0.0.0"}) == "0.0.0.0:8080:8000"
    # Keys come through from the shell; publishing without them is what the docs warn against.
    assert _service("simxai")["environment"]["SIMXAI_API_KEYS"] == "${SIMXAI_API_KEYS:-}"
    deployment = (REPO_ROOT / "docs" / "deployment.md").read_text(encoding="utf-8")
    assert "SIMXAI_PUBLISH=0.0.0.0" in deployment and "SIMXAI_API_KEYS" in deployment


def test_simxai_environment_names_real_settings():
    environment = _service("simxai")["environment"]
    assert environment["SIMXAI_BACKEND"] == f"openai:{MODEL}"
    assert environment["SIMXAI_BASE_URL"] == "http://vllm:8000/v1"
    fields = set(ServerSettings.model_fields)
    unknown = [key for key in environment if key.removeprefix("SIMXAI_").lower() not in fields]
    assert not unknown, f"not settings of the service (ServerSettings would ignore them): {unknown}"


def test_simxai_environment_parses_into_the_intended_settings(monkeypatch):
    for key in [k for k in os.environ if k.startswith("SIMXAI_")]:
        monkeypatch.delenv(key)
    for key, value in _service("simxai")["environment"].items():
        monkeypatch.setenv(key, _interpolate(str(value)))
    settings = ServerSettings()
    assert settings.api_keys == []
    assert settings.backend == f"openai:{MODEL}" and settings.base_url == "http://vllm:8000/v1"
    assert settings.fallback_to_router is True
    db = Path(settings.db_path)
    mounts = [v.split(":") for v in _service("simxai")["volumes"]]
    assert [str(db.parent)] == [target for _, target, *_ in mounts], "the session DB must live on the volume"
    assert mounts[0][0] in _compose()["volumes"]


# ---- Dockerfile and .dockerignore ---------------------------------------------------------------------


def test_base_images_are_pinned_python_311_slim():
    images = [rest.split()[0] for rest in _args("FROM")]
    assert images, "no FROM"
    for image in images:
        assert re.fullmatch(r"python:3\.11(\.\d+)?-slim(-[a-z]+)?", image), f"not python 3.11 slim: {image}"


def test_the_service_runs_as_a_numeric_non_root_user():
    instructions = _dockerfile()
    users = [(i, rest) for i, (kw, rest) in enumerate(instructions) if kw == "USER"]
    assert users, "no USER: the service would run as root"
    position, user = users[-1]
    uid, _, gid = user.partition(":")
    # A number, so that a runtime enforcing non-root (Kubernetes' runAsNonRoot) can check it.
    assert uid.isdigit() and int(uid) != 0 and (not gid or gid.isdigit() and int(gid) != 0)
    assert position < max(i for i, (kw, _) in enumerate(instructions) if kw == "CMD")
    assert re.search(rf"useradd .*--uid {uid}\b", " ".join(_args("RUN"))), "the user is never created"


def test_dependencies_install_from_the_committed_constraints_before_the_code_is_copied():
    instructions = _dockerfile()
    installs = [i for i, (kw, rest) in enumerate(instructions) if kw == "RUN" and "pip install" in rest]
    assert len(installs) == 2
    dependencies, package = (instructions[i][1] for i in installs)
    assert "-c constraints.txt" in dependencies and "o['server']" in dependencies and "o['shap']" in dependencies
    assert "--no-deps" in package
    copies = {i: rest for i, (kw, rest) in enumerate(instructions) if kw == "COPY" and "--from" not in rest}
    code = [i for i, rest in copies.items() if shlex.split(rest)[0] == "simxai"]
    assert code and installs[0] < code[0] < installs[1], "the code must be copied after the dependencies install"
    assert any("constraints.txt" in rest for i, rest in copies.items() if i < installs[0])
    # CI installs with the same constraints.
    assert (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8").count("-c constraints.txt") == 2


def test_the_constraints_pin_every_requirement_of_the_project_within_its_range():
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    lines = (REPO_ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
    pins = dict(line.split("==") for line in lines if line and not line.startswith("#"))
    pins = {canonicalize_name(name): version for name, version in pins.items()}
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = project["dependencies"] + [r for rs in project["optional-dependencies"].values() for r in rs]
    for text in wanted:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        if name == "simxai" or (requirement.marker is not None and not requirement.marker.evaluate()):
            continue
        assert name in pins, f"{requirement.name} is not in constraints.txt: run scripts/lock_constraints.py"
        assert requirement.specifier.contains(pins[name]), f"constraints.txt pins {name}=={pins[name]}: {text}"


def test_the_image_installs_the_package_with_the_server_extra_and_no_torch():
    installs = [rest for rest in _args("RUN") if "pip install" in rest]
    targets = [w for w in shlex.split(installs[-1]) if re.search(r"\[(\w+,)*server(,\w+)*\]$", w)]
    assert targets, f"the install does not name the server extra: {installs[-1]}"
    copied = {shlex.split(rest)[-1].rstrip("/") for rest in _args("COPY") if "--from" not in rest}
    source = targets[0].split("[")[0].rstrip("/")
    assert source in {"/src", "."} or source in copied, f"{source} is not the copied source tree"
    assert "torch" not in " ".join(_args("RUN"))
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = targets[0].split("[")[1].rstrip("]").split(",")
    wanted = project["dependencies"] + [d for e in extras for d in project["optional-dependencies"][e]]
    heavy = [d for d in wanted if re.match(r"(torch|transformers)\b", d)]
    assert not heavy, f"the service image would pull {heavy}"


def test_every_copied_path_exists_and_reaches_the_build_context():
    for rest in _args("COPY"):
        if "--from" in rest:
            continue
        *sources, _ = shlex.split(rest)
        for source in sources:
            assert (REPO_ROOT / source).exists(), f"COPY {source}: no such file in the repository"
            assert not _dockerignored(source), f"COPY {source}: excluded by .dockerignore"


def test_dockerignore_keeps_the_package_and_drops_the_rest():
    package = [p.relative_to(REPO_ROOT).as_posix() for p in (REPO_ROOT / "simxai").rglob("*") if p.is_file()]
    kept = [p for p in package if "__pycache__" not in p and not p.endswith(".pyc")]
    assert kept and not [p for p in kept if _dockerignored(p)]
    left_out = [".git/config", "tests/test_deployment.py", "simxai/__pycache__/x.pyc", "sessions.db", ".env"]
    assert all(_dockerignored(path) for path in left_out)


def test_cmd_is_a_valid_simxai_serve_command_line():
    command = _cmd()
    assert command[0] == "simxai"
    scripts = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["simxai"] == "simxai.cli:main"
    args = build_parser().parse_args(command[1:])
    assert args.command == "serve"
    settings = settings_from_args(args)
    assert settings.bind == "0.0.0.0"
    assert _args("EXPOSE") == [str(settings.port)]
    assert f":{settings.port}/healthz" in _healthcheck_command(_args("HEALTHCHECK")[0])[-1]
    assert [_interpolate(p) for p in _service("simxai")["ports"]] == [f"127.0.0.1:8080:{settings.port}"]


def test_the_session_db_lives_on_the_volume_the_user_owns():
    env = " ".join(_args("ENV"))
    db = re.search(r"SIMXAI_DB_PATH=(\S+)", env)
    assert db, "the image does not set SIMXAI_DB_PATH"
    folder = str(Path(db.group(1)).parent)
    assert _exec_form(_args("VOLUME")[0]) == [folder]
    user = _args("USER")[-1].split(":")[0]
    assert re.search(rf"chown {re.escape(user)}(:\S+)? {re.escape(folder)}\b", " ".join(_args("RUN")))


# ---- the commands themselves --------------------------------------------------------------------------


class _ModelsHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        ok = self.path == "/v1/models"
        self.send_response(200 if ok else 404)
        self.end_headers()
        self.wfile.write(b'{"object": "list", "data": []}' if ok else b"")

    def log_message(self, *args: Any) -> None:
        pass


def _run_healthcheck(command: list[str], port: int) -> int:
    code = command[-1].replace(":8000/", f":{port}/")
    assert code != command[-1], "the healthcheck does not probe port 8000"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=30).returncode


def test_the_vllm_healthcheck_passes_on_an_answering_server_and_fails_otherwise():
    server = http.server.HTTPServer(("127.0.0.1", 0), _ModelsHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        command = _service("vllm")["healthcheck"]["test"]
        assert _run_healthcheck(command, server.server_address[1]) == 0
        assert _run_healthcheck(command, _free_port()) != 0
    finally:
        server.shutdown()
        server.server_close()


def test_the_image_command_serves_with_the_compose_environment_and_passes_both_healthchecks(tmp_path):
    """Run the CMD (as `python -m simxai.cli`, on loopback) with the simxai service's environment.

    The one change: vLLM's address, which is a port with nothing listening, as while vLLM is down.
    """
    port = _free_port()
    environment = {k: v for k, v in os.environ.items() if not k.startswith("SIMXAI_")}
    environment.update({k: _interpolate(str(v)) for k, v in _service("simxai")["environment"].items()})
    environment["SIMXAI_BASE_URL"] = f"http://127.0.0.1:{_free_port()}/v1"
    environment["SIMXAI_DB_PATH"] = str(tmp_path / Path(environment["SIMXAI_DB_PATH"]).name)
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))
    command = _cmd()
    argv = [sys.executable, "-m", "simxai.cli", *command[1:]]
    argv[argv.index("--bind") + 1] = "127.0.0.1"
    argv[argv.index("--port") + 1] = str(port)
    process = subprocess.Popen(argv, cwd=tmp_path, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:

        def healthy() -> bool:
            try:
                return httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5).status_code == 200
            except httpx.TransportError:
                return False

        def errors() -> str:
            return process.stderr.read().decode() if process.stderr else ""

        # A start costs 10-20 s of CPU: 300 s is a runaway; a hang shows as no CPU used (tests/child_process.py).
        wait_until(healthy, process, what="simxai serve answers /healthz", cpu_limit=300, output=errors)
        assert _run_healthcheck(_healthcheck_command(_args("HEALTHCHECK")[0]), port) == 0
        assert _run_healthcheck(_service("simxai")["healthcheck"]["test"], port) == 0
        ready = httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=10).json()
        assert ready["backend"] == f"openai:{MODEL}" and ready["fallback"] is not None
        assert (tmp_path / Path(environment["SIMXAI_DB_PATH"]).name).exists()
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stderr:
            process.stderr.close()
