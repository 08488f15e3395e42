// The toolbar's menu of the less used actions.

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
}
