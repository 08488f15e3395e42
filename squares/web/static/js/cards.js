// Cards drawn as SVG (crisp at any size), and their accessible names in the page's language.
import { _ } from "./i18n.js";

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

const BACK_COLUMNS = 5; // the diamonds on a card's back
const BACK_ROWS = 7;

/** An <svg> card: the face of `code`, or its back when `code` is null. */
export function cardSVG(code) {
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-svg", "aria-hidden": "true",
    focusable: "false" });
  if (!code) {
    svg.classList.add("back");
    svg.append(el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 9, class: "card-back" }));
    svg.append(el("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, class: "card-back-inner" }));
    for (let i = 0; i < BACK_COLUMNS; i += 1) {
      for (let j = 0; j < BACK_ROWS; j += 1) {
        svg.append(el("path", { d: `M ${18 + i * 16} ${14 + j * 18} l 7 8 l -7 8 l -7 -8 z`,
          class: "card-back-diamond" }));
      }
    }
    return svg;
  }
  const card = parseCard(code);
  svg.classList.add(card.red ? "red" : "black");
  svg.append(el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 9, class: "card-face" }));
  svg.append(el("text", { x: 8, y: 30, class: "card-rank" }, card.label));
  svg.append(el("text", { x: 9, y: 52, class: "card-suit-small" }, card.symbol));
  const corner = el("g", { transform: "rotate(180 50 70)" });
  corner.append(el("text", { x: 8, y: 30, class: "card-rank" }, card.label));
  corner.append(el("text", { x: 9, y: 52, class: "card-suit-small" }, card.symbol));
  svg.append(corner);
  svg.append(el("text", { x: 50, y: 90, class: "card-suit-big", "text-anchor": "middle" },
    card.symbol));
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
