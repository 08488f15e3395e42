// Cards drawn as SVG (crisp at any size), and their accessible names.

const SVG = "http://www.w3.org/2000/svg";
const RANKS = "A23456789TJQK";
const RANK_LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const RANK_NAMES = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
  "ten", "jack", "queen", "king"];
const SUITS = { C: ["♣", "clubs"], D: ["♦", "diamonds"], H: ["♥", "hearts"], S: ["♠", "spades"] };

export function parseCard(code) {
  const rank = RANKS.indexOf(code[0]);
  const [symbol, suitName] = SUITS[code[1]];
  return { code, rank: rank + 1, label: RANK_LABELS[rank], symbol, suitName,
    red: code[1] === "D" || code[1] === "H", name: `${RANK_NAMES[rank]} of ${suitName}` };
}

/** "seven of hearts, face up"; a face-down card is named without its face. */
export function cardName(code, faceUp = true) {
  if (!code || !faceUp) return "a card, face down";
  return `${parseCard(code).name}, face up`;
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

/** An <svg> card: the face of `code`, or its back when `code` is null. */
export function cardSVG(code) {
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-svg", "aria-hidden": "true",
    focusable: "false" });
  if (!code) {
    svg.classList.add("back");
    svg.append(el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 9, class: "card-back" }));
    svg.append(el("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, class: "card-back-inner" }));
    for (let i = 0; i < 5; i += 1) {
      for (let j = 0; j < 7; j += 1) {
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
