// The four suit shapes as SVG path data in a 100×100 box centred on (50, 50), drawn by hand
// for this game: the same shapes on the cards (SVG) and in the win's confetti (canvas).

export const SUIT_PATHS = {
  H: "M50 90 C36 76 6 58 6 32 C6 16 18 7 30 7 C40 7 47 13 50 22 C53 13 60 7 70 7 "
    + "C82 7 94 16 94 32 C94 58 64 76 50 90 Z",
  D: "M50 4 C60 20 72 36 86 50 C72 64 60 80 50 96 C40 80 28 64 14 50 C28 36 40 20 50 4 Z",
  S: "M50 6 C62 24 92 38 92 60 C92 74 82 82 71 82 C63 82 57 78 54 72 C55 82 60 90 68 95 "
    + "L32 95 C40 90 45 82 46 72 C43 78 37 82 29 82 C18 82 8 74 8 60 C8 38 38 24 50 6 Z",
  // three leaves and a stem, each drawn clockwise so that the non-zero rule joins them
  C: "M50 8 a19 19 0 1 1 0 38 a19 19 0 1 1 0 -38 Z M27 41 a19 19 0 1 1 0 38 "
    + "a19 19 0 1 1 0 -38 Z M73 41 a19 19 0 1 1 0 38 a19 19 0 1 1 0 -38 Z "
    + "M44 44 L56 44 L56 60 C56 76 60 88 68 95 L32 95 C40 88 44 76 44 60 Z",
};

export const RED_SUITS = "DH";
