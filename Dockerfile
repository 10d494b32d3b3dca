# syntax=docker/dockerfile:1
# The SimXAI HTTP service (chat API, web page, offline router). No torch and no model weights: the LLM runs
# in its own container (the vllm service in docker-compose.yml) or any OpenAI-compatible server.
# Build: docker build -t simxai .     Run: docker run -p 127.0.0.1:8080:8000 simxai     (see docs/deployment.md)

FROM python:3.11-slim-bookworm AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/simxai
WORKDIR /src
# Dependencies first, at the versions of the committed constraints (the ones CI tests with): this layer is
# rebuilt only when pyproject.toml or constraints.txt change, never for an edit to the code.
COPY pyproject.toml constraints.txt ./
RUN python -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
o = p['optional-dependencies']; print('\n'.join(p['dependencies'] + o['server'] + o['postgres'] + o['shap']))" \
    > requirements.txt \
    && /opt/simxai/bin/pip install -c constraints.txt -r requirements.txt
# Then the code. A regular (not editable) install, so the runtime stage needs the virtual environment only.
COPY README.md ./
COPY simxai ./simxai
# The postgres extra (asyncpg, a wheel) lets the same image run as a replica on PostgreSQL (SIMXAI_DB_URL); the
# shap extra lets it serve text hosts (--host sentiment) and KernelExplainer for other models (docs/host-config.md).
RUN /opt/simxai/bin/pip install --no-deps "/src[server,postgres,shap]"

FROM python:3.11-slim-bookworm
ENV PATH=/opt/simxai/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    SIMXAI_DB_PATH=/data/simxai-sessions.db
# A fixed non-root uid, given as a number to USER so that runtimes which enforce non-root (Kubernetes'
# runAsNonRoot) can check it; /data (the SQLite sessions) belongs to it, and a new named volume mounted
# there inherits that ownership.
RUN useradd --system --uid 10001 --user-group --create-home --home-dir /home/simxai simxai \
    && mkdir /data \
    && chown 10001:10001 /data
COPY --from=build /opt/simxai /opt/simxai
USER 10001:10001
WORKDIR /home/simxai
VOLUME ["/data"]
EXPOSE 8000
# The slim image has no curl; Python's urllib fails (exit 1) on a refused connection or a non-2xx answer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]
CMD ["simxai", "serve", "--bind", "0.0.0.0", "--port", "8000"]
