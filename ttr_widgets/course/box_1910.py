"""Lesson 11's tables and questions (the USA 1910 box), built from the rules core.

``ways_to_play_table()`` shows the box's four ways to play as the core plays them: each
variant's title, its deck, its deal and draw, its bonuses (``variants.VARIANTS`` and
``ticket_rules``). ``reprints_table()`` shows the tickets the 1910 print values differently
from the 2004 box (``variant_board``). ``BOX_QUIZZES`` are the lesson's questions, as
``lesson_page.Quiz`` takes them with the lesson's try-it (``Quiz(**BOX_QUIZZES[name],
try_it=try_it)``), each with the rules its "why?" opens and the position it shows.
"""

from __future__ import annotations

import ipywidgets as widgets

from ttr_widgets.rules.i18n import N_
from ttr_widgets.rules.maps import load_map
from ttr_widgets.rules.model import Board
from ttr_widgets.rules.state import Options
from ttr_widgets.rules.variants import VARIANTS, ticket_rules, variant_board
from ttr_widgets.rules.words import bonus_name, count
from ttr_widgets.widgets.plots.lab_plots import table

__all__ = ["BOX_QUIZZES", "BOX_VARIANTS", "reprints", "reprints_table", "ways_to_play",
           "ways_to_play_table"]

#: The box's four ways to play, in the variant table's order.
BOX_VARIANTS: tuple[str, ...] = tuple(name for name, v in VARIANTS.items() if v.map == "usa")


def _title(variant: str) -> str:
    return VARIANTS[variant].title


def ways_to_play(board: Board | None = None) -> tuple[tuple[str, ...], ...]:
    """A row per way to play: its title, its deck, the deal at setup, a ticket draw, and
    whether it scores the bonus for the longest trail and the Globetrotter."""
    usa = load_map("usa") if board is None else board
    rows = []
    for name in BOX_VARIANTS:
        rules = ticket_rules(usa, Options(variant=name))
        rows.append((
            _title(name), count(len(rules.regular_tickets), "ticket"),
            f"{rules.deal_regular}, keep at least {rules.keep_setup}",
            f"{rules.draw}, keep at least {rules.draw_keep}",
            "yes" if rules.longest_bonus else "no", "yes" if rules.globetrotter else "no"))
    return tuple(rows)


def ways_to_play_table() -> widgets.HTML:
    """``ways_to_play`` as a table."""
    usa = load_map("usa")
    return table(["way to play", "deck", "dealt at setup", "a ticket draw",
                  f"{bonus_name(usa.rules)} ({usa.rules.longest_bonus})",
                  f"Globetrotter ({usa.rules.globetrotter_bonus})"], ways_to_play(usa))


def reprints() -> tuple[tuple[str, int, int], ...]:
    """The tickets the 1910 box prints at another value: (the two cities, 2004, 1910)."""
    usa = load_map("usa")
    printed = variant_board(usa, Options(variant="usa-classic"))
    return tuple((t.cities_label, t.points, printed.ticket(t.id).points) for t in usa.tickets
                 if printed.ticket(t.id).points != t.points)


def reprints_table() -> widgets.HTML:
    """``reprints`` as a table."""
    return table(["ticket", "2004 box", "1910 box"], reprints())


_BIG = _title("usa-big-cities")

#: The lesson's questions (``Quiz(**BOX_QUIZZES[name], try_it=try_it)``), each with its "why?"
#: rules and the position of the lesson's try-it it shows; their sentences in the catalogue
#: (``N_``; "Mega Game" named as the lesson's prompts name it), but the "no-bonus" question's,
#: whose options are the variants' titles (not yet in the catalogue).
BOX_QUIZZES: dict[str, dict[str, object]] = {
    "mega-keep": {
        "question": N_("The Mega Game deals you 5 tickets. How many must you keep, at least?"),
        "options": ["1", "2", "3", N_("All 5")],
        "answer": "3",
        "explanation": N_("5 dealt, keep at least 3 (or 4, or all 5); a ticket draw later "
                          "shows 4, of which you keep at least 1."),
        "rules": ("variant.usa-mega",),
        "practice": "mega-too-few",
    },
    "globetrotter": {
        "question": N_("Ann completed 3 tickets worth 13 points in all; Ben completed 2 worth "
                       "24. Who scores the Globetrotter?"),
        "options": ["Ann", "Ben", N_("Both"), N_("Nobody")],
        "answer": "Ann",
        "explanation": N_("The Globetrotter counts the tickets completed, not their points: 3 "
                          "beats 2."),
        "rules": ("score.globetrotter",),
        "practice": "globetrotter",
    },
    "globetrotter-tie": {
        "question": N_("Ann and Ben both completed 2 tickets, more than anyone else. Who "
                       "scores the Globetrotter?"),
        "options": [N_("Ann and Ben, 15 each"), N_("Whoever has more ticket points"),
                    N_("Nobody: it is a tie"), N_("Ann and Ben, 7 each")],
        "answer": N_("Ann and Ben, 15 each"),
        "explanation": N_("Every player tied for the most completed tickets scores the whole "
                          "15."),
        "rules": ("score.globetrotter",),
        "practice": "globetrotter-tie",
    },
    "no-bonus": {
        "question": "Which way to play scores no bonus at the end, unless the table agrees to "
                    "add the one for the longest trail?",
        "options": [_title(name) for name in BOX_VARIANTS],
        "answer": _BIG,
        "explanation": f"{_BIG} scores neither bonus as the kit plays it; accounts of the box "
                       "differ, so the game's options can turn the bonus for the longest trail "
                       "on.",
        "rules": ("variant.usa-big-cities",),
        "practice": "big-cities",
    },
    "reprint": {
        "question": N_("In a Mega Game you complete Los Angeles–New York. What does it "
                       "score?"),
        "options": [N_("21 points"), N_("20 points"), N_("19 points")],
        "answer": N_("20 points"),
        "explanation": N_("The 1910 box reprints it at 20 (21 in the 2004 box); every way to "
                          "play of the box uses its cards."),
        "rules": ("tickets.reprints",),
        "practice": "reprint",
    },
}
