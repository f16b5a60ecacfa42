"""Write the Kubernetes manifests for a list of games: `python -m deploy.k8s.render`.

Data-driven: one entry per game gives its rules-service Deployment, headless
Service (so the gateway's `dns:///` target with round_robin sees every pod) and
HorizontalPodAutoscaler; the gateway's TABLERO_GAMES is built from the same list,
so a game cannot be deployed without being routed. Redis comes as a StatefulSet
with AOF persistence (redis.yaml) or, as the scale-out option, Redis Cluster
(redis-cluster.yaml, not in kustomization.yaml: swap it in and point REDIS_URL
at it). Configs for Redis are read from deploy/redis/. Redis requires the password
of the Secret `tablero-redis`; NetworkPolicies let only the gateway reach Redis and
the rules services; components/tls turns TLS on at the gateway's port (security.py).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from . import redis, security

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
REDIS_CONF = ROOT / "deploy" / "redis"
GRPC_PORT = 50051
METRICS_PORT = 9090
# Games built for Tablero; the list grows with services/<game>/__main__.py.
GAMES = ("cuba", "andean_abyss")

Doc = dict[str, Any]


@dataclass(frozen=True)
class Settings:
    namespace: str = "tablero"
    registry: str = "tablero"
    tag: str = "latest"

    def dns(self, service: str) -> str:
        return f"{service}.{self.namespace}.svc.cluster.local"


def games_in_tree() -> list[str]:
    """GAMES plus every services/<game> package that runs as a rules service."""
    found = {p.parent.name for p in (ROOT / "services").glob("*/__main__.py")}
    return sorted(found | set(GAMES))


def rules_name(game: str) -> str:
    """Kubernetes names are DNS labels: andean_abyss -> andean-abyss-rules."""
    return f"{game.replace('_', '-')}-rules"


def labels(app: str, component: str) -> dict[str, str]:
    return {"app.kubernetes.io/name": app, "app.kubernetes.io/component": component,
            "app.kubernetes.io/part-of": "tablero"}


def grpc_probes() -> Doc:
    """Kubernetes' native gRPC probes ask the server's grpc.health.v1 service."""
    return {
        "startupProbe": {"grpc": {"port": GRPC_PORT}, "periodSeconds": 2,
                         "failureThreshold": 30},
        "readinessProbe": {"grpc": {"port": GRPC_PORT}, "periodSeconds": 5,
                           "failureThreshold": 2},
        "livenessProbe": {"grpc": {"port": GRPC_PORT}, "periodSeconds": 10,
                          "failureThreshold": 3, "timeoutSeconds": 3},
    }


def container(name: str, image: str, resources: Doc, env: list[Doc] | None = None) -> Doc:
    c: Doc = {
        "name": name, "image": image, "imagePullPolicy": "IfNotPresent",
        "ports": [{"name": "grpc", "containerPort": GRPC_PORT},
                  {"name": "metrics", "containerPort": METRICS_PORT}],
        **grpc_probes(), "resources": resources,
        "securityContext": {"runAsNonRoot": True, "runAsUser": 10001,
                            "allowPrivilegeEscalation": False,
                            "readOnlyRootFilesystem": True},
    }
    if env:
        c["env"] = env
    return c


def deployment(s: Settings, app: str, component: str, replicas: int, main: Doc) -> Doc:
    lb = labels(app, component)
    return {
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": app, "namespace": s.namespace, "labels": lb},
        "spec": {
            "replicas": replicas,
            "selector": {"matchLabels": lb},
            "strategy": {"rollingUpdate": {"maxUnavailable": 0, "maxSurge": 1}},
            "template": {
                "metadata": {"labels": lb, "annotations": {
                    "prometheus.io/scrape": "true", "prometheus.io/port": str(METRICS_PORT)}},
                "spec": {"terminationGracePeriodSeconds": 30, "containers": [main]},
            },
        },
    }


def service(s: Settings, app: str, component: str, headless: bool) -> Doc:
    spec: Doc = {"selector": labels(app, component),
                 "ports": [{"name": "grpc", "port": GRPC_PORT, "targetPort": "grpc",
                            "appProtocol": "grpc"}]}
    if headless:
        spec = {"clusterIP": "None", **spec}
    return {"apiVersion": "v1", "kind": "Service",
            "metadata": {"name": app, "namespace": s.namespace,
                         "labels": labels(app, component)},
            "spec": spec}


def autoscaler(s: Settings, app: str, min_replicas: int, max_replicas: int) -> Doc:
    return {
        "apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler",
        "metadata": {"name": app, "namespace": s.namespace},
        "spec": {
            "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": app},
            "minReplicas": min_replicas, "maxReplicas": max_replicas,
            "metrics": [{"type": "Resource", "resource": {
                "name": "cpu", "target": {"type": "Utilization", "averageUtilization": 70}}}],
        },
    }


def disruption_budget(s: Settings, app: str, component: str) -> Doc:
    return {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget",
            "metadata": {"name": app, "namespace": s.namespace},
            "spec": {"minAvailable": 1, "selector": {"matchLabels": labels(app, component)}}}


def game_docs(s: Settings, game: str) -> list[Doc]:
    """A game's rules service: Deployment, headless Service, HPA, disruption budget."""
    app = rules_name(game)
    resources = {"requests": {"cpu": "250m", "memory": "256Mi"},
                 "limits": {"memory": "512Mi"}}
    main = container("rules", f"{s.registry}/{app}:{s.tag}", resources)
    return [deployment(s, app, "rules", 2, main), service(s, app, "rules", headless=True),
            autoscaler(s, app, 2, 20), disruption_budget(s, app, "rules")]


def games_env(s: Settings, games: list[str]) -> str:
    return ";".join(f"{g}=dns:///{s.dns(rules_name(g))}:{GRPC_PORT}" for g in games)


def gateway_docs(s: Settings, games: list[str]) -> list[Doc]:
    """The gateway: stateless, so any number of replicas behind one Service."""
    env: list[Doc] = [
        {"name": "REDIS_URL", "value": f"redis://{s.dns('redis')}:6379/0"},
        *redis.password_env("REDIS_PASSWORD"),
        {"name": "TABLERO_GAMES", "value": games_env(s, games)},
        {"name": "GATEWAY_HOST", "value": "0.0.0.0"},
        {"name": "GATEWAY_PORT", "value": str(GRPC_PORT)},
        {"name": "GATEWAY_METRICS_PORT", "value": str(METRICS_PORT)},
        {"name": "TABLERO_API_KEYS", "valueFrom": {"secretKeyRef": {
            "name": "tablero-api-keys", "key": "TABLERO_API_KEYS", "optional": True}}},
    ]
    resources = {"requests": {"cpu": "500m", "memory": "256Mi"},
                 "limits": {"memory": "1Gi"}}
    main = container("gateway", f"{s.registry}/gateway:{s.tag}", resources, env)
    return [deployment(s, "gateway", "gateway", 2, main),
            service(s, "gateway", "gateway", headless=False),
            autoscaler(s, "gateway", 2, 30), disruption_budget(s, "gateway", "gateway")]


def namespace_doc(s: Settings) -> Doc:
    return {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": s.namespace}}


def render(s: Settings, games: list[str]) -> dict[str, list[Doc]]:
    """Every manifest file (path relative to deploy/k8s) -> its documents."""
    files = {"namespace.yaml": [namespace_doc(s)],
             "redis.yaml": redis.single_docs(s.namespace, REDIS_CONF),
             "redis-cluster.yaml": redis.cluster_docs(s.namespace, REDIS_CONF),
             "gateway.yaml": gateway_docs(s, games),
             "networkpolicies.yaml": security.network_policies(s.namespace, GRPC_PORT,
                                                               METRICS_PORT),
             **security.tls_component(s.namespace, GRPC_PORT)}
    for game in games:
        files[f"games/{game}.yaml"] = game_docs(s, game)
    files["kustomization.yaml"] = [{
        "apiVersion": "kustomize.config.k8s.io/v1beta1", "kind": "Kustomization",
        "resources": ["namespace.yaml", "redis.yaml", "gateway.yaml", "networkpolicies.yaml",
                      *(f"games/{g}.yaml" for g in games)]}]
    return files


class _Dumper(yaml.SafeDumper):
    """Plain YAML for people: repeated label maps written out, not as &anchors."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump(docs: list[Doc]) -> str:
    head = "# Generated by deploy/k8s/render.py; edit that, not this.\n"
    return head + "---\n".join(yaml.dump(d, Dumper=_Dumper, sort_keys=False, width=100)
                                for d in docs)


def write(out: Path, files: dict[str, list[Doc]]) -> None:
    for old in (out / "games").glob("*.yaml"):
        old.unlink()
    for rel, docs in files.items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dump(docs))


def main() -> int:
    p = argparse.ArgumentParser(description="Render Tablero's Kubernetes manifests")
    p.add_argument("games", nargs="*", help="games to deploy (default: built and planned)")
    p.add_argument("--namespace", default=Settings.namespace)
    p.add_argument("--registry", default=Settings.registry, help="image registry/prefix")
    p.add_argument("--tag", default=Settings.tag)
    p.add_argument("--out", type=Path, default=HERE)
    args = p.parse_args()
    games = sorted(set(args.games)) or games_in_tree()
    write(args.out, render(Settings(args.namespace, args.registry, args.tag), games))
    print(f"wrote manifests for {', '.join(games)} into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
