// Union Square on the page: stock, waste, four foundations and the 4×4 tableau, each
// pile showing its top two cards fanned and its direction. Drawn anew from each view.
import { cardElement, cardName, cardText, nameFromContent, parseCard } from "./cards.js";
import { startDrag } from "./drag.js";
import { _, ngettext } from "./i18n.js";

export const GAME = "union-square";

function sourcesOf(view) {
  const sources = new Set();
  for (const move of view.legal) if (move.includes("-")) sources.add(move.split("-")[0]);
  return sources;
}

export function targetsOf(view, source) {
  return new Set(view.legal.filter((m) => m.startsWith(`${source}-`)).map((m) => m.split("-")[1]));
}

/** The top two cards of `cards`, fanned, in a box of their own (the caption sits beside). */
function fan(container, cards) {
  const box = document.createElement("div");
  box.className = "cards";
  container.append(box);
  if (!cards.length) {
    const slot = document.createElement("div");
    slot.className = "slot";
    slot.setAttribute("aria-hidden", "true");
    box.append(slot);
    return box;
  }
  if (cards.length > 1) {
    const under = cardElement(cards.at(-2));
    under.classList.add("under");
    under.setAttribute("aria-hidden", "true");
    box.append(under);
  }
  const top = cardElement(cards.at(-1));
  top.classList.add("top");
  if (cards.length === 1) top.classList.add("alone");
  box.append(top);
  return box;
}

function place(tag, attrs) {
  const node = document.createElement(tag);
  if (tag === "button") { node.type = "button"; node.tabIndex = -1; }
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "label") node.setAttribute("aria-label", value);
    else node.dataset[name] = String(value);
  }
  return node;
}

/** A place's caption, below or beside its cards (never over a card's corner): its name in
 * words, if it has one to show, and its count; spoken already by the place's own label. */
function caption(name, count = "") {
  const span = document.createElement("span");
  span.className = "cap";
  span.setAttribute("aria-hidden", "true");
  for (const text of [name, count].filter(Boolean)) {
    const part = document.createElement("span");
    part.textContent = text;
    span.append(part, " ");
  }
  return span;
}

/** Draw the board into `root`. `ui` holds {selected, hint, onMove, onSelect}. */
export function render(root, view, ui) {
  root.className = "board us";
  root.replaceChildren();
  const sources = sourcesOf(view);
  const hinted = ui.hint && ui.hint.startsWith(`${ui.selected}-`) ? ui.hint.split("-")[1] : null;
  const targets = hinted ? new Set([hinted]) : ui.selected ? targetsOf(view, ui.selected) : new Set();

  const left = document.createElement("div");
  left.className = "us-stockwaste";
  const right = document.createElement("div");
  right.className = "us-foundations";
  const stock = place("button", { place: "s",
    label: view.stock
      ? ngettext("Stock, {count} card: deal one to the waste",
        "Stock, {count} cards: deal one to the waste", view.stock)
      : _("Stock, empty") });
  stock.className = `us-slot stock${ui.hint === "s" ? " target" : ""}`;
  const stockBox = document.createElement("div");
  stockBox.className = "cards";
  if (view.stock) stockBox.append(cardElement(null, false));
  else {
    const slot = document.createElement("div");
    slot.className = "slot";
    slot.textContent = "∅";
    stockBox.append(slot);
  }
  stock.append(stockBox, caption(_("Stock"), String(view.stock)));
  stock.addEventListener("click", () => deal(view, ui, stock));
  left.append(stock);

  const wasteTop = view.waste.at(-1);
  const waste = place("button", { source: "w",
    label: wasteTop
      ? ngettext("Waste, {count} card, top: {card}", "Waste, {count} cards, top: {card}",
        view.waste.length, { card: cardName(wasteTop) })
      : _("Waste, empty") });
  waste.className = "us-slot waste";
  fan(waste, view.waste);
  waste.append(caption(_("Waste"), view.waste.length ? String(view.waste.length) : ""));
  left.append(waste);

  view.foundations.forEach((pile, index) => {
    const node = place("button", { target: "f", foundation: index + 1,
      label: pile.length
        ? ngettext("Foundation {number}, {suit}, {count} card, top: {card}",
          "Foundation {number}, {suit}, {count} cards, top: {card}", pile.length,
          { number: index + 1, suit: parseCard(pile[0]).suitName, card: cardName(pile.at(-1)) })
        : _("Foundation {number}, empty", { number: index + 1 }) });
    node.className = "us-slot foundation";
    fan(node, pile.slice(-1));
    node.append(caption("", pile.length ? String(pile.length) : ""));
    const home = view.homes[ui.selected];
    if (targets.has("f") && (!hinted || home === index)) node.classList.add("target");
    right.append(node);
  });

  const tableau = document.createElement("div");
  tableau.className = "us-tableau";
  view.tableau.forEach((pile, index) => {
    const id = `t${index + 1}`;
    const dir = view.directions[index];
    // the piles are named by number, 1 to 16 as they are read; t1…t16 are the notation's
    const values = { pile: index + 1, card: pile.length ? cardName(pile.at(-1)) : "" };
    let spoken = _("Pile {pile}, empty", values);
    if (dir === "up") {
      spoken = ngettext("Pile {pile}, {count} card, top: {card}, building up",
        "Pile {pile}, {count} cards, top: {card}, building up", pile.length, values);
    } else if (dir === "down") {
      spoken = ngettext("Pile {pile}, {count} card, top: {card}, building down",
        "Pile {pile}, {count} cards, top: {card}, building down", pile.length, values);
    } else if (pile.length) {
      spoken = ngettext("Pile {pile}, {count} card, top: {card}",
        "Pile {pile}, {count} cards, top: {card}", pile.length, values);
    }
    const node = place("button", { source: id, target: id, label: spoken });
    node.className = "pile";
    fan(node, pile);
    const arrow = dir === "up" ? "↑" : dir === "down" ? "↓" : "";
    node.append(caption("", pile.length ? `${pile.length}${arrow}` : ""));
    if (targets.has(id)) node.classList.add("target");
    tableau.append(node);
  });
  root.append(left, tableau, right);
  nameFromContent(root);

  for (const node of root.querySelectorAll("[data-source], [data-target]")) {
    const source = node.dataset.source;
    if (source && source === ui.selected) {
      node.classList.add("selected");
      node.setAttribute("aria-pressed", "true");
    }
    node.addEventListener("click", () => clickPlace(view, ui, node));
    if (source && sources.has(source)) {
      node.addEventListener("dblclick", () => toFoundation(view, ui, source, node));
      node.addEventListener("pointerdown", (event) => startDrag(event, node, {
        targetSelector: "[data-target]",
        onDrop: (target) => {
          const where = target?.dataset.target;
          if (where && where !== source) putDown(view, ui, target, source, where);
        },
      }));
    }
  }
}

/** The top card of a place ("w", "t3"), or undefined. */
function topOf(view, where) {
  const pile = where === "w" ? view.waste : view.tableau[Number(where.slice(1)) - 1];
  return pile?.at(-1);
}

/** Put the card of `source` on `target` if the view lists that move; else say why not in
 * the board's words (the card and the card it would go on) and mark the place. */
function putDown(view, ui, node, source, target) {
  if (targetsOf(view, source).has(target)) { ui.onMove(`${source}-${target}`); return; }
  const card = cardText(topOf(view, source));
  const under = target === "f" ? undefined : topOf(view, target);
  if (target === "f") ui.refuse(node, _("No foundation takes the {card} now.", { card }));
  else if (under) ui.refuse(node, _("The {card} cannot go on the {other}.", { card, other: cardText(under) }));
  else ui.refuse(node, _("The {card} cannot move now: no pile or foundation takes it.", { card }));
}

/** Click (or Enter) on a pile: put down the held card there, or pick this one up. */
export function clickPlace(view, ui, node) {
  const source = node.dataset.source;
  const target = node.dataset.target;
  if (ui.selected) {
    if (source === ui.selected) { ui.onSelect(null); return; }
    if (target && targetsOf(view, ui.selected).has(target)) { ui.onMove(`${ui.selected}-${target}`); return; }
    if (source && targetsOf(view, source).size) { ui.onSelect(source); return; }
    if (target) { putDown(view, ui, node, ui.selected, target); return; }
  }
  if (source && targetsOf(view, source).size) ui.onSelect(source);
  else if (source && topOf(view, source)) {
    ui.refuse(node, _("The {card} cannot move now: no pile or foundation takes it.",
      { card: cardText(topOf(view, source)) }));
  }
}

/** Send the card of `source` home if the view lists that move; else say why not on `node`. */
export function toFoundation(view, ui, source, node) {
  if (view.legal.includes(`${source}-f`)) { ui.onMove(`${source}-f`); return; }
  const card = topOf(view, source);
  if (card) ui.refuse(node, _("No foundation takes the {card} now.", { card: cardText(card) }));
}

/** Deal if the view lists the deal; an empty stock says so on the stock. */
function deal(view, ui, node) {
  if (view.legal.includes("s")) ui.onMove("s");
  else if (!view.stock) ui.refuse(node, _("The stock is empty: it is dealt only once."));
}

/** Keyboard on a focused place: Enter, Space, F. Returns true when handled. */
function keyOnPlace(view, ui, node, key) {
  const source = node.dataset.source;
  if (node.dataset.place === "s" && (key === "Enter" || key === " ")) { deal(view, ui, node); return true; }
  if (key === "f" || key === "F") { if (source) toFoundation(view, ui, source, node); return true; }
  if (key === " ") {
    if (source && targetsOf(view, source).size) ui.onSelect(source === ui.selected ? null : source);
    return true;
  }
  if (key === "Enter") {
    if (!ui.selected && source && view.legal.includes(`${source}-f`)) { toFoundation(view, ui, source, node); return true; }
    clickPlace(view, ui, node);
    return true;
  }
  return false;
}

/** Keys of this game: S deals; Enter, Space and F act on the focused place. */
export function onKey(view, ui, focused, key) {
  if ((key === "s" || key === "S") && view.legal.includes("s")) { ui.onMove("s"); return true; }
  if (focused && ["Enter", " ", "f", "F"].includes(key)) return keyOnPlace(view, ui, focused, key);
  return false;
}

/** A hint: pick up the card it moves and light the one place it goes (the stock, to deal). */
export function showHint(root, view, move, ui) {
  const source = move === "s" ? null : move.split("-")[0];
  ui.select(source, move);
  ui.focus(source || "s");
}

/** The review's replay: light the pile the move just shown went to (or the stock, for a
 * deal), since the move's words ("the 9♥ to an empty pile") name no pile. */
export function markMove(root, move) {
  const target = move === "s" ? root.querySelector(".stock")
    : root.querySelector(`.pile[data-target="${CSS.escape(move.split("-")[1])}"]`);
  target?.classList.add("replayed");
}

/** The page offers to send every card that can go to its foundation, one after another. */
export const AUTO_OPTION = true;

export function autoMove(view) {
  return view.legal.find((m) => m.endsWith("-f")) || null;
}
