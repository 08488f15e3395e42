// The introduction of a first visit.

const $ = (id) => document.getElementById(id);

/** A few lines on the games for a first visit; Help opens them again. */
export function wireIntro() {
  const intro = $("intro-dialog");
  $("intro-close").addEventListener("click", () => intro.close());
  intro.addEventListener("close", () => localStorage.setItem("squares.intro.seen", "1"));
  $("intro-open").addEventListener("click", () => { $("help-dialog").close(); intro.showModal(); });
  if (!localStorage.getItem("squares.intro.seen")) intro.showModal();
}
