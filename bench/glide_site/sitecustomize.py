"""Bench only (bench/platform.py): a gateway started with this directory on PYTHONPATH and
TABLERO_BENCH_REDIS_CLIENT=glide takes valkey-glide as its hot-path client (bench/glide_fast.py),
in its worker processes too."""

import os

if os.environ.get("TABLERO_BENCH_REDIS_CLIENT") == "glide":
    from bench.glide_fast import GlideFast
    from gateway import resp

    resp.Client = GlideFast  # type: ignore[misc, assignment]
