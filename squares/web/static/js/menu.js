// The toolbar's menu of the less used actions: inline on a wide screen where they fit in
// one row with the rest, in a menu behind "More" where they do not (in a language of long
// words, say). On a phone held upright the difficulty of a new deal joins the menu when
// the actions' row has no room for it, rather than take a row of the board's height.

const $ = (id) => document.getElementById(id);

/** The menu of the less used actions: opened by its button, closed by Escape, by a click
 * elsewhere, or once one of its actions is chosen. */
export function wireMenu() {
  const button = $("more");
  const panel = $("more-panel");
  const setOpen = (open) => {
    panel.classList.toggle("open", open);
    button.setAttribute("aria-expanded", open ? "true" : "false");
  };
  button.addEventListener("click", () => {
    const open = !panel.classList.contains("open");
    setOpen(open);
    if (open) panel.querySelector("button, input, select, a")?.focus();
  });
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { setOpen(false); button.focus(); }
  });
  document.addEventListener("pointerdown", (event) => {
    if (!panel.contains(event.target) && !button.contains(event.target)) setOpen(false);
  });
  for (const item of panel.querySelectorAll("button:not([type=submit])")) {
    item.addEventListener("click", () => setOpen(false));
  }
  $("deal-form").addEventListener("submit", () => setOpen(false));
  // the deal field as wide as its placeholder, in whatever language: nothing of it is cut
  const field = $("deal-input");
  field.size = Math.max(8, [...field.placeholder].length + 2);
  const toolbar = button.closest(".toolbar");
  const fit = () => {
    toolbar.classList.remove("compact");
    if (getComputedStyle(panel).display !== "contents") return; // the menu already
    const row = $("undo").getBoundingClientRect();
    const wraps = [...toolbar.querySelectorAll("button, input, select, a")]
      .some((node) => node.getBoundingClientRect().top >= row.bottom);
    toolbar.classList.toggle("compact", wraps);
  };
  const place = placeDifficulty();
  const both = () => { place(); fit(); };
  both();
  window.addEventListener("resize", both);
  document.fonts?.ready.then(both);
}

/** Put the difficulty choice (with its label) in the actions' row before "More"; on a
 * phone held upright, in the menu before the deal box (its label shown) if in the row it
 * would start another. Returns the function that does it again, on a resize. */
function placeDifficulty() {
  const choice = $("difficulty");
  const label = choice.labels[0];
  const upright = window.matchMedia("(max-width: 520px) and (orientation: portrait)");
  return () => {
    $("more").before(label, choice);
    label.classList.add("visually-hidden");
    if (!upright.matches) return;
    const row = $("undo").getBoundingClientRect();
    const wraps = [choice, $("more")].some((node) => node.getBoundingClientRect().top >= row.bottom);
    if (!wraps) return;
    $("deal-form").before(label, choice);
    label.classList.remove("visually-hidden");
  };
}
