// After installing, the server's first start prepares the searches behind hints, the
// chance of winning and reviews (squares.web.warming). While it does, a line of the page
// says what is being prepared and that those answers wait for it; it goes as soon as the
// server is ready. A start that only loads what an earlier one prepared is over in a
// moment: the line waits that long before it shows, so such a start moves nothing.
import { api } from "./api.js";

const LOOK_MS = 1000;
const SHOW_AFTER_MS = 1500;

/** Show the server's warm-up in `line` (hidden) until the server says it is ready. */
export function showWarmUp(line) {
  const since = Date.now();
  const look = async () => {
    const answer = await api.warmUp();
    if (!answer.ok) return; // the server is gone or old: the page's own calls say so
    const shown = !answer.body.ready && Date.now() - since >= SHOW_AFTER_MS;
    line.textContent = shown ? answer.body.text : "";
    line.hidden = !shown;
    if (!answer.body.ready) setTimeout(look, LOOK_MS);
  };
  look();
}
