"""Decision 0004 for every shipped game (issue 11 item 2): over random playouts, every option
offered has a label that says what happens (never its id) and structured args holding its
id's verb and every other part of its id; event texts carry no Python reprs."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from deploy.local import shipped_games
from services.kernel import engine, rng
from services.kernel.bots import random_choice
from services.kernel.decisions import option_problems

GAMES = sorted(g for g in shipped_games() if g != "duel")
# A repr of a dict, list or tuple of strings leaks into a text as {'…': or ['…' or ('…'.
REPR = re.compile(r"[{\[(]'[^']*'[:,\]\)]")
CHOICES_PER_GAME = 3_000
PROTOS = Path(__file__).resolve().parents[2] / "protos" / "tablero"


def documented_args(game: str) -> set[str]:
    """The arg names the "Option args" comment block of the game's view.proto names: each
    entry's head ("//   from, to  ..."), and names said inline ("cost: ...", "`card`")."""
    lines = (PROTOS / game / "v1" / "view.proto").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if "Option args" in line)
    block = []
    for line in lines[start:]:
        if not line.startswith("//"):
            break
        block.append(line[2:])
    names: set[str] = set()
    for line in block:
        head = re.match(r"\s{2,}([a-z_]+(?:, [a-z_]+)*)\s", line)
        if head:
            names.update(head.group(1).split(", "))
        names.update(re.findall(r"\b([a-z_]+): ", line))
        names.update(re.findall(r"`([a-z_]+)`", line))
    return names


@pytest.mark.parametrize("game", GAMES)
def test_every_option_offered_follows_decision_0004(game):
    g = importlib.import_module(f"services.{game}").GAME
    problems: set[str] = set()
    seen_kinds: set[str] = set()
    seen_args: set[str] = set()
    for seed in (1, 2):
        seats = max(g.min_seats, min(4, g.max_seats))
        r = rng.seeded(seed, stream=7)
        step = engine.setup(g, seats, {}, seed)
        for _ in range(CHOICES_PER_GAME // 2):
            for d in step.decisions:
                seen_kinds.add(d.kind)
                for o in d.options:
                    problems.update(option_problems(o))
                    seen_args.update(o.args)
            for e in step.events:
                if REPR.search(e.text):
                    problems.add(f"event {e.kind}: a Python repr in {e.text!r}")
            if step.outcome is not None:
                break
            waiting = step.waiting()
            d = waiting[rng.randbelow(r, len(waiting))]
            step = engine.act(g, step.state, d.seat, random_choice(d, r))
    assert not problems, "\n".join(sorted(problems)[:40])
    assert len(seen_kinds) >= 3
    # an integrator reads the args from the view.proto's "Option args" block
    assert seen_args - {"action"} <= documented_args(game), \
        f"args not in {game}/v1/view.proto: {sorted(seen_args - documented_args(game))}"
