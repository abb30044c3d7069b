"""The hint and the coach in French: on the named positions of tests/bots (test_hint,
test_coach), under ``i18n.use("fr")`` the hint's move and reasons, its plan, clock and weighing,
the coach's verdict on a costly move, its question before new tickets near the end (as the
table's Coach box puts it) and its after-game review (the lines and the Score tab's panel) hold
no English word (``testing.french.english_words``; the players are Ann, Bob and You) and read as
the French sentences below. The same calls outside ``use("fr")`` stay English (the English
wording itself: tests/bots/test_hint.py, test_coach.py, tests/widgets/test_coach_table.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ttr_widgets.bots.choice import Choice
from ttr_widgets.bots.coach import ask, hint, judge, review
from ttr_widgets.bots.expert import Searched
from ttr_widgets.bots.hint_words import played_on, weighing_sentence
from ttr_widgets.bots.hinting import Hint, weigh
from ttr_widgets.rules import i18n, load_map
from ttr_widgets.rules.actions import ClaimRoute, DrawBlind, DrawTickets, KeepTickets, PayTunnel
from ttr_widgets.rules.engine import apply
from ttr_widgets.rules.scenario import scenario
from ttr_widgets.rules.state import GameState
from ttr_widgets.testing.french import english_words
from ttr_widgets.testing.positions import (
    ayr_fife,
    far_ticket_near_the_end,
    late_position,
    one_card_short_near_the_end,
    play_out,
    spend_position,
    tunnel_position,
)
from ttr_widgets.widgets.table.answers import hint_answer
from ttr_widgets.widgets.table.coach import CoachBox
from ttr_widgets.widgets.table.review import ReviewPanel

MINI, USA = load_map("mini"), load_map("usa")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language(None)


def said(found: Hint) -> str:
    """Everything a hint says: the move, its reasons, the plan, the clock, the weighing."""
    return " ".join((found.reason, *found.sentences))


def kept_tickets_position() -> GameState:
    """Ann (8 trains) is offered Denver–El Paso, Boston–Miami and Vancouver–Montréal
    (tests/bots/test_hint.py: the hint keeps Denver–El Paso and says what the others need)."""
    state = scenario(USA, ["Ann", "Bob"], claimed={"usa-039": 0, "usa-050": 0},
                     tickets=[["usa-t12"], ["usa-t04"]],
                     ticket_pile=["usa-t01", "usa-t07", "usa-t27"], trains=[8, 30])
    return apply(state, DrawTickets())


def mini_tunnel_position() -> GameState:
    """Mini: Ann holds 3 green for the Bree–Eton tunnel (2 green), 3 cards turned up."""
    return scenario(MINI, ["Ann", "Bob"], hands=[{"green": 3}],
                    face_up=["red", "red", "blue", "blue", "yellow"], tickets=[["mini-t09"], []])


def near_the_end_for_tickets() -> GameState:
    """Bob is down to 5 trains: the coach asks before Ann draws tickets."""
    return scenario(USA, ["Ann", "Bob"], hands=[{"red": 3}], tickets=[["usa-t07"], ["usa-t28"]],
                    claimed={"usa-039": 0, "usa-050": 0}, trains=[20, 5])


@pytest.mark.parametrize(("position", "map_name", "deep"), [
    (ayr_fife, "mini", False), (mini_tunnel_position, "mini", False),
    (far_ticket_near_the_end, "usa", True), (one_card_short_near_the_end, "usa", True),
    (late_position, "usa", True), (kept_tickets_position, "usa", True),
    (lambda: tunnel_position(["eu-t22"]), "europe", True),
])
def test_the_hint_says_no_english_word_in_french(position, map_name, deep) -> None:
    state = position()
    with i18n.use("fr"):
        found = hint(state, deep=deep)
        text = said(found)
    assert english_words(text, map_name=map_name) == set(), text
    assert text != said(hint(state, deep=deep))  # and in English it is English again


def test_the_hint_button_answers_in_french() -> None:
    """The status line's answer (``answers.hint_answer``), frame and all."""
    with i18n.use("fr"):
        action, words = hint_answer(one_card_short_near_the_end())
    assert action == DrawBlind()
    assert words.startswith("Indice pour Ann : piocher une carte dans la pioche. Pourquoi : "
                            "aucune carte visible ne manque à votre plan (1 carte rouge) ; "
                            "dans la pioche, environ 1 carte sur 4 : l'une de celles-là ou une "
                            "locomotive. Votre plan : Denver–El Paso (4 points) ; ")
    assert "Horloge : Bob a 5 wagons : il reste sans doute environ 3 tours pour vous." in words
    assert english_words(words) == set(), words


def test_the_plan_and_the_clock_in_french() -> None:
    with i18n.use("fr"):
        found = hint(ayr_fife(), deep=False)
        why = found.sentences[0]  # worded when asked, in the language then
    assert found.action == ClaimRoute("m-01", "red", 0)
    assert found.what == "prendre Ayr–Bree (2, rouge) avec 2 rouges"
    assert found.plan == ("Votre plan : Ayr–Fife (8 points) ; encore à prendre, 2 routes "
                          "(4 wagons) : Bree–Eton (2, vert) et Ayr–Bree (2, rouge) ; il vous "
                          "manque encore 2 cartes vertes : environ 3 tours.")
    assert found.clock == ("Horloge : Bob a 12 wagons et vous 10 : il reste sans doute environ "
                           "6 tours pour vous.")
    assert found.why[0] == "elle sert Ayr–Fife (8 points)"
    assert why.startswith("Pourquoi : elle sert Ayr–Fife (8 points) ; ")


def test_a_tunnels_odds_and_kept_tickets_in_french() -> None:
    with i18n.use("fr"):
        tunnel = hint(mini_tunnel_position(), deep=False).reason
        kept = hint(kept_tickets_position()).reason
    assert ("comme tunnel, elle retourne 3 cartes : elle coûte plus avec une probabilité de "
            "56\u202f% (1 carte verte ou locomotive de plus 44\u202f%, 2 cartes vertes ou "
            "locomotives de plus 12\u202f%") in tunnel  # a narrow no-break space before %
    assert "votre main peut payer ce qui sera retourné avec une probabilité de 87\u202f%" \
        in tunnel
    assert kept == ("garder Denver–El Paso (4 points) : avec elle, toutes vos destinations "
                    "demandent 5 wagons sur vos 8 ; Boston–Miami (12 points) demanderait "
                    "12 wagons de plus : 17 en tout, plus que les 8 qui vous restent ; "
                    "Vancouver–Montréal (20 points) demanderait 20 wagons de plus : 25 en tout, "
                    "plus que les 8 qui vous restent")


def test_the_weighing_and_the_games_played_on_in_french() -> None:
    state = far_ticket_near_the_end()
    weighed = weigh(state)
    assert weighed is not None and weighed.now is not None
    claim = Choice(weighed.now, "claims what scores most now")
    found = Searched((claim, Choice(DrawBlind(), "draws")), (-30.0, -21.4), 16, 1)
    level = Searched((claim, Choice(DrawBlind(), "draws")), (-30.0, -27.0), 16, 0)
    with i18n.use("fr"):
        waits = weighing_sentence(state, DrawBlind(), weighed, found)
        figure = played_on(state, weighed.now, weighed, level)
    assert waits == (
        "Attendez plutôt que de prendre Salt Lake City–San Francisco (5, blanc) maintenant "
        f"(10 points), même si votre plan demande environ {weighed.needs.turns} tours et il "
        "reste sans doute environ 2 tours. Sur 16 parties jouées à partir d'ici, piocher a fini "
        "en moyenne environ 9 points au-dessus de prendre Salt Lake City–San Francisco "
        "(5, blanc) maintenant.")
    assert figure == (" Sur 16 parties jouées à partir d'ici, piocher des cartes a fini en "
                      "moyenne environ 3 points au-dessus : trop peu pour en être sûr sur si peu "
                      "de parties.")


def test_the_coachs_verdicts_in_french_after_english() -> None:
    """The verdict's figures are remembered, its words are not: asked in English first, then
    in French, the coach says it in French."""
    state = late_position()
    english = judge(state, DrawTickets())
    assert english is not None and english.sentence.startswith("Better to claim ")
    with i18n.use("fr"):
        french = judge(state, DrawTickets())
        tunnel = judge(tunnel_position(["eu-t22"]), PayTunnel(2))
        spent = judge(spend_position(), ClaimRoute("usa-016", "pink", 1))
    assert french is not None and tunnel is not None and spent is not None
    assert (french.cost, french.worse, french.better) == \
        (english.cost, english.worse, english.better)
    assert french.sentence.startswith("Mieux valait prendre Phoenix–Santa Fe (3, gris) avec "
                                      "3 rouges que piocher des cartes Destination, ce qui vous "
                                      f"a coûté environ {round(french.cost)} points ici (moins "
                                      f"bien dans {french.worse} des 8 parties jouées à partir "
                                      "d'ici) ; alors qu'il vous reste 6 wagons (et Bob 25), ")
    assert french.sentence.endswith("(il faut en garder une).")
    assert tunnel.sentence.endswith("payer prendrait 2 cartes dont votre plan a encore besoin, "
                                    "pour une route hors de votre plan qui rapporte 2 points.")
    assert spent.sentence.startswith("Charleston–Miami (4, rose) est hors de votre plan et "
                                     "dépense 1 carte dont votre plan a encore besoin, une "
                                     "locomotive : mieux valait prendre El Paso–Santa Fe "
                                     "(2, gris) avec 2 roses (dans ")
    for verdict, map_name in ((french, "usa"), (tunnel, "europe"), (spent, "usa")):
        assert english_words(verdict.sentence, map_name=map_name) == set(), verdict.sentence


def test_the_coachs_question_in_french() -> None:
    state = near_the_end_for_tickets()
    box = CoachBox(lambda: None)
    box.value = True
    with i18n.use("fr"):
        question = ask(state, DrawTickets())
        put = box.asks(state, DrawTickets())
    assert question == ("Piocher des cartes Destination alors qu'il reste 5 wagons à Bob : vous "
                        "êtes sûr ? Il vous reste peut-être environ 3 tours pour les réaliser, "
                        "et une destination gardée puis manquée coûte ses points.")
    assert put == f"Coach : {question} Refaites-le pour confirmer, ou jouez autre chose."
    assert ask(state, DrawTickets()).startswith("Drawing tickets with 5 trains left for Bob")


def test_the_review_in_french() -> None:
    """The review of tests/bots/test_coach.py: the costly ticket draw, the bad gamble, the
    score; and the Score tab's panel around it."""
    start = late_position()
    drawn = apply(start, DrawTickets())
    states, actions = play_out(drawn, KeepTickets(("usa-t27",)))
    states, actions = [start, *states], [DrawTickets(), *actions]
    panel = ReviewPanel()
    with i18n.use("fr"):
        found = review(states, actions, 0)
        lines = found.lines()
        panel.waiting()
        waiting = panel.text
        panel.show([("Ann", lines), ("Bob", ("…",))])
        shown = panel.text
    (gamble,) = found.gambles
    assert lines[0].startswith("Vos ") and " : " in lines[0] and " pour 4 routes" in lines[0]
    assert "−20 pour 1 destination manquée" in lines[0]
    assert lines[1] == "Votre coup le plus coûteux :"
    assert lines[2].startswith("Tour 1 : Mieux valait prendre ")
    assert lines[-1] == ("Vancouver–Montréal (20 points), gardée au tour 1 avec 6 wagons "
                         f"restants, a été réalisée dans {gamble.completed} des 16 parties "
                         "jouées à partir de là : un pari perdant qui vous a coûté 20 points.")
    assert waiting == "Analyse de votre partie…"
    assert shown.startswith("L'analyse de la partie de Ann par le coach")
    assert "L'analyse de la partie de Bob par le coach" in shown
    for line in (*lines, shown):
        assert english_words(line) == set(), line


def test_the_reviews_score_and_a_clean_game_in_french() -> None:
    start = scenario(MINI, ["You", "Bob"], hands=[{"red": 2}, {}])
    with i18n.use("fr"):
        lines = review([start], [], 0).lines()
    assert lines == ("Vos 8 points : 0 pour 0 route et 8 pour 2 gares non construites.",
                     "Le coach n'a trouvé aucun de vos coups qui coûte nettement plus que celui "
                     "de l'indice.")
