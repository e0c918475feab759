"""`POST /api/tutorials/{game}`: start a game's guided first game for a person.

The body is `{"nickname": ...}`; the answer (201) is the started table, the person's seat
and its token, as after joining a table: the browser keeps the token and opens the
table. Tutorials count against the same per-address limit as creating tables (429
`rate_limited` beyond). 404 `no_tutorial` for a game without one.
"""

from __future__ import annotations

from fastapi import Request
from pydantic import BaseModel, Field

from quintet.server.hub import Hub
from quintet.server.limits import charge
from quintet.server.schemas import JoinRequest, TableOut, invite, table_out
from quintet.server.tutorials import start_tutorial


class TutorialStarted(BaseModel):
    """A started tutorial table and the person's seat in it."""

    table: TableOut
    seat: int
    token: str = Field(description="The seat's secret, as `Joined.token`")
    invite: str


async def start_tutorial_route(game: str, body: JoinRequest, request: Request) -> TutorialStarted:
    """Create, join and start `game`'s tutorial: a practice table whose bots follow a script
    and wait for the person, with hints in the person's view (docs/server.md "Tutorials")."""
    hub: Hub = request.app.state.hub
    client = request.client.host if request.client is not None else "unknown"
    charge(request.app.state.create_limit, client, "tables")
    row, seat, token = await start_tutorial(hub, game, body.nickname)
    return TutorialStarted(
        table=table_out(await hub.info(row.id)), seat=seat, token=token, invite=invite(row.id)
    )
