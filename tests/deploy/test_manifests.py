"""The operator's manifests and images (DESIGN §4): rendered from one list of games,
parseable, probed, routable. Images cannot be built here (no container engine), so
their Dockerfiles are checked as text."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from deploy.k8s import render
from gateway.config import parse_games

K8S = render.HERE
IMAGES = render.ROOT / "deploy" / "images"
WORKLOADS = ("Deployment", "StatefulSet")
Docs = list[dict[str, Any]]
Files = dict[str, Docs]


def load_all() -> Files:
    return {str(p.relative_to(K8S)): [d for d in yaml.safe_load_all(p.read_text()) if d]
            for p in sorted(K8S.rglob("*.yaml"))}


def objects(files: Files) -> Docs:
    """The base's objects (components hold patches, not whole objects)."""
    return [d for rel, ds in files.items() if not rel.startswith("components/") for d in ds]


@pytest.fixture(scope="module")
def files() -> Files:
    return load_all()


@pytest.fixture(scope="module")
def docs(files: Files) -> Docs:
    return objects(files)


def of_kind(docs: Docs, kind: str) -> dict[str, dict[str, Any]]:
    return {d["metadata"]["name"]: d for d in docs if d["kind"] == kind}


def test_committed_manifests_are_what_render_writes(files: Files) -> None:
    rendered = render.render(render.Settings(), render.games_in_tree())
    assert set(rendered) == set(files)
    for rel, docs in rendered.items():
        assert (K8S / rel).read_text() == render.dump(docs), f"{rel}: run deploy/k8s/render.py"


def test_every_document_is_a_named_kubernetes_object(docs: Docs) -> None:
    for d in docs:
        assert d["apiVersion"] and d["kind"]
        if d["kind"] not in ("Kustomization", "Component"):
            assert re.fullmatch(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?", d["metadata"]["name"])


def test_every_workload_has_probes_and_resource_requests(docs: Docs) -> None:
    workloads = [d for d in docs if d["kind"] in WORKLOADS]
    assert len(workloads) >= 4
    for w in workloads:
        for c in w["spec"]["template"]["spec"]["containers"]:
            assert c["readinessProbe"] and c["livenessProbe"], w["metadata"]["name"]
            assert c["resources"]["requests"]["cpu"] and c["resources"]["requests"]["memory"]


def test_grpc_services_are_probed_on_their_grpc_health_port(docs: Docs) -> None:
    for d in of_kind(docs, "Deployment").values():
        c = d["spec"]["template"]["spec"]["containers"][0]
        ports = {p["name"]: p["containerPort"] for p in c["ports"]}
        for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
            assert c[probe]["grpc"]["port"] == ports["grpc"]


@pytest.mark.parametrize("game", render.games_in_tree())
def test_every_game_has_deployment_headless_service_and_autoscaler(files: Files, game: str) -> None:
    assert "cuba" in render.games_in_tree() and "andean_abyss" in render.games_in_tree()
    docs = files[f"games/{game}.yaml"]
    name = render.rules_name(game)
    deployment = of_kind(docs, "Deployment")[name]
    svc = of_kind(docs, "Service")[name]
    hpa = of_kind(docs, "HorizontalPodAutoscaler")[name]
    assert svc["spec"]["clusterIP"] == "None"  # dns:/// + round_robin sees every pod
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment",
                                             "name": name}
    assert hpa["spec"]["minReplicas"] >= 2 and hpa["spec"]["maxReplicas"] > 2
    image = deployment["spec"]["template"]["spec"]["containers"][0]["image"]
    assert image.split("/")[-1].startswith(f"{name}:")


def test_every_shipped_game_package_is_deployed() -> None:
    shipped = {p.parent.name for p in (render.ROOT / "services").glob("*/__main__.py")}
    assert shipped <= set(render.games_in_tree())


def test_service_selectors_match_pod_labels(docs: Docs) -> None:
    pods = [(d["metadata"]["namespace"], d["spec"]["template"]["metadata"]["labels"])
            for d in docs if d["kind"] in WORKLOADS]
    for svc in of_kind(docs, "Service").values():
        sel, ns = svc["spec"]["selector"], svc["metadata"]["namespace"]
        matched = [lb for n, lb in pods if n == ns and sel.items() <= lb.items()]
        assert len(matched) == 1, svc["metadata"]["name"]
    for d in docs:
        if d["kind"] in WORKLOADS:
            assert d["spec"]["selector"]["matchLabels"].items() <= \
                d["spec"]["template"]["metadata"]["labels"].items()


def gateway_env(docs: Docs) -> dict[str, str]:
    c = of_kind(docs, "Deployment")["gateway"]["spec"]["template"]["spec"]["containers"][0]
    return {e["name"]: e["value"] for e in c["env"] if "value" in e}


def test_gateway_routes_every_game_to_its_service(docs: Docs) -> None:
    games = parse_games(gateway_env(docs)["TABLERO_GAMES"])
    assert set(games) == set(render.games_in_tree())
    services = of_kind(docs, "Service")
    for game, target in games.items():
        m = re.fullmatch(r"dns:///([a-z0-9-]+)\.([a-z0-9-]+)\.svc\.cluster\.local:(\d+)", target)
        assert m, target
        svc = services[m[1]]
        assert svc["metadata"]["namespace"] == m[2]
        assert int(m[3]) in [p["port"] for p in svc["spec"]["ports"]]
        assert svc["metadata"]["name"] == render.rules_name(game)


def test_gateway_reaches_the_persistent_redis(docs: Docs) -> None:
    url = gateway_env(docs)["REDIS_URL"]
    host = re.fullmatch(r"redis://([a-z0-9.-]+):6379/0", url)[1]  # type: ignore[index]
    name, ns = host.split(".")[:2]
    redis = of_kind(docs, "StatefulSet")[name]
    assert redis["metadata"]["namespace"] == ns
    assert redis["spec"]["volumeClaimTemplates"][0]["metadata"]["name"] == "data"
    conf = of_kind(docs, "ConfigMap")["redis-config"]["data"]["redis.conf"]
    assert re.search(r"^appendonly yes$", conf, re.M)
    assert re.search(r"^maxmemory-policy noeviction$", conf, re.M)


def test_redis_cluster_option_is_cluster_enabled_and_persistent(files: Files) -> None:
    docs = files["redis-cluster.yaml"]
    conf = of_kind(docs, "ConfigMap")["redis-cluster-config"]["data"]["redis.conf"]
    assert re.search(r"^cluster-enabled yes$", conf, re.M)
    assert re.search(r"^appendonly yes$", conf, re.M)
    nodes = of_kind(docs, "StatefulSet")["redis-cluster"]["spec"]["replicas"]
    script = of_kind(docs, "Job")["redis-cluster-create"]["spec"]["template"]["spec"][
        "containers"][0]["command"][-1]
    assert script.count(":6379") == nodes and "--cluster-replicas 1" in script


@pytest.mark.parametrize("conf_file", ["redis.conf", "redis-cluster.conf"])
def test_redis_keeps_table_hashes_compact_as_the_local_redis_does(conf_file: str) -> None:
    """Decisions 0011, 0014: the deployed Redis (these files, carried in the ConfigMaps)
    keeps a table's meta and archive hashes as ziplists, and its event stream in nodes of
    the size, that `make run` and the tests use (deploy.processes.start_redis)."""
    import inspect

    from deploy import processes
    local = (render.ROOT / "deploy" / "redis" / conf_file).read_text()
    defaults = inspect.signature(processes.start_redis).parameters
    for setting, param in (("hash-max-ziplist-value", "hash_value_max"),
                           ("stream-node-max-bytes", "stream_node_bytes")):
        want = str(defaults[param].default)
        assert re.findall(rf"^{setting} (\d+)$", local, re.M) == [want], setting


def test_kustomization_names_existing_files_and_every_game(files: Files) -> None:
    k = files["kustomization.yaml"][0]
    assert all((K8S / r).is_file() for r in k["resources"])
    assert {f"games/{g}.yaml" for g in render.games_in_tree()} <= set(k["resources"])


@pytest.mark.parametrize("name", ["rules.Dockerfile", "gateway.Dockerfile"])
def test_images_install_requirements_and_generate_protos(name: str) -> None:
    text = (IMAGES / name).read_text()
    assert "pip install --no-cache-dir -r requirements.txt" in text
    assert "RUN python scripts/gen_protos.py" in text
    assert f"{render.GRPC_PORT}" in text and f"{render.METRICS_PORT}" in text
    assert re.search(r"^USER \d+$", text, re.M)


def test_rules_image_serves_the_game_given_as_build_arg() -> None:
    text = (IMAGES / "rules.Dockerfile").read_text()
    assert text.count("ARG GAME") == 2  # both stages
    cmd = next(line for line in text.splitlines() if line.startswith("CMD"))
    assert "python -m services.${GAME}" in cmd and f"--port {render.GRPC_PORT}" in cmd


def test_rules_image_compiles_its_engines_and_checks_them() -> None:
    """Decision 0015: the image compiles the kernel, the COIN machinery and its game, and
    refuses to build unless the game then imports compiled and matching its sources."""
    text = (IMAGES / "rules.Dockerfile").read_text()
    build = re.search(r"python scripts/native\.py\s+\\?\s*(.*)", text)
    assert build and "services/kernel" in build[1] and "services/${GAME}" in build[1]
    assert "COPY --from=build /app/tablero_*__mypyc.*.so ./" in text
    check = next(line for line in text.splitlines() if "python -W error" in line)
    assert text.index(check) > text.index("FROM python:3.11-slim\nARG GAME")
    assert "is_compiled" in text[text.index(check):]
    ignore = (IMAGES / "rules.Dockerfile.dockerignore").read_text().split()
    assert {"**/*.so", "services/native.json"} <= set(ignore)  # never a local build


def container_env(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    c = doc["spec"]["template"]["spec"]["containers"][0]
    return {e["name"]: e for e in c.get("env", [])}


def secret_ref(env: dict[str, Any]) -> tuple[str, str]:
    ref = env["valueFrom"]["secretKeyRef"]
    assert not ref.get("optional")
    return ref["name"], ref["key"]


@pytest.mark.parametrize("redis_file,name", [("redis.yaml", "redis"),
                                             ("redis-cluster.yaml", "redis-cluster")])
def test_redis_requires_the_password_of_a_secret_the_gateway_uses(files: Files, docs: Docs,
                                                                  redis_file: str,
                                                                  name: str) -> None:
    redis = of_kind(files[redis_file], "StatefulSet")[name]
    c = redis["spec"]["template"]["spec"]["containers"][0]
    env = container_env(redis)
    assert c["command"][c["command"].index("--requirepass") + 1] == "$(REDIS_PASSWORD)"
    secret = secret_ref(env["REDIS_PASSWORD"])
    assert secret_ref(env["REDISCLI_AUTH"]) == secret  # probes authenticate
    gateway = container_env(of_kind(docs, "Deployment")["gateway"])
    assert secret_ref(gateway["REDIS_PASSWORD"]) == secret
    assert ":@" not in gateway["REDIS_URL"]["value"] and "@" not in gateway["REDIS_URL"]["value"]


def allowed_from(policy: dict[str, Any]) -> list[dict[str, str] | None]:
    """Per ingress rule, the pod labels it admits (None: anyone)."""
    out: list[dict[str, str] | None] = []
    for rule in policy["spec"]["ingress"]:
        peers = rule.get("from")
        if not peers:
            out.append(None)
        for p in peers or []:
            out.append(p.get("podSelector", {}).get("matchLabels", {"<namespace>": "*"}))
    return out


def test_only_the_gateway_reaches_redis_and_the_rules_services(files: Files,
                                                               docs: Docs) -> None:
    policies = of_kind(files["networkpolicies.yaml"], "NetworkPolicy")
    deny = policies["default-deny-ingress"]["spec"]
    assert deny["podSelector"] == {} and deny["ingress"] == [] and deny["policyTypes"] == [
        "Ingress"]
    gateway_pods = of_kind(docs, "Deployment")["gateway"]["spec"]["template"]["metadata"][
        "labels"]
    rules_pods = [d["spec"]["template"]["metadata"]["labels"]
                  for d in of_kind(docs, "Deployment").values() if d["metadata"]["name"] !=
                  "gateway"]
    redis_pods = of_kind(files["redis.yaml"], "StatefulSet")["redis"]["spec"]["template"][
        "metadata"]["labels"]
    for name, pods in (("rules", rules_pods), ("redis", [redis_pods])):
        sel = policies[name]["spec"]["podSelector"]["matchLabels"]
        assert all(sel.items() <= p.items() for p in pods), name
        grpc_or_redis = [r for r in policies[name]["spec"]["ingress"]
                         if not any("namespaceSelector" in p for p in r["from"])]
        for rule in grpc_or_redis:
            for peer in rule["from"]:
                assert peer["podSelector"]["matchLabels"].items() <= gateway_pods.items()
    assert allowed_from(policies["gateway"])[0] is None  # clients reach the gateway
    for policy in policies.values():
        for rule in policy["spec"]["ingress"]:
            for peer in rule.get("from", []):  # metrics: only namespaces that scrape
                if "namespaceSelector" in peer:
                    assert peer["namespaceSelector"]["matchLabels"] == {
                        "tablero.dev/scrape-metrics": "true"}
                    assert [p["port"] for p in rule["ports"]] == [render.METRICS_PORT]


def kustomize(directory: Path) -> Docs:
    kubectl = shutil.which("kubectl")
    if kubectl is None:
        pytest.skip("kubectl is not installed (the renderer tests above still run)")
    out = subprocess.run([kubectl, "kustomize", str(directory)], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return [d for d in yaml.safe_load_all(out.stdout) if d]


def test_kubectl_kustomize_builds_the_base(files: Files) -> None:
    built = kustomize(K8S)
    listed = files["kustomization.yaml"][0]["resources"]
    expected = [d for rel in listed for d in files[rel]]
    assert sorted((d["kind"], d["metadata"]["name"]) for d in built) == sorted(
        (d["kind"], d["metadata"]["name"]) for d in expected)
    assert {"NetworkPolicy", "StatefulSet", "Deployment", "Service"} <= {d["kind"]
                                                                          for d in built}


def test_kubectl_kustomize_builds_tls_on_the_gateway_port() -> None:
    built = kustomize(render.ROOT / "deploy" / "k8s-tls")
    gateway = of_kind(built, "Deployment")["gateway"]
    spec = gateway["spec"]["template"]["spec"]
    c = spec["containers"][0]
    env = {e["name"]: e.get("value") for e in c["env"]}
    mount = next(m for m in c["volumeMounts"] if m["name"] == "tls")
    assert env["GATEWAY_TLS_CERT"] == f"{mount['mountPath']}/tls.crt"
    assert env["GATEWAY_TLS_KEY"] == f"{mount['mountPath']}/tls.key"
    assert {"name": "tls", "secret": {"secretName": "tablero-gateway-tls"}} in spec["volumes"]
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):  # gRPC probes: no TLS
        assert "grpc" not in c[probe] and c[probe]["tcpSocket"]["port"] == render.GRPC_PORT
    rules = [d for d in of_kind(built, "Deployment").values() if d["metadata"]["name"] !=
             "gateway"]
    assert all("grpc" in d["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]
               for d in rules)


def test_render_writes_a_chosen_list_of_games(tmp_path: Path) -> None:
    s = render.Settings(namespace="games", registry="reg.example/t", tag="v1")
    render.write(tmp_path, render.render(s, ["cuba"]))
    docs = [d for p in tmp_path.rglob("*.yaml") if "components" not in p.parts
            for d in yaml.safe_load_all(p.read_text())]
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == ["cuba.yaml"]
    assert parse_games(gateway_env(docs)["TABLERO_GAMES"]) == {
        "cuba": "dns:///cuba-rules.games.svc.cluster.local:50051"}
    images = {d["spec"]["template"]["spec"]["containers"][0]["image"]
              for d in docs if d["kind"] == "Deployment"}
    assert images == {"reg.example/t/cuba-rules:v1", "reg.example/t/gateway:v1"}
