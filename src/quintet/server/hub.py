"""The hub: the store, the running tables and the connections watching them.

It holds the lobby logic the HTTP API calls (create, join, start), hands connections
to the right table, and rebuilds running tables from the store: all of them at start-up,
and any that stopped (a storage failure) when someone connects again.

Games are used only through the core's registry: there is no game-specific code here.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import time
import weakref
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Final

from quintet.core import Input, JSONDict, RuleError, registry
from quintet.server.checks import (
    HELD,
    SEED_CHOSEN,
    SEED_RANGE,
    check_nickname,
    check_table_id,
    held_until,
    hint_level,
    list_seats,
    seat_for_token,
    strict_options,
)
from quintet.server.errors import ErrorCode, HubError, quoted
from quintet.server.idle import Presence, every_tenth_of
from quintet.server.limits import RateLimit
from quintet.server.lobby import (
    Lobby,
    SeatSpec,
    lobby_changed,
    lobby_seats,
    lobby_welcome,
    seat_rows,
    with_claim,
)
from quintet.server.messages import Watcher, game_over_text
from quintet.server.protocol import CloseCode, SeatInfo, encode, error_text
from quintet.server.ratings import is_rated
from quintet.server.runner import TableRunner
from quintet.server.sample import sample_action
from quintet.server.settings import Settings
from quintet.server.storage import (
    NewTable,
    Storage,
    StorageError,
    TableRow,
    hash_token,
    new_table_id,
)

if TYPE_CHECKING:  # loaded only in a cluster (server/cluster/)
    from quintet.server.cluster.node import Cluster

log = logging.getLogger(__name__)

#: Created rows a hub keeps for joins (`Hub._created`); the oldest go first.
MAX_CREATED: Final = 4096


@dataclass(frozen=True)
class TableInfo:
    """A table as the API shows it."""

    row: TableRow
    status: str
    seats: list[SeatInfo]
    seq: int


class Hub:
    """Everything live on this server. One per app; built in the app's lifespan."""

    def __init__(
        self, store: Storage, settings: Settings, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self.runners: dict[str, TableRunner] = {}
        #: Tables not started yet that have connections waiting.
        self.lobby: dict[str, Lobby] = {}
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        #: Open WebSocket connections per (table, seat); seat None: the spectators.
        self._connections: Counter[tuple[str, int | None]] = Counter()
        #: Whether each table's people are connected, and since when not (server/idle.py).
        self.presence = Presence(clock)
        #: The message rate of each seat, all its connections together (a seat may have
        #: `max_seat_connections`; a bucket per connection would multiply its rate).
        self.seat_messages = RateLimit(settings.rate_per_second * 60, settings.rate_burst)
        #: The rows of the open tables this process created, as created: what a join checks
        #: first (see `_join_checks`), so a join needs no read; gone once the table starts.
        self._created: dict[str, TableRow] = {}
        #: With `--redis`: this process's part in a cluster, where a table may live on
        #: another process (server/cluster/node.py). None: this server runs alone.
        self.cluster: Cluster | None = None

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock that serialises starting, loading and linking this table."""
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    # ---------------------------------------------------------------- life cycle

    async def resume(self) -> int:
        """Rebuild and start every running table from its stored inputs; returns how many.

        A table whose inputs no longer replay is marked "aborted" (logged), not retried.
        """
        count = 0
        for row in await self.store.unfinished():
            try:
                async with self.lock(row.id):
                    await self._load(row)
                count += 1
            except RuleError as error:
                log.error("table %s does not replay (%s); it is aborted", row.id, error)
                await self.store.set_status(row.id, "aborted", finished_at=datetime.now(UTC))
            except Exception:
                log.exception("table %s could not be resumed", row.id)
        return count

    async def expire_open(self) -> list[str]:
        """Delete the open tables nobody has joined for `open_table_ttl_s`; their waiting
        connections are told and closed. Returns the ids."""
        ttl = self.settings.open_table_ttl_s
        if not ttl:
            return []
        expired = await self.store.expire_open(datetime.now(UTC) - timedelta(seconds=ttl))
        for table_id in expired:
            self._created.pop(table_id, None)
            waiting = self.lobby.pop(table_id, None)
            for watcher in [] if waiting is None else waiting.watchers:
                watcher.close(
                    CloseCode.GOING_AWAY, f"table {table_id} expired: nobody joined for {ttl:g} s"
                )
        if expired:
            log.info("%d open table(s) expired", len(expired))
        return expired

    async def expire_forever(self) -> None:
        """`expire_open` every tenth of the open-table TTL until cancelled."""
        await every_tenth_of(
            self.settings.open_table_ttl_s, self.expire_open, "expiring open tables"
        )

    async def close(self) -> None:
        """Stop every runner (their tables resume on the next start)."""
        runners = list(self.runners.values())
        self.runners.clear()
        for runner in runners:
            await runner.stop()

    async def _load(self, row: TableRow) -> TableRunner:
        """Rebuild a running table from the store and start it (call under its lock)."""
        history = await self.store.inputs(row.id)
        runner = self._runner(row, history)
        self.runners[row.id] = runner
        self.presence.loaded(row.id)
        runner.start()
        log.info("table %s (%s) resumed at input %d", row.id, row.game, runner.seq)
        return runner

    def _runner(self, row: TableRow, history: Sequence[Input] = ()) -> TableRunner:
        zombie = row.settings.get("zombie_after_s", self.settings.zombie_after_s)
        return TableRunner(
            row,
            self.store,
            history,
            bot_pace=self.settings.bot_pace,
            zombie_after_s=float(zombie),
            presence_grace_s=self.settings.presence_grace_s,
            clock=self.clock,
            on_end=self._ended,
        )

    def _ended(self, runner: TableRunner) -> None:
        # A finished table stays while connections watch it (to tell them of a next
        # table); a stopped one goes, to be rebuilt from the store.
        if self.runners.get(runner.table_id) is runner and (
            runner.status != "finished" or not runner.watchers
        ):
            del self.runners[runner.table_id]

    def tell_finished(self, table_id: str, text: str, *, here_only: bool = False) -> None:
        """Send `text` to every connection watching this finished table: here, and in a
        cluster on every other process too (`here_only`: another process asked)."""
        runner = self.runners.get(table_id)
        if runner is not None and runner.status == "finished":
            for watcher in list(runner.watchers):
                watcher.send(text)
        if self.cluster is not None and not here_only:
            self.cluster.tell(table_id, text)

    # -------------------------------------------------------------------- lobby

    async def create_table(
        self,
        game: str,
        options: JSONDict,
        seats: Sequence[SeatSpec],
        seed: int | None = None,
        zombie_after_s: float | None = None,
        *,
        practice: bool = False,
        tutorial: bool = False,
        extra_settings: JSONDict | None = None,
    ) -> TableRow:
        """Check everything with the game's own rules, then store a new open table
        (`extra_settings` are stored with it from the start, e.g. the seats a next table
        keeps for its people).

        Raises `HubError` naming the game, option, seat or level that is wrong.
        """
        try:
            found = registry.entry(game)
        except RuleError as error:
            raise HubError.from_rule(error) from None
        rules = found.game
        rows = seat_rows(found, seats, test_bots=self.settings.test_bots)
        chosen = seed is not None
        if seed is None:
            # Drawn here and told to nobody before the end: whoever knows the seed knows
            # every hand.
            seed = secrets.randbelow(SEED_RANGE)
        try:
            strict_options(rules.options_model, options)
            parsed = rules.parse_options(options)
            rules.new(seed, len(rows), parsed)
        except RuleError as error:
            raise HubError.from_rule(error) from None
        table_settings: JSONDict = {}
        if chosen:
            table_settings[SEED_CHOSEN] = True
        if zombie_after_s is not None:
            table_settings["zombie_after_s"] = zombie_after_s
        if practice:
            table_settings["practice"] = True
        if tutorial:  # its bots follow the game's tutorial script (server/tutorials.py)
            table_settings["tutorial"] = True
        table_settings.update(extra_settings or {})
        new = NewTable(
            id=new_table_id(),
            game=game,
            options=parsed.to_json(),
            seed=seed,
            seats=tuple(rows),
            settings=table_settings,
            created_at=datetime.now(UTC),
        )
        await self.store.create_table(new)
        if self.cluster is not None:
            await self.cluster.created(new.id)
        # The row as stored, without reading it back (what a read would give).
        row = TableRow(
            id=new.id,
            game=new.game,
            options=new.options,
            seed=new.seed,
            players=len(new.seats),
            status="open",
            settings=new.settings,
            created_at=datetime.now(UTC) if new.created_at is None else new.created_at,
            started_at=None,
            finished_at=None,
            result=None,
            seats=new.seats,
        )
        if len(self._created) >= MAX_CREATED:
            del self._created[next(iter(self._created))]  # the oldest
        self._created[row.id] = row
        return row

    async def row(self, table_id: str) -> TableRow:
        """The stored table; raises `HubError` no_table."""
        check_table_id(table_id)
        row = await self.store.table(table_id)
        if row is None:
            raise HubError(ErrorCode.NO_TABLE, f"there is no table {quoted(table_id)}")
        return row

    async def join(
        self,
        table_id: str,
        seat: int,
        nickname: str,
        *,
        held_ok: bool = False,
        token: str | None = None,
        key_id: str | None = None,
    ) -> str:
        """Claim a human seat under a nickname; returns the seat's secret token. A seat a
        next table keeps for its player (`held_until`) is taken only with `held_ok` (by
        that player playing again, who also brings the seat's `token`: see `again.py`).
        With the player key `key_id` the seat is linked to it in the claim's transaction;
        at a rated table a key takes one seat (rating farming: one person in several
        seats against one bot).

        Raises `HubError`: no_table, no_seat, seat_is_bot, seat_taken, seat_held, not_open
        (the table has started), bad_nickname or player_key/seated; `StorageError`
        (nothing stored).
        """
        name = check_nickname(nickname)
        row = self._join_checks(table_id, held_ok)
        if row is None:
            row = await self.row(table_id)
        if not 0 <= seat < row.players:
            raise HubError(
                ErrorCode.NO_SEAT,
                f"table {table_id} has no seat {seat}; seats are 0 to {row.players - 1}",
            )
        if row.seats[seat].kind == "bot":
            raise HubError(ErrorCode.SEAT_IS_BOT, f"seat {seat} is a {row.seats[seat].level} bot")
        if row.status != "open":  # (a created row says "open": the claim checks it)
            raise HubError(ErrorCode.NOT_OPEN, f"table {table_id} is {row.status}; joining is over")
        if not held_ok:
            self._check_not_held(row, seat)
        token = token or secrets.token_urlsafe(24)
        token_hash, now = hash_token(token), datetime.now(UTC)
        one_seat = key_id is not None and is_rated(row)
        claimed = await self.store.claim_seat(
            table_id,
            seat,
            name,
            token_hash,
            joined_at=now,
            key_id=key_id,
            one_seat_per_key=one_seat,
        )
        if not claimed:
            row = await self.row(table_id)
            if row.status != "open":
                raise HubError(
                    ErrorCode.NOT_OPEN, f"table {table_id} is {row.status}; joining is over"
                )
            if one_seat and row.seats[seat].nickname is None:  # free: the key is seated
                raise HubError(
                    ErrorCode.KEY_SEATED,
                    f"your player key already holds a seat at table {table_id}; at a rated"
                    " table one player key takes one seat",
                )
            raise HubError(
                ErrorCode.SEAT_TAKEN,
                f"seat {seat} is taken; open seats: {list_seats(row.free_seats)}",
            )
        if table_id in self._created:  # the claim as stored, for `start` (`_start_checks`)
            self._created[table_id] = with_claim(
                self._created[table_id], seat, name, token_hash, now
            )
        if table_id in self.lobby:
            # In turn: two joins' reads could otherwise finish out of order and leave the
            # older seats shown (a later read starts after the earlier one has ended).
            async with self.lock(table_id):
                waiting = self.lobby.get(table_id)
                if waiting is not None:  # not started meanwhile (the start tells them)
                    waiting.row = await self.row(table_id)
                    lobby_changed(waiting)
        elif self.cluster is not None:
            self.cluster.lobby_changed(table_id)
        return token

    def _join_checks(self, table_id: str, held_ok: bool) -> TableRow | None:
        """The row a join may check without reading it: one this process created, whose
        seat count and kinds never change; None to read it. Its status may be stale, so
        only the claim (which checks "open") tells whether the table still takes joins,
        and a failed claim reads the row to say why. A table that keeps seats for its
        players (`HELD`) is always read, so its refusals come in the usual order."""
        row = self._created.get(table_id)
        if row is None or (HELD in row.settings and not held_ok):
            return None
        return row

    @staticmethod
    def _check_not_held(row: TableRow, seat: int) -> None:
        """Raises `HubError` seat_held while the seat is kept for its player (play again)."""
        now = datetime.now(UTC)
        until = held_until(row, seat, now)
        if until is None:
            return
        free = [s for s in row.free_seats if held_until(row, s, now) is None]
        origin = row.settings[HELD].get("from")
        whose = (
            f"kept for its player from table {origin} until {until:%H:%M:%S} UTC "
            "(they take it by playing again)"
            if origin
            else "the seat of the person this tutorial is for"
        )
        raise HubError(
            ErrorCode.SEAT_HELD, f"seat {seat} is {whose}; open seats: {list_seats(free)}"
        )

    async def start(self, table_id: str, token: str | None) -> TableRow:
        """Start a table once every human seat is claimed, for one of its seated players
        (anyone may start a table of bots only).

        Raises `HubError`: no_token, bad_token (no seat's here), no_table, not_open, or
        seats_open (naming them).
        """
        if self.cluster is not None:
            remote, _ = await self.cluster.call(table_id, "start", token=token)
            if remote:
                return await self.row(table_id)
        async with self.lock(table_id):
            row = self._start_checks(table_id) or await self.row(table_id)
            if row.status != "open":
                raise HubError(ErrorCode.NOT_OPEN, f"table {table_id} is already {row.status}")
            if any(s.kind == "human" for s in row.seats):
                if not token:
                    raise HubError(
                        ErrorCode.NO_TOKEN, "starting needs 'Authorization: Bearer <seat token>'"
                    )
                if seat_for_token(row, token) is None:
                    raise HubError(
                        ErrorCode.BAD_TOKEN, f"that token is no seat's at table {table_id}"
                    )
            if row.free_seats:
                raise HubError(
                    ErrorCode.SEATS_OPEN,
                    f"seats still open: {list_seats(row.free_seats)}; fill them first",
                )
            # Atomic: the runner is built (the game dealt, the bots seated) before the table
            # is marked running, so a table is never "running" with nothing running it.
            now = datetime.now(UTC)
            row = dataclasses.replace(row, status="running", started_at=now)
            try:
                runner = self._runner(row)
            except Exception as error:
                log.exception("table %s (%s) could not be started", table_id, row.game)
                raise HubError(
                    ErrorCode.SERVER_ERROR,
                    f"table {table_id} could not be started ({type(error).__name__}); "
                    "it stays open",
                ) from None
            if not await self._mark_running(table_id, now):
                raise HubError(ErrorCode.NOT_OPEN, f"table {table_id} has already started")
            self.runners[table_id] = runner
            self._created.pop(table_id, None)
            self.presence.loaded(table_id)
            waiting = self.lobby.pop(table_id, None)
            runner.adopt([] if waiting is None else waiting.watchers)
            runner.start()
            log.info("table %s (%s) started", table_id, row.game)
            return row

    def _start_checks(self, table_id: str) -> TableRow | None:
        """The row a start may check without reading it: one this process created and
        whose every person's seat this process saw claimed (`join` keeps its claims: a
        claimed seat never changes again, so its token is as stored); None to read it.
        Its status may be stale: only `_mark_running` (which checks "open") tells."""
        row = self._created.get(table_id)
        return None if row is None or row.free_seats else row

    async def _mark_running(self, table_id: str, now: datetime) -> bool:
        """Mark an open table running; False when it is no longer open. Raises `HubError`
        no_table when it is gone (expired meanwhile)."""
        try:
            return await self.store.set_status(
                table_id, "running", started_at=now, only_from="open"
            )
        except StorageError:
            await self.row(table_id)  # no_table when it is gone, else the failure stands
            raise

    async def info(self, table_id: str) -> TableInfo:
        """The table as the API shows it; raises `HubError` no_table."""
        return await self.describe(await self.row(table_id))

    async def describe(self, row: TableRow) -> TableInfo:
        """A stored table with what only this server knows: who is connected, the seq."""
        runner = self.runners.get(row.id)
        if runner is not None:
            return TableInfo(row, runner.status, runner.seat_infos(), runner.seq)
        if self.cluster is not None and row.id not in self.lobby:
            found = await self.cluster.describe(row)
            if found is not None:
                return found
        seq = 0 if row.status == "open" else await self.store.input_count(row.id)
        return TableInfo(row, row.status, lobby_seats(row, self._waiting(row.id)), seq)

    def _waiting(self, table_id: str) -> list[Watcher]:
        """The connections waiting for this table to start (none once it has)."""
        found = self.lobby.get(table_id)
        return [] if found is None else found.watchers

    # ------------------------------------------------------------- connections

    async def authenticate(self, table_id: str, token: str | None) -> int | None:
        """The seat of `token` at this table (None: no token, a spectator).

        Raises `HubError` no_table, or bad_token for a token of no seat here.
        """
        # A table that runs here has its row in memory (its seats, tokens included, no
        # longer change once it started): no query per connection.
        runner = self.runners.get(table_id)
        row = runner.row if runner is not None else await self.row(table_id)
        if token is None:
            return None
        seat = seat_for_token(row, token)
        if seat is None:
            raise HubError(ErrorCode.BAD_TOKEN, f"that token is no seat's at table {table_id}")
        return seat

    def admit(self, table_id: str, seat: int | None) -> None:
        """Count a new connection to a seat (None: a spectator) of this table; raises
        `HubError` too_many_connections when the seat, or the table's spectators, have
        their fill. Each admitted connection is `release`d when it ends."""
        key = (table_id, seat)
        most = self.settings.max_spectators if seat is None else self.settings.max_seat_connections
        if self._connections[key] >= most:
            who = "spectators of this table" if seat is None else f"connections to seat {seat}"
            raise HubError(ErrorCode.TOO_MANY, f"at most {most} {who}; close one first")
        self._connections[key] += 1
        if seat is not None:
            self.presence.arrived(table_id)

    def release(self, table_id: str, seat: int | None) -> None:
        """A connection counted by `admit` has ended."""
        key = (table_id, seat)
        self._connections[key] -= 1
        if self._connections[key] <= 0:
            del self._connections[key]
        if seat is not None:
            self.presence.left(table_id)

    async def attach(self, table_id: str, watcher: Watcher) -> None:
        """Hand a connection to its table; it gets its `welcome` at once."""
        runner = self.runners.get(table_id)
        if runner is None and self.cluster is not None:
            if await self.cluster.proxy(table_id, watcher):
                return  # seated by the table's owner, another process
            runner = self.runners.get(table_id)
        if runner is None:
            async with self.lock(table_id):
                runner = self.runners.get(table_id)
                if runner is None:
                    row = await self.row(table_id)
                    if row.status == "open":
                        waiting = self.lobby.setdefault(table_id, Lobby(row, []))
                        waiting.watchers.append(watcher)
                        watcher.send(encode(lobby_welcome(waiting, watcher)))
                        lobby_changed(waiting, skip=watcher)
                        return
                    if row.status == "running":
                        runner = await self._load(row)
                    else:
                        runner = await self._finished(row)
                        if runner is None:
                            watcher.send(
                                encode(lobby_welcome(Lobby(row, self._waiting(row.id)), watcher))
                            )
                            return
                        self.runners[row.id] = runner
        runner.attach(watcher)

    async def _finished(self, row: TableRow) -> TableRunner | None:
        """A finished table rebuilt to show its last view (kept while watched); None when
        its inputs do not replay, or it was aborted (abandoned, say): nothing to play)."""
        if row.status == "aborted":
            return None
        try:
            return self._runner(row, await self.store.inputs(row.id))
        except RuleError:
            return None

    def detach(self, table_id: str, watcher: Watcher) -> None:
        if self.cluster is not None and self.cluster.unproxy(watcher):
            return
        waiting = self.lobby.get(table_id)
        if waiting is not None and watcher in waiting.watchers:
            waiting.watchers.remove(watcher)
            if waiting.watchers:
                lobby_changed(waiting)
            else:
                del self.lobby[table_id]
            return
        runner = self.runners.get(table_id)
        if runner is not None:
            runner.detach(watcher)
            if runner.status == "finished" and not runner.watchers:
                del self.runners[table_id]

    def submit(self, table_id: str, watcher: Watcher, action: JSONDict, ref: str | None) -> None:
        """Pass an action to the table's runner (the seat is the connection's own)."""
        runner = self.runners.get(table_id)
        if watcher.seat is None:
            watcher.send(error_text(ErrorCode.SPECTATOR, "a spectator cannot act", ref))
        elif self.cluster is not None and self.cluster.forward(watcher, action, ref):
            pass  # its table runs on another process
        elif runner is not None and watcher in runner.watchers:
            runner.submit(watcher, action, ref)
        elif table_id in self.lobby and watcher in self.lobby[table_id].watchers:
            watcher.send(error_text(ErrorCode.NOT_STARTED, "the table has not started yet", ref))
        else:
            watcher.send(game_over_text(ref))

    async def hint(self, table_id: str, token: str | None) -> tuple[str, JSONDict | None]:
        """A practice table's hint for the token's seat: the game's strongest bot level
        (`hint_level`) asked for a plan on that seat's own view, as a new bot would be.
        Returns the level and the action (None: the bot would do nothing now).

        Raises `HubError`: not_practice at a table not created with `practice`, no_token or
        bad_token without a token of a seat here, not_running unless the game runs.
        """
        if self.cluster is not None and table_id not in self.runners:
            remote, found = await self.cluster.call(table_id, "hint", token=token)
            if remote:
                return found[0], found[1]
        row = await self.row(table_id)
        if not row.settings.get("practice"):
            raise HubError(
                ErrorCode.NOT_PRACTICE, f"table {table_id} is not a practice table; no hints"
            )
        seat, runner = self._running_seat(row, token, "a hint")
        level = hint_level(list(registry.entry(row.game).bots))
        bot = registry.make_bot(row.game, level, seat, secrets.randbelow(SEED_RANGE))
        view, now = runner.view(seat), runner.now()
        # A strong bot may think for a while: off the event loop, on its own copy of the view.
        plan = await asyncio.to_thread(bot.plan, view, now)
        return level, None if plan is None else plan.action

    async def sample(self, table_id: str, token: str | None) -> JSONDict:
        """One random legal action for the token's seat (`sample_action`).

        Raises `HubError`: no_token or bad_token without a token of a seat here,
        not_running unless the game runs, cannot_act when the seat has nothing to do now.
        """
        if self.cluster is not None and table_id not in self.runners:
            remote, found = await self.cluster.call(table_id, "sample", token=token)
            if remote:
                return dict(found)
        row = await self.row(table_id)
        seat, runner = self._running_seat(row, token, "a sample")
        action = sample_action(runner.game, runner.state, seat)
        if action is None:
            raise HubError(ErrorCode.CANNOT_ACT, f"seat {seat} has no action to take now")
        return action

    def _running_seat(self, row: TableRow, token: str | None, what: str) -> tuple[int, TableRunner]:
        """The token's seat and the table's runner; raises `HubError` no_token, bad_token
        or not_running."""
        if not token:
            raise HubError(ErrorCode.NO_TOKEN, f"{what} needs 'Authorization: Bearer <seat token>'")
        seat = seat_for_token(row, token)
        if seat is None:
            raise HubError(ErrorCode.BAD_TOKEN, f"that token is no seat's at table {row.id}")
        runner = self.runners.get(row.id)
        if runner is None or runner.status != "running":
            raise HubError(ErrorCode.NOT_RUNNING, f"table {row.id} is {row.status}; no {what[2:]}s")
        return seat, runner
