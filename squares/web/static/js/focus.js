// Moving the keyboard focus over the board with the arrow keys, by where places are on screen.

const SLACK_PX = 4;

/** Arrow keys: the nearest place on screen in that direction, whatever the layout. */
export function moveFocus(board, dx, dy) {
  const nodes = [...board.querySelectorAll("button")];
  const here = board.contains(document.activeElement) ? document.activeElement : null;
  if (!here) { (board.querySelector("button[tabindex='0']") || nodes[0])?.focus(); return; }
  const centre = (node) => {
    const box = node.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  };
  const [x, y] = centre(here);
  let best = null;
  let bestScore = Infinity;
  for (const node of nodes) {
    if (node === here) continue;
    const [nx, ny] = centre(node);
    const along = dx ? (nx - x) * dx : (ny - y) * dy;
    const across = dx ? Math.abs(ny - y) : Math.abs(nx - x);
    if (along <= SLACK_PX) continue;
    const score = along + across * 2;
    if (score < bestScore) { best = node; bestScore = score; }
  }
  if (best) {
    for (const node of nodes) node.tabIndex = node === best ? 0 : -1;
    best.focus();
  }
}
