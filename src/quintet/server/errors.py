"""Every error code the server sends, over HTTP and over WebSockets, in one enum.

A code is a stable string clients may branch on; the message beside it is for people.
The hub raises `HubError` with a code and never chooses an HTTP status: the API maps
codes to statuses in one table (`api.STATUS`), and the WebSocket sends them in `error`
messages. The rules core has its own codes (`game/unknown`, `options/invalid`,
`action/...`); a refusal by the rules keeps the core's code (`HubError.from_rule`).
"""

from __future__ import annotations

from enum import StrEnum

from quintet.core import RuleError
from quintet.core.errors import quoted

__all__ = ["ErrorCode", "HubError", "quoted"]


class ErrorCode(StrEnum):
    """What was wrong with what the client sent or did (the wire value is the string)."""

    # Messages on the WebSocket.
    BAD_JSON = "bad_json"  # not JSON, or not a JSON object
    UNKNOWN_TYPE = "unknown_type"  # no "type", or one the server does not know
    BAD_VERSION = "bad_version"  # "v" missing or not 1
    BAD_MESSAGE = "bad_message"  # a known type with missing, extra or wrong fields
    TOO_BIG = "too_big"  # longer than the limit; dropped unread (HTTP: 413)
    RATE_LIMITED = "rate_limited"  # over a rate limit; dropped unread (HTTP: 429)
    BAD_ORIGIN = "bad_origin"  # the page's Origin is not allowed (then close 4003)
    SPECTATOR = "spectator"  # a spectator sent an action
    NOT_STARTED = "not_started"  # an action before the table started
    STOPPED = "stopped"  # the table stopped (server shutting down or storage failed)
    TOO_SLOW = "too_slow"  # the client did not read its messages; closed
    TOO_MANY = "too_many_connections"  # the seat (or the table's spectators) has its fill
    # Tokens: a seat's secret.
    NO_TOKEN = "no_token"  # the request needs 'Authorization: Bearer <seat token>'
    BAD_TOKEN = "bad_token"  # the token fits no seat of this table (WebSocket: close 4001)
    # Player keys and ratings (server/ratings.py).
    BAD_PLAYER_KEY = "player_key/malformed"  # not a key as POST /api/players gives one
    UNKNOWN_PLAYER_KEY = "player_key/unknown"  # X-Player-Key fits no player (forged or foreign)
    KEY_SEATED = "player_key/seated"  # the key holds another seat of this rated table
    NO_PLAYER = "no_player"  # no player with that key_id
    # The lobby.
    NO_TABLE = "no_table"  # no such table (WebSocket: close 4004)
    NO_SEAT = "no_seat"  # the table has no seat with that number
    SEAT_IS_BOT = "seat_is_bot"  # a bot's seat cannot be joined
    SEAT_TAKEN = "seat_taken"  # someone else has the seat
    SEAT_HELD = "seat_held"  # kept a while for its player from the finished table (again)
    SEATS_OPEN = "seats_open"  # a table starts once every human seat is taken
    NOT_OPEN = "not_open"  # the table has started (or ended): no joining, no starting
    NOT_RUNNING = "not_running"  # the request needs a running game
    NOT_FINISHED = "not_finished"  # results and replays wait for the end
    NOT_PRACTICE = "not_practice"  # hints only at practice tables
    NO_TUTORIAL = "no_tutorial"  # the game has no tutorial
    CANNOT_ACT = "cannot_act"  # the seat has no action to take now (nothing to sample)
    BAD_NICKNAME = "bad_nickname"  # not 1 to 24 printable characters
    BAD_REQUEST = "bad_request"  # an HTTP request with missing, extra or wrong fields
    BAD_VIEWER = "bad_viewer"  # a replay viewer is a seat number or "spectator"
    BOT_UNKNOWN = "bot/unknown"  # the game has no bot of that level
    SEAT_INVALID = "seat/invalid"  # a seat is {"kind": "human"} or {"kind": "bot", "level"}
    NOT_FOUND = "not_found"  # no such page or route
    BAD_METHOD = "method_not_allowed"  # the route takes other methods
    # The server.
    STORAGE_FAILED = "storage_failed"  # the database failed; nothing was changed
    SERVER_ERROR = "server_error"  # the server failed (a bug); nothing was changed
    CLUSTER_UNAVAILABLE = "cluster_unavailable"  # the cluster's Redis or the owner is away


class HubError(Exception):
    """A request the server refuses: a stable code and a plain message naming the rule."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code: str = code
        self.message = message

    @classmethod
    def from_rule(cls, error: RuleError) -> HubError:
        """The rules' refusal, under the core's own code (e.g. "options/invalid")."""
        refused = cls(ErrorCode.SERVER_ERROR, error.message)
        refused.code = error.code
        return refused
