// The page's words in the player's language. Messages are written in English with
// {named} placeholders; the server sends their translations (/api/i18n) in the language
// it chose for the page, and this module waits for them before any module that imports
// it runs, so the first drawing is already translated. Without a catalog: English.

const COOKIE = "lang";
let messages = {};
let pluralIndex = (n) => (n === 1 ? 0 : 1);

/** The catalog's plural rule (a C expression in n) as a function; only arithmetic on n. */
function pluralRule(rule) {
  if (typeof rule !== "string" || !/^[n0-9\s()?:<>=!&|%+*/-]+$/.test(rule)) return null;
  try {
    // eslint-disable-next-line no-new-func
    const evaluate = new Function("n", `return Number(${rule});`);
    evaluate(1);
    return evaluate;
  } catch (error) {
    return null;
  }
}

try {
  const response = await fetch("/api/i18n", { headers: { Accept: "application/json" } });
  if (response.ok) {
    const catalog = await response.json();
    messages = catalog.messages || {};
    pluralIndex = pluralRule(catalog.plural) || pluralIndex;
  }
} catch (error) {
  // the server is not answering: the page says so later, in English
}

/** The page's language, as the server set it on <html lang>. */
export const lang = document.documentElement.lang || "en";

/** `text` with each {name} replaced by values[name]; unknown names are left as they are. */
export function format(text, values = {}) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** `text` in the page's language, its {placeholders} filled from `values`. */
export function _(text, values) {
  const found = messages[text];
  const translated = typeof found === "string" && found ? found : text;
  return values ? format(translated, values) : translated;
}

/** The form for `n` of a message with a plural: {count} is n unless values say otherwise. */
export function ngettext(singular, plural, n, values = {}) {
  const forms = messages[singular];
  let text = n === 1 ? singular : plural;
  if (Array.isArray(forms) && forms.length) {
    const chosen = forms[Math.min(forms.length - 1, Math.max(0, pluralIndex(n)))];
    if (chosen) text = chosen;
  }
  return format(text, { count: n, ...values });
}

/** Wire a language <select>: the choice is remembered (cookie) and the page reloaded in it. */
export function languageSwitcher(select) {
  if (!select) return;
  select.value = lang;
  select.addEventListener("change", () => {
    const year = 365 * 24 * 3600;
    document.cookie = `${COOKIE}=${encodeURIComponent(select.value)}; path=/; max-age=${year}; SameSite=Strict`;
    window.location.reload();
  });
}
