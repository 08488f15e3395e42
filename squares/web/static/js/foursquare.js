// Foursquare on the page: the grid (relative to the first card at 0,0), the card in hand,
// legal cells, flip previews and losing marks. Drawn anew from each server view.
import { cardElement, cardName, cardText, nameFromContent } from "./cards.js";
import { startDrag } from "./drag.js";
import { _, ngettext } from "./i18n.js";

export const GAME = "foursquare";

const key = (row, col) => `${row},${col}`;

/** The legal placements of the view, by move ("0,1"): what each flips and whether it loses. */
function placementsOf(view) {
  return new Map(view.placements.map((p) => [p.move, p]));
}

/** The cells the board shows: every cell a pile may ever take, `view.reach` rows and
 * columns on each side of the first card (at 0,0), so that neither the cards' size nor the
 * grid's place changes in a game; those with no pile and no placement are drawn empty.
 * `first` is the top left corner of the cells in use, from which cells are counted. */
function cells(view) {
  const piles = new Map(view.piles.map((p) => [key(p.row, p.col), p]));
  const legal = new Set(view.legal);
  const used = [...view.piles, ...view.placements];
  const first = used.length
    ? { row: Math.min(...used.map((c) => c.row)), col: Math.min(...used.map((c) => c.col)) }
    : { row: 0, col: 0 };
  const reach = view.reach;
  return { piles, legal, first, top: -reach, bottom: reach, left: -reach, right: reach };
}

/** A cell's spoken name: its row and column counted from the top left corner of the cells
 * in use (the board shows no coordinates), its pile, and what placing there would do. */
function describeCell(row, col, pile, preview) {
  let text = pile
    ? ngettext("row {row}, column {col}: {card}, pile of {count} card",
      "row {row}, column {col}: {card}, pile of {count} cards", pile.height,
      { row, col, card: cardName(pile.top, pile.face_up) })
    : _("row {row}, column {col}: empty", { row, col });
  if (preview) {
    const n = preview.flips.length;
    if (!n) text += preview.loses ? _(". Place here: flips nothing, and loses the game")
      : _(". Place here: flips nothing");
    else text += preview.loses
      ? ngettext(". Place here: flips {count} pile, and loses the game",
        ". Place here: flips {count} piles, and loses the game", n)
      : ngettext(". Place here: flips {count} pile", ". Place here: flips {count} piles", n);
  } else if (pile?.full) {
    text += _(", full");
  }
  return text;
}

/** A full pile's caption ("4 full"), in the page's language. */
// TRANSLATORS: the mark on a pile of four cards, which takes no more
const fullMark = (height) => _("{count} full", { count: height });

const wordWidths = new Map();

/** How wide the longest word of a full pile's caption is ("pleine" of "4, pleine"), in ems
 * of the caption's type: where captions stand beside the cards, their room is at least
 * that (app.css, --cap-word). Measured from the text, not from a pile that has filled,
 * so the cards keep one size for the whole game. */
function longestWord(root) {
  const text = fullMark(4);
  if (!wordWidths.has(text)) {
    const probe = document.createElement("span");
    probe.className = "cap";
    probe.style.cssText = "position: absolute; visibility: hidden; width: auto; padding: 0; font-size: 100px";
    root.append(probe);
    let widest = 0;
    for (const word of text.split(/\s+/)) {
      probe.textContent = word;
      widest = Math.max(widest, probe.getBoundingClientRect().width);
    }
    probe.remove();
    wordWidths.set(text, widest / 100);
  }
  return wordWidths.get(text);
}

/** Draw the board into `root`. `ui` holds {held, previous, onMove, onHold, confirmLoss}. */
export function render(root, view, ui) {
  const { piles, legal, first, top, bottom, left, right } = cells(view);
  const placements = placementsOf(view);
  const previous = new Map((ui.previous?.piles || []).map((p) => [key(p.row, p.col), p]));
  root.className = `board fs${ui.held ? " held" : ""}`;
  root.replaceChildren();
  root.style.setProperty("--cap-word", String(longestWord(root)));

  const grid = document.createElement("div");
  grid.className = "fs-grid";
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", _("Foursquare grid"));
  grid.style.gridTemplateColumns = `repeat(${right - left + 1}, auto)`;
  for (let row = top; row <= bottom; row += 1) {
    for (let col = left; col <= right; col += 1) {
      const move = key(row, col);
      const pile = piles.get(move);
      const preview = placements.get(move);
      const cell = document.createElement(pile || legal.has(move) ? "button" : "div");
      cell.className = "fs-cell";
      cell.dataset.cell = move;
      if (cell.tagName === "BUTTON") {
        cell.type = "button";
        cell.tabIndex = -1;
        cell.setAttribute("aria-label", describeCell(row - first.row + 1, col - first.col + 1, pile, preview));
      } else {
        cell.setAttribute("aria-hidden", "true");
      }
      if (!pile) cell.classList.add("empty");
      if (legal.has(move)) cell.classList.add("legal");
      if (preview?.loses) cell.classList.add("loses");
      // the card's spot, then its caption below or beside it: nothing lies on a corner
      const spot = document.createElement("div");
      spot.className = "spot";
      const mark = document.createElement("span");
      mark.className = "cap";
      mark.setAttribute("aria-hidden", "true");
      if (pile) {
        const card = cardElement(pile.top, pile.face_up);
        const before = previous.get(move);
        if (before && before.height === pile.height && before.face_up !== pile.face_up) {
          card.classList.add("flipping");
        }
        spot.append(card);
        mark.textContent = pile.full ? fullMark(pile.height) : String(pile.height);
      }
      cell.append(spot, mark);
      if (pile?.full && !legal.has(move) && view.current) {
        cell.addEventListener("click", () => ui.refuse(cell,
          _("This pile is full: the {card} goes on a marked cell.", { card: cardText(view.current) })));
      }
      if (legal.has(move)) {
        // a double-click's second click is not a second placement: one card per gesture
        cell.addEventListener("click", (event) => { if (event.detail < 2) place(view, ui, move); });
        cell.addEventListener("pointerenter", () => showPreview(root, view, move));
        cell.addEventListener("pointerleave", () => showPreview(root, view, null));
        cell.addEventListener("focus", () => showPreview(root, view, move));
      }
      grid.append(cell);
    }
  }

  const side = document.createElement("div");
  side.className = "fs-side";
  const caption = document.createElement("div");
  caption.className = "counter";
  if (view.current) {
    caption.textContent = _("Card to place");
    const hand = document.createElement("button");
    hand.type = "button";
    hand.className = "fs-hand";
    hand.dataset.hand = "1";
    hand.setAttribute("aria-label", _("Card to place: {card}. Pick it up, then choose a cell.",
      { card: cardName(view.current) }));
    hand.setAttribute("aria-pressed", ui.held ? "true" : "false");
    hand.append(cardElement(view.current));
    hand.addEventListener("click", () => ui.onHold(!ui.held));
    hand.addEventListener("pointerdown", (event) => startDrag(event, hand, {
      onDrop: (target) => target?.dataset.cell && place(view, ui, target.dataset.cell),
      targetSelector: ".fs-cell.legal",
    }));
    side.append(caption, hand);
  } else {
    caption.textContent = _("No card to place");
    const room = document.createElement("div"); // the hand's room, kept: nothing moves up
    room.className = "fs-hand";
    room.setAttribute("aria-hidden", "true");
    room.append(document.createElement("div"));
    room.firstChild.className = "spot";
    side.append(caption, room);
  }
  const counts = document.createElement("div");
  counts.className = "counter";
  counts.append(_("Stock: {count}", { count: view.stock }), document.createElement("br"),
    _("Face down: {count} of at most {limit}",
      { count: view.face_down, limit: view.face_down_limit }));
  side.append(counts);
  root.append(grid, side);
  nameFromContent(root);
}

/** Mark the piles a placement would flip, and whether it loses (hover or focus). */
export function showPreview(root, view, move) {
  for (const cell of root.querySelectorAll(".will-flip, .previewing")) {
    cell.classList.remove("will-flip", "previewing");
  }
  const note = document.getElementById("message");
  const preview = move && placementsOf(view).get(move);
  if (!preview) {
    if (note?.dataset.preview) { note.textContent = ""; delete note.dataset.preview; }
    return;
  }
  root.querySelector(`[data-cell="${move}"]`)?.classList.add("previewing");
  for (const [row, col] of preview.flips) {
    root.querySelector(`[data-cell="${key(row, col)}"]`)?.classList.add("will-flip");
  }
  if (note && view.current) {
    const n = preview.flips.length;
    note.dataset.preview = "1";
    note.classList.remove("error");
    // the board shows no coordinates: the cell meant is the one marked
    const values = { card: cardText(view.current) };
    if (!n) {
      note.textContent = preview.loses ? _("The {card} here: flips nothing — this placement loses", values)
        : _("The {card} here: flips nothing", values);
      return;
    }
    note.textContent = preview.loses
      ? ngettext("The {card} here: flips {count} pile — this placement loses",
        "The {card} here: flips {count} piles — this placement loses", n, values)
      : ngettext("The {card} here: flips {count} pile", "The {card} here: flips {count} piles",
        n, values);
  }
}

/** Place the card in hand at `move`; a placement that loses asks first (`ui.confirmLoss`). */
function place(view, ui, move) {
  const preview = placementsOf(view).get(move);
  if (preview?.loses) {
    const values = { card: cardText(view.current), limit: view.face_down_limit };
    ui.confirmLoss(move, preview.loses === "face-down-limit"
      ? ngettext("Placing the {card} there flips {count} pile and leaves more than {limit} face down: the game ends lost.",
        "Placing the {card} there flips {count} piles and leaves more than {limit} face down: the game ends lost.",
        preview.flips.length, values)
      : _("Placing the {card} there uses the last card without a win: the game ends lost.", values));
    return;
  }
  ui.onMove(move);
}

/** A hint: focus its cell and show what it flips. */
export function showHint(root, view, move, ui) {
  ui.focus(move);
  showPreview(root, view, move);
}

/** The review's replay: light the cell the move just shown went to, which its words name
 * only by what lies beside it ("the 5♥ on the empty cell right of the 3♣"). */
export function markMove(root, move) {
  root.querySelector(`[data-cell="${CSS.escape(move)}"]`)?.classList.add("replayed");
}

/** Keys of this game on a focused place; Enter on a cell is the cell's own click. */
export function onKey() {
  return false;
}

/** Foursquare has no moves a page could make by itself. */
export const AUTO_OPTION = false;

export function autoMove() {
  return null;
}
