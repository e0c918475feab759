"""One running table: an asyncio task that applies inputs one at a time under the wall clock.

The simulator's loop with real time; both follow `quintet.core.scheduler`: bots say "at
time t I will do X", the rules say when the host must tick (`next_deadline`), and people's
actions arrive on the table's queue, each at the moment it arrived. The runner waits for
the earliest of these, applies it, stores it, and only then tells every connection what it
may see. It is stamped with its own time (never before the last input's), so the record
says when things happened, not when the loop got round to them.

Time is game time in ms since the game started. A resumed game's clock continues from
its last stored input, so the server's downtime never counts against anyone. Nor does the
time its people take to reconnect: a resumed game with people's seats (and no zombies to
stand in for them) is held, its clock and its bots with it, until one of them is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from quintet.core import (
    Bot,
    Event,
    Input,
    JSONDict,
    Plan,
    RuleError,
    derive_seed,
    registry,
)
from quintet.core.registry import AnyGame
from quintet.core.scheduler import Scheduler, What
from quintet.server import messages
from quintet.server.absence import ZOMBIE_SEED, Absences, zombie_level
from quintet.server.bot_seats import BotSeat, plan_on_lazy_view, seat_bot
from quintet.server.errors import ErrorCode
from quintet.server.messages import Watcher, broadcast, game_over_text, refused_text, viewer_of
from quintet.server.protocol import CloseCode, SeatInfo, Welcome, encode, error_text, update_text
from quintet.server.ratings import store_result
from quintet.server.served import served_view
from quintet.server.storage import LeaseLost, Storage, StorageError, TableRow
from quintet.server.tutorials import TableTutorial

log = logging.getLogger(__name__)

#: Refusals in a row after which a bot is not asked again until it sees something new.
MAX_REFUSALS: Final = 20


@dataclass
class _Submission:
    watcher: Watcher
    action: JSONDict
    ref: str | None
    arrived: int


class TableRunner:
    """The rules game, state and bots of one table, and the task that runs them.

    Build it with the table's stored inputs (empty for a new game) and `start()` it.
    `clock` returns seconds (monotonic); tests may pass their own.
    """

    def __init__(
        self,
        row: TableRow,
        store: Storage,
        history: Sequence[Input] = (),
        *,
        bot_pace: float = 1.0,
        zombie_after_s: float = 0.0,
        presence_grace_s: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
        on_end: Callable[[TableRunner], None] | None = None,
    ) -> None:
        self.row = row
        self.table_id = row.id
        self.store = store
        self.game: AnyGame = registry.get(row.game)
        self.state: Any = self.game.new(row.seed, row.players, row.options)
        #: Every input's events by seq (those with any), so a connection that arrives late
        #: (a reload) gets the log it may see from the start (`messages.log_for`).
        self.events: list[tuple[int, list[Event]]] = []
        for number, inp in enumerate(history, 1):
            # raises the RuleError of an input that does not replay
            self._record(number, self.game.apply(self.state, inp))
        self.seq = len(history)
        self._clock = clock
        last = history[-1].time if history else 0
        self._origin = clock() - last / 1000
        #: The bots' seats and plans; MAX_REFUSALS keeps a stubborn bot from spinning.
        self.schedule: Scheduler[BotSeat] = Scheduler(pace=bot_pace, max_refusals=MAX_REFUSALS)
        self._on_end = on_end
        #: "running", "finished" or "stopped" (cancelled, or halted by an error).
        self.status = "finished" if row.status == "finished" else "running"
        self.watchers: list[Watcher] = []
        self._pending: deque[_Submission] = deque()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._levels = list(registry.entry(row.game).bots)
        self.humans = [s.seat for s in row.seats if s.kind == "human"]
        #: A tutorial table's script (None for any other table): its bots follow it.
        self.tutorial = TableTutorial.of(row, history)
        make_bot = seat_bot if self.tutorial is None else self.tutorial.seat_bot
        for seat in row.seats:
            if seat.kind == "bot" and seat.level is not None:
                seed = derive_seed(row.seed, seat.seat)
                self.schedule.add(seat.seat, make_bot(row.game, seat.level, seat.seat, seed))
        #: The game time the clock stands still at while a tutorial's hint pauses a race.
        self._frozen: int | None = None
        self._pause_clock()
        self.absent = Absences(
            self.humans, self.now(), round(zombie_after_s * 1000), round(presence_grace_s * 1000)
        )
        #: Held until one of its people is back (a resumed game: see the module's doc).
        self._held = bool(history and self.humans and not self.absent.after_ms)

    def _record(self, seq: int, events: list[Event]) -> None:
        if events:
            self.events.append((seq, events))

    @property
    def bots(self) -> dict[int, BotSeat]:
        """The seats bots play (zombies included), by seat."""
        return self.schedule.seats

    @property
    def zombies(self) -> set[int]:
        """The people's seats a bot plays while they are away."""
        return self.absent.zombies

    # ------------------------------------------------------------------ clock

    def now(self) -> int:
        """Game time in ms (never before the last accepted input)."""
        last: int = self.state.now
        if self._frozen is not None:
            return max(self._frozen, last)
        return max(int((self._clock() - self._origin) * 1000), last)

    def _pause_clock(self) -> None:
        """Stop the game's clock while a tutorial's step pauses it; start it again, from
        where it stood, once the step is past (a race never punishes a person reading)."""
        paused = self.tutorial is not None and self.tutorial.stops_clock(self.game, self.state)
        if paused and self._frozen is None:
            self._frozen = self.now()
        elif not paused and self._frozen is not None:
            self._origin = self._clock() - self._frozen / 1000
            self._frozen = None

    # ------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Run the table's task (a finished table has nothing to run; a running one whose
        game is over only stores its result)."""
        if self._task is None and self.status == "running":
            self._task = asyncio.create_task(self._run(), name=f"table {self.table_id}")

    async def stop(self) -> None:
        """Cancel the task and wait for it (server shutdown). Connections stay open."""
        task = self._task
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self.status == "running":
            self.status = "stopped"

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    async def wait(self) -> None:
        """Wait for the task to end (the game is over, or the table stopped)."""
        if self._task is not None:
            await asyncio.shield(self._task)

    # ----------------------------------------------------------- connections

    def attach(self, watcher: Watcher) -> None:
        """Add a connection: it gets a `welcome` with its view and log at once; its player
        takes the seat back from a zombie bot."""
        self.watchers.append(watcher)
        told = self._arrived(watcher.seat)
        watcher.send(encode(self.welcome(watcher)))
        if told:
            self._broadcast_seats(skip=watcher)

    def adopt(self, watchers: Sequence[Watcher]) -> None:
        """Take over the connections that waited for the start: all of them are seated
        before anyone is told who is here (so nobody seems to leave and come back), then
        each gets an `update` with its view."""
        for watcher in watchers:
            self.watchers.append(watcher)
            self._arrived(watcher.seat)
        seats = self.seat_infos()
        views = self.views(list(dict.fromkeys(viewer_of(watcher) for watcher in watchers)))
        texts: dict[int, str] = {}  # one view and one encoding per viewer
        for watcher in watchers:
            viewer = viewer_of(watcher)
            if viewer not in texts:
                texts[viewer] = self._update(views[viewer], [], seats=seats)
            watcher.send(texts[viewer])

    def _arrived(self, seat: int | None) -> bool:
        """A connection for `seat` arrived; True when the others must be told (the seat was
        shown away, or a zombie played it: the zombie leaves)."""
        if self._held and seat in self.absent.since:
            self._held = False
            self._origin = self._clock() - self.state.now / 1000  # the wait did not count
            self._wake.set()
        if seat is None or not self.absent.back(seat):
            return False
        if seat in self.bots:  # its zombie
            self.schedule.remove(seat)
        self._wake.set()
        return True

    def detach(self, watcher: Watcher) -> None:
        """Remove a connection; a seat left with none starts its grace and zombie timers
        (told at once when the game no longer runs)."""
        try:
            self.watchers.remove(watcher)
        except ValueError:
            return
        seat = watcher.seat
        if seat is None or any(w.seat == seat for w in self.watchers):
            return
        if self.absent.gone(seat, self.now(), at_once=self.status != "running"):
            self._broadcast_seats()
        self._wake.set()

    def submit(self, watcher: Watcher, action: JSONDict, ref: str | None) -> None:
        """Queue a person's action for the loop; it is stamped with its arrival time."""
        if watcher.seat is None:
            watcher.send(error_text(ErrorCode.SPECTATOR, "a spectator cannot act", ref))
            return
        if self.status == "finished":
            watcher.send(game_over_text(ref))
            return
        if not self.running:
            watcher.send(
                error_text(ErrorCode.STOPPED, "the table has stopped; reconnect to resume", ref)
            )
            return
        self._pending.append(_Submission(watcher, action, ref, self.now()))
        self._wake.set()

    # --------------------------------------------------------------- what is seen

    def view(self, viewer: int) -> JSONDict:
        """The view this server sends `viewer`: never the rules' help (`served_view`)."""
        view = served_view(self.game, self.game.view(self.state, viewer))
        if self.tutorial is None:
            return view
        return self.tutorial.decorate(view, viewer, paused=self._frozen is not None)

    def views(self, viewers: list[int]) -> dict[int, JSONDict]:
        """The views of several viewers of the current state, built together (the game
        may share their common parts: they are only encoded)."""
        if self.tutorial is not None:
            return {viewer: self.view(viewer) for viewer in viewers}
        views = self.game.views(self.state, viewers)
        if not self.game.lists_help:
            return views
        return {viewer: served_view(self.game, view) for viewer, view in views.items()}

    def outcome_json(self) -> JSONDict | None:
        outcome = self.game.outcome(self.state)
        return None if outcome is None else outcome.to_json()

    def connected(self, seat: int) -> bool:
        """A bot's seat always; a person's unless shown away (a connection that closed
        less than the grace ago still counts: it is probably being replaced)."""
        return not self.absent.away(seat)

    def zombie_in(self, seat: int) -> int | None:
        """Milliseconds until a bot takes over this seat shown away, while the game runs."""
        due = self.absent.zombie_at(seat)
        if self.status != "running" or not self.absent.away(seat) or due is None:
            return None
        return max(0, due - self.now())

    def seat_infos(self) -> list[SeatInfo]:
        return messages.seat_infos(self.row.seats, self.connected, self.zombies, self.zombie_in)

    def welcome(self, watcher: Watcher, view: JSONDict | None = None) -> Welcome:
        return Welcome(
            table=self.table_id,
            game=self.row.game,
            seat=watcher.seat,
            seats=self.seat_infos(),
            status=self.status,
            view=self.view(viewer_of(watcher)) if view is None else view,
            seq=self.seq,
            outcome=self.outcome_json(),
            log=messages.log_for(self.events, viewer_of(watcher)),
        )

    def _update(
        self,
        view: JSONDict,
        events: list[JSONDict],
        *,
        ref: str | None = None,
        seats: list[SeatInfo] | None = None,
        outcome: JSONDict | None = None,
    ) -> str:
        """An encoded `update` (`outcome`: the finished game's, computed once per broadcast;
        None computes it here when the game is finished)."""
        if outcome is None and self.status == "finished":
            outcome = self.outcome_json()
        return update_text(
            seq=self.seq,
            status=self.status,
            view=view,
            events=events,
            ref=ref,
            seats=seats,
            outcome=outcome,
        )

    def _broadcast(
        self,
        events: list[Event],
        sender: Watcher | None = None,
        ref: str | None = None,
        *,
        seats: list[SeatInfo] | None = None,
        skip: Watcher | None = None,
    ) -> None:
        """Send every connection but `skip` its update (`messages.broadcast`)."""

        outcome = self.outcome_json() if self.status == "finished" else None

        def update_for(view: JSONDict, seen: list[JSONDict], mine: str | None) -> str:
            return self._update(view, seen, ref=mine, seats=seats, outcome=outcome)

        broadcast(self.watchers, events, self.views, update_for, sender=sender, ref=ref, skip=skip)

    def _broadcast_seats(self, skip: Watcher | None = None) -> None:
        """Every connection but `skip` gets the seats (who is connected, who is a zombie)."""
        self._broadcast([], seats=self.seat_infos(), skip=skip)

    # ------------------------------------------------------------------ the loop

    async def _run(self) -> None:
        try:
            while self._held and not self.game.is_over(self.state):
                self._wake.clear()
                await self._wake.wait()
            while not self.game.is_over(self.state):
                self._ask_bots()
                if not self._pending:
                    due = self._next_due()
                    wait = None if due is None else (due - self.now()) / 1000
                    if wait is None:  # nothing due: only a submission or a change wakes it
                        self._wake.clear()
                        await self._wake.wait()
                    elif wait > 0:
                        self._wake.clear()
                        try:
                            async with asyncio.timeout(wait):
                                await self._wake.wait()
                        except TimeoutError:
                            pass
                await self._step()
            await self._finish()
        except asyncio.CancelledError:
            raise
        except _Stopped as stopped:
            self._halt(stopped.reason)
        except Exception:
            log.exception("table %s (%s) failed; it stops", self.table_id, self.row.game)
            self._halt("the table stopped after a server error; reconnect to resume")
        finally:
            if self._on_end is not None:
                self._on_end(self)

    def _halt(self, reason: str) -> None:
        """Stop for good: the state may be ahead of the store, so every connection is closed
        and the table is rebuilt from the store when someone connects again."""
        self.status = "stopped"
        for watcher in list(self.watchers):
            watcher.close(CloseCode.SERVER_ERROR, reason)
        self.watchers.clear()

    def _next_due(self) -> int | None:
        """The earliest time something must happen without a new submission (nothing while
        the clock is paused)."""
        if self._frozen is not None:
            return None
        times = [self.schedule.wake_time(self.game.next_deadline(self.state))]
        times.append(self.absent.next_due())
        present = [t for t in times if t is not None]
        return min(present) if present else None

    async def _step(self) -> None:
        """Do the one earliest thing that is due now, if any."""
        now = self.now()
        self._start_zombies(now)
        self.schedule.reask_due(now)
        arrival = None
        if self._pending:
            sub = self._pending[0]
            arrival = (sub.arrived, sub.watcher.seat or 0)
        chosen = self.schedule.next(self.game.next_deadline(self.state), self.state.now, arrival)
        if chosen is None or chosen.time > now:
            return
        if chosen.what is What.TICK:
            await self._apply(Input.tick(chosen.time))
        elif chosen.what is What.INPUT:
            sub = self._pending.popleft()
            await self._apply(Input(sub.watcher.seat, sub.action, chosen.time), sub)
        elif chosen.seat is not None:
            await self._run_plan(chosen.seat, chosen.time)

    async def _run_plan(self, seat: int, stamp: int) -> None:
        # The slot is kept: its bot may leave the seat while the input is stored.
        slot = self.bots[seat]
        plan = self.schedule.take(seat)
        try:
            await self._apply(Input(seat, plan.action, stamp))
        except _Refused as refused:
            if self.schedule.refused(slot):
                # A bot that insists on a refused plan would spin the loop: it waits for
                # something new to see instead.
                log.warning(
                    "table %s: seat %d's bot was refused %d times in a row",
                    self.table_id,
                    seat,
                    slot.refusals,
                )
            if refused.error is not None:
                try:
                    slot.bot.refused(refused.error, stamp)
                except Exception:
                    log.exception(
                        "table %s: seat %d's bot failed on a refusal", self.table_id, seat
                    )
        else:
            self.schedule.accepted(slot)

    async def _apply(self, inp: Input, sub: _Submission | None = None) -> None:
        """Apply, store, then broadcast one input. A refusal goes to its sender only (a bot's
        raises `_Refused`); a storage failure stops the table (`_Stopped`).

        The input is applied to a copy (cheap: the rules contract), which becomes the state
        once stored; so whatever is shown meanwhile (a welcome, a seat change) matches
        `seq`, and nobody sees an input that is not yet stored.
        """
        after = self.state.clone()
        try:
            events = self.game.apply(after, inp)
        except RuleError as error:
            if sub is not None:
                sub.watcher.send(refused_text(error, sub.ref))
                return
            if inp.seat is None:
                raise _Stopped(f"the rules refused the host's tick at {inp.time} ms") from error
            raise _Refused(error) from None
        except Exception as error:
            # A bug in the rules; the state is untouched (the copy took it), so only this
            # input is lost.
            log.exception("table %s: the rules failed on %s", self.table_id, inp)
            if sub is not None:
                sub.watcher.send(
                    error_text(ErrorCode.SERVER_ERROR, "the server failed on this action", sub.ref)
                )
                return
            if inp.seat is None:
                raise _Stopped(f"the rules failed on the host's tick at {inp.time} ms") from error
            raise _Refused(None) from None
        if sub is not None and self.tutorial is not None:
            off_script = self.tutorial.refusal(inp)
            if off_script is not None:
                sub.watcher.send(refused_text(off_script, sub.ref))
                return
        try:
            await self.store.append_input(self.table_id, self.seq, inp)
        except Exception as error:
            if isinstance(error, LeaseLost):
                # Expected in a cluster (another process took the table over): one line.
                log.warning(
                    "table %s: input %d not stored (LeaseLost): %s", self.table_id, self.seq, error
                )
            elif isinstance(error, StorageError):
                # The database failed (unreachable, refused): one line naming the cause.
                log.error(
                    "table %s: storing input %d failed; the table stops: %s",
                    self.table_id,
                    self.seq,
                    error,
                )
            else:
                log.exception(
                    "table %s: storing input %d failed; the table stops", self.table_id, self.seq
                )
            if sub is not None:
                sub.watcher.send(
                    error_text(ErrorCode.STORAGE_FAILED, "the action could not be stored", sub.ref)
                )
            raise _Stopped("storage failed; the table stopped: reconnect to resume") from error
        self.state = after
        self.seq += 1
        if self.tutorial is not None:
            self.tutorial.advance(inp)
            self._pause_clock()
            # Scripted bots wait on the script, not on what they see (a race's moves may
            # be private, as Quick's): each is asked again once the script moves on.
            for slot in self.bots.values():
                slot.ask = True
        self._record(self.seq, events)
        if self.game.is_over(self.state):
            await self._store_result()
        self.schedule.saw(events)
        self._broadcast(
            events, None if sub is None else sub.watcher, None if sub is None else sub.ref
        )

    async def _store_result(self) -> None:
        # The status turns "finished" once the result is stored (commit, then tell): a
        # client that reads "finished" in the table's description may ask for its result
        # at once.
        try:
            # A rated table's ratings are updated in the same transaction (ratings.py).
            outcome = self.game.outcome(self.state)
            await store_result(self.store, self.row, outcome, datetime.now(UTC))
        except Exception:
            # Every input is stored: the next start replays them and finishes the table.
            log.exception("table %s: storing the result failed", self.table_id)
        self.status = "finished"

    async def _finish(self) -> None:
        """The game is over (perhaps already when rebuilt): make sure the store says so and
        answer the actions that came too late."""
        if self.status != "finished":
            await self._store_result()
            self._broadcast([])
        while self._pending:
            sub = self._pending.popleft()
            sub.watcher.send(game_over_text(sub.ref))
        log.info("table %s (%s) finished after %d inputs", self.table_id, self.row.game, self.seq)

    # ------------------------------------------------------------------- bots

    def _start_zombies(self, now: int) -> None:
        """Show the seats whose grace is over as away, and seat the zombies that are due."""
        shown = self.absent.take_shown(now)
        started = self.absent.take_due(now)
        for seat in started:
            level = zombie_level(self._levels)
            seed = derive_seed(self.row.seed, ZOMBIE_SEED + seat)
            self.schedule.add(seat, seat_bot(self.row.game, level, seat, seed))
            log.info("table %s: a %s bot plays absent seat %d", self.table_id, level, seat)
        if shown or started:
            self._broadcast_seats()

    def _ask_bots(self) -> None:
        """Ask the bots the scheduler names; a bot that fails to plan waits."""
        now = self.now()
        for seat, slot in self.schedule.to_ask(lambda s: self.game.can_act(self.state, s)):
            try:
                plan = self._plan(slot.bot, seat, now)
            except Exception:
                log.exception("table %s: seat %d's bot failed to plan", self.table_id, seat)
                plan = None
            self._schedule(slot, plan, now)

    def _plan(self, bot: Bot, seat: int, now: int) -> Plan | None:
        """The bot's plan on its seat's view (a tutorial's bots: the decorated full one)."""
        if self.tutorial is not None:
            return bot.plan(self.view(seat), now)
        return plan_on_lazy_view(self.game, self.state, bot, seat, now)

    def _schedule(self, slot: BotSeat, plan: Plan | None, now: int) -> None:
        self.schedule.schedule(slot, plan, now)


class _Refused(Exception):
    """A bot's plan was refused by the rules, or (error None) broke them (internal)."""

    def __init__(self, error: RuleError | None) -> None:
        super().__init__("refused" if error is None else error.message)
        self.error = error


class _Stopped(Exception):
    """The table must stop: the state may be ahead of the store (internal to the runner)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
