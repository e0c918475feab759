"""The tournament report folder: the page, its plots, score differences and bad folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from quintet.core import Outcome
from quintet.sim.tournament import tournament
from quintet.sim.tournament_html import (
    DIFFERENCES_PLOT,
    INDEX,
    RATINGS_PLOT,
    ReportError,
    check_report_directory,
    report_html,
    score_differences,
    write_report,
)


def test_score_differences_are_per_pair_stronger_minus_weaker() -> None:
    record = [
        (("b", "a"), Outcome.from_scores([3, 5])),
        (("a", "c"), Outcome.from_scores([1, 4])),
        (("a", "b", "c"), Outcome.from_scores([1, 2, 3])),  # three levels: left out
        (("c", "c"), Outcome.from_scores([1, 2])),  # one level: left out
    ]
    assert score_differences(["a", "b", "c"], record) == {("a", "b"): [-2.0], ("a", "c"): [3.0]}


def test_the_report_is_the_same_for_the_same_seed(tmp_path: Path) -> None:
    def page(seed: int) -> str:
        result = tournament("quiclo", ["random", "beginner"], games=4, seed=seed)
        return report_html(result, "Quiclo")

    assert page(3) == page(3)
    assert page(3) != page(4)
    first = tournament("quiclo", ["random", "beginner"], games=4, seed=3)
    written = write_report(first, tmp_path, "Quiclo")
    assert written == tmp_path / INDEX
    assert written.read_text(encoding="utf-8") == page(3)
    assert (tmp_path / RATINGS_PLOT).stat().st_size > 0
    assert (tmp_path / DIFFERENCES_PLOT).stat().st_size > 0


def test_the_page_escapes_what_it_shows() -> None:
    result = tournament("quiclo", ["random", "beginner"], games=2, seed=1)
    page = report_html(result, "<b>Quiclo</b> & co")
    assert "&lt;b&gt;Quiclo&lt;/b&gt; &amp; co" in page
    assert "<b>" not in page


def test_a_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("x", encoding="utf-8")
    with pytest.raises(ReportError, match="is a file, not a folder for the report"):
        check_report_directory(taken)
    with pytest.raises(ReportError, match="cannot write the report in"):
        check_report_directory(taken / "below")
    assert taken.read_text(encoding="utf-8") == "x"
