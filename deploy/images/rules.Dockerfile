# One image per game's rules service, from one parametrised Dockerfile.
#   docker build -f deploy/images/rules.Dockerfile --build-arg GAME=cuba -t tablero/cuba-rules .
# (build context: the repository root). The game package is services/<GAME>; the
# container serves it on 50051 (gRPC: Rules, health, reflection) and 9090 (metrics).
FROM python:3.11-slim AS build
ARG GAME
RUN test -n "$GAME" || (echo "build with --build-arg GAME=<game>" && false)
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY protos protos
COPY scripts/gen_protos.py scripts/gen_protos.py
RUN python scripts/gen_protos.py
# Keep the kernel, the runtime, the COIN machinery (when present) and this one game.
COPY services services
RUN test -f "services/${GAME}/__main__.py" \
 && find services -mindepth 1 -maxdepth 1 -type d ! -name kernel ! -name runtime \
      ! -name coin ! -name "${GAME}" -exec rm -rf {} +
# The engines compiled with mypyc (decision 0015): the kernel, the COIN machinery when kept,
# and the game, each its own group (scripts/native.py); the compiler stays in this stage.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/*
COPY requirements-native.txt .
RUN pip install --no-cache-dir --target /native-tools -r requirements-native.txt
COPY scripts/native.py scripts/native.py
RUN PYTHONPATH=/native-tools python scripts/native.py \
      $(ls -d services/kernel services/coin "services/${GAME}" 2>/dev/null) && rm -rf build

FROM python:3.11-slim
ARG GAME
WORKDIR /app
COPY --from=build /usr/local/lib/python3.11/site-packages /usr/local/lib/python3.11/site-packages
COPY --from=build /app/gen gen
COPY --from=build /app/services services
COPY --from=build /app/tablero_*__mypyc.*.so ./
ENV GAME=${GAME} PYTHONPATH=/app:/app/gen PYTHONUNBUFFERED=1
# the game imports, compiled and matching its sources (services/native.py)
RUN python -W error -c "import importlib, os; importlib.import_module('services.' + os.environ['GAME']); \
from services import native; import services.kernel.flow as f; assert native.is_compiled(f)"
USER 10001
EXPOSE 50051 9090
# SIGTERM drains (health NOT_SERVING, then stop with grace); exec keeps python PID 1.
CMD ["sh", "-c", "exec python -m services.${GAME} --host 0.0.0.0 --port 50051 --metrics-port 9090 --grace 20"]
