"""Junta in the terminal client (issue 13): a 5-player table with bots, played by a person
in a real 80x40 pseudo-terminal against a live gateway. At every prompt the board (the
President and the offices, every family's public money and cards, the seat's own hand) and
the menu share the screen, and the board says what a spectator's view says. `?` shows a
political card's text and when it may be played, and an area of the city map. The coup's
city map is checked on a coup reached through the engine (tests/games/junta drive coups
through the rules service already)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from google.protobuf import json_format
from tablero.junta.v1 import view_pb2 as junta_pb2
from tablero.v1 import common_pb2

from clients.cli import render
from clients.cli.games import junta as cli_junta
from services.junta import GAME
from services.kernel import engine, rng

from ..support import game_gateway
from .ptyterm import terminals
from .test_cli_games import COLS, PROMPT, ROWS, Table, at_prompt, board_of, send


@pytest.fixture(scope="module")
def junta_gateway(platform, log_dir) -> Iterator[str]:
    with game_gateway(platform.redis_url, "junta", db=3, log_dir=log_dir) as gateway:
        yield gateway.endpoint


class JuntaTable(Table):
    def settled_view(self, seat: int) -> tuple[object, dict]:
        view, _ = super().settled_view(seat)
        msg = junta_pb2.JuntaView()
        assert view.view.Unpack(msg)
        return view, json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                               always_print_fields_with_no_presence=True)


NAMES = ["Ann", "bot 1", "bot 2", "bot 3", "bot 4"]


def answer(screen: list[str], rng: random.Random) -> str:
    """A random option of the menu below the board (log lines arriving after it may follow
    the menu), or its lowest amount."""
    menu = screen[max(i for i, line in enumerate(screen) if line.startswith("╰")):]
    for line in menu:
        m = re.search(r"Enter an amount from (\d+) to", line)
        if m:
            return m.group(1)
    numbers = [int(n) for line in menu for n in re.findall(r"^  (\d+)\. ", line)]
    assert numbers, "no menu on the screen:\n" + "\n".join(screen)
    return str(rng.randint(1, max(numbers)))


def check_board(board: list[str], data: dict) -> None:
    """JU 44: the President, each family's office, status, number of cash and Swiss bills
    and hand size (public), and the seat's own hand and cash (its own)."""
    text = "\n".join(board)
    pres = NAMES[data["president"]] if "president" in data else "none (vacant)"
    assert f"Junta · turn {data['turn']} · phase " in board[1]
    assert f"El Presidente: {pres}" in board[1]
    if "COUP led by" not in text:  # in a coup the map may leave the hand to `v` (whole board)
        assert "Your hand: " in text and "Your cash bills: " in text
    for f in data["families"]:
        row = next(line for line in board if re.match(rf"│ {f['player']} {NAMES[f['player']]}",
                                                      line))
        n, s = f["cash_bills"], f["swiss_bills"]
        cash = r"\d+=\d+M" if f["player"] == 0 else f"{n} bills?"
        assert re.search(rf" {cash} +({s} bills?|\d+=\d+M) +{f['hand_size']} ", row), (f, row)
        if f["status"] != "active":
            assert f["status"] in row
        if data.get("president") == f["player"]:
            assert "PRESIDENT" in row


def test_junta_is_played_with_board_menu_and_card_texts_on_one_80x40_screen(junta_gateway):
    with terminals(junta_gateway, ROWS, COLS) as spawn:
        p = spawn("play", "junta", "--bots", "--name", "Ann", "--seats", "5")
        p.expect(r"Table ([0-9a-f]{32}): junta, you are seat 0 \(Ann\)")
        table = JuntaTable(junta_gateway, p.match.group(1))
        screen = at_prompt(p, table)
        board_of(screen, "junta")

        # `?` shows a political card's text and its windows, and an area's neighbours.
        p.sendline("? riot in the slums")
        p.expect(r"Riot in the Slums  event x2\r?\nCoup only \(may start one\): place 6 mob")
        p.expect(r"When: in your movement turn of a coup; or as the starting action of a coup")
        p.sendline("? palace")
        p.expect(r"Presidential Palace  power centre\r?\nadjacent: ")
        p.sendline("? bank")
        p.expect(r"Bank  location\r?\nmay bank in Phase 7")
        at_prompt(p)

        rng_ = random.Random(13)
        phases: set[str] = set()
        for _ in range(40):
            screen = at_prompt(p, table, expected=False) if phases else screen
            _, data = table.settled_view(0)
            if data["game_over"]:
                break
            board = board_of(screen, "junta")
            check_board(board, data)
            phases.add(re.search(r"phase (\d [a-z ]+|set-up)", board[1]).group(1).strip())
            send(p, answer(screen, rng_))
            if p.expect([PROMPT, r"Game over"]) == 1:
                break
        assert {"set-up", "1 draw"} <= phases, phases
        p.sendline("q")
        p.expect(r"You left the table; a bot plays your seat from now on\.")
        assert p.finish() == 0


def coup_view(seed: int, sides: bool) -> tuple[dict, int]:
    """A 5-player game played by random choices until combat in a coup (JU 32), or until a
    side has been declared (JU 39): the deciding seat's view as data, and the seat."""
    step = engine.setup(GAME, 5, {}, seed)
    r = rng.seeded(seed, stream=5)
    for _ in range(6000):
        w = step.waiting()
        d = w[rng.randbelow(r, len(w))]
        sv = engine.view(GAME, step.state, d.seat)
        data = json_format.MessageToDict(sv.view, preserving_proto_field_name=True,
                                         always_print_fields_with_no_presence=True)
        coup = data.get("coup", {})
        if coup.get("units") and (bool(coup.get("sides")) if sides else
                                  d.kind == "junta.declare_battles"):
            return data, d.seat
        step = engine.act(GAME, step.state, d.seat,
                          engine.suggest(GAME, step.state, d.seat, d.id, "random"))
    raise AssertionError("no such coup reached")


def coup_board(data: dict, seat: int) -> list[str]:
    ref = json_format.MessageToDict(GAME.reference(), preserving_proto_field_name=True,
                                    always_print_fields_with_no_presence=True)
    render.load_games()
    ctx = render.RenderContext("junta", common_pb2.SeatView(seat=seat), data,
                               "tablero.junta.v1.JuntaView", NAMES, ref, {}, COLS, 30)
    lines = render.plain(render.view_panel(ctx), COLS).splitlines()
    assert len(lines) <= 30
    # The units line(s) of a map row follow the line of its area names.
    for g in data["coup"]["units"]:
        token = f"{cli_junta.UNITS[g['unit']]}×{g['count']}:" + (
            g["force"] if g["force"].isdigit() else "-")
        area = next((a for a in ref["areas"] if a["id"] == g["area"] and a["x"] >= 0), None)
        if area is None:
            off = next(i for i, x in enumerate(lines) if "Off the map:" in x)
            shown = " ".join(x.strip("│ ") for x in lines[off:off + 3])
            assert token in shown, (g, shown)
            continue
        name = cli_junta.AREAS[area["id"]]
        row = next(i for i, x in enumerate(lines) if re.search(rf"\b{re.escape(name)}\b", x))
        # Its column: from its name to the next area's name on that line.
        start = lines[row].index(name)
        ends = [lines[row].find(cli_junta.AREAS[b["id"]], start + len(name))
                for b in ref["areas"] if b["y"] == area["y"] and b["x"] == area["x"] + 1]
        end = ends[0] if ends and ends[0] > 0 else len(lines[row])
        below = [x[start:end] for x in lines[row + 1:row + 4]]
        assert any(token in x for x in below), (g, lines[row:row + 4])
    return lines


def test_the_coup_map_shows_every_unit_in_its_area_during_combat() -> None:
    """JU 28-33: on an 80-column board 30 lines high, every area's units by type, count and
    player, the units off the map; no power centre has a holder before sides are declared."""
    data, seat = coup_view(3, sides=False)
    text = "\n".join(coup_board(data, seat))
    assert f"COUP led by {NAMES[data['coup']['leader']]}" in text
    assert "centres P" not in text
    for pc in data["coup"]["control"]:
        assert not re.search(rf"{re.escape(cli_junta.AREAS[pc['area']])}\* [PR]\b", text)


def test_the_coup_map_shows_who_holds_the_power_centres_once_sides_are_declared() -> None:
    """JU 39-40: once a side is declared, each power centre's holder (P or R) and the tally."""
    data, seat = coup_view(3, sides=True)
    text = "\n".join(coup_board(data, seat))
    control = data["coup"]["control"]
    for pc in control:
        assert f"{cli_junta.AREAS[pc['area']]}* {pc['held_by'][0].upper()}" in text, (pc, text)
    held = sum(pc["held_by"] == "president" for pc in control)
    assert f"centres P{held} R{5 - held}" in " ".join(x.strip("│ ") for x in text.splitlines())
    flat = " ".join(x.strip("│ ") for x in text.splitlines())
    for s in data["coup"]["sides"]:
        assert f"{NAMES[s['player']]} {cli_junta.SIDES[s['side']]}" in flat


def test_lookup_reads_every_political_card() -> None:
    """JU 47: `? <card>` finds every political card by its name, with its text."""
    ref = json_format.MessageToDict(GAME.reference(), preserving_proto_field_name=True,
                                    always_print_fields_with_no_presence=True)
    ctx = render.RenderContext("junta", common_pb2.SeatView(seat=0), {},
                               "tablero.junta.v1.JuntaView", NAMES, ref, {}, COLS, None)
    assert len(ref["cards"]) == 56
    for c in ref["cards"]:
        shown = render.plain(cli_junta.lookup(ctx, c["name"]), COLS)
        assert c["name"] in shown and " ".join(c["text"].split()[:4]) in " ".join(shown.split())
        assert "When: " in shown
