// Cards drawn as SVG (crisp at any size), and their accessible names in the page's language.
import { _ } from "./i18n.js";
import { SUIT_PATHS } from "./suits.js";

const SVG = "http://www.w3.org/2000/svg";
const RANKS = "A23456789TJQK";
const SUIT_ORDER = "CDHS";
const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
// TRANSLATORS: the letters in the corners of the cards, ace to king, separated by spaces
// (thirteen of them); keep the numbers, write the letters your players' cards show.
const CORNERS = _("A 2 3 4 5 6 7 8 9 10 J Q K").trim().split(/\s+/);
const RANK_LABELS = CORNERS.length === 13 ? CORNERS
  : ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
// TRANSLATORS: a suit's name on its own, as a foundation is labelled ("Foundation 1, hearts")
const SUIT_NAMES = { C: _("clubs"), D: _("diamonds"), H: _("hearts"), S: _("spades") };
// Each card's name is one message, so that each language orders and inflects it its own way.
const NAMES = [
  [_("ace of clubs"), _("ace of diamonds"), _("ace of hearts"), _("ace of spades")],
  [_("two of clubs"), _("two of diamonds"), _("two of hearts"), _("two of spades")],
  [_("three of clubs"), _("three of diamonds"), _("three of hearts"), _("three of spades")],
  [_("four of clubs"), _("four of diamonds"), _("four of hearts"), _("four of spades")],
  [_("five of clubs"), _("five of diamonds"), _("five of hearts"), _("five of spades")],
  [_("six of clubs"), _("six of diamonds"), _("six of hearts"), _("six of spades")],
  [_("seven of clubs"), _("seven of diamonds"), _("seven of hearts"), _("seven of spades")],
  [_("eight of clubs"), _("eight of diamonds"), _("eight of hearts"), _("eight of spades")],
  [_("nine of clubs"), _("nine of diamonds"), _("nine of hearts"), _("nine of spades")],
  [_("ten of clubs"), _("ten of diamonds"), _("ten of hearts"), _("ten of spades")],
  [_("jack of clubs"), _("jack of diamonds"), _("jack of hearts"), _("jack of spades")],
  [_("queen of clubs"), _("queen of diamonds"), _("queen of hearts"), _("queen of spades")],
  [_("king of clubs"), _("king of diamonds"), _("king of hearts"), _("king of spades")],
];

export function parseCard(code) {
  const rank = RANKS.indexOf(code[0]);
  const suit = code[1];
  return { code, rank: rank + 1, label: RANK_LABELS[rank], symbol: SYMBOLS[suit],
    suitName: SUIT_NAMES[suit], red: suit === "D" || suit === "H",
    name: NAMES[rank][SUIT_ORDER.indexOf(suit)] };
}

/** "seven of hearts, face up"; a face-down card is named without its face. */
export function cardName(code, faceUp = true) {
  if (!code || !faceUp) return _("a card, face down");
  // TRANSLATORS: {card} is a card's name, such as "seven of hearts"
  return _("{card}, face up", { card: parseCard(code).name });
}

/** Short text form, 10♦. */
export function cardText(code) {
  const card = parseCard(code);
  return card.label + card.symbol;
}

function el(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

/** The suit's shape centred on (x, y), `size` wide, turned upside down when `flip`. */
function suitShape(suit, x, y, size, cls, flip = false) {
  const turn = flip ? `rotate(180 ${x} ${y}) ` : "";
  return el("path", { d: SUIT_PATHS[suit], class: cls,
    transform: `${turn}translate(${x - size / 2} ${y - size / 2}) scale(${size / 100})` });
}

/** A rank's text; "10" is squeezed to the width of one wide letter. */
function rankText(label, x, y, cls, width, anchor = "middle") {
  const attrs = { x, y, class: cls, "text-anchor": anchor };
  if (label.length > 1) Object.assign(attrs, { textLength: width, lengthAdjust: "spacingAndGlyphs" });
  return el("text", attrs, label);
}

// Where a printed card has its pips: columns left, middle, right; rows from 0 (top) to 1.
const L = 32;
const M = 50;
const R = 68;
const PIPS = {
  2: [[M, 0], [M, 1]],
  3: [[M, 0], [M, 0.5], [M, 1]],
  4: [[L, 0], [R, 0], [L, 1], [R, 1]],
  5: [[L, 0], [R, 0], [M, 0.5], [L, 1], [R, 1]],
  6: [[L, 0], [R, 0], [L, 0.5], [R, 0.5], [L, 1], [R, 1]],
  7: [[L, 0], [R, 0], [M, 0.25], [L, 0.5], [R, 0.5], [L, 1], [R, 1]],
  8: [[L, 0], [R, 0], [M, 0.25], [L, 0.5], [R, 0.5], [M, 0.75], [L, 1], [R, 1]],
  9: [[L, 0], [R, 0], [L, 1 / 3], [R, 1 / 3], [M, 0.5], [L, 2 / 3], [R, 2 / 3], [L, 1], [R, 1]],
  10: [[L, 0], [R, 0], [M, 1 / 6], [L, 1 / 3], [R, 1 / 3], [L, 2 / 3], [R, 2 / 3], [M, 5 / 6],
    [L, 1], [R, 1]],
};
const PIP_TOP = 27;
const PIP_BOTTOM = 113;
const PIP_SIZE = 18;

/** The rank and suit in the top left corner and, turned round, in the bottom right one;
 * both within the top 32 units, which a fanned pile leaves seen. */
function corners(card, suit) {
  const group = el("g", { class: "corners" });
  for (const turn of [null, "rotate(180 50 70)"]) {
    const corner = el("g", turn ? { transform: turn } : {});
    corner.append(rankText(card.label, 11, 19, "ix-rank", 16),
      suitShape(suit, 11, 27, 9.5, "ix-suit"));
    group.append(corner);
  }
  return group;
}

/** The pips of an ace to ten, the lower half upside down as on a printed card. */
function pips(card, suit) {
  const group = el("g", { class: "pips" });
  if (card.rank === 1) {
    group.append(suitShape(suit, 50, 70, 46, "pip ace"));
    return group;
  }
  for (const [x, row] of PIPS[card.rank]) {
    const y = PIP_TOP + row * (PIP_BOTTOM - PIP_TOP);
    group.append(suitShape(suit, x, y, PIP_SIZE, "pip", y > 70));
  }
  return group;
}

// What each court figure wears on its head, drawn in the top half of the frame.
const HEADWEAR = {
  J: ["cap", "M40 37 Q41 27 51 27 Q60 28 62 35 Z M58 30 Q70 22 66 14 Q64 24 56 28 Z"],
  Q: ["tiara", "M41 35 L42 28 L46 32 L50 25 L54 32 L58 28 L59 35 Z"],
  K: ["crown", "M40 35 L40 22 L45 28 L50 19 L55 28 L60 22 L60 35 Z"],
};
const HAIR = {
  J: "M42 40 Q42 33 50 33 Q58 33 58 40 L58 46 L42 46 Z",
  Q: "M41 38 Q40 54 35 57 L65 57 Q60 54 59 38 Z",
  K: "M42 44 Q44 60 50 60 Q56 60 58 44 Q50 50 42 44 Z",
};

/** Half of a court card: the figure, with the rank and suit in the frame's corner. */
function courtHalf(card, suit) {
  const half = el("g", { class: "court-half" });
  const letter = card.code[0];
  const [wear, hat] = HEADWEAR[letter];
  if (letter === "Q") half.append(el("path", { d: HAIR.Q, class: "court-hair" }));
  half.append(el("path", { d: "M29 70 L30 61 Q33 51 50 51 Q67 51 70 61 L71 70 Z",
    class: "court-robe" }));
  half.append(el("path", { d: "M39 53 L50 63 L61 53", class: "court-trim" }));
  half.append(el("circle", { cx: 50, cy: 42, r: 8.5, class: "court-head" }));
  if (letter !== "Q") half.append(el("path", { d: HAIR[letter], class: "court-hair" }));
  half.append(el("path", { d: hat, class: `court-hat ${wear}` }));
  half.append(suitShape(suit, 50, 65, 8, "court-badge"));
  half.append(rankText(card.label, 29, 30, "court-rank", 11));
  half.append(suitShape(suit, 29, 37, 7, "court-suit"));
  return half;
}

/** A jack, queen or king: a framed figure, mirrored about the middle as printed cards are. */
function court(card, suit) {
  const group = el("g", { class: "court", "data-court": card.code[0] });
  group.append(el("rect", { x: 22, y: 16, width: 56, height: 108, rx: 3, class: "court-frame" }));
  const lower = courtHalf(card, suit);
  lower.setAttribute("transform", "rotate(180 50 70)");
  group.append(courtHalf(card, suit), lower);
  group.append(el("line", { x1: 22, y1: 70, x2: 78, y2: 70, class: "court-line" }));
  return group;
}

/** The face for small cards: a big rank and suit in the top 32 units (what a fanned pile
 * leaves seen of a card under another), a big suit below, no pips. */
function largeIndex(card, suit) {
  const group = el("g", { class: "face-large" });
  group.append(rankText(card.label, 7, 31, "big-rank", 44, "start"),
    suitShape(suit, 76, 18, 26, "big-suit"), suitShape(suit, 50, 88, 60, "big-suit"));
  return group;
}

const BACK_COLUMNS = 7; // the lattice of diamonds on a card's back
const BACK_ROWS = 8;

/** The back: a lattice of diamonds round a medallion of the four suits. */
function back(svg) {
  svg.classList.add("back");
  svg.append(el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "card-back" }));
  svg.append(el("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, class: "card-back-inner" }));
  const lattice = [];
  for (let i = 0; i < BACK_COLUMNS; i += 1) {
    for (let j = 0; j < BACK_ROWS; j += 1) {
      lattice.push(`M${14 + i * 12} ${10 + j * 15.5} l6 7.5 l-6 7.5 l-6 -7.5 z`);
    }
  }
  svg.append(el("path", { d: lattice.join(" "), class: "card-back-diamond" }));
  svg.append(el("ellipse", { cx: 50, cy: 70, rx: 22, ry: 28, class: "card-back-medallion" }));
  [["S", 42, 60], ["H", 58, 60], ["D", 42, 80], ["C", 58, 80]].forEach(([suit, x, y]) => {
    svg.append(suitShape(suit, x, y, 13, "card-back-suit"));
  });
  return svg;
}

/** An <svg> card: the face of `code`, or its back when `code` is null. Each face holds
 * both its full design and its large index; the style sheet shows one (cards.css). */
export function cardSVG(code) {
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-svg", "aria-hidden": "true",
    focusable: "false" });
  if (!code) return back(svg);
  const card = parseCard(code);
  const suit = code[1];
  svg.classList.add(card.red ? "red" : "black", `suit-${suit}`); // four colours: cards.css
  svg.append(el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "card-face" }));
  const full = el("g", { class: "face-full" });
  full.append(corners(card, suit), card.rank > 10 ? court(card, suit) : pips(card, suit));
  svg.append(full, largeIndex(card, suit));
  return svg;
}

/** A card element (a div holding the SVG) with its accessible name. */
export function cardElement(code, faceUp = true) {
  const div = document.createElement("div");
  div.className = "card";
  div.dataset.card = faceUp && code ? code : "";
  div.setAttribute("role", "img");
  div.setAttribute("aria-label", cardName(code, faceUp));
  div.append(cardSVG(faceUp ? code : null));
  return div;
}

/** Give each place of `root` labelled by `aria-label` its name from its content instead: the
 * same words in a visually hidden span, with the cards and captions hidden from assistive
 * technology. A name from content is not checked against the visible text (the letters in
 * a card's corners, a pile's count), which could never match a spoken sentence. */
export function nameFromContent(root) {
  for (const node of root.querySelectorAll("button[aria-label]")) {
    for (const child of node.children) child.setAttribute("aria-hidden", "true");
    const words = document.createElement("span");
    words.className = "visually-hidden";
    words.textContent = node.getAttribute("aria-label");
    node.removeAttribute("aria-label");
    node.append(words);
  }
}
