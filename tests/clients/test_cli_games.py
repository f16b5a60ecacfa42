"""Cuba and Andean Abyss in the terminal client, in a real 80x40 pseudo-terminal against a
live gateway (issue 11). At every prompt the test reads the screen as the player sees it:
the whole board and the decision's menu are on it together, and what the board shows
(farm, market, harbour, players; cards, tracks, spaces) is what a spectator's view of the
table says at that moment. The board is drawn again only when it changed."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator

import pexpect
import pytest
from google.protobuf import json_format
from tablero.andean_abyss.v1 import view_pb2 as aa_pb2
from tablero.cuba.v1 import view_pb2 as cuba_pb2

from clients.sdk import Client
from deploy.processes import start_gateway, start_rules

from .ptyterm import Terminal, terminals

ROWS, COLS = 40, 80
PROMPT = "> "


@pytest.fixture(scope="module")
def games_gateway(platform, log_dir) -> Iterator[str]:
    """A gateway routing Cuba and Andean Abyss, one rules service each."""
    rules = {g: start_rules(f"services.{g}", g, log_dir=log_dir)
             for g in ("cuba", "andean_abyss")}
    # A Redis database of its own: the tables finished here are no other test's business.
    gateway = start_gateway(platform.redis_url.rsplit("/", 1)[0] + "/1",
                            {g: f"ipv4:{r.endpoint}" for g, r in rules.items()},
                            log_dir=log_dir)
    yield gateway.endpoint
    gateway.stop()
    for r in rules.values():
        r.stop()


@pytest.fixture
def spawn(games_gateway) -> Iterator:
    with terminals(games_gateway, ROWS, COLS) as start:
        yield start


class Table:
    """The table as a spectator sees it, to check the player's screen against."""

    def __init__(self, gateway: str, table_id: str) -> None:
        self.client = Client(gateway)
        self.client.login("referee")
        self.tid = table_id

    def settled_view(self, seat: int) -> tuple[object, dict]:
        """Once the game waits on `seat` only (bots done) or is over: the spectator's
        SeatView and its typed view as data."""
        for _ in range(200):
            t = self.client.get_table(self.tid)
            if t.outcome.finished or {p.seat for p in t.pending if not p.optional} == {seat}:
                break
            time.sleep(0.05)
        view = self.client.get_view(self.tid)
        msg = (cuba_pb2.CubaView() if t.game == "cuba" else aa_pb2.AndeanAbyssView())
        view.view.Unpack(msg)
        return view, json_format.MessageToDict(msg, preserving_proto_field_name=True,
                                               always_print_fields_with_no_presence=True)


def at_prompt(p: Terminal, table: Table | None = None, expected: bool = True) -> list[str]:
    """Wait for the prompt (unless `expected` already), for the table to wait on the
    player only, then for the output to settle; the screen as the prompt shows it (the
    40 lines ending with the prompt's line)."""
    if expected:
        p.expect(PROMPT)
    if table is not None:
        table.settled_view(0)
    p.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.25)
    lines = p.lines()
    last = max(i for i, line in enumerate(lines) if line.startswith(PROMPT))
    return lines[max(0, last - ROWS + 1):last + 1]


def board_span(screen: list[str], game: str) -> tuple[int, int]:
    """The lines of the newest board on the screen (top and bottom border), asserting it
    is all there and the menu follows it."""
    tops = [i for i, line in enumerate(screen) if line.startswith(f"╭─ {game} · seat 0: Ann")]
    assert tops, "no board on the screen:\n" + "\n".join(screen)
    top = tops[-1]
    bottom = next(i for i in range(top, len(screen)) if screen[i].startswith("╰"))
    assert bottom < len(screen) - 2, "no menu below the board"
    assert all(len(line) <= COLS for line in screen)
    return top, bottom


def board_of(screen: list[str], game: str) -> list[str]:
    """The newest board on the screen, top to bottom border."""
    top, bottom = board_span(screen, game)
    return screen[top:bottom + 1]


def menu_below(screen: list[str], game: str) -> str:
    """What the screen shows below the newest board: the log since and the menu. (An older
    board's bottom border may still be in sight above it, with the menu it was drawn for.)"""
    return "\n".join(screen[board_span(screen, game)[1] + 1:])


def boards_drawn(p: Terminal, game: str) -> int:
    return sum(line.startswith(f"╭─ {game} · ") for line in p.lines())


def send(p: Terminal, text: str) -> None:
    """Type a line; once its echo is back, a prompt seen is the next one."""
    p.sendline(text)
    p.expect_exact(text + "\r\n")


def answer(screen: list[str], rng: random.Random) -> str:
    """A random option of the menu on the screen, or its lowest amount."""
    for line in reversed(screen):
        m = re.search(r"Enter an amount from (\d+) to", line)
        if m:
            return m.group(1)
    starts = [i for i, line in enumerate(screen[:-1]) if line.startswith(("╰", PROMPT))]
    menu = screen[max(starts):]
    numbers = [int(n) for line in menu for n in re.findall(r"(?:^|\s)(\d+)\. ", line)]
    assert numbers, "no menu on the screen:\n" + "\n".join(screen)
    return str(rng.randint(1, max(numbers)))


# -- Cuba ---------------------------------------------------------------------

SHORT = {"citrus": "cit", "sugar_cane": "sug", "tobacco": "tob", "rum": "rum", "cigar": "cig"}
FIELD = {"warehouse": "Warehouse", "lake": "Lake", "mountain": "Mountain", "forest": "Forest",
         "citrus_field": "Citrus", "sugar_cane_field": "Sugar cane", "tobacco_field": "Tobacco"}


def check_cuba_board(board: list[str], data: dict, names: dict[str, str]) -> None:
    """The farm grid (CU 3.12), the market ladders (CU 5.B.2), the harbour's cargo slots
    (CU 5.B.5) and the players' money and VP, as the view has them."""
    text = "\n".join(board)
    me = data["players"][0]
    fields = {f["id"]: f for f in me["farm"]}
    for r in range(3):
        row = next(line for line in board if re.match(rf"│ r{r} ", line))
        for c in range(4):
            f = fields[f"r{r}c{c}"]
            shown = f"[{names[f['building']]}]" if f.get("building") else FIELD[f["type"]]
            if f["id"] == me["worker_field"]:
                shown = "● " + shown
            assert shown[:12] in row, (shown, row)
    for m in data["market"]:
        n = m["count"]
        ladder = " ".join(map(str, m["prices"][:n])) + "|" + " ".join(map(str, m["prices"][n:]))
        assert re.search(rf"{SHORT[m['item']]} +{re.escape(ladder)} +buy {m['buy_price']} "
                         rf"sell {m['sell_price']}", text), (m, text)
    for pos in data["harbor"]:
        where = pos["position"].replace("_", " ").replace("sea", "at sea")
        line = next(x for x in board if where in x)
        if not pos.get("ship_id"):
            assert "empty" in line
        for item, slots in pos.get("slots", {}).items():
            loaded = pos["loaded"].get(item, 0)
            if slots:
                assert f"{SHORT[item]} " + "■" * loaded + "·" * (slots - loaded) in line
    ann = next(x for x in board if re.match(r"│ Ann\b", x))
    assert re.search(rf"│ Ann \*? *{me['money']} +{me['vp']} ", ann), ann


def test_cuba_is_played_to_the_end_with_board_and_menu_on_one_80x40_screen(
        games_gateway, spawn):
    p = spawn("play", "cuba", "--bots", "--name", "Ann", "--seats", "3")
    p.expect(r"Table ([0-9a-f]{32}): cuba, you are seat 0 \(Ann\)")
    table = Table(games_gateway, p.match.group(1))
    names = {b.id: b.name for b in lookup_reference(table.client, "cuba").buildings}
    screen = at_prompt(p, table)
    board_of(screen, "cuba")

    # `?` shows a building, a character and a law in full, below the menu; neither the
    # board nor the menu is drawn again.
    drawn = boards_drawn(p, "cuba")
    p.sendline("? sawmill")
    p.expect(r"Sawmill  cost wood2 stone1  CU 7\.2\r?\nDiscard 1 wood for 1 VP, up to 4 times\.")
    p.sendline("? mayor")
    p.expect(r"Mayor  5 votes\r?\nLoad crops and goods onto one ship in a berth")
    p.sendline("? tax: 1 peso")
    p.expect(r"Tax: 1 peso  law, category I\r?\nDecree phase: each player may pay 1 peso")
    p.sendline("? nothing such")
    p.expect(r"Nothing called 'nothing such' here")
    at_prompt(p)
    assert boards_drawn(p, "cuba") == drawn
    assert p.output.getvalue().count("Take a starting resource into your yard.") == 1
    rng = random.Random(5)
    send(p, answer(screen, rng))

    prompts, redraws, phases = 0, 0, set()
    while True:
        before = boards_drawn(p, "cuba")
        if p.expect([PROMPT, r"Game over"]) == 1:
            break
        screen = at_prompt(p, table, expected=False)
        _, data = table.settled_view(0)
        board = board_of(screen, "cuba")
        check_cuba_board(board, data, names)
        phases.add(re.search(r"phase (\w+: \w+|starting picks)", board[1]).group(1))
        redraws += boards_drawn(p, "cuba") > before
        send(p, answer(screen, rng))
        prompts += 1
    p.expect(r"You (win!|finish rank \d)\.")
    assert p.finish() == 0
    assert phases >= {"starting picks", "B: actions", "C: parliament", "D: decrees"}, phases
    assert prompts > 20 and redraws < prompts  # some answers leave the board as it was


def lookup_reference(client: Client, game: str):
    info = client.describe_game(game)
    ref = cuba_pb2.CubaReference() if game == "cuba" else aa_pb2.AndeanAbyssReference()
    info.reference.Unpack(ref)
    return ref


# -- Andean Abyss ---------------------------------------------------------------

PIECE = {"troops": "T", "police": "P", "govt_base": "Gb", "farc_underground": "Fu",
         "farc_active": "Fa", "farc_base": "Fb", "auc_underground": "Au", "auc_active": "Aa",
         "auc_base": "Ab", "cartels_underground": "Cu", "cartels_active": "Ca",
         "cartels_base": "Cb"}


def check_aa_board(board: list[str], data: dict, ref) -> None:
    """The current and next card, the tracks, every City's pieces (AA 1.3-1.4), and the
    current card's text while its Event can be chosen (AA 5.1)."""
    text = "\n".join(board)
    now = data["current_card"]
    assert f"Now #{now['number']} {now['title']}" in text
    if data.get("upcoming_card"):
        assert f"Next #{data['upcoming_card']['number']} {data['upcoming_card']['title']}" in text
    assert f"Aid {data['aid']} · " in text and f"Support {data['total_support']} · " in text
    names = {s.id: s.name for s in ref.spaces}
    cities = {s.id for s in ref.spaces if s.type == "city"}
    for space in data["spaces"]:
        if space["id"] in cities and space["pieces"]:
            tokens = " ".join(f"{PIECE[x['kind']]}{x['count']}" for x in space["pieces"])
            assert re.search(rf"{re.escape(names[space['id']][:6])}[^·│]*\] {tokens}\b|"
                             rf"{re.escape(names[space['id']][:6])}\S* {tokens}\b", text), \
                (space, text)


def test_andean_abyss_board_menu_and_card_texts_share_an_80x40_screen(games_gateway, spawn):
    p = spawn("play", "andean_abyss", "--bots", "--name", "Ann")
    p.expect(r"Table ([0-9a-f]{32}): andean_abyss, you are seat 0 \(Ann\)")
    table = Table(games_gateway, p.match.group(1))
    ref = lookup_reference(table.client, "andean_abyss")
    texts = {c.number: c.unshaded.text for c in ref.cards}
    events_seen, rng = 0, random.Random(5)
    for prompts in range(150):  # the gateway draws the seed: play on until an Event is offered
        if prompts >= 40 and events_seen:
            break
        screen = at_prompt(p, table)
        _, data = table.settled_view(0)
        board = board_of(screen, "andean_abyss")
        check_aa_board(board, data, ref)
        menu = menu_below(screen, "andean_abyss")
        if "event:unshaded" in menu or re.search(r"\d\. .*[Ee]vent", menu):
            events_seen += 1
            number = data["current_card"]["number"]
            # The card's text is on the screen while its Event can be chosen.
            inner = " ".join(" ".join(line.strip("│").split()) for line in board)
            assert " ".join(texts[number].split()[:6]) in inner
        if prompts == 0:
            # `? #N` shows a card's both sides; `? <space>` a space with its neighbours.
            number = data["current_card"]["number"]
            p.sendline(f"? #{number}")
            p.expect(rf"Card #{number} ")
            p.sendline("? bogota")
            p.expect(r"Bogotá  city, population 8\r?\n  now: Bogotá")
            p.expect(r"adjacent: Meta West, Santander, Huila, Meta East")
            at_prompt(p)
        send(p, answer(screen, rng))
    assert events_seen >= 1
    at_prompt(p)
    p.sendline("q")
    p.expect(r"You left the table; a bot plays your seat from now on\.")
    assert p.finish() == 0
