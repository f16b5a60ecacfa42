"""`tablero play cuba_libre --solo <faction>` (issue 14): a person alone against Cuba Libre's
three Non-players (CL 1.5, 8.0, 8.9), through a real gateway and rules service. The board
names the Non-players (no seat: CL 8.0), shows the solitaire lead of CL 8.9, and the end
screen gives the 8.9 result."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from clients.cli import render
from clients.cli.session import solo_options
from clients.sdk import Client, TableroError
from services.cuba_libre import GAME
from services.runtime.convert import game_info_pb
from tests.support import Platform, game_gateway, play_alone

from .ptyterm import terminals
from .test_cli_cuba_libre import CubaLibreTable, menu_answer
from .test_cli_games import COLS, ROWS, at_prompt, send

INFO = game_info_pb(GAME)
SOLO_LINE = re.compile(r"(Non-player \w+ wins: .+! \(CL 8\.9; the player's lead [+-]\d+\)|"
                       r"The player leads by \d+: .+ \(CL 8\.9\))\.$")


def test_solo_options_any_faction_of_cuba_libre() -> None:
    """CL 1.5, 8.9: any one faction may be played alone, the three others Non-players."""
    assert solo_options(INFO, "govt", {}) == {"non_players": "m26+directorio+syndicate"}
    assert solo_options(INFO, "Syndicate", {"short_game": "true"}) == \
        {"short_game": "true", "non_players": "govt+m26+directorio"}
    assert solo_options(INFO, "directorio", {}) == {"non_players": "govt+m26+syndicate"}
    with pytest.raises(TableroError) as e:
        solo_options(INFO, "army", {})
    assert e.value.code == grpc.StatusCode.INVALID_ARGUMENT and "no faction" in e.value.message


@pytest.fixture(scope="module")
def cl_gateway(platform: Platform, log_dir: Path) -> Iterator[str]:
    with game_gateway(platform.redis_url, "cuba_libre", db=7, log_dir=log_dir) as gw:
        yield gw.endpoint


def test_gateway_plays_a_solo_syndicate_game_to_the_8_9_result(cl_gateway: str) -> None:
    """A 1-seat Cuba Libre table through the gateway, the person the Syndicate: random
    choices to the end of a short game, the three Non-players acting in the rules service
    between them (their choices public `coin.np_choice` events); one result, the seat's, and
    the CL 8.9 grade in the outcome's summary, which the end screen prints. A 1-seat table
    without Non-players is refused (CL 1.5)."""
    c = Client(cl_gateway)
    c.login("Solo")
    with pytest.raises(TableroError) as e:
        c.create_table("cuba_libre", 1, {"non_players": "none"})
    assert e.value.code == grpc.StatusCode.INVALID_ARGUMENT
    t = c.create_table("cuba_libre", 1, {"non_players": "govt+m26+directorio",
                                         "short_game": "true"})
    assert [s.seat for s in t.seats] == [0]
    outcome = play_alone(c, t.table_id, random.Random(3),
                         lambda d: d.prompt.startswith("Syndicate: ") or pytest.fail(d.prompt))
    assert outcome.finished and [r.seat for r in outcome.results] == [0]
    assert SOLO_LINE.search(outcome.summary), outcome.summary
    end = render.plain(render.outcome_table(outcome, ["Ann"]), 80)
    assert outcome.summary in " ".join(end.split())


def test_cli_solo_syndicate_plays_against_the_non_players(cl_gateway: str) -> None:
    """`tablero play cuba_libre --solo syndicate`: one seat, the person's; the board says
    'Non-player' for the Government, 26July and DR (their seat codes are not seats) and the
    solitaire lead of CL 8.9; their choices arrive between the person's prompts."""
    with terminals(cl_gateway, ROWS, COLS) as start:
        p = start("play", "cuba_libre", "--solo", "syndicate", "--name", "Ann")
        p.expect(r"Solo: you play syndicate; govt\+m26\+directorio are Non-players\.")
        p.expect(r"Table ([0-9a-f]{32}): cuba_libre, you are seat 0 \(Ann\)")
        table = CubaLibreTable(cl_gateway, p.match.group(1))
        rng = random.Random(7)
        for _ in range(10):
            screen = at_prompt(p, table)
            send(p, menu_answer(screen, rng))
        board = "\n".join(at_prompt(p, table))
        info = table.client.get_table(table.tid)
        assert [s.seat for s in info.seats] == [0]
        _, data = table.settled_view(0)
        assert [(f["id"], f["seat"], f["non_player"]) for f in data["factions"]] == [
            ("govt", -1, True), ("m26", -2, True), ("directorio", -3, True),
            ("syndicate", 0, False)]
        for name in ("Govt", "26July", "DR"):
            assert re.search(rf"{name} +\(Non-player\)|{name} NP:", board), board
        m = {f["id"]: f["victory_margin"] for f in data["factions"]}
        lead = m["syndicate"] - max(m["govt"], m["m26"], m["directorio"])
        assert re.search(rf"solitaire lead {lead:+d} over (Govt|26July|DR) ", board), board
        p.sendline("q")
        p.expect(r"You left the table")
        assert p.finish() == 0
