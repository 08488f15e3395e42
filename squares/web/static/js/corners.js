// The large index (a big rank and suit, no pips): shown by itself on small cards
// (cards.css), or always or never as the player chose, remembered in this browser.
import { _ } from "./i18n.js";

const KEY = "squares.corners";
const root = document.documentElement;

function apply(choice) {
  if (choice === "large" || choice === "full") root.dataset.corners = choice;
  else delete root.dataset.corners;
}

/** Whether the cards on the page show their large index now (by choice or by size). */
function largeNow() {
  const face = document.querySelector("#board .card .face-large");
  if (!face) return root.dataset.corners === "large";
  return getComputedStyle(face).display !== "none";
}

/** A toggle button for the large index, put in the help dialog beside the keys. */
export function cornerSetting(dialog) {
  apply(localStorage.getItem(KEY));
  if (!dialog) return;
  const row = document.createElement("p");
  row.className = "corner-setting";
  const button = document.createElement("button");
  button.type = "button";
  button.id = "large-index";
  // TRANSLATORS: a toggle: each card shows only a big rank and suit in its corner, no pips
  button.textContent = _("Large card corners");
  const refresh = () => button.setAttribute("aria-pressed", largeNow() ? "true" : "false");
  button.addEventListener("click", () => {
    const choice = largeNow() ? "full" : "large";
    localStorage.setItem(KEY, choice);
    apply(choice);
    refresh();
  });
  row.append(button);
  const buttons = dialog.querySelector(".dialog-buttons");
  if (buttons) buttons.before(row);
  else dialog.append(row);
  refresh();
  new MutationObserver(refresh).observe(dialog, { attributes: true, attributeFilter: ["open"] });
}
