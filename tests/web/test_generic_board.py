"""The generic board in a real browser: its JSON action editor and "suggest a move" for a
game that does not list its moves (the board rendered alone, with a stand-in `send` and
`sample`, so no such game or endpoint is needed), a refusal's reason shown by the board,
and a view's field names worded by the game's messages, switching language live."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from tests.web.browser import Web

#: Renders the generic board alone into #harness: a view without `legal`, a game that
#: does not list its moves, and stand-ins that record what the board sends and asks.
#: `send` refuses the first action (as the server would, with a code and its reason) and
#: accepts the next; `sample` answers with SUGGESTION, or fails when it is null.
HARNESS = """async ({ suggestion, game }) => {
  const { render } = await import('preact');
  const { html } = await import('htm/preact');
  const { Board } = await import('/static/app/boards/generic.js');
  const { t, loadGameMessages } = await import('/static/app/i18n.js');
  const { ApiError } = await import('/static/app/api.js');
  await loadGameMessages(game);
  window.sent = [];
  window.asked = 0;
  const send = async (action) => {
    window.sent.push(action);
    return window.sent.length === 1
      ? { ok: false, code: 'demo/too_much', message: 'you may bid at most 3' }
      : { ok: true };
  };
  const sample = async () => {
    window.asked += 1;
    if (suggestion === null) throw new ApiError(409, 'no_move', 'nothing to suggest now');
    return { action: suggestion };
  };
  const view = { game, viewer: 0, players: 2, to_act: 0, pot: 5, stacks: [3, 4] };
  const host = document.createElement('div');
  host.id = 'harness';
  host.className = 'felt board-area';  // the table's look, as on a table page
  document.body.prepend(host);
  render(html`<${Board} view=${view} seat=${0} status="running" send=${send} t=${t}
    names=${['Anna', 'Ben']} replay=${false} game=${game} info=${{ lists_actions: false }}
    sample=${sample} />`, host);
}"""


def harness(page: Page, suggestion: dict[str, object] | None, game: str = "demo") -> None:
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.evaluate(HARNESS, {"suggestion": suggestion, "game": game})


def test_a_game_without_listed_moves_gets_an_editor_and_a_suggestion(web: Web, page: Page) -> None:
    harness(page, {"type": "bid", "amount": 4})
    board = page.locator("#harness .generic-board")
    expect(board).to_have_attribute("data-lists-actions", "false")
    # No buttons of moves (there is no list), a heading from `to_act`, and the editor.
    expect(board.locator(".action-buttons")).to_have_count(0)
    expect(board.get_by_role("heading", name="Your move")).to_be_visible()
    editor = board.get_by_label("Your action (JSON)")
    expect(editor).to_have_value("")
    send = board.get_by_role("button", name="Send")
    expect(send).to_be_disabled()
    # The suggestion fills the editor with the server's legal action.
    board.get_by_role("button", name="Suggest a move").click()
    expect(editor).not_to_have_value("")
    assert json.loads(editor.input_value()) == {"type": "bid", "amount": 4}
    assert page.evaluate("window.asked") == 1
    # Sent as it stands; the refusal's reason is shown next to the editor.
    send.click()
    expect(board.get_by_role("alert")).to_have_text("Refused: you may bid at most 3")
    assert page.evaluate("window.sent") == [{"type": "bid", "amount": 4}]
    expect(editor).not_to_have_value("")
    # The player edits it and sends again (Ctrl+Enter): accepted, the editor empties.
    editor.fill('{"type": "bid", "amount": 3}')
    editor.press("Control+Enter")
    expect(editor).to_have_value("")
    expect(board.get_by_role("alert")).to_have_count(0)
    assert page.evaluate("window.sent")[-1] == {"type": "bid", "amount": 3}
    web.shot(page, "generic-board-editor")
    # Text that is no action is caught before anything is sent.
    editor.fill('{"type": ')
    send.click()
    expect(board.get_by_role("alert")).to_contain_text("That is not JSON")
    editor.fill("[1, 2]")
    send.click()
    expect(board.get_by_role("alert")).to_have_text(
        'An action is a JSON object, like {"type": "..."}.'
    )
    assert len(page.evaluate("window.sent")) == 2
    # The editor speaks German too.
    page.get_by_role("button", name="DE", exact=True).click()
    expect(board.get_by_role("button", name="Zug vorschlagen")).to_be_visible()
    expect(board.get_by_label("Deine Aktion (JSON)")).to_be_visible()
    assert page.evaluate("[...window.__quintetMissingMessages]") == []


def test_a_failed_suggestion_says_why(web: Web, page: Page) -> None:
    harness(page, None)
    board = page.locator("#harness .generic-board")
    board.get_by_role("button", name="Suggest a move").click()
    expect(board.get_by_role("alert")).to_have_text("nothing to suggest now")
    expect(board.get_by_label("Your action (JSON)")).to_have_value("")


def test_the_view_fields_are_worded_by_the_game(web: Web, page: Page) -> None:
    # Quiddler's messages name its fields; a field they do not name keeps its own name.
    table = web.table("quiddler", ["human", "easy"], {"pause_ms": 0, "first_dealer": 1})
    web.seat_page(page, table, 0, query="?board=generic")
    board = page.locator(".generic-board")
    expect(board).to_have_attribute("data-lists-actions", "true")
    # A game that lists its moves: buttons, the one-line editor, no suggestion.
    expect(board.locator(".action-buttons button").first).to_be_enabled()
    expect(board.get_by_role("button", name="Suggest a move")).to_have_count(0)
    draw_pile = board.locator('[data-field="draw_pile"] dt')
    expect(draw_pile).to_have_text("Draw pile")
    expect(board.locator('[data-field="hand_sizes"] th')).to_have_text("Cards in hand")
    page.get_by_role("button", name="DE", exact=True).click()
    expect(draw_pile).to_have_text("Nachziehstapel")
    page.get_by_role("button", name="EN", exact=True).click()
    expect(draw_pile).to_have_text("Draw pile")
    # Without a message the name stays readable, e.g. in a harness game with no messages.
    other = web.open_page()
    harness(other, {"type": "pass"})
    expect(other.locator('#harness [data-field="pot"] dt')).to_have_text("pot")


def test_a_refused_action_says_why_on_the_board(web: Web, page: Page) -> None:
    table = web.table("quiddler", ["human", "easy"], {"pause_ms": 0, "first_dealer": 1})
    web.seat_page(page, table, 0, query="?board=generic")
    board = page.locator(".generic-board")
    expect(board.locator(".action-buttons button").first).to_be_enabled()
    # A discard before the draw: the server refuses it and the board gives its reason
    # (the shell shows no second notice).
    board.get_by_label("Another action (JSON)").fill('{"type": "discard", "card": "e"}')
    board.get_by_role("button", name="Send").click()
    alert = board.get_by_role("alert")
    expect(alert).to_contain_text("Refused: cannot discard yet")
    expect(page.locator(".refusal")).to_have_count(0)
    expect(board.locator(".action-buttons button").first).to_be_enabled()
