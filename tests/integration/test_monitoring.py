"""The operators' dashboards (issue 11): every query of the Grafana dashboard names metrics
and labels that the running gateway and rules services export on /metrics (or that the
Prometheus scrape configuration adds), and the scrape configuration finds the pods the
Kubernetes manifests annotate."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
import yaml
from tablero.v1 import common_pb2 as pb
from tablero.v1 import gateway_pb2 as gw

from deploy.k8s import render
from deploy.processes import free_port, start_gateway, start_rules, target
from tests.service.test_metrics import scrape
from tests.support import GatewayClient

MONITORING = Path(__file__).resolve().parents[2] / "deploy" / "monitoring"
DASHBOARD = json.loads((MONITORING / "grafana-dashboard.json").read_text())
SCRAPE = yaml.safe_load((MONITORING / "prometheus.yml").read_text())
FUNCTIONS = {"sum", "rate", "histogram_quantile", "avg", "max", "min", "count", "increase",
             "irate"}
SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? ")


def exported(text: str) -> dict[str, set[str]]:
    """Every sample's metric name with the label names it carries."""
    out: dict[str, set[str]] = defaultdict(set)
    for line in text.splitlines():
        m = SAMPLE.match(line)
        if m:
            out[m.group(1)] |= set(re.findall(r'(\w+)="', m.group(2) or ""))
    return out


def play_a_little(endpoint: str) -> None:
    """Traffic that makes every labelled series the dashboard reads appear: a table set up,
    a choice acted, a rejected choice, a ticket enqueued and cancelled."""
    c = GatewayClient(endpoint)
    c.login("operator")
    t = c.CreateTable(gw.CreateTableRequest(game="duel", seats=2, bot_seats=[1], join=True))
    v = c.GetView(gw.GetViewRequest(table_id=t.table_id))
    d = next(d for d in v.decisions if not d.optional)
    choice = (pb.Choice(decision_id=d.id, option_id=d.options[0].id) if d.options else
              pb.Choice(decision_id=d.id, amount=d.amount.min))
    c.Act(gw.ActRequest(table_id=t.table_id, choice=choice))
    with pytest.raises(grpc.RpcError):
        c.Act(gw.ActRequest(table_id=t.table_id, choice=choice))  # stale: FAILED_PRECONDITION
    ticket = c.Enqueue(gw.EnqueueRequest(game="duel", seats=2))
    c.CancelTicket(gw.CancelTicketRequest(ticket_id=ticket.ticket_id))
    c.close()


@pytest.fixture(scope="module")
def metrics(platform, log_dir) -> Iterator[dict[str, set[str]]]:
    rules_port, gateway_port = free_port(), free_port()
    rules = start_rules("tests.duel", "duel", log_dir=log_dir,
                        args=["--metrics-port", str(rules_port)])
    gateway = start_gateway(platform.redis_url, {"duel": target([rules])}, log_dir=log_dir,
                            env={"GATEWAY_METRICS_PORT": str(gateway_port)})
    try:
        play_a_little(gateway.endpoint)
        found = exported(scrape(rules_port))
        for name, labels in exported(scrape(gateway_port)).items():
            found[name] |= labels
        yield found
    finally:
        gateway.stop()
        rules.stop()


def queries() -> list[tuple[str, str]]:
    return [(p["title"], t["expr"]) for p in DASHBOARD["panels"] for t in p["targets"]]


def parse(expr: str) -> tuple[dict[str, set[str]], set[str], set[str]]:
    """A PromQL expression's metrics with the labels matched on each, the labels it
    aggregates by, and the functions it calls."""
    grouped = {label.strip() for g in re.findall(r"\b(?:by|without)\s*\(([^)]*)\)", expr)
               for label in g.split(",") if label.strip()}
    rest = re.sub(r"\b(?:by|without)\s*\([^)]*\)", " ", expr)
    selectors: dict[str, set[str]] = defaultdict(set)
    for name, matchers in re.findall(r"([a-zA-Z_:][\w:]*)\s*\{([^}]*)\}", rest):
        selectors[name] |= set(re.findall(r"(\w+)\s*(?:=~|!~|!=|=)", matchers))
    rest = re.sub(r"\{[^}]*\}|\[[^\]]*\]|\d+(?:\.\d+)?", " ", rest)
    functions = set(re.findall(r"([a-zA-Z_]\w*)\s*\(", rest))
    for name in set(re.findall(r"[a-zA-Z_:][\w:]*", rest)) - functions:
        selectors.setdefault(name, set())
    return selectors, grouped, functions


def test_every_panel_query_names_exported_metrics_and_labels(metrics):
    added = {rule["target_label"] for job in SCRAPE["scrape_configs"]
             for rule in job.get("relabel_configs", []) if "target_label" in rule}
    added |= {"job", "instance"}
    assert len(queries()) >= 10
    for title, expr in queries():
        selectors, grouped, functions = parse(expr)
        assert selectors and functions <= FUNCTIONS, (title, expr)
        for name, matched in selectors.items():
            assert name in metrics, f"{title}: {name} is not exported"
            assert matched <= metrics[name], f"{title}: {name} has no {matched - metrics[name]}"
        carried = set().union(*(metrics[n] for n in selectors)) | added
        assert grouped <= carried, f"{title}: no {grouped - carried} on {sorted(selectors)}"


def test_the_dashboard_covers_what_operators_watch():
    exprs = " ".join(e for _, e in queries())
    assert 'tablero_rules_rpc_total{method="Act"' in exprs  # per-game Act rate
    assert 'tablero_rules_rpc_seconds_bucket{method="Act"}' in exprs  # per-game Act latency
    assert 'code!="OK"' in exprs and "by (code)" in exprs  # errors by code
    ids = [p["id"] for p in DASHBOARD["panels"]]
    assert len(ids) == len(set(ids))
    assert all(t["datasource"]["uid"] == "${datasource}" for p in DASHBOARD["panels"]
               for t in p["targets"])


def test_the_scrape_configuration_finds_the_annotated_pods():
    job = next(j for j in SCRAPE["scrape_configs"] if j["job_name"] == "tablero")
    keep = next(r for r in job["relabel_configs"] if r.get("action") == "keep")
    assert keep["source_labels"] == ["__meta_kubernetes_pod_annotation_prometheus_io_scrape"]
    assert job["kubernetes_sd_configs"][0]["namespaces"]["names"] == [render.Settings().namespace]
    # Kustomize components (components/...) are patches of these Deployments, not workloads.
    rendered = render.render(render.Settings(), render.games_in_tree())
    workloads = [d for path, docs in rendered.items() if not path.startswith("components/")
                 for d in docs if d["kind"] == "Deployment"]
    assert {d["metadata"]["name"] for d in workloads} >= {"gateway", "cuba-rules"}
    for d in workloads:
        notes = d["spec"]["template"]["metadata"]["annotations"]
        assert notes["prometheus.io/scrape"] == keep["regex"]
        assert notes["prometheus.io/port"] == str(render.METRICS_PORT)
