"""The table client on its own: what it does when its connection drops under it."""

from __future__ import annotations

from tornado.websocket import WebSocketClosedError

from ttr_widgets.rules.actions import DrawBlind
from ttr_widgets.tables.client import Link, TableClient
from ttr_widgets.testing.table_service import run_apart


class _DroppedSocket:
    """A websocket whose server went away: every write raises, as tornado's does."""

    def __init__(self) -> None:
        self.writes = 0

    async def write_message(self, _message: str) -> None:
        self.writes += 1
        raise WebSocketClosedError()


def test_a_move_sent_as_the_connection_drops_is_lost_not_a_crash() -> None:
    """A bot that waited out its pace while the server stopped sends its move into a closed
    socket: the move is lost (the reconnection's welcome makes the seat decide again), and the
    client goes on instead of ending its process with a traceback (the seat left empty, the
    game stalled until the takeover time)."""
    client = TableClient(Link("http://127.0.0.1:9/", "t1"), name="Ann")
    socket = _DroppedSocket()
    client._socket = socket  # the connection as it was when the move was decided
    run_apart(client.act(DrawBlind()))
    run_apart(client.hand_to_bot())
    assert socket.writes == 2
