// The player's settings in the help dialog: how the table looks (looks.js), and the
// large card corners (corners.js), each a control of the same kind.
import { _ } from "./i18n.js";
import { DECK, THEME, applyLooks } from "./looks.js";

const root = document.documentElement;

/** Put `node` among the settings of the dialog (above its buttons), in a row of its own. */
export function addSetting(dialog, node) {
  const row = document.createElement("p");
  row.className = "setting";
  row.append(node);
  const buttons = dialog.querySelector(".dialog-buttons");
  if (buttons) buttons.before(row);
  else dialog.append(row);
}

/** A toggle button (`aria-pressed`) saying `text`; `isOn()` tells its state and `toggle()`
 * changes it. Returns the function that shows the state again. */
export function toggleSetting(dialog, id, text, isOn, toggle) {
  const button = document.createElement("button");
  button.type = "button";
  button.id = id;
  button.className = "toggle";
  button.textContent = text;
  const refresh = () => button.setAttribute("aria-pressed", isOn() ? "true" : "false");
  button.addEventListener("click", () => { toggle(); refresh(); });
  addSetting(dialog, button);
  refresh();
  new MutationObserver(refresh).observe(dialog, { attributes: true, attributeFilter: ["open"] });
  return refresh;
}

/** The theme's choice (a select: as the system, light, dark) and the four-colour deck's
 * toggle, in the help dialog. */
export function lookSettings(dialog) {
  if (!dialog) return;
  const label = document.createElement("label");
  label.className = "theme-setting";
  // TRANSLATORS: the choice of a light or dark table, or the one the system is set to
  label.append(_("Table colours"), " ");
  const select = document.createElement("select");
  select.id = "theme";
  const choices = [
    // TRANSLATORS: a table light or dark as the computer or phone is set
    ["", _("As the system")],
    // TRANSLATORS: a light table (the colours of the page)
    ["light", _("Light")],
    // TRANSLATORS: a dark table (the colours of the page)
    ["dark", _("Dark")],
  ];
  for (const [value, text] of choices) select.append(new Option(text, value));
  select.value = localStorage.getItem(THEME) || "";
  select.addEventListener("change", () => {
    if (select.value) localStorage.setItem(THEME, select.value);
    else localStorage.removeItem(THEME);
    applyLooks();
  });
  label.append(select);
  addSetting(dialog, label);
  // TRANSLATORS: a toggle: diamonds blue and clubs green, so that each suit has its colour
  toggleSetting(dialog, "four-colour", _("Four-colour deck"), () => root.dataset.deck === "four", () => {
    localStorage.setItem(DECK, root.dataset.deck === "four" ? "two" : "four");
    applyLooks();
  });
}
