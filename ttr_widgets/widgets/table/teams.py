"""Teams at a table (Team Asia rules, ``rules.teams``): each team's name and colours, written
once for the table, its start panel, the scorer and the explorer.

Teams are told apart by colour and name ("Blue team: Ann & Cleo"); teammates' trains are two
shades of their team's colour. Team ``t`` is seats ``2t`` and ``2t + 1`` (``rules.teams``), so
a seat's colour is its team's shade for its place in the team.
"""

from __future__ import annotations

from collections.abc import Sequence

from ttr_widgets.rules.i18n import N_, _
from ttr_widgets.rules.state import GameState
from ttr_widgets.widgets.style import DEFAULT_PLAYER_COLORS

__all__ = [
    "TEAM_COLORS",
    "TEAM_NAMES",
    "pair_colors",
    "seat_colors",
    "table_colors",
    "team_label",
    "team_title",
]

TEAM_NAMES = ("Blue", "Red", "Green")  #: each team's name, by its colour
#: each team's two shades: its first player's (dark), its second's (light)
_TEAM_LABELS = (N_("Blue team"), N_("Red team"), N_("Green team"))  #: by ``TEAM_NAMES``
TEAM_COLORS = (("#1f4e9c", "#6b9be6"), ("#b3261e", "#ec8a84"), ("#1d7a36", "#71c98a"))


def team_label(team: int) -> str:
    """'Blue team' (French 'Équipe bleue')."""
    return _(_TEAM_LABELS[team])


def team_title(team: int, names: Sequence[str]) -> str:
    """'Blue team: Ann & Cleo'."""
    return _("{team}: {players}").format(team=team_label(team), players=" & ".join(names))


def seat_colors(players: int) -> tuple[str, ...]:
    """The colour of each seat of a team game of ``players`` (teams seated one after the
    other)."""
    return tuple(TEAM_COLORS[seat // 2][seat % 2] for seat in range(players))


def pair_colors(players: int, pairs: Sequence[Sequence[int]]) -> tuple[str, ...]:
    """Each player's colour when ``pairs`` (indices of the players) are the teams, in order:
    a finished game's position may list its players in any order."""
    colors = [DEFAULT_PLAYER_COLORS[i % len(DEFAULT_PLAYER_COLORS)] for i in range(players)]
    for team, pair in enumerate(pairs):
        for shade, player in enumerate(pair):
            colors[player] = TEAM_COLORS[team][shade]
    return tuple(colors)


def table_colors(state: GameState, players: int | None = None) -> tuple[str, ...]:
    """The players' colours on a table's board (for ``players`` seats, default the game's):
    teammates in their team's two shades, else one colour a player."""
    n = len(state.players) if players is None else players
    return seat_colors(n) if state.teams else tuple(DEFAULT_PLAYER_COLORS[:n])
