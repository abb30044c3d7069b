"""What crosses the wire between a table and its clients (pages' kernels, bots, watchers), as
JSON objects with a ``type``; ``read_client`` checks a client's message and names what is wrong
in one line (``ProtocolError``).

A client says ``hello`` (its seat's key, if it has one, and a name to sit down with, or
``watch``; the language it reads the table's moves in, ``lang``), then ``act`` (an action,
with the number of the last event it has seen: an action against an older table is stale)
or ``hand_to_bot`` (leave the seat to a bot for good), or ``lang`` (the reader's language
changed: the table tells it every event again, each move in the new language, then its view).
The table answers ``welcome`` (the
seat, its key, the table), then sends every ``event`` and after each the client's ``view``
(its seat's view, ``rules.view``, as a ``rules.snapshot``), and to the one who sent a refused
action ``refused`` (the sentence, the rule, whether it was stale, and its code and arguments,
``say`` and ``args``, that the client words: ``tables.telling``); an ``error`` (its sentence,
code and arguments) ends the connection.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ttr_widgets.rules.actions import Action, action_from_dict
from ttr_widgets.rules.i18n import choose

__all__ = ["API", "GAMES", "Act", "Hello", "Lang", "ProtocolError", "read_client"]

API = "ttr/api/tables"  #: the table service's path under the server's base address
GAMES = "ttr/api/games"  #: where pages keep the games played at one screen


class ProtocolError(ValueError):
    """A malformed message: one line naming the field."""


@dataclass(frozen=True, slots=True)
class Hello:
    key: str | None = None
    name: str | None = None
    watch: bool = False
    lang: str = "en"  #: the language the client reads the table's moves in


@dataclass(frozen=True, slots=True)
class Act:
    seq: int
    action: Action


@dataclass(frozen=True, slots=True)
class HandToBot:
    pass


@dataclass(frozen=True, slots=True)
class Ping:
    pass


@dataclass(frozen=True, slots=True)
class Lang:
    lang: str = "en"  #: the language the client reads the table's moves in from now on


ClientMessage = Hello | Act | HandToBot | Ping | Lang


def read_client(data: Any) -> ClientMessage:
    """The message a client sent; ``ProtocolError`` naming the field when it is malformed."""
    if not isinstance(data, dict):
        raise ProtocolError("message: expected a JSON object with a 'type'")
    kind = data.get("type")
    if kind == "hello":
        key, name, watch = data.get("key"), data.get("name"), data.get("watch", False)
        for field, value in (("key", key), ("name", name)):
            if value is not None and (not isinstance(value, str) or len(value) > 100):
                raise ProtocolError(f"{field}: expected a short string or null")
        if not isinstance(watch, bool):
            raise ProtocolError("watch: expected true or false")
        return Hello(key or None, name, watch, _lang(data))
    if kind == "act":
        seq = data.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise ProtocolError("seq: expected the number of the last event seen")
        try:
            action = action_from_dict(data.get("action"))
        except ValueError as exc:
            raise ProtocolError(f"action.{exc}") from None
        return Act(seq, action)
    if kind == "hand_to_bot":
        return HandToBot()
    if kind == "ping":
        return Ping()
    if kind == "lang":
        return Lang(_lang(data))
    raise ProtocolError(f"type: expected hello, act, hand_to_bot, lang or ping, not {kind!r}")


def _lang(data: dict[str, Any]) -> str:
    """The language a client reads the table's moves in (one the kit speaks; else English)."""
    lang = data.get("lang") or "en"
    if not isinstance(lang, str) or len(lang) > 35:
        raise ProtocolError("lang: expected a language's tag, like fr, or null")
    return choose([lang])
