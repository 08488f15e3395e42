// The time played, as the table shows it: the server's count when the view came, and the
// time since then while the game is under way.

/** `seconds` as a clock reads them: 4:05, or 1:02:05 past an hour. */
export function formatTime(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

/** The seconds played of `view`, which came at `since` (a `Date.now()`). */
export function played(view, since) {
  return view.seconds + (view.status === "playing" ? (Date.now() - since) / 1000 : 0);
}
