// The clock counts only while a page shows the game. A shown page beats every few seconds
// (the server's clock runs on for a few seconds after the last beat, squares.web.attended):
// so a page that cannot say it is gone — closed by a script, crashed, killed, asleep —
// stops the clock all the same. A page that is hidden says so at once.
const BEAT_MS = 5000;

/** Keep the clock of the game `game()` (a view, or null) running while this page shows it;
 * `reopen(id)` reads the game again when the page is shown again. */
export function keepClock(game, reopen) {
  const beat = () => {
    const view = game();
    if (document.visibilityState === "visible" && view?.status === "playing") {
      fetch(`/api/games/${view.id}/beat`, { method: "POST", keepalive: true }).catch(() => undefined);
    }
  };
  setInterval(beat, BEAT_MS);
  document.addEventListener("visibilitychange", () => {
    const view = game();
    if (document.visibilityState === "hidden" && view?.status === "playing") {
      navigator.sendBeacon(`/api/games/${view.id}/pause`);
    }
    if (document.visibilityState === "visible" && view) reopen(view.id).then(beat);
  });
}
