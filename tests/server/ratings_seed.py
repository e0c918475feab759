"""Many ratings written straight into a server's database, as many rated tables would have
left them: a leaderboard longer than a page without playing hundreds of games."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime

from quintet.server.storage import Store, models

AT = datetime(2026, 12, 1, tzinfo=UTC)


def seed_board(
    db_url: str, game: str, people: int, prefix: str = "page"
) -> list[tuple[str, float]]:
    """Store `people` keyed players' ratings in `game` (nicknames p0, p1, ...) and two bot
    levels'; returns (subject, ordinal) of each. Many ordinals are equal, so the subject
    decides part of the order. Runs in a thread of its own: a Playwright page keeps an
    asyncio loop running in the test's thread."""
    rows: list[tuple[str, str | None, float, float]] = [
        (f"{prefix}{i:08d}", f"p{i}", 25.0 + (i % 37) * 0.5, 8.0 - (i % 5)) for i in range(people)
    ]
    rows += [("bot:random", None, 20.0, 1.5), ("bot:hard", None, 30.0, 1.0)]

    async def write() -> None:
        store = await Store.open(db_url)
        try:
            async with store.engine.begin() as c:
                for subject, nickname, mu, sigma in rows:
                    if nickname is not None:
                        await c.execute(
                            models.players.insert().values(
                                key_id=subject, key_hash="0" * 64, nickname=nickname, created_at=AT
                            )
                        )
                    await c.execute(
                        models.ratings.insert().values(
                            game=game, subject=subject, mu=mu, sigma=sigma, games=3, updated_at=AT
                        )
                    )
        finally:
            await store.close()

    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(write())
        except BaseException as error:  # handed to the test's thread
            failure.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if failure:
        raise failure[0]
    return [(subject, mu - 3 * sigma) for subject, _, mu, sigma in rows]
