"""Who may reach what (NetworkPolicies), and TLS on the gateway's public port (a kustomize
Component an operator adds to an overlay).

Ingress in the namespace is denied unless a policy allows it: clients reach the gateway's
gRPC port; only the gateway reaches the rules services and Redis (and, on Redis Cluster,
the nodes each other and the Job that joins them); metrics ports are open to namespaces
labelled `tablero.dev/scrape-metrics: "true"` (where Prometheus runs). Egress is not
restricted. Probes: Redis's are exec probes; the kubelet's gRPC and TCP probes come from
the node, which common network plugins let through whatever the policies say.
"""

from __future__ import annotations

from typing import Any

from .redis import CLUSTER_JOB_LABELS

Doc = dict[str, Any]
SCRAPE_LABEL = {"tablero.dev/scrape-metrics": "true"}
TLS_SECRET = "tablero-gateway-tls"
TLS_DIR = "/etc/tablero/tls"


def component(name: str) -> dict[str, str]:
    return {"app.kubernetes.io/component": name, "app.kubernetes.io/part-of": "tablero"}


def named(name: str) -> dict[str, str]:
    return {"app.kubernetes.io/name": name, "app.kubernetes.io/part-of": "tablero"}


def policy(namespace: str, name: str, pods: dict[str, str], rules: list[Doc]) -> Doc:
    return {"apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy",
            "metadata": {"name": name, "namespace": namespace},
            "spec": {"podSelector": {"matchLabels": pods} if pods else {},
                     "policyTypes": ["Ingress"], "ingress": rules}}


def ports(*numbers: int) -> list[Doc]:
    return [{"protocol": "TCP", "port": n} for n in numbers]


def from_pods(labels: dict[str, str], *numbers: int) -> Doc:
    return {"from": [{"podSelector": {"matchLabels": labels}}], "ports": ports(*numbers)}


def scraped(metrics_port: int) -> Doc:
    return {"from": [{"namespaceSelector": {"matchLabels": SCRAPE_LABEL}}],
            "ports": ports(metrics_port)}


def network_policies(namespace: str, grpc_port: int, metrics_port: int) -> list[Doc]:
    gateway = component("gateway")
    return [
        policy(namespace, "default-deny-ingress", {}, []),
        policy(namespace, "gateway", gateway,
               [{"ports": ports(grpc_port)}, scraped(metrics_port)]),
        policy(namespace, "rules", component("rules"),
               [from_pods(gateway, grpc_port), scraped(metrics_port)]),
        policy(namespace, "redis", named("redis"), [from_pods(gateway, 6379)]),
        policy(namespace, "redis-cluster", named("redis-cluster"), [
            from_pods(gateway, 6379),
            from_pods(named("redis-cluster"), 6379, 16379),  # replication and cluster bus
            from_pods(CLUSTER_JOB_LABELS, 6379)]),
    ]


def tls_component(namespace: str, grpc_port: int) -> dict[str, list[Doc]]:
    """components/tls: the gateway serves TLS with the certificate and key of the Secret
    `tablero-gateway-tls` (type kubernetes.io/tls). Kubernetes' gRPC probes cannot speak
    TLS, so the gateway's probes become TCP checks of the port (it listens only once
    Redis and every game answered)."""
    tcp = {"grpc": None, "tcpSocket": {"port": grpc_port}}
    patch = {
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "gateway", "namespace": namespace},
        "spec": {"template": {"spec": {
            "volumes": [{"name": "tls", "secret": {"secretName": TLS_SECRET}}],
            "containers": [{
                "name": "gateway",
                "env": [{"name": "GATEWAY_TLS_CERT", "value": f"{TLS_DIR}/tls.crt"},
                        {"name": "GATEWAY_TLS_KEY", "value": f"{TLS_DIR}/tls.key"}],
                "volumeMounts": [{"name": "tls", "mountPath": TLS_DIR, "readOnly": True}],
                "startupProbe": tcp, "readinessProbe": tcp, "livenessProbe": tcp,
            }]}}},
    }
    kustomization = {"apiVersion": "kustomize.config.k8s.io/v1alpha1", "kind": "Component",
                     "patches": [{"path": "gateway-tls.yaml"}]}
    return {"components/tls/kustomization.yaml": [kustomization],
            "components/tls/gateway-tls.yaml": [patch]}
