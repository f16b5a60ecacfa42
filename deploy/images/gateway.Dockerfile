# The gateway image.
#   docker build -f deploy/images/gateway.Dockerfile -t tablero/gateway .
# (build context: the repository root). Configuration comes from the environment
# (REDIS_URL, TABLERO_GAMES, ...); it serves gRPC on 50051 and metrics on 9090.
FROM python:3.11-slim AS build
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY protos protos
COPY scripts/gen_protos.py scripts/gen_protos.py
RUN python scripts/gen_protos.py

FROM python:3.11-slim
WORKDIR /app
COPY --from=build /usr/local/lib/python3.11/site-packages /usr/local/lib/python3.11/site-packages
COPY --from=build /app/gen gen
# The gateway shares the kernel's error codes and the runtime's status details.
COPY services/__init__.py services/__init__.py
COPY services/kernel services/kernel
COPY services/runtime services/runtime
COPY gateway gateway
ENV PYTHONPATH=/app:/app/gen PYTHONUNBUFFERED=1 \
    GATEWAY_HOST=0.0.0.0 GATEWAY_PORT=50051 GATEWAY_METRICS_PORT=9090
RUN python -c "import gateway.serve"
USER 10001
EXPOSE 50051 9090
CMD ["python", "-m", "gateway"]
