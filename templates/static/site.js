// iconlib home and category pages: animated previews and search. Works without this script too.
(() => {
  "use strict";
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const grid = document.getElementById("grid");
  const status = document.getElementById("status");
  const players = new WeakMap();

  // player loads a tile's animation once, replacing its static SVG.
  function player(link) {
    if (players.has(link)) return players.get(link);
    const box = link.querySelector(".preview");
    const anim = window.lottie.loadAnimation({
      container: box, renderer: "svg", loop: false, autoplay: false,
      path: "/assets/" + link.dataset.icon + ".json",
    });
    anim.addEventListener("DOMLoaded", () => {
      const img = box.querySelector("img");
      if (img) img.remove();
      if (reduceMotion.matches) anim.goToAndStop(anim.totalFrames - 1, true);
    });
    players.set(link, anim);
    return anim;
  }

  function play(link, state) {
    if (!window.lottie || reduceMotion.matches) return;
    const anim = player(link);
    if (anim.isLoaded) anim.goToAndPlay(state, true);
    else anim.addEventListener("DOMLoaded", () => anim.goToAndPlay(state, true));
  }

  function wire(root) {
    root.querySelectorAll("a[data-icon]").forEach((link) => {
      link.addEventListener("mouseenter", () => play(link, "hover"));
      link.addEventListener("focus", () => play(link, "hover"));
      if ("IntersectionObserver" in window) appear.observe(link);
    });
  }

  const appear = "IntersectionObserver" in window ? new IntersectionObserver((entries) => {
    entries.forEach((e) => {
      if (!e.isIntersecting) return;
      appear.unobserve(e.target);
      play(e.target, "in");
    });
  }, { rootMargin: "64px" }) : null;

  function tile(icon) {
    const li = document.createElement("li");
    li.className = "tile";
    const a = document.createElement("a");
    a.href = "/icons/" + icon.id + "/";
    a.dataset.icon = icon.id;
    a.title = icon.description || "";
    const box = document.createElement("span");
    box.className = "preview";
    const img = document.createElement("img");
    img.src = "/svg/" + icon.id + ".svg"; img.alt = ""; img.width = 48; img.height = 48;
    box.append(img);
    const name = document.createElement("span");
    name.className = "name"; name.textContent = icon.name;
    a.append(box, name); li.append(a);
    return li;
  }

  // search asks the edge's ranking; on a static host without it, it filters a small name index.
  async function search(q, category) {
    const params = new URLSearchParams({ q, limit: "48" });
    if (category) params.set("category", category);
    try {
      const res = await fetch("/api/v1/icons?" + params);
      if (res.ok) return (await res.json()).items;
    } catch (_) { /* fall through to the static index */ }
    const res = await fetch("/static/icon-index.json");
    const index = await res.json();
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    return index.filter((r) => (!category || r[2] === category) && words.every((w) => r[3].includes(w)))
      .slice(0, 48).map((r) => ({ id: r[0], name: r[1] }));
  }

  async function run(q, category) {
    if (!grid || !status || !q) return;
    status.textContent = "Searching…";
    const items = await search(q, category);
    document.getElementById("results-title").textContent = "Results for “" + q + "”";
    grid.replaceChildren(...items.map(tile));
    status.textContent = items.length ? items.length + " icons" : "No icons found. Try other words.";
    wire(grid);
  }

  const form = document.querySelector("form.search");
  if (form) {
    const params = new URLSearchParams(location.search);
    form.q.value = params.get("q") || "";
    form.category.value = params.get("category") || "";
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const q = form.q.value.trim();
      const url = new URL(location.href);
      url.search = "";
      if (q) url.searchParams.set("q", q);
      if (form.category.value) url.searchParams.set("category", form.category.value);
      history.pushState(null, "", url);
      run(q, form.category.value);
    });
    run(form.q.value.trim(), form.category.value);
  }
  if (grid) wire(grid);
})();
