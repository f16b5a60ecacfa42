"""Recorded Andean Abyss games (DESIGN §2 "Versions": the choice log is the durable truth).

A recording is a seeded random game, standing transfers included now and then, kept as its
set-up (seats, options, seed), its choice log (seat, decision id, option id or amount) and
two digests chained over every step: one of the state bytes, one of the events and
decisions offered. Replaying the log on the current code must reproduce both: option ids,
decision ids, labels, events and states all unchanged.

    python -m tests.games.andean_abyss.replays record PATH N   # N games, JSON (gz if .gz)
    python -m tests.games.andean_abyss.replays check PATH
    python -m tests.games.andean_abyss.replays reshow PATH  # after an intended change of
        # what is offered: each log must replay to the same states; only `shown` is re-taken
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import msgspec

from services.andean_abyss import GAME
from services.kernel import engine, rng
from services.kernel.bots import random_choice
from services.kernel.decisions import Choice, Decision
from services.kernel.errors import RulesBug

OPTION_SETS: tuple[dict[str, str], ...] = (  # game i: 2 + i % 3 seats, OPTION_SETS[i % 9]
    {"non_players": "none"}, {}, {"short_game": "true"},  # 2-3 seats: Non-players unless
    {"hidden_next_card": "true"}, {"deployment": "open"}, {"eligibility_option": "A"},  # none
    {"eligibility_option": "B"}, {"card_text_edition": "second", "non_players": "none"},
    {"short_game": "true", "deployment": "open", "card_text_edition": "second"})
_enc = msgspec.msgpack.Encoder()


def setups(n: int) -> list[tuple[int, dict[str, str], int]]:
    """The n games recorded: seat counts 2-4 and every option set in turn."""
    return [(2 + i % 3, OPTION_SETS[i % len(OPTION_SETS)], 1000 + i) for i in range(n)]


class Digests:
    def __init__(self) -> None:
        self.state = hashlib.blake2b(digest_size=16)
        self.shown = hashlib.blake2b(digest_size=16)

    def add(self, step: engine.Step) -> None:
        self.state.update(step.state)
        self.shown.update(_enc.encode(step.events))
        self.shown.update(_enc.encode(step.decisions))

    def out(self) -> dict[str, str]:
        return {"state": self.state.hexdigest(), "shown": self.shown.hexdigest()}


def pick(step: engine.Step, r: rng.RngState) -> Decision:
    """A waiting decision at random; now and then (1 in 20) a standing optional one."""
    optional = [d for d in step.decisions if d.optional]
    pool = optional if optional and rng.randbelow(r, 20) == 0 else step.waiting()
    return pool[rng.randbelow(r, len(pool))]


def record_one(seats: int, options: dict[str, str], seed: int) -> dict[str, Any]:
    """One random game; a game the rules stop with an error keeps its log up to there, the
    failing choice last, and the error ("crash")."""
    r = rng.seeded(seed, stream=11)
    step = engine.setup(GAME, seats, options, seed)
    dig = Digests()
    dig.add(step)
    log: list[list[Any]] = []
    crash = ""
    while step.outcome is None and not crash:
        d = pick(step, r)
        c = random_choice(d, r)
        log.append([d.seat, c.decision_id, c.option_id, c.amount])
        try:
            step = engine.act(GAME, step.state, d.seat, c)
        except RulesBug as e:
            crash = str(e)
            break
        dig.add(step)
    return {"seats": seats, "options": options, "seed": seed, "log": log,
            "final": step.state_hash, "crash": crash, **dig.out()}


def replay_one(game: dict[str, Any]) -> dict[str, str]:
    """Replay a recording (a crashed one up to its failing choice, which is then tried)."""
    step = engine.setup(GAME, game["seats"], game["options"], game["seed"])
    dig = Digests()
    dig.add(step)
    log = game["log"][:-1] if game["crash"] else game["log"]
    for seat, did, oid, amount in log:
        step = engine.act(GAME, step.state, seat, Choice(did, oid, amount))
        dig.add(step)
    out = {"final": step.state_hash, "crash": "", **dig.out()}
    if game["crash"]:
        seat, did, oid, amount = game["log"][-1]
        try:
            engine.act(GAME, step.state, seat, Choice(did, oid, amount))
        except RulesBug as e:
            out["crash"] = str(e)
    return out


def load(path: Path) -> list[dict[str, Any]]:
    data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    games: list[dict[str, Any]] = json.loads(data)
    return games


def save(path: Path, games: list[dict[str, Any]]) -> None:
    data = json.dumps(games, separators=(",", ":")).encode()
    path.write_bytes(gzip.compress(data, mtime=0) if path.suffix == ".gz" else data)


def reshow(path: Path, games: list[dict[str, Any]]) -> int:
    """Re-take the `shown` digests of the recordings, refusing if any game's states, final
    state or error differ: what the logs reproduce stays the truth."""
    for g in games:
        got = replay_one(g)
        keys = [k for k in ("final", "state", "crash") if got[k] != g[k]]
        if keys:
            print(f"not re-taken: seed {g['seed']} differs in {keys}")
            return 1
        g["shown"] = got["shown"]
    save(path, games)
    print(f"{len(games)} games replay to the same states; their `shown` digests re-taken")
    return 0


def main(argv: list[str]) -> int:
    verb, path = argv[0], Path(argv[1])
    if verb == "record":
        save(path, [record_one(*s) for s in setups(int(argv[2]))])
        return 0
    games, bad = load(path), 0
    if verb == "reshow":
        return reshow(path, games)
    for g in games:
        got = replay_one(g)
        keys = [k for k in ("final", "state", "shown", "crash") if got[k] != g[k]]
        if keys:
            bad += 1
            print(f"differs: seats {g['seats']} options {g['options']} seed {g['seed']}: "
                  f"{keys} {got['crash'] or g['crash']}")
    crashed = sum(1 for g in games if g["crash"])
    print(f"{len(games) - bad} of {len(games)} games replay identically "
          f"({crashed} recorded up to a rules error)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
