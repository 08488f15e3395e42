// How the table looks, as the player chose it, remembered in this browser: light or dark
// (or as the system is set), a four-colour deck. Every page imports this module first: it
// waits for nothing (no catalog), so the choice holds from the first drawing. The game
// page's help dialog changes it (settings.js).

export const THEME = "squares.theme";
export const DECK = "squares.deck";
const root = document.documentElement;

/** The choices stored in this browser, set on the page (data-theme, data-deck). */
export function applyLooks() {
  const theme = localStorage.getItem(THEME);
  if (theme === "light" || theme === "dark") root.dataset.theme = theme;
  else delete root.dataset.theme;
  if (localStorage.getItem(DECK) === "four") root.dataset.deck = "four";
  else delete root.dataset.deck;
}
applyLooks();
// another window's choice, at once in this one
window.addEventListener("storage", (event) => { if (event.key === THEME || event.key === DECK) applyLooks(); });
