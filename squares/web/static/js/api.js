// The JSON API of the local server. Every call resolves to {ok, status, body}.
import { _ } from "./i18n.js";

async function call(method, path, body) {
  const options = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    return { ok: false, status: 0, body: { detail: _("The server is not answering. Is it still running?") } };
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = { detail: _("Unexpected answer from the server ({status}).", { status: response.status }) };
  }
  return { ok: response.ok, status: response.status, body: data };
}

export const api = {
  current: (game) => call("GET", `/api/games/current?game=${encodeURIComponent(game)}`),
  create: (request) => call("POST", "/api/games", request),
  get: (id) => call("GET", `/api/games/${id}`),
  move: (id, move, version) => call("POST", `/api/games/${id}/moves`, { move, version }),
  action: (id, name, version) => call("POST", `/api/games/${id}/${name}`, { version }),
  hint: (id, version) => call("POST", `/api/games/${id}/hint`, { version }),
  review: (id) => call("GET", `/api/games/${id}/review`),
  replay: (id) => call("GET", `/api/games/${id}/replay`),
  stats: () => call("GET", "/api/stats"),
  info: () => call("GET", "/api/info"),
  warmUp: () => call("GET", "/api/warm-up"),
};

/** The message to show for a failed call. */
export function errorText(result) {
  const detail = result.body && result.body.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail) && detail.length) return detail.map((d) => d.msg).join("; ");
  return _("Request failed ({status}).", { status: result.status });
}

/** The game page's address that deals `code` (a share code: foursquare:7) when opened. */
export function playLink(code) {
  return `/?play=${encodeURIComponent(code)}`;
}
