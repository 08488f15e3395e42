// The introduction of a first visit.

const $ = (id) => document.getElementById(id);

/** A few lines on the games for a first visit; Help opens them again. */
export function wireIntro() {
  const intro = $("intro-dialog");
  const seen = () => localStorage.setItem("squares.intro.seen", "1");
  // at once on the button: the dialog's close event comes a task later, after a reload
  // made at once would have shown the introduction again
  $("intro-close").addEventListener("click", () => { seen(); intro.close(); });
  intro.addEventListener("close", seen); // Escape closes it too
  $("intro-open").addEventListener("click", () => { $("help-dialog").close(); intro.showModal(); });
  if (!localStorage.getItem("squares.intro.seen")) intro.showModal();
}
