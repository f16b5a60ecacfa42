"""Redis manifests: one primary with AOF persistence, or Redis Cluster (the scale-out option).

The configs are the files in deploy/redis/, carried in ConfigMaps. Redis requires a
password (`requirepass`, and `masterauth` for cluster replicas) from the Secret
`tablero-redis` (key `password`, created by the operator; README), which the gateway
reads too; redis-cli (probes, the cluster's creation) reads it from REDISCLI_AUTH.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

Doc = dict[str, Any]
IMAGE = "redis:7.2"
CLUSTER_NODES = 6  # three primaries, one replica each
SECRET = "tablero-redis"


def password_env(*names: str) -> list[Doc]:
    """Environment variables holding Redis's password, from the Secret."""
    ref = {"secretKeyRef": {"name": SECRET, "key": "password"}}
    return [{"name": n, "valueFrom": ref} for n in names]


def _labels(app: str) -> dict[str, str]:
    return {"app.kubernetes.io/name": app, "app.kubernetes.io/component": "redis",
            "app.kubernetes.io/part-of": "tablero"}


# The Job that joins the cluster's nodes (networkpolicies: it may reach them).
CLUSTER_JOB_LABELS = {"app.kubernetes.io/name": "redis-cluster-create",
                      "app.kubernetes.io/component": "redis-setup",
                      "app.kubernetes.io/part-of": "tablero"}


def _probes() -> Doc:
    ping = {"exec": {"command": ["redis-cli", "ping"]}}
    return {"readinessProbe": {**ping, "periodSeconds": 5},
            "livenessProbe": {**ping, "periodSeconds": 10, "failureThreshold": 3,
                              "timeoutSeconds": 3}}


def config_map(namespace: str, name: str, conf: Path) -> Doc:
    return {"apiVersion": "v1", "kind": "ConfigMap",
            "metadata": {"name": name, "namespace": namespace},
            "data": {"redis.conf": conf.read_text()}}


def headless(namespace: str, app: str) -> Doc:
    return {"apiVersion": "v1", "kind": "Service",
            "metadata": {"name": app, "namespace": namespace, "labels": _labels(app)},
            "spec": {"clusterIP": "None", "selector": _labels(app),
                     "ports": [{"name": "redis", "port": 6379, "targetPort": "redis"}]}}


def stateful_set(namespace: str, app: str, replicas: int, config: str, storage: str) -> Doc:
    """Redis pods with their config mounted and /data on a persistent volume per pod."""
    main = {
        "name": "redis", "image": IMAGE,
        # Kubernetes expands $(REDIS_PASSWORD) from the container's environment.
        "command": ["redis-server", "/etc/redis/redis.conf", "--requirepass", "$(REDIS_PASSWORD)",
                    "--masterauth", "$(REDIS_PASSWORD)"],
        "env": password_env("REDIS_PASSWORD", "REDISCLI_AUTH"),
        "ports": [{"name": "redis", "containerPort": 6379}],
        **_probes(),
        "resources": {"requests": {"cpu": "500m", "memory": "1Gi"},
                      "limits": {"memory": "4Gi"}},
        "volumeMounts": [{"name": "data", "mountPath": "/data"},
                         {"name": "config", "mountPath": "/etc/redis"}],
    }
    return {
        "apiVersion": "apps/v1", "kind": "StatefulSet",
        "metadata": {"name": app, "namespace": namespace, "labels": _labels(app)},
        "spec": {
            "serviceName": app, "replicas": replicas,
            "selector": {"matchLabels": _labels(app)},
            "template": {"metadata": {"labels": _labels(app)}, "spec": {
                "terminationGracePeriodSeconds": 30, "containers": [main],
                "volumes": [{"name": "config", "configMap": {"name": config}}]}},
            "volumeClaimTemplates": [{"metadata": {"name": "data"}, "spec": {
                "accessModes": ["ReadWriteOnce"],
                "resources": {"requests": {"storage": storage}}}}],
        },
    }


def single_docs(namespace: str, conf_dir: Path) -> list[Doc]:
    """redis-0.redis: the primary the gateway's REDIS_URL names (via the Service `redis`)."""
    return [config_map(namespace, "redis-config", conf_dir / "redis.conf"),
            headless(namespace, "redis"),
            stateful_set(namespace, "redis", 1, "redis-config", "20Gi")]


def cluster_docs(namespace: str, conf_dir: Path) -> list[Doc]:
    """Six cluster-enabled nodes and a Job that joins them (three primaries + replicas)."""
    app = "redis-cluster"
    nodes = " ".join(f"$(getent hosts {app}-{i}.{app} | cut -d' ' -f1):6379"
                     for i in range(CLUSTER_NODES))
    script = (f"until [ \"$(redis-cli -h {app}-{CLUSTER_NODES - 1}.{app} ping)\" = PONG ]; "
              f"do sleep 2; done; redis-cli --cluster create {nodes} "
              "--cluster-replicas 1 --cluster-yes")
    job = {"apiVersion": "batch/v1", "kind": "Job",
           "metadata": {"name": f"{app}-create", "namespace": namespace},
           "spec": {"backoffLimit": 10, "template": {
               "metadata": {"labels": CLUSTER_JOB_LABELS},
               "spec": {"restartPolicy": "OnFailure",
                        "containers": [{"name": "create", "image": IMAGE,
                                        "command": ["sh", "-c", script],
                                        "env": password_env("REDISCLI_AUTH")}]}}}}
    return [config_map(namespace, f"{app}-config", conf_dir / "redis-cluster.conf"),
            headless(namespace, app),
            stateful_set(namespace, app, CLUSTER_NODES, f"{app}-config", "20Gi"), job]
