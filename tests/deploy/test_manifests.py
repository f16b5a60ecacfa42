"""The operator's manifests and images (DESIGN §4): rendered from one list of games,
parseable, probed, routable. Images cannot be built here (no container engine), so
their Dockerfiles are checked as text."""

from __future__ import annotations

import re
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


@pytest.fixture(scope="module")
def files() -> Files:
    return load_all()


@pytest.fixture(scope="module")
def docs(files: Files) -> Docs:
    return [d for ds in files.values() for d in ds]


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
        if d["kind"] != "Kustomization":
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


def test_render_writes_a_chosen_list_of_games(tmp_path: Path) -> None:
    s = render.Settings(namespace="games", registry="reg.example/t", tag="v1")
    render.write(tmp_path, render.render(s, ["cuba"]))
    docs = [d for p in tmp_path.rglob("*.yaml") for d in yaml.safe_load_all(p.read_text())]
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == ["cuba.yaml"]
    assert parse_games(gateway_env(docs)["TABLERO_GAMES"]) == {
        "cuba": "dns:///cuba-rules.games.svc.cluster.local:50051"}
    images = {d["spec"]["template"]["spec"]["containers"][0]["image"]
              for d in docs if d["kind"] == "Deployment"}
    assert images == {"reg.example/t/cuba-rules:v1", "reg.example/t/gateway:v1"}
