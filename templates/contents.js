/* The contents fold away on a narrow screen (a phone), so that the rules come first; choosing
   an entry folds them again, and printing opens them. Without this script they stay open. */
(() => {
  const contents = document.currentScript.previousElementSibling;
  const narrow = matchMedia("screen and (max-width: 59.99rem)");
  if (narrow.matches) contents.open = false;
  addEventListener("beforeprint", () => { contents.open = true; });
  contents.addEventListener("click", (event) => {
    if (narrow.matches && event.target.closest("ol a")) contents.open = false;
  });
})();
