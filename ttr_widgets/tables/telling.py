"""What a shared table says, in its reader's language: its events and its refusals.

A table's record keeps data, not sentences: an ``Event`` a reader receives (``Event.public``)
has its ``kind`` and the names it is about (``words``: the table, the map, the seats, the
person, the bot); ``event_words`` makes its sentence where it is read, in the language now
(``rules.i18n``): the pages at a shared table, the Tables page, the teacher's room and
``ttr table watch``. A move's sentence is the rules core's own (``GameState.last_event``); the
table tells it in the language its client asked for in its hello (``Table.move_words``).
An event kept before its words were (an old table's) reads as its ``text``.

A refusal or an error a person may see travels as a code and its arguments (``say``,
``args``) beside its English ``text``: ``saying`` makes that English (the one sentence a table
error carries, for logs and programs), ``said`` the reader's sentence from it (a sentence
without a code, a rule's refusal, is shown as it came: the table tells it in the language its
client said hello in, ``Table.retold``, as it tells the last move of a client's view).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ttr_widgets.rules.events import told
from ttr_widgets.rules.i18n import N_, _, ngettext, use
from ttr_widgets.rules.words import map_title

__all__ = ["PUBLIC_WORDS", "SAYINGS", "english", "event_words", "said", "saying",
           "status_words"]

#: the data of an event every reader may know (not a seat's key, not a move's action)
PUBLIC_WORDS = ("table", "map", "seats", "name", "bot")

#: the bots a table seats, in words (the same words as a seat's kind on the play app)
_BOTS = {"random": N_("random bot"), "greedy": N_("greedy bot"), "strong": N_("strong bot")}

#: a table's refusals and errors by code: each one's English template (translated where shown)
SAYINGS: dict[str, str] = {
    "paused": N_("The teacher has paused this table."),
    "ended": N_("The teacher has ended this game; nothing more can be played."),
    "game-over": N_("The game is over; nothing more can be played."),
    "waiting": N_("The game starts when every seat is taken ({status})."),
    "turn": N_("It is {name}'s turn; wait for it to play."),
    "watching": N_("You are watching this table: only players move."),
    "watching-hand": N_("You are watching: you have no seat to hand over."),
    "here-already": N_("You are already at this table."),
    "unkept-move": N_("Your move was not played: the table's records cannot be reached just "
                      "now. Try it again in a moment."),
    "no-name": N_("name: a player needs a name"),
    "name-needed": N_("name: a name is needed to take a seat (or watch)"),
    "bot-already": N_("seat {n} is already played by a bot"),
    "no-table": N_("table: there is no table '{table}' here"),
    "no-seat-key": N_("seat key: this key plays no seat at table {table}"),
    "full": N_("table: every seat of {table} is taken"),
    "not-over": N_("table: {table} is not over yet; its record would show every hand and the "
                   "pile"),
    "over-already": N_("table: {table} is over already"),
    "paused-already": N_("table: {table} is paused already"),
    "not-paused": N_("table: {table} is not paused"),
    "unjoinable": N_("The table cannot be joined just now: its records cannot be reached. Try "
                     "again in a moment."),
    "busy": N_("The table cannot be joined just now; try again in a moment."),
    "unmade": N_("The table cannot be made just now: its records cannot be reached. Try again "
                 "in a moment."),
    "map": N_("map: expected one of {maps}, not '{map}'"),
    "table-name": N_("name: '{table}' is not a table name (a word and a number, like maple-7)"),
    "name-taken": N_("name: there is already a table {table}"),
    "takeover": N_("takeover: expected seconds ≥ 0"),
    "bots": N_("bots: '{bot}' is not a bot that can sit at a table ({bots})"),
    # a table service under JupyterHub (``tables.hub_auth``)
    "hub-refused": N_("Only this hub's users may use these tables: the request carried no token "
                      "the hub knows, or one that may not access the {service} service."),
    "hub-answered": N_("The hub could not be asked who you are (it answered {code}); try again "
                       "in a moment."),
    "hub-unreachable": N_("The hub could not be asked who you are ({reason}); try again in a "
                          "moment."),
    "hub-not-json": N_("The hub could not be asked who you are (its answer was not JSON); try "
                       "again in a moment."),
    # a lesson page's report of its student's progress (``tables.progress``)
    "report-body": N_("body: expected a JSON object"),
    "report-field": N_("{field}: not part of a lesson's report ({known})"),
    "report-student": N_("student: expected the student's name"),
    "report-long-name": N_("student: a name has at most {n} characters"),
    "report-lesson": N_("lesson: expected the lesson's notebook name, like 02-Drawing-Cards"),
    "report-kind": N_("kind: expected one of {kinds}"),
    "report-quiz": N_("quiz: expected the quiz's question (at most {n} characters)"),
    "report-right": N_("right: expected true or false"),
    "report-no-quiz": N_("quiz: only an answer names a quiz, not '{kind}'"),
    "report-seat": N_("seat: no seat of this server's tables has this key"),
    "report-unkept": N_("the teacher's table service cannot keep progress just now ({error})"),
}


_WAITING = re.compile(r"waiting for (\d+) players?")


def status_words(status: str) -> str:
    """A table's state as the service names it ('waiting for 2 players', 'playing', 'over')
    in the reader's language (the pages' and ``ttr table list``'s words); a state not known
    here is shown as it is."""
    waiting = _WAITING.fullmatch(status)
    if waiting:
        n = int(waiting[1])
        return ngettext("waiting for {n} player", "waiting for {n} players", n).format(n=n)
    return {"playing": _("playing"), "over": _("over")}.get(status, status)


def event_words(event: Mapping[str, Any]) -> str:
    """The sentence of a table's event (``Event.public``'s dict) in the language now; an event
    without the words to make it (kept before they were) reads as its ``text``."""
    kind, words = event.get("kind"), event.get("words") or {}
    try:
        return _WORDING[kind](event, words) if kind in _WORDING else str(event.get("text", ""))
    except KeyError:
        return str(event.get("text", ""))


def english(event: Mapping[str, Any]) -> str:
    """An event's sentence in English: the ``text`` its record keeps."""
    with use("en"):
        return event_words(event)


def _created(event: Mapping[str, Any], words: Mapping[str, Any]) -> str:
    n = int(words["seats"])
    return ngettext("The table {table} is set: the {map} map, {n} seat.",
                    "The table {table} is set: the {map} map, {n} seats.", n).format(
        table=words["table"], map=map_title(words["map"]), n=n)


def _joined(event: Mapping[str, Any], words: Mapping[str, Any]) -> str:
    return told(words["name"], _("You take seat {n}."), _("{name} takes seat {n}."),
                n=int(event["seat"]) + 1)


def _handed(event: Mapping[str, Any], words: Mapping[str, Any]) -> str:
    bot = _BOTS.get(words["bot"])
    bot = _(bot) if bot is not None else _("{words} bot").format(words=words["bot"])
    return told(words["name"], _("You hand your seat to the {bot} for the rest of the game."),
                _("{name} hands their seat to the {bot} for the rest of the game."), bot=bot)


def _away(event: Mapping[str, Any], words: Mapping[str, Any]) -> str:
    return told(words["name"],
                _("You are away: the table's bot plays your seat until you are back."),
                _("{name} is away: the table's bot plays {name}'s seat until {name} is back."))


def _returned(event: Mapping[str, Any], words: Mapping[str, Any]) -> str:
    return told(words["name"], _("You are back and play on."), _("{name} is back and plays on."))


def _teacher(sentence: str) -> Any:
    return lambda event, words: _(sentence)


_WORDING = {"created": _created, "joined": _joined, "handed": _handed, "away": _away,
            "returned": _returned, "paused": _teacher(SAYINGS["paused"]),
            "resumed": _teacher(N_("The teacher lets the table play on.")),
            "ended": _teacher(SAYINGS["ended"])}


def saying(say: str, **args: Any) -> str:
    """A refusal's or an error's English sentence, from its code and arguments."""
    with use("en"):
        return said({"say": say, "args": args})


def said(message: Mapping[str, Any]) -> str:
    """What a table's refusal or error (``{"say": code, "args": {...}, "text": ...}``) says, in
    the language now; one without a code known here says its ``text``."""
    say, args = message.get("say") or "", dict(message.get("args") or {})
    if say == "stale":
        n = int(args["n"])
        return ngettext("The table moved on since your click ({n} change): here it is now; try "
                        "again if your move still fits.",
                        "The table moved on since your click ({n} changes): here it is now; try "
                        "again if your move still fits.", n).format(n=n)
    if say not in SAYINGS:
        return str(message.get("text") or "")  # a missing or empty text says nothing
    if say == "waiting":
        args["status"] = status_words(str(args["status"]))
    if say == "turn":
        return told(str(args["name"]), _("It is your turn; wait for it to play."),
                    _(SAYINGS["turn"]))
    return _(SAYINGS[say]).format(**args)
