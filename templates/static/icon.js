// iconlib icon page: plays the icon's states. Without this script the static SVG shows.
(() => {
  "use strict";
  const page = document.querySelector(".icon-page");
  const box = document.getElementById("player");
  if (!page || !box || !window.lottie) return;
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const anim = window.lottie.loadAnimation({
    container: box, renderer: "svg", loop: false, autoplay: false, path: page.dataset.file,
  });
  window.iconlibPlayer = anim;
  anim.addEventListener("DOMLoaded", () => {
    const img = box.querySelector("img");
    if (img) img.remove();
    if (reduceMotion.matches) anim.goToAndStop(anim.totalFrames - 1, true);
    else anim.goToAndPlay("in", true);
  });
  document.querySelectorAll("[data-state]").forEach((button) => {
    button.addEventListener("click", () => {
      if (reduceMotion.matches) return;
      const marker = anim.markers.find((m) => m.payload.name === button.dataset.state);
      anim.loop = Boolean(marker && button.dataset.state === "loop");
      anim.goToAndPlay(button.dataset.state, true);
    });
  });
})();
