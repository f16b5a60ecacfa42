"""A decision as a numbered menu, and a typed answer as a Choice.

Options are numbered from 1; an option id is accepted too. An amount decision
takes an integer in its range. Many options that differ only in an `amount` arg (a
COIN game's "give Resources": `give:<faction>:<amount>`) are shown once per receiver
with their range, and answered with the receiver's number and an amount ("2 5"). Long
option lists are laid out in columns so the board and the menu share one screen.
Standing optional decisions (the game never waits on them) are listed on one line after
the main one as "o1", "o2"… and open their own menu.
"""

from __future__ import annotations

import dataclasses
import math
import re
import time

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from tablero.v1 import common_pb2

from clients.sdk import make_choice

HELP = ("Type an option's number (or its id), an amount, 'o<N>' for an optional decision, "
        "'? <N>' for option N in full, '? <name>' for a card, building, law or space, "
        "'v' to show the whole table again, 'q' to leave (a bot takes your seat).")
ROWS_PER_COLUMN = 12
# Labels wrap only while the options take at most this many lines (the board keeps its room).
FOLDED_ROWS = 8


@dataclasses.dataclass(frozen=True)
class Command:
    """A non-choice answer: 'view', 'help', 'leave', 'back', 'optional' (with index),
    'lookup' (with the term)."""

    name: str
    index: int = 0
    term: str = ""


def menu(d: common_pb2.Decision, optional: list[common_pb2.Decision] | None = None,
         width: int = 80) -> RenderableType:
    head = Text(d.prompt or d.kind, style="bold")
    if d.deadline_unix_ms:
        left = max(0, int(d.deadline_unix_ms / 1000 - time.time()))
        head.append(f"  (auto-played in {left}s)", style="dim")
    parts: list[RenderableType] = [head, options_grid(d, width)]
    if optional:
        parts.append(optional_line(optional))
    return Group(*parts)


def options_grid(d: common_pb2.Decision, width: int) -> RenderableType:
    """The options numbered, in as many columns as keep the list to ROWS_PER_COLUMN rows
    (labels cut to fit, '? <N>' shows one whole); the id follows a label in one column."""
    rows = Table.grid(padding=(0, 1))
    n = len(d.options)
    if not n:
        rows.add_row("   ", f"Enter an amount from {d.amount.min} to {d.amount.max}.")
        return rows
    groups = amount_groups(d)
    if groups is not None:
        for i, (group, amounts) in enumerate(groups, 1):
            rows.add_row(f"{i:>3}.", Text(group, overflow="ellipsis", no_wrap=True),
                         Text(f"[{i} <{min(amounts)}-{max(amounts)}>]", style="dim"))
        return Group(Text("  type a number and an amount, e.g. '1 "
                          f"{min(groups[0][1])}'", style="dim"), rows)
    cols = max(1, math.ceil(n / ROWS_PER_COLUMN))
    if cols == 1:
        refs = [f"[{o.id}]" if o.label and o.label != o.id else "" for o in d.options]
        room = max(10, width - 6 - max(len(r) for r in refs))
        # Long labels wrap while the options stay within FOLDED_ROWS lines; past that
        # each is cut to one line ('? <N>' shows it whole), so the board keeps its room.
        folded = sum(math.ceil(len(o.label or o.id) / room) for o in d.options)
        fold = folded <= FOLDED_ROWS
        for i, (o, ref) in enumerate(zip(d.options, refs, strict=True), 1):
            label = Text(o.label or o.id, overflow="fold" if fold else "ellipsis",
                         no_wrap=not fold)
            rows.add_row(f"{i:>3}.", label, Text(ref, style="dim"))
        return rows
    per_col = math.ceil(n / cols)
    cell = width // cols - 6
    labels = [o.label or o.id for o in d.options]
    said: Text | None = None
    if any(len(label) > cell for label in labels):
        # Cut to fit, labels that differ only at their ends would look alike: the words
        # every option shares are said once above the columns, each cell keeps the rest.
        head_words, labels, tail_words = shared_words(labels)
        if head_words or tail_words:
            said = Text(f"  each: {' '.join([*head_words, '…', *tail_words])}", style="dim")
    for _ in range(cols):
        rows.add_column(no_wrap=True)
        rows.add_column(no_wrap=True, max_width=cell, overflow="ellipsis")
    for r in range(per_col):
        cells: list[str | Text] = []
        for c in range(cols):
            i = c * per_col + r
            if i < n:
                cells += [f"{i + 1:>3}.", Text(labels[i], overflow="ellipsis")]
            else:
                cells += ["", ""]
        rows.add_row(*cells)
    return rows if said is None else Group(said, rows)


def amount_groups(d: common_pb2.Decision) -> list[tuple[str, dict[int, str]]] | None:
    """More options than a column holds that differ only in a whole-number `amount` arg,
    grouped by their other args: each group's label with its amounts as a range ("Give
    1..40 Resources to the FARC") and its option ids by amount. None for any other list."""
    if len(d.options) <= ROWS_PER_COLUMN:
        return None
    groups: dict[tuple[tuple[str, str], ...], list[common_pb2.Option]] = {}
    for o in d.options:
        if not o.args.get("amount", "").isdigit():
            return None
        rest = tuple(sorted((k, v) for k, v in o.args.items() if k != "amount"))
        groups.setdefault(rest, []).append(o)
    if len(groups) * 2 > len(d.options):
        return None
    out = []
    for opts in groups.values():
        amounts = {int(o.args["amount"]): o.id for o in opts}
        lo, hi = min(amounts), max(amounts)
        top = amounts[hi]
        label = next(o.label or o.id for o in opts if o.id == top)
        out.append((label.replace(str(hi), f"{lo}..{hi}" if lo < hi else str(hi), 1), amounts))
    return out


def shared_words(labels: list[str]) -> tuple[list[str], list[str], list[str]]:
    """The words all `labels` begin with, what is left of each, the words all end with;
    every label keeps at least one word of its own."""
    words = [label.split() for label in labels]
    shortest = min(len(w) for w in words) - 1
    head = 0
    while head < shortest and all(w[head] == words[0][head] for w in words):
        head += 1
    tail = 0
    while head + tail < shortest and all(w[-1 - tail] == words[0][-1 - tail] for w in words):
        tail += 1
    middles = [" ".join(w[head:len(w) - tail]) for w in words]
    return words[0][:head], middles, words[0][len(words[0]) - tail:] if tail else []


def optional_line(optional: list[common_pb2.Decision]) -> Text:
    """The standing optional decisions on one line, prompts that differ only in their last
    word told once: "govt: give Resources to o1 farc · o2 auc; auc: … to o3 farc". A
    closing remark in brackets ("(optional, at any time)") goes: the line says so."""
    groups: dict[str, list[tuple[int, str]]] = {}
    for i, od in enumerate(optional, 1):
        said = re.sub(r"\s*\([^()]*\)$", "", (od.prompt or od.kind).rstrip(".")).rstrip(".")
        head, _, last = said.rpartition(" ")
        groups.setdefault(head, []).append((i, last))
    line = Text("  also, any time: ", style="dim")
    return line.append("; ".join(_optional_group(head, ends) for head, ends in groups.items()),
                       style="dim")


def _optional_group(head: str, ends: list[tuple[int, str]]) -> str:
    """One prompt alone reads whole after its number ("o1 Syndicate: move your Cash to another
    piece in its space"); prompts that differ only in their last word share their head."""
    if len(ends) == 1:
        i, last = ends[0]
        return f"o{i} {head} {last}".strip()
    return f"{head} {' · '.join(f'o{i} {last}' for i, last in ends)}".strip()


def parse(text: str, d: common_pb2.Decision, n_optional: int = 0
          ) -> common_pb2.Choice | Command | str:
    """A Choice, a Command, or an error message to show."""
    s = text.strip()
    low = s.lower()
    if low in ("v", "view"):
        return Command("view")
    if low in ("?", "h", "help"):
        return Command("help")
    if low.startswith("?"):
        return Command("lookup", term=s[1:].strip())
    if low in ("q", "quit", "leave"):
        return Command("leave")
    if low in ("b", "back"):
        return Command("back")
    if low.startswith("o") and low[1:].isdigit() and 1 <= int(low[1:]) <= n_optional:
        return Command("optional", int(low[1:]) - 1)
    if not s:
        return "Please answer the decision (? for help)."
    return _answer(s, d)


def option_text(d: common_pb2.Decision, term: str) -> Text | None:
    """`? N`: option N in full, with its id and args; None when N is not an option."""
    groups = amount_groups(d)
    if groups is not None:
        if not term.isdigit() or not 1 <= int(term) <= len(groups):
            return None
        label, amounts = groups[int(term) - 1]
        text = Text(f"{term}. {label}", style="bold")
        return text.append(f"\n    ids {amounts[min(amounts)]} .. {amounts[max(amounts)]}; "
                           f"type '{term} <amount>'", style="dim")
    if not term.isdigit() or not 1 <= int(term) <= len(d.options):
        return None
    o = d.options[int(term) - 1]
    text = Text(f"{term}. {o.label or o.id}", style="bold")
    args = ", ".join(f"{k}={v}" for k, v in sorted(o.args.items()))
    text.append(f"\n    id {o.id}" + (f"; {args}" if args else ""), style="dim")
    return text


def _answer(s: str, d: common_pb2.Decision) -> common_pb2.Choice | str:
    groups = amount_groups(d)
    if groups is not None and not any(o.id == s for o in d.options):
        return _grouped_answer(s, d, groups)
    if not d.options:
        try:
            amount = int(s)
        except ValueError:
            return f"Type a whole number from {d.amount.min} to {d.amount.max}."
        if not d.amount.min <= amount <= d.amount.max:
            return f"The amount must be from {d.amount.min} to {d.amount.max}."
        return make_choice(d, amount=amount)
    if s.isdigit():
        n = int(s)
        if 1 <= n <= len(d.options):
            return make_choice(d, n - 1)
        return f"Choose a number from 1 to {len(d.options)}."
    if any(o.id == s for o in d.options):
        return make_choice(d, s)
    return f"{s!r} is not one of the options (? for help)."


def _grouped_answer(s: str, d: common_pb2.Decision,
                    groups: list[tuple[str, dict[int, str]]]) -> common_pb2.Choice | str:
    """'<number> <amount>' for options grouped by `amount_groups`."""
    parts = s.split()
    if not parts or not parts[0].isdigit() or not 1 <= int(parts[0]) <= len(groups):
        return f"Choose a number from 1 to {len(groups)}, then an amount (e.g. '1 1')."
    n = int(parts[0])
    amounts = groups[n - 1][1]
    lo, hi = min(amounts), max(amounts)
    if len(parts) != 2 or not parts[1].isdigit() or int(parts[1]) not in amounts:
        return f"Type {n} and an amount from {lo} to {hi} (e.g. '{n} {lo}')."
    return make_choice(d, amounts[int(parts[1])])
