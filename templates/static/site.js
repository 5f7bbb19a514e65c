// iconlib website: animated previews in the chosen appearance, search on the home page, the icon page's
// player, appearance controls and code, and the WebMCP tools that let a browser agent do the same.
// Every page works without this script: static SVGs, links, a plain GET search form and the published code.
(() => {
  "use strict";

  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const byId = (id) => document.getElementById(id);
  const ICON_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
  // SITE: the service's paths and bounds, from the page (the build writes them from its contract).
  const SITE = JSON.parse(byId("site-contract").textContent);
  const sitePath = (pattern, id) => pattern.replace("{id}", encodeURIComponent(id));
  const PLATFORMS = ["javascript", "react", "react_native", "flutter", "swiftui", "ios", "compose", "android"];
  const page = document.querySelector(".icon-page");
  // darkScheme: whether the site shows dark, by the visitor's choice (initScheme) or else the system's.
  const darkScheme = () => (document.documentElement.dataset.scheme || (window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light")) === "dark";
  const onScheme = []; // parts of the page that follow the scheme chosen
  const pageIcon = page ? page.dataset.icon : "";

  /* ---------- Appearance: one state for previews, controls, code and tools ---------- */

  const DEFAULTS = Object.freeze({ color: "currentColor", dark_color: "", stroke_width: 2, size: 24, speed: 1 });
  const RANGES = { stroke_width: [0.5, 4], size: [12, 256], speed: [0.25, 4] };
  const STORE = "iconlib-appearance";

  // parseColor accepts #rgb, #rrggbb (with or without #) and currentColor; it answers #rrggbb or currentColor.
  function parseColor(v) {
    if (typeof v !== "string") return undefined;
    const s = v.trim();
    if (/^currentcolor$/i.test(s)) return "currentColor";
    let m = /^#?([0-9a-f]{6})$/i.exec(s);
    if (m) return "#" + m[1].toLowerCase();
    m = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(s);
    return m ? ("#" + m[1] + m[1] + m[2] + m[2] + m[3] + m[3]).toLowerCase() : undefined;
  }

  // merge applies changes to an appearance and returns the result; a value out of range throws, naming it.
  function merge(base, changes) {
    const next = { ...base };
    if (changes.reset === true) Object.assign(next, DEFAULTS);
    if (changes.color !== undefined) {
      const c = parseColor(changes.color);
      if (!c) throw new Error("color must be a hex colour such as #2257d6, or currentColor to follow the text colour; got " + JSON.stringify(changes.color));
      next.color = c;
    }
    if (changes.dark_color === "" || changes.dark_color === null) next.dark_color = "";
    else if (changes.dark_color !== undefined) {
      const c = parseColor(changes.dark_color);
      if (!c || c === "currentColor") throw new Error("dark_color must be a hex colour such as #7aa2ff, or \"\" to use color in dark mode too; got " + JSON.stringify(changes.dark_color));
      next.dark_color = c;
    }
    for (const key of Object.keys(RANGES)) {
      if (changes[key] === undefined) continue;
      const n = typeof changes[key] === "string" && changes[key].trim() !== "" ? Number(changes[key]) : changes[key];
      const [lo, hi] = RANGES[key];
      if (typeof n !== "number" || !Number.isFinite(n) || n < lo || n > hi) {
        throw new Error(key + " must be a number from " + lo + " to " + hi + "; got " + JSON.stringify(changes[key]));
      }
      next[key] = key === "size" ? Math.round(n) : Math.round(n * 100) / 100;
    }
    return next;
  }

  function loadAppearance() {
    try {
      return merge(DEFAULTS, JSON.parse(localStorage.getItem(STORE) || "{}"));
    } catch (_) {
      return { ...DEFAULTS };
    }
  }

  let appearance = loadAppearance();
  const players = new Set(); // every lottie animation on the page
  const onAppearance = []; // parts of the page that show the appearance

  function setAppearance(changes) {
    appearance = merge(appearance, changes);
    try {
      localStorage.setItem(STORE, JSON.stringify(appearance));
    } catch (_) { /* private mode: the appearance lasts for this page only */ }
    paintAppearance();
    return { ...appearance };
  }

  // paintAppearance sets the CSS variables the previews use (style.css) and tells the page's parts.
  function paintAppearance() {
    const root = document.documentElement.style;
    root.setProperty("--icon-light", appearance.color);
    root.setProperty("--icon-dark", appearance.dark_color || appearance.color);
    root.setProperty("--icon-stroke", String(appearance.stroke_width));
    root.setProperty("--icon-size", appearance.size + "px");
    players.forEach((anim) => anim.setSpeed(appearance.speed));
    onAppearance.forEach((f) => f(appearance));
  }

  /* ---------- Players ---------- */

  // showFinal shows the last frame, the finished icon, without animating.
  function showFinal(anim) {
    anim.setLoop(false);
    anim.resetSegments(true);
    anim.goToAndStop(anim.totalFrames - 1, true);
  }

  const assetPath = (id) => sitePath(SITE.animation, id);

  // loadPlayer replaces the static SVG in box with the animation at path; ready runs once it can play.
  function loadPlayer(box, path, ready) {
    if (!window.lottie) return null;
    const anim = window.lottie.loadAnimation({
      container: box, renderer: "svg", loop: false, autoplay: false, path,
    });
    anim.setSpeed(appearance.speed);
    players.add(anim);
    anim.addEventListener("DOMLoaded", () => {
      const img = box.querySelector("img");
      if (img) img.remove();
      box.classList.add("live");
      if (reduceMotion.matches) showFinal(anim);
      else if (ready) ready(anim);
    });
    anim.addEventListener("data_failed", () => players.delete(anim)); // the static SVG stays
    return anim;
  }

  // playState plays the state (a marker) once, or repeating when loop is true (by default for "loop").
  function playState(anim, state, loop = state === "loop") {
    if (!anim) return;
    const go = () => {
      if (reduceMotion.matches) return showFinal(anim);
      anim.setLoop(loop);
      anim.goToAndPlay(state, true);
    };
    if (anim.isLoaded) go();
    else anim.addEventListener("DOMLoaded", go);
  }

  // playIdle plays a state only if the player is not already playing one, so a hover that is still
  // playing is not restarted (and an entrance is not cut short); a player that has not loaded yet plays
  // it once loaded, however often it was asked.
  const asked = new WeakSet();
  function playIdle(anim, state) {
    if (!anim) return;
    if (!anim.isLoaded) {
      if (asked.has(anim)) return;
      asked.add(anim);
      anim.addEventListener("DOMLoaded", () => { asked.delete(anim); playIdle(anim, state); });
      return;
    }
    if (reduceMotion.matches) return showFinal(anim);
    if (!anim.isPaused) return;
    anim.setLoop(false);
    anim.goToAndPlay(state, true);
  }

  reduceMotion.addEventListener("change", () => {
    if (reduceMotion.matches) players.forEach((anim) => anim.isLoaded && showFinal(anim));
  });

  /* ---------- Grids of tiles ---------- */

  const tilePlayers = new WeakMap(); // link → animation

  // gridPick is what every tile of a list plays (set_icon_appearance on a list page): the style's file,
  // where the icon has it (data-styles), and the signature motion or draw.
  const GRID_STYLES = ["outline", "filled"];
  const GRID_MOTIONS = ["signature", "draw"];
  const gridPick = { style: "outline", motion: "signature" };
  const tileFilled = (link) => gridPick.style === "filled" && (link.dataset.styles || "").split(" ").includes("filled");
  const tileAsset = (link) => tileFilled(link) ? sitePath(SITE.filled_animation, link.dataset.icon) : assetPath(link.dataset.icon);
  const tileSVG = (link) => sitePath(tileFilled(link) ? SITE.filled_svg : SITE.svg, link.dataset.icon);
  // The filled files have no draw states: their tiles play the signature.
  const tileState = (link, state) => gridPick.motion === "draw" && !tileFilled(link) ? state + "-draw" : state;

  function tilePlayer(link) {
    // The animation takes the static picture's place on its finished frame, so nothing blinks.
    if (!tilePlayers.has(link)) tilePlayers.set(link, loadPlayer(link.querySelector(".preview"), tileAsset(link), showFinal));
    return tilePlayers.get(link);
  }

  // stopTile ends a tile's animation, if it has one.
  function stopTile(link) {
    const anim = tilePlayers.get(link);
    if (anim) {
      players.delete(anim);
      anim.destroy();
      tilePlayers.delete(link);
    }
  }

  // releaseTile stops a tile's animation and puts its static picture back.
  function releaseTile(link) {
    stopTile(link);
    const box = link.querySelector(".preview");
    const img = box && box.querySelector("img");
    if (img) img.src = tileSVG(link);
    else if (box) {
      box.classList.remove("live");
      box.replaceChildren(Object.assign(document.createElement("img"), { src: tileSVG(link), alt: "", width: 48, height: 48 }));
    }
  }

  // A tile loads its animation when it appears, showing the finished icon (no blank frame, no redraw), and
  // plays its hover (the signature, or the one data-hover names) on pointer and focus; tileIn plays its
  // entrance (after a change of style or motion). Neither restarts a state still playing.
  const tileIn = (link) => playIdle(tilePlayer(link), link.dataset.in || tileState(link, "in"));
  const tileHover = (link) => playIdle(tilePlayer(link), link.dataset.hover || tileState(link, "hover"));

  // setGridPick checks and applies a style and motion for every tile of the page; the tiles load the
  // chosen files and play their entrance again. A value out of range throws, naming it, and changes nothing.
  function setGridPick({ style, motion }) {
    if (style !== undefined && !GRID_STYLES.includes(style)) throw new Error("style must be one of " + GRID_STYLES.join(", ") + "; got " + JSON.stringify(style));
    if (motion !== undefined && !GRID_MOTIONS.includes(motion)) throw new Error("motion must be one of " + GRID_MOTIONS.join(", ") + " on a list of icons; got " + JSON.stringify(motion));
    if (style === undefined && motion === undefined) return null;
    Object.assign(gridPick, style === undefined ? {} : { style }, motion === undefined ? {} : { motion });
    const form = byId("grid-pick");
    if (form) Object.entries(gridPick).forEach(([k, v]) => { form.elements[k].value = v; });
    document.querySelectorAll("a[data-icon]").forEach((link) => {
      releaseTile(link); // the static picture of the chosen style
      if (link.getBoundingClientRect().bottom > 0 && link.getBoundingClientRect().top < innerHeight) tileIn(link);
    });
    return { ...gridPick };
  }

  const observe = (f, options) => ("IntersectionObserver" in window ? new IntersectionObserver(f, options) : null);
  // A tile near the screen loads its animation once the page has not scrolled for STILL ms: a long grid
  // flung through asks for none of the files of the tiles it passes (each picture is a document of its
  // own to the browser: thousands of them stall and then crash a phone's tab).
  const STILL = 150;
  let scrolledAt = 0;
  addEventListener("scroll", () => { scrolledAt = performance.now(); }, { passive: true });
  const waiting = new Map(); // tile → timer
  function loadWhenStill(link) {
    waiting.set(link, setTimeout(() => {
      if (performance.now() - scrolledAt < STILL) return loadWhenStill(link);
      waiting.delete(link);
      appear.unobserve(link);
      showPicture(link);
      tilePlayer(link);
    }, Math.max(scrolledAt + STILL - performance.now(), 0)));
  }
  const appear = observe((entries) => {
    for (const e of entries) {
      clearTimeout(waiting.get(e.target));
      waiting.delete(e.target);
      if (e.isIntersecting) loadWhenStill(e.target);
    }
  }, { rootMargin: "64px" });

  // Motion you see without hovering: a tile plays its hover once as it comes into view (half of it at
  // least), one tile every STAGGER ms so a grid ripples rather than jumps at once (a tile whose animation
  // is still loading goes to the back of the queue); a tile scrolled away before its turn waits for the
  // next time it shows. Never under reduced motion.
  const STAGGER = 120;
  // settled: the page has loaded and gone idle; the first tiles wait for it, so their motion never
  // competes with the page's start (Lighthouse's blocking time on a slow phone).
  const settled = new Promise((done) => {
    const idle = () => (window.requestIdleCallback ? requestIdleCallback(() => done(), { timeout: 2000 }) : setTimeout(done, 200));
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  });
  const played = new WeakSet(); // tiles that have played, on sight or on hover
  const inSight = new Set();
  const queue = [];
  let queueTimer = 0;
  function playQueued() {
    if (performance.now() - scrolledAt < STILL) {
      queueTimer = setTimeout(playQueued, STILL);
      return;
    }
    queueTimer = 0;
    const link = queue.shift();
    const anim = inSight.has(link) && !played.has(link) ? tilePlayer(link) : null;
    if (anim && !anim.isLoaded) queue.push(link);
    else if (anim) {
      played.add(link);
      sight.unobserve(link);
      tileHover(link);
    }
    if (queue.length) queueTimer = setTimeout(playQueued, anim ? STAGGER : 0);
  }
  const sight = observe((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) {
        inSight.delete(e.target);
        continue;
      }
      inSight.add(e.target);
      if (reduceMotion.matches || played.has(e.target)) continue;
      queue.push(e.target);
      settled.then(() => { if (!queueTimer) queueTimer = setTimeout(playQueued, 0); });
    }
  }, { threshold: 0.5 });

  // wireTiles: a tile plays its hover on sight, on pointer hover, keyboard focus and the touch of a finger
  // (which then opens its page, as a click does).
  function wireTiles(root) {
    root.querySelectorAll("a[data-icon]").forEach(wireTile);
  }

  function wireTile(link) {
    const hover = () => {
      played.add(link);
      tileHover(link);
    };
    link.addEventListener("mouseenter", hover);
    link.addEventListener("focus", hover);
    link.addEventListener("pointerdown", (e) => e.pointerType === "touch" && hover());
    if (appear) {
      appear.observe(link);
      sight.observe(link);
    } else {
      showPicture(link);
      tilePlayer(link);
    }
  }

  // showPicture gives a tile made without its static picture (a long grid's, tile()) the picture.
  function showPicture(link) {
    const img = link.querySelector(".preview img");
    if (img && !img.getAttribute("src")) img.src = tileSVG(link);
  }

  // dropTile lets go of a tile leaving the document: its animation, and the watch for it to appear.
  function dropTile(link) {
    clearTimeout(waiting.get(link));
    waiting.delete(link);
    stopTile(link);
    if (appear) [appear, sight].forEach((o) => o.unobserve(link));
    inSight.delete(link);
  }

  // tile makes a grid's tile for icon; without picture its static picture waits for showPicture, so a
  // long grid flung through asks for none of the pictures it passes.
  function tile(icon, picture = true) {
    const li = document.createElement("li");
    li.className = "tile";
    const a = document.createElement("a");
    a.href = sitePath(SITE.icon_page, icon.id);
    a.dataset.icon = icon.id;
    if (icon.styles) a.dataset.styles = icon.styles.join(" ");
    if (icon.description) a.title = icon.description;
    const box = document.createElement("span");
    box.className = "preview art";
    box.setAttribute("aria-hidden", "true");
    const img = document.createElement("img");
    if (picture) img.src = tileSVG(a);
    img.alt = "";
    img.width = img.height = 48;
    box.append(img);
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = icon.name;
    a.append(box, name);
    li.append(a);
    return li;
  }

  // fillGrid shows items (or the given nodes) in grid, releasing the animations of the tiles it removes.
  function fillGrid(grid, items, nodes) {
    grid.querySelectorAll("a[data-icon]").forEach(dropTile);
    // Tiles shown again get a fresh static picture; their animation loads when they appear.
    if (nodes) nodes.forEach((li) => releaseTile(li.querySelector("a")));
    grid.replaceChildren(...(nodes || items.map(tile)));
    wireTiles(grid);
  }

  /* ---------- Long grids: only the rows near the screen ---------- */

  // windowList turns a long grid's page (every icon, or a category's: one page of tiles in the HTML, and
  // links to the others) into the whole list from that page on, of which only the rows within half a
  // screen of the viewport are in the document; the rows above and below are the grid's padding. So thousands of
  // tiles scroll as lightly as one page. Without the list file the page stays as it came.
  async function windowList(grid) {
    const res = await fetch(SITE.icon_list);
    if (!res.ok) return;
    const from = Number(grid.dataset.from);
    const items = (await res.json()).filter((r) => grid.dataset.list === "all" || r[2] === grid.dataset.list).slice(from);
    if (items.length + from !== Number(grid.dataset.count)) return; // another build's list
    const tileOf = new Map([...grid.children].map((li) => [li.firstElementChild.dataset.icon, li]));
    let shown = [0, grid.children.length]; // the items in the document: first, last + 1
    const node = (i) => tileOf.get(items[i][0]) || tile({ id: items[i][0], name: items[i][1], styles: items[i][3].split(" ") }, false);
    const render = () => {
      const first = grid.firstElementChild;
      if (!first) return;
      const cols = getComputedStyle(grid).gridTemplateColumns.split(" ").length;
      const rowH = first.getBoundingClientRect().height + parseFloat(getComputedStyle(grid).rowGap);
      const rows = Math.ceil(items.length / cols);
      const top = grid.getBoundingClientRect().top;
      // A screen at most 2,000 px tall: a full-page screenshot makes the viewport the whole page, and a
      // window of every tile, each loading its animation, hangs the tab.
      const screen = Math.min(innerHeight, 2000);
      const r0 = Math.max(0, Math.min(rows, Math.floor((-screen / 2 - top) / rowH)));
      const r1 = Math.max(r0, Math.min(rows, Math.ceil((screen * 1.5 - top) / rowH)));
      const [start, end] = [r0 * cols, Math.min(items.length, r1 * cols)];
      if (start === shown[0] && end === shown[1]) return;
      // Keep the tiles in both ranges (a focused one keeps its focus), let go of the others.
      const keep = (i) => i >= start && i < end && i >= shown[0] && i < shown[1];
      for (let i = shown[0]; i < shown[1]; i++) {
        if (keep(i)) continue;
        const li = tileOf.get(items[i][0]);
        tileOf.delete(items[i][0]);
        dropTile(li.firstElementChild);
        li.remove();
      }
      const before = [];
      const after = [];
      for (let i = start; i < end; i++) {
        if (keep(i)) continue;
        const li = node(i);
        tileOf.set(items[i][0], li);
        wireTile(li.firstElementChild);
        (grid.firstElementChild && i < shown[0] ? before : after).push(li);
      }
      grid.prepend(...before);
      grid.append(...after);
      shown = [start, end];
      grid.style.paddingTop = r0 * rowH + "px";
      grid.style.paddingBottom = (rows - Math.ceil(end / cols)) * rowH + "px";
    };
    let frame = 0;
    const soon = () => { if (!frame) frame = requestAnimationFrame(() => { frame = 0; render(); }); };
    addEventListener("scroll", soon, { passive: true });
    addEventListener("resize", soon);
    onAppearance.push(soon); // the size slider resizes the tiles
    render();
  }

  /* ---------- Search: the edge's ranking, else the static word index ---------- */

  let apiDown = false;
  let indexRows = null;

  async function staticIndex() {
    if (!indexRows) {
      const res = await fetch(SITE.icon_index);
      if (!res.ok) throw new Error("the icon index could not be read (HTTP " + res.status + ")");
      indexRows = await res.json();
    }
    return indexRows;
  }

  // near: a query word matches a word of the index with one typo (for words of four letters or more).
  function near(w, words) {
    if (w.length < 4) return false;
    return words.some((x) => Math.abs(x.length - w.length) <= 1 && edits(w, x) <= 1);
  }

  function edits(a, b) {
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const cur = [i];
      for (let j = 1; j <= b.length; j++) {
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      }
      prev = cur;
    }
    return prev[b.length];
  }

  // SearchError is a search that cannot run as asked; the edge's message says why.
  class SearchError extends Error {}

  async function problemOf(res) {
    try {
      const body = await res.json();
      return new SearchError(body.error.message);
    } catch (_) {
      return new SearchError("the search was refused (HTTP " + res.status + ")");
    }
  }

  // strongCount is how many of the ranked items match well: the site contract's relevance cut, which the
  // edge's home page applies too (contract.Relevance.Strong); all of them when they have no scores.
  function strongCount(items) {
    const s = items.map((it) => it.score);
    if (!s.length || s.some((x) => typeof x !== "number")) return items.length;
    const cut = SITE.relevance;
    const floor = Math.max(cut.best * s[0], s.length > 1 ? cut.runner_up * s[1] : 0);
    let n = 1;
    while (n < s.length && s[n] >= floor) n++;
    return n;
  }

  const plural = (n, one, many) => n + " " + (n === 1 ? one : many);

  // countText says what a search shows, as the edge's home page does (templates.Home.ResultCount): when
  // every one of a full page matches well, more may, so it says "at least".
  function countText(good, weaker, full) {
    if (!good) return "No icons found. Try other words, or fewer.";
    return (full && !weaker ? "At least " : "") + plural(good, "icon matches", "icons match") + " well, best first" +
      (weaker ? "; " + plural(weaker, "weaker match", "weaker matches") + " below" : "") + ".";
  }

  // showNextPage links the edge's second page of the search the script showed, when its page was full
  // and an edge ranks (a static host has no pages of a search); the pages of the search the edge
  // rendered go with its results.
  function showNextPage(q, category, full) {
    const results = byId("results-title").closest("section");
    results.querySelectorAll(".pager").forEach((nav) => nav.remove());
    if (!full || apiDown || !q) return;
    const next = new URLSearchParams({ q });
    if (category) next.set("category", category);
    next.set("page", "2");
    const nav = Object.assign(document.createElement("nav"), { className: "pager" });
    nav.setAttribute("aria-label", "Pages");
    const url = new URL(byId("home-search").getAttribute("action"), location.href); // the form's own address
    url.search = next;
    nav.append(Object.assign(document.createElement("a"), { href: url.href, rel: "next", textContent: "More results" }));
    results.append(nav);
  }

  async function searchIcons(query, category, limit) {
    const q = (query || "").trim();
    if ((q || category) && !apiDown) {
      // With q the edge ranks the matches; with only a category it lists that category's icons.
      const params = new URLSearchParams(q ? { q, limit: String(limit) } : { limit: String(limit) });
      if (category) params.set("category", category);
      try {
        const res = await fetch(SITE.icons + "?" + params, { headers: { Accept: "application/json" } });
        if (res.ok) {
          const body = await res.json();
          return body.items.map((it) => ({ id: it.id, name: it.name, description: it.description, category: it.category, styles: it.styles, score: it.score }));
        }
        // 400: the edge names the parameter that is wrong (an unknown category, say).
        if (res.status === 400) throw await problemOf(res);
        // 503: the edge has no search index; 404: a static host without the API. Filter the word index.
        if (res.status === 503 || res.status === 404) apiDown = true;
      } catch (err) {
        if (err instanceof SearchError) throw err;
        apiDown = true;
      }
    }
    const rows = await staticIndex();
    if (category && !rows.some((r) => r[2] === category)) throw new SearchError("category " + JSON.stringify(category) + " does not exist");
    const words = q.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
    const hits = [];
    // Every word that matches counts (whole word 3, part of one 2, one typo away 1); icons matching more
    // of the words rank first, so "upload finished" still finds the upload icons.
    for (const r of rows) {
      if (category && r[2] !== category) continue;
      let score = 0;
      let matched = 0;
      const rowWords = words.length ? r[3].split(" ") : [];
      for (const w of words) {
        const s = r[0] === w || rowWords.includes(w) ? 3 : r[3].includes(w) ? 2 : near(w, rowWords) ? 1 : 0;
        if (s) matched++;
        score += s + (s && r[0].includes(w) ? 2 : 0); // in the name itself
      }
      if (words.length && !matched) continue;
      if (q && r[0] === words.join("-")) score += 10;
      hits.push([matched * 100 + score, r]);
    }
    hits.sort((a, b) => b[0] - a[0]);
    return hits.slice(0, limit).map(([, r]) => ({ id: r[0], name: r[1], category: r[2] }));
  }

  const SEARCH_LIMIT = 48;
  let searchSeq = 0;

  // showResults searches and shows the matches in this page's grid; it returns what the tool answers.
  async function showResults(query, category, limit) {
    const grid = byId("grid");
    const status = byId("status");
    const title = byId("results-title");
    const mine = ++searchSeq;
    const q = (query || "").trim();
    if (status) status.textContent = "Searching…";
    if (grid) grid.setAttribute("aria-busy", "true");
    let items;
    try {
      items = await searchIcons(q, category, limit);
    } catch (err) {
      if (status && mine === searchSeq) status.textContent = "Search failed: " + (err && err.message ? err.message : err) + ".";
      throw err;
    } finally {
      if (grid && mine === searchSeq) grid.removeAttribute("aria-busy");
    }
    // Good matches in the grid, the weaker ones behind "show more"; a category's list is all good.
    const good = q ? strongCount(items) : items.length;
    if (mine === searchSeq && grid) {
      const section = byId("results");
      if (section && section.hidden) {
        // On an icon page the results appear below the code: bring them into view.
        section.hidden = false;
        section.scrollIntoView({ block: "start", behavior: reduceMotion.matches ? "auto" : "smooth" });
      }
      const catName = category ? categoryName(category) : "";
      title.textContent = q ? "Icons for “" + q + "”" + (catName ? " in " + catName : "") : catName + " icons";
      fillGrid(grid, items.slice(0, good));
      showMore(items.slice(good));
      if (byId("home-search")) showNextPage(q, category, items.length === limit);
      status.textContent = q ? countText(good, items.length - good, items.length === limit)
        : items.length ? plural(items.length, "icon", "icons") + (items.length === limit ? " (the first " + limit + ")" : "") : "No icons in this category.";
    }
    return {
      query: q, category: category || "", total: items.length, good_matches: good,
      items: items.map((it) => ({ ...it, page_url: new URL(sitePath(SITE.icon_page, it.id), location.href).href })),
    };
  }

  // showMore puts the weaker matches behind "show more" (closed), or hides it when there are none.
  function showMore(items) {
    const more = byId("more");
    if (!more) return;
    fillGrid(byId("more-grid"), items);
    more.open = false;
    more.hidden = !items.length;
    byId("more-summary").textContent = items.length ? "Show " + plural(items.length, "weaker match", "weaker matches") : "";
  }

  function categoryName(id) {
    const opt = document.querySelector('#category option[value="' + CSS.escape(id) + '"]');
    return opt ? opt.textContent.replace(/\s*\(\d+\)$/, "") : id;
  }

  /* ---------- Records and code ---------- */

  const records = new Map();

  async function getRecord(id) {
    if (typeof id !== "string" || !ICON_ID.test(id)) {
      throw new Error("id must be an icon id such as download or arrow-left (see search_icons); got " + JSON.stringify(id));
    }
    if (records.has(id)) return records.get(id);
    // The edge answers /api/v1/icons/<id>; a static host has the same record as a .json file.
    for (const url of [sitePath(SITE.record, id), sitePath(SITE.record_file, id)]) {
      try {
        const res = await fetch(url, { headers: { Accept: "application/json" } });
        if (res.ok) {
          const rec = await res.json();
          records.set(id, rec);
          return rec;
        }
      } catch (_) { /* try the next address */ }
    }
    throw new Error("No icon with id " + JSON.stringify(id) + ". Find ids with search_icons.");
  }

  // recordFromPage reads the record of the icon page's own icon from the page.
  function recordFromPage() {
    const code = {};
    const install = {};
    document.querySelectorAll("[data-code]").forEach((el) => { code[el.dataset.code] = el.textContent; });
    document.querySelectorAll("[data-install]").forEach((el) => { install[el.dataset.install] = el.textContent; });
    let more = {};
    try {
      more = JSON.parse(byId("icon-player").textContent) || {};
    } catch (_) { /* the page's states and files are missing: only in and the outline file */ }
    return {
      id: pageIcon, name: page.dataset.name, file_url: page.dataset.fileUrl, sha256: page.dataset.sha256, code, install,
      styles: more.styles || ["outline"], states: more.states || [], motions: more.motions || [],
      files: more.files || [{ style: "outline", file_url: page.dataset.fileUrl, sha256: page.dataset.sha256 }],
      license: more.license, dotlottie_url: more.dotlottie_url,
    };
  }

  /* ---------- States: which marker plays, in which file ---------- */

  const KINDS = ["in", "hover", "loop"];
  const stateNamed = (rec, name) => (rec.states || []).find((s) => s.name === name);
  const signatureOf = (rec) => (stateNamed(rec, "hover") || {}).motion || "";

  // stateOf names the state of kind (in, hover, loop) that plays motion: the plain kind for the signature
  // (or when there is no such state), else kind-motion. As build.PlayFor.
  function stateOf(rec, kind, motion) {
    if (motion === signatureOf(rec)) return kind;
    return stateNamed(rec, kind + "-" + motion) ? kind + "-" + motion : kind;
  }

  // playFor resolves a state of a style's file into what the code plays (build.PlayFor): the state, whether
  // it loops, the state the web plays when the icon appears and the one it plays on hover ("" for none).
  function playFor(rec, style, state) {
    const file = (rec.files || []).find((f) => f.style === style);
    if (!file) throw new Error("style must be one of " + (rec.files || []).map((f) => f.style).join(", ") + "; got " + JSON.stringify(style));
    const st = stateNamed(rec, state);
    if (!st || !(st.styles || []).includes(style)) throw new Error("the " + style + " file has no state " + JSON.stringify(state));
    const kind = state.split("-")[0];
    const p = { style, file_url: file.file_url, sha256: file.sha256, state, loop: !!st.loop, enter: state, hover: "" };
    if (st.loop) return p;
    if (kind === "in") p.hover = stateOf(rec, "hover", st.motion);
    else { p.enter = stateOf(rec, "in", st.motion); p.hover = state; }
    return p;
  }

  const quoteJS = (s) => JSON.stringify(s);

  // playCode turns the record's code for a platform (the outline file's in, and hover on hover) into the
  // code that plays p: the same text the build writes for that state (build.Code).
  function playCode(rec, platform, p) {
    let code = rec.code[platform];
    if (!p) return code;
    const url = rec.file_url;
    code = code.split(quoteJS(url)).join(quoteJS(p.file_url));
    if (platform === "javascript") {
      if (p.loop) code = code.replace(/^(\s*loop: )false,/m, "$1true,");
      code = code.replace(/(addEventListener\("DOMLoaded", \(\) => \w+\.goToAndPlay\()"in"/, "$1" + quoteJS(p.enter));
      code = p.hover
        ? code.replace(/(\.goToAndPlay\()"hover"(, true\);\n)/, "$1" + quoteJS(p.hover) + "$2")
        : code.replace(/^\/\/ On pointer hover and keyboard focus.*\n(?:(?:const (?:playHover|control) |control\.addEventListener\().*\n)+/m, "");
    } else if (platform === "react") {
      code = code.replace(/plays "in" when ready and "hover" on pointer hover\./,
        "plays " + quoteJS(p.enter) + " when ready" + (p.hover ? " and " + quoteJS(p.hover) + " on pointer hover" : "") + ".");
      code = p.hover
        ? code.replace(/onMouseEnter=\{\(\) => play\("hover"\)\}/, "onMouseEnter={() => play(" + quoteJS(p.hover) + ")}")
        : code.replace(/ onMouseEnter=\{\(\) => play\("hover"\)\}/, "");
      code = code.replace(/ready: \(\) => play\("in"\)/, "ready: () => " + (p.loop
        ? "{ lottieRef.current?.setLoop(true); play(" + quoteJS(p.enter) + "); }"
        : "play(" + quoteJS(p.enter) + ")"));
    } else if (platform === "ios") {
      code = code.replace(/\.play\(marker: "in"\)/, ".play(marker: " + quoteJS(p.state) + (p.loop ? ", loopMode: .loop" : "") + ")");
    } else if (platform === "android") {
      code = code.replace(/(setMinAndMaxFrame\()"in"\)\n/, (m, call) => call + quoteJS(p.state) + ")\n" +
        (p.loop ? "    iconView.repeatCount = LottieDrawable.INFINITE\n" : ""));
      if (p.loop) code = code.replace(/^import com\.airbnb\.lottie\.LottieAnimationView\n/m, "$&import com.airbnb.lottie.LottieDrawable\n");
    } else if (platform === "react_native") {
      const st = stateNamed(rec, p.state) || {};
      const frames = st.start_frame + ", " + st.end_frame;
      code = code.replace(/plays "in" \(frames \d+–\d+\) once loaded;/,
        "plays " + quoteJS(p.state) + " (frames " + st.start_frame + "–" + st.end_frame + ") once loaded" + (p.loop ? ", repeating" : "") + ";");
      code = code.replace(/\.play\(\d+, \d+\)/, ".play(" + frames + ")");
      if (p.loop) code = code.replace(/loop=\{false\}/, "loop={true}");
    } else if (platform === "flutter") {
      code = code.replace(/plays "in" once loaded;/, "plays " + quoteJS(p.state) + (p.loop ? " again and again" : "") + " once loaded;");
      code = code.replace(/getMarker\('in'\)/, "getMarker('" + p.state + "')");
      if (p.loop) {
        code = code.replace(/^( *)_controller\n(?:.*\n){2}.*animateTo\(state\.end\);\n/m, (m, indent) =>
          indent + "_controller.repeat(min: state.start, max: state.end, period: composition.duration * (state.end - state.start));\n");
      }
    } else if (platform === "swiftui") {
      code = code.replace(/plays "in" once loaded;/, "plays " + quoteJS(p.state) + (p.loop ? " in a loop" : "") + " once loaded;");
      code = code.replace(/\.marker\("in", loopMode: \.playOnce\)/, ".marker(" + quoteJS(p.state) + ", loopMode: " + (p.loop ? ".loop" : ".playOnce") + ")");
    } else if (platform === "compose") {
      code = code.replace(/plays "in" once loaded;/, "plays " + quoteJS(p.state) + (p.loop ? " in a loop" : "") + " once loaded;");
      code = code.replace(/LottieClipSpec\.Marker\("in"\)/, "LottieClipSpec.Marker(" + quoteJS(p.state) + ")");
      if (p.loop) {
        code = code.replace(/iterations = 1,/, "iterations = LottieConstants.IterateForever,");
        code = code.replace(/^import com\.airbnb\.lottie\.compose\.LottieCompositionSpec\n/m, "$&import com.airbnb.lottie.compose.LottieConstants\n");
      }
    }
    return code;
  }

  // The newer snippets paint the primary colour slot in this colour (build's slotColors); a colour chosen
  // on the page takes its place.
  const PRIMARY = "#111827";

  // nativeAppearance gives a snippet that paints the colour slots the appearance it can: the primary
  // colour (literal is how its language writes a #rrggbb colour) and the size; what its player cannot
  // take from the snippet (dark mode, stroke width, speed) is noted.
  function nativeAppearance(code, a, literal, size) {
    if (a.color !== "currentColor") code = code.split(literal(PRIMARY)).join(literal(a.color));
    code = size(code);
    if (a.dark_color || a.stroke_width !== 2 || a.speed !== 1 || a.color === "currentColor") code += appearanceNote("//", a) + "\n";
    return code;
  }

  const argb = (hex) => "0xFF" + hex.slice(1).toUpperCase();
  const unitRGB = (hex) => rgb(hex).map((v) => v.toFixed(3));

  const num = (n) => String(Math.round(n * 1000) / 1000);

  function rgb(hex) {
    return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  }

  // after inserts text after the first match of re in code; without a match it appends a note instead.
  function after(code, re, text, note) {
    const m = re.exec(code);
    if (!m) return note ? code.replace(/\n*$/, "\n") + note + "\n" : code;
    const at = m.index + m[0].length;
    return code.slice(0, at) + text + code.slice(at);
  }

  function appearanceNote(comment, a) {
    return comment + " Appearance: colour " + a.color + (a.dark_color ? ", dark mode " + a.dark_color : "") +
      ", stroke width " + num(a.stroke_width) + ", size " + a.size + " px, speed " + num(a.speed) + "×";
  }

  function cssSelector(kind, name) {
    const simple = /^[a-z_][a-z0-9_-]*$/i.test(name);
    if (kind === "id") return simple ? "#" + name : '[id="' + name + '"]';
    return simple ? "." + name : '[class~="' + name + '"]';
  }

  // css writes the rules that give an element (sel) the appearance; lottie-web sets stroke-linecap only on
  // stroke paths, so the two path rules keep strokes and fills apart.
  function css(sel, a, withSize) {
    const rules = [];
    const box = [];
    if (withSize) box.push("display: inline-block;", "width: " + a.size + "px;", "height: " + a.size + "px;");
    if (a.color !== "currentColor") box.push("color: " + a.color + ";");
    if (box.length) rules.push(sel + " {\n  " + box.join("\n  ") + "\n}");
    const stroke = ["stroke: currentColor;"];
    if (a.stroke_width !== 2) stroke.push("stroke-width: " + num(a.stroke_width) + "px; /* icon units: the icon is 24 wide */");
    rules.push(sel + " svg path[stroke-linecap] {\n  " + stroke.join("\n  ") + "\n}");
    rules.push(sel + " svg path:not([stroke-linecap]) {\n  fill: currentColor;\n}");
    if (a.dark_color) rules.push("@media (prefers-color-scheme: dark) {\n  " + sel + " { color: " + a.dark_color + "; }\n}");
    return rules.join("\n") + "\n";
  }

  function swiftColor(hex) {
    const [r, g, b] = rgb(hex);
    return "UIColor(red: " + num(r) + ", green: " + num(g) + ", blue: " + num(b) + ", alpha: 1)";
  }

  const KOTLIN_TEXT_COLOR = "obtainStyledAttributes(intArrayOf(android.R.attr.textColorPrimary)).run {\n" +
    "    getColor(0, Color.BLACK).also { recycle() }\n}";

  const platforms = {
    javascript(rec, a) {
      let code = rec.code.javascript;
      const container = (/getElementById\("([^"]+)"\)/.exec(code) || [])[1] || rec.id + "-icon";
      const v = (/const (\w+) = lottie\.loadAnimation/.exec(code) || [])[1] || "icon";
      if (a.speed !== 1) code = code.replace(/\n*$/, "\n") + v + ".setSpeed(" + num(a.speed) + ");\n";
      return { code, css: css(cssSelector("id", container), a, true) };
    },
    react(rec, a) {
      const cls = "icon-" + rec.id;
      let code = rec.code.react.replace(/width: \d+, height: \d+/, "width: " + a.size + ", height: " + a.size);
      code = code.replace(/^([ \t]*)src=/m, (m, indent) =>
        indent + 'className="' + cls + '"\n' + (a.speed !== 1 ? indent + "speed={" + num(a.speed) + "}\n" : "") + m);
      if (!code.includes('className="' + cls + '"')) code += appearanceNote("//", a) + "\n";
      return { code, css: css(cssSelector("class", cls), a, false) };
    },
    ios(rec, a) {
      let code = rec.code.ios;
      const v = (/let (\w+) = LottieAnimationView\(\)/.exec(code) || [])[1] || "iconView";
      const light = a.color === "currentColor" ? "UIColor.label // the text colour" : swiftColor(a.color) + " // " + a.color;
      const color = (a.color === "currentColor" || a.dark_color
        ? "// A dynamic colour: lottieColorValue reads it once, so set the providers again in traitCollectionDidChange(_:).\n"
        : "") + (a.dark_color
        ? "let iconColor = UIColor { traits in\n    traits.userInterfaceStyle == .dark\n        ? " + swiftColor(a.dark_color) + " // " + a.dark_color +
          "\n        : " + light + "\n}\n"
        : "let iconColor = " + light + "\n");
      const setup = v + ".frame = CGRect(x: 0, y: 0, width: " + a.size + ", height: " + a.size + ")\n" +
        (a.speed !== 1 ? v + ".animationSpeed = " + num(a.speed) + "\n" : "");
      code = after(code, /^let \w+ = LottieAnimationView\(\)\n/m, setup, appearanceNote("//", a));
      code = after(code, /^(?=let \w+ = LottieAnimationView\(\))/m, color, "");
      const providers = [
        v + '.setValueProvider(ColorValueProvider(iconColor.lottieColorValue), keypath: AnimationKeypath(keypath: "**.stroke.Color"))',
        v + '.setValueProvider(ColorValueProvider(iconColor.lottieColorValue), keypath: AnimationKeypath(keypath: "**.fill.Color"))',
      ];
      if (a.stroke_width !== 2) {
        providers.push(v + '.setValueProvider(FloatValueProvider(' + num(a.stroke_width) + '), keypath: AnimationKeypath(keypath: "**.stroke.Stroke Width"))');
      }
      const m = /^([ \t]*)\w+\.animation = animation\n/m.exec(code);
      const indent = m ? m[1] : "";
      return { code: after(code, /^[ \t]*\w+\.animation = animation\n/m, providers.map((p) => indent + p + "\n").join(""), providers.join("\n")) };
    },
    android(rec, a) {
      let code = rec.code.android;
      const v = (/val (\w+) = findViewById<LottieAnimationView>/.exec(code) || [])[1] || "iconView";
      const imports = new Set((code.match(/^import .+$/gm) || []));
      ["import android.graphics.Color", "import com.airbnb.lottie.LottieProperty", "import com.airbnb.lottie.model.KeyPath"]
        .forEach((i) => imports.add(i));
      if (a.dark_color) imports.add("import android.content.res.Configuration");
      code = code.replace(/^(import .+\n)+/m, [...imports].sort().join("\n") + "\n");
      const light = a.color === "currentColor" ? KOTLIN_TEXT_COLOR : 'Color.parseColor("' + a.color.toUpperCase() + '")';
      let color;
      if (a.dark_color) {
        color = "val night = (resources.configuration.uiMode and Configuration.UI_MODE_NIGHT_MASK) == Configuration.UI_MODE_NIGHT_YES\n" +
          'val iconColor = if (night) Color.parseColor("' + a.dark_color.toUpperCase() + '") else ' + light + "\n";
      } else {
        color = "val iconColor = " + light + (a.color === "currentColor" ? " // the theme's text colour, light or dark" : "") + "\n";
      }
      const lines = "// Size it in the layout: android:layout_width=\"" + a.size + "dp\" android:layout_height=\"" + a.size + "dp\"\n" +
        (a.speed !== 1 ? v + ".speed = " + num(a.speed) + "f\n" : "") + color +
        v + '.addValueCallback(KeyPath("**", "stroke"), LottieProperty.STROKE_COLOR) { iconColor }\n' +
        v + '.addValueCallback(KeyPath("**", "fill"), LottieProperty.COLOR) { iconColor }\n' +
        (a.stroke_width !== 2 ? v + '.addValueCallback(KeyPath("**", "stroke"), LottieProperty.STROKE_WIDTH) { ' + num(a.stroke_width) + "f }\n" : "");
      return { code: after(code, /^\w+\.contentDescription = .+\n/m, lines, lines) };
    },
  };

  Object.assign(platforms, {
    react_native(rec, a) {
      return { code: nativeAppearance(rec.code.react_native, a, (hex) => 'color: "' + hex + '"',
        (c) => c.replace(/width: 24, height: 24/, "width: " + a.size + ", height: " + a.size)) };
    },
    flutter(rec, a) {
      return { code: nativeAppearance(rec.code.flutter, a, (hex) => "Color(" + argb(hex) + ")",
        (c) => c.replace(/width: 24,\n(\s*)height: 24,/, "width: " + a.size + ",\n$1height: " + a.size + ",")) };
    },
    swiftui(rec, a) {
      return { code: nativeAppearance(rec.code.swiftui, a, (hex) => { const [r, g, b] = unitRGB(hex); return "LottieColor(r: " + r + ", g: " + g + ", b: " + b + ", a: 1)"; },
        (c) => c.replace(/\.frame\(width: 24, height: 24\)/, ".frame(width: " + a.size + ", height: " + a.size + ")")) };
    },
    compose(rec, a) {
      return { code: nativeAppearance(rec.code.compose, a, (hex) => argb(hex) + ".toInt()",
        (c) => c.replace(/\.size\(24\.dp\)/, ".size(" + a.size + ".dp)")) };
    },
  });

  // snippet is the one place code is made: the record's snippet for platform, playing p (see playFor; the
  // record's own code when p is left out), in appearance a.
  function snippet(rec, platform, a, p) {
    return platforms[platform]({ ...rec, code: { ...rec.code, [platform]: playCode(rec, platform, p) } }, a);
  }

  function installFor(rec, platform) {
    const i = rec.install || {};
    return {
      javascript: i.javascript, react: i.react, react_native: i.react_native, flutter: i.flutter,
      ios: [i.ios_spm, i.ios_cocoapods].filter(Boolean).join("\n"), android: i.android_gradle,
      swiftui: [i.ios_spm, i.ios_cocoapods].filter(Boolean).join("\n"), compose: i.android_compose,
    }[platform];
  }

  /* ---------- Copy buttons ---------- */

  const announcer = document.createElement("p");
  announcer.className = "visually-hidden";
  announcer.setAttribute("role", "status");
  announcer.setAttribute("aria-live", "polite");
  document.body.append(announcer);

  async function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return;
    }
    const area = Object.assign(document.createElement("textarea"), { value: text });
    area.setAttribute("readonly", "");
    area.style.cssText = "position:fixed;opacity:0";
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }

  function addCopyButtons(root) {
    root.querySelectorAll("code.copyable").forEach((code) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "copy";
      button.textContent = "Copy";
      button.setAttribute("aria-label", "Copy " + (code.dataset.copyLabel || "this"));
      button.addEventListener("click", async () => {
        try {
          await copyText(code.textContent);
          button.textContent = "Copied";
          announcer.textContent = (code.dataset.copyLabel || "Text") + " copied";
        } catch (_) {
          button.textContent = "Select and copy";
        }
        setTimeout(() => { button.textContent = "Copy"; }, 1800);
      });
      const pre = code.closest("pre");
      if (pre) {
        // The button sits over the block's corner, outside the part that scrolls.
        const block = document.createElement("div");
        block.className = "code-block";
        pre.before(block);
        block.append(button, pre);
      } else {
        code.after(button);
      }
    });
  }

  /* ---------- Appearance controls ---------- */

  function wireAppearanceForm() {
    const form = byId("appearance");
    if (!form) return;
    const el = form.elements;
    const outputs = { stroke_width: byId("ap-stroke-out"), size: byId("ap-size-out"), speed: byId("ap-speed-out") };
    const sync = (a) => {
      el.current.checked = a.color === "currentColor";
      if (a.color !== "currentColor") el.color.value = a.color;
      el.same.checked = !a.dark_color;
      if (a.dark_color) el.dark_color.value = a.dark_color;
      el.stroke_width.value = a.stroke_width;
      el.size.value = a.size;
      el.speed.value = a.speed;
      outputs.stroke_width.textContent = num(a.stroke_width);
      outputs.size.textContent = a.size + " px";
      outputs.speed.textContent = num(a.speed) + "×";
      el.size.setAttribute("aria-valuetext", a.size + " pixels");
      el.speed.setAttribute("aria-valuetext", num(a.speed) + " times normal speed");
    };
    const changed = (e) => {
      const t = e.target;
      const c = {};
      if (t === el.color) c.color = t.value; // picking a colour stops following the text colour
      else if (t === el.current) c.color = t.checked ? "currentColor" : el.color.value;
      else if (t === el.dark_color) c.dark_color = t.value;
      else if (t === el.same) c.dark_color = t.checked ? "" : el.dark_color.value;
      else if (t.name in RANGES) c[t.name] = t.value;
      else return;
      setAppearance(c);
    };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    form.addEventListener("submit", (e) => e.preventDefault());
    form.addEventListener("reset", (e) => {
      e.preventDefault();
      setAppearance({ reset: true });
    });
    onAppearance.push(sync);
    sync(appearance);
    form.hidden = false;
    const details = form.closest("details");
    if (details) details.hidden = false;
  }

  /* ---------- Icon page ---------- */

  let selectTab = () => {};
  // The icon page's pick of style, motion and state (in, hover, loop or another state such as a morph), and
  // what it plays; setChoice validates and applies changes (throwing, naming the field, on a bad value).
  let choice = null;
  let setChoice = null;
  let paintCode = () => {};
  let currentPlay = () => undefined;

  function initIconPage() {
    const rec = recordFromPage();
    records.set(pageIcon, rec);
    const motions = rec.motions.map((m) => m.name);
    const signature = signatureOf(rec) || motions.find((m) => m !== "draw") || motions[0] || "";
    // States other than in, hover, loop and their <kind>-<motion> names (a morph, say) get a button each.
    const statesGroup = document.querySelector(".states");
    const byKind = new Set(KINDS.flatMap((k) => motions.map((m) => k + "-" + m)));
    for (const st of rec.states) {
      if (KINDS.includes(st.name) || byKind.has(st.name) || statesGroup.querySelector('[data-state="' + CSS.escape(st.name) + '"]')) continue;
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: st.name, title: st.description || "" });
      b.dataset.state = st.name;
      statesGroup.append(b);
    }
    const stateButtons = [...document.querySelectorAll("[data-state]")];
    const kinds = stateButtons.map((b) => b.dataset.state);
    choice = { style: rec.files[0].style, motion: signature, state: kinds.includes("in") ? "in" : kinds[0] };
    const markerOf = (c) => (KINDS.includes(c.state) ? stateOf(rec, c.state, c.motion) : c.state);
    const holds = (style, kind) => {
      const st = stateNamed(rec, markerOf({ ...choice, style, state: kind }));
      return !st || (st.styles || []).includes(style);
    };
    currentPlay = () => {
      try {
        return playFor(rec, choice.style, markerOf(choice));
      } catch (_) {
        return undefined; // a page without states: the record's own code
      }
    };

    // The players show the chosen style's file; a new style loads its file in place of the old one.
    let big = null;
    let small = null;
    const pathOf = (style) => {
      const f = rec.files.find((x) => x.style === style);
      try {
        return new URL(f.file_url, location.href).pathname;
      } catch (_) {
        return assetPath(pageIcon);
      }
    };
    const svgOf = (style) => {
      const f = rec.files.find((x) => x.style === style) || {};
      try {
        return new URL(f.svg_url, location.href).pathname;
      } catch (_) {
        return sitePath(SITE.svg, pageIcon);
      }
    };
    const play = () => {
      const marker = markerOf(choice);
      const st = stateNamed(rec, marker);
      const loop = st ? !!st.loop : marker === "loop";
      playState(big, marker, loop);
      playState(small, marker, loop);
      return marker;
    };
    const load = () => {
      for (const [anim, id, size] of [[big, "player", 192], [small, "player-actual", 24]]) {
        if (anim) {
          players.delete(anim);
          anim.destroy();
        }
        const box = byId(id);
        if (anim || !box.querySelector("img")) {
          box.classList.remove("live");
          box.replaceChildren(Object.assign(document.createElement("img"), { src: svgOf(choice.style), alt: "", width: size, height: size }));
        }
      }
      big = loadPlayer(byId("player"), pathOf(choice.style));
      small = loadPlayer(byId("player-actual"), pathOf(choice.style));
      play();
    };

    // The picker: style (when the icon has more than one), motion and state.
    const styleGroup = byId("styles");
    if (rec.files.length > 1 && !styleGroup.querySelector("[data-style]")) {
      // The build renders the style buttons; a page without them gets them from its player data.
      styleGroup.replaceChildren(...rec.files.map((f) => Object.assign(document.createElement("button"), { type: "button", textContent: f.style })));
      [...styleGroup.children].forEach((b, i) => { b.dataset.style = rec.files[i].style; });
      styleGroup.hidden = false;
    }
    const motionButtons = [...document.querySelectorAll("[data-motion]")];
    const styleButtons = [...styleGroup.querySelectorAll("[data-style]")];
    const playing = byId("playing");
    const hint = byId("code-hint");
    const show = () => {
      styleButtons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.style === choice.style)));
      motionButtons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.motion === choice.motion)));
      stateButtons.forEach((b) => {
        b.setAttribute("aria-pressed", String(!reduceMotion.matches && b.dataset.state === choice.state));
        b.disabled = reduceMotion.matches || !holds(choice.style, b.dataset.state);
      });
      motionButtons.forEach((b) => { b.disabled = reduceMotion.matches; });
      const marker = markerOf(choice);
      const st = stateNamed(rec, marker);
      playing.replaceChildren("State ", Object.assign(document.createElement("code"), { textContent: marker }),
        st ? " (frames " + st.start_frame + "–" + st.end_frame + (st.loop ? ", repeating" : "") + ")" : "",
        rec.files.length > 1 ? " of the " + choice.style + " file" : "");
      const p = currentPlay();
      if (hint && p) {
        hint.textContent = "Loads the " + p.style + " file and plays " + (p.loop ? "“" + p.enter + "” repeating" :
          "“" + p.enter + "” when it appears and “" + p.hover + "” on pointer hover on the web (the app snippets play “" + p.state + "”)") +
          "; it follows the appearance settings and the state you pick.";
      }
    };
    // nextChoice is the pick with changes applied, checked: a bad value throws, naming it.
    const nextChoice = (changes) => {
      const next = { ...choice };
      if (changes.style !== undefined) {
        if (!rec.files.some((f) => f.style === changes.style)) throw new Error("style must be one of " + rec.files.map((f) => f.style).join(", ") + " (the styles of " + pageIcon + "); got " + JSON.stringify(changes.style));
        next.style = changes.style;
      }
      if (changes.motion !== undefined) {
        const m = changes.motion === "signature" ? signature : changes.motion;
        if (!motions.includes(m)) throw new Error("motion must be one of " + motions.join(", ") + " (the motions of " + pageIcon + "; signature means " + signature + "); got " + JSON.stringify(changes.motion));
        next.motion = m;
      }
      if (changes.state !== undefined) {
        if (!kinds.includes(changes.state)) throw new Error("state must be one of " + kinds.join(", ") + "; got " + JSON.stringify(changes.state));
        next.state = changes.state;
      }
      const st = stateNamed(rec, markerOf(next));
      if (st && !(st.styles || []).includes(next.style)) {
        if (changes.state !== undefined) throw new Error("the " + next.style + " file has no state " + markerOf(next));
        next.state = "in";
      }
      return next;
    };
    setChoice = (changes) => {
      if (changes.style === undefined && changes.motion === undefined && changes.state === undefined) {
        return { ...choice, marker: markerOf(choice) };
      }
      const next = nextChoice(changes);
      const restyle = next.style !== choice.style;
      choice = next;
      if (restyle) load();
      else play();
      show();
      paintCode(appearance);
      onPick.forEach((f) => f());
      return { ...choice, marker: markerOf(choice) };
    };
    // The page's URL says the pick and the looks (style, motion, state, color, stroke, size), so a
    // configured icon can be shared; a link's looks are shown, not stored as the visitor's own.
    const defaultChoice = { ...choice };
    const linked = new URLSearchParams(location.search);
    for (const key of ["style", "motion", "state"]) {
      try {
        if (linked.has(key)) choice = nextChoice({ [key]: linked.get(key) });
      } catch (_) { /* a link with a value this icon lacks: the default */ }
    }
    for (const [key, field] of [["color", "color"], ["stroke", "stroke_width"], ["size", "size"]]) {
      try {
        if (linked.has(key)) appearance = merge(appearance, { [field]: linked.get(key) });
      } catch (_) { /* out of range: the visitor's own */ }
    }
    const shareInURL = () => {
      const url = new URL(location.href);
      const put = (key, value, plain) => (value === plain ? url.searchParams.delete(key) : url.searchParams.set(key, value));
      put("style", choice.style, defaultChoice.style);
      put("motion", choice.motion, defaultChoice.motion);
      put("state", choice.state, defaultChoice.state);
      put("color", appearance.color.replace("#", ""), "currentColor");
      put("stroke", num(appearance.stroke_width), num(DEFAULTS.stroke_width));
      put("size", String(appearance.size), String(DEFAULTS.size));
      if (url.href !== location.href) history.replaceState(history.state, "", url);
    };
    const picker = byId("picker");
    picker.addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (!b || b.disabled) return;
      if (b.dataset.style) setChoice({ style: b.dataset.style });
      else if (b.dataset.motion) setChoice({ motion: b.dataset.motion });
      else if (b.dataset.state) setChoice({ state: b.dataset.state });
    });
    picker.hidden = false;
    load();
    show();
    // onPick: what follows the pick and the appearance (the URL, the take-away's summary).
    const onPick = [shareInURL, initTakeaway(rec, () => choice, svgOf, pathOf)];
    onPick.forEach((f) => onAppearance.push(f));
    paintAppearance();
    const note = byId("motion-note");
    const motion = () => {
      note.hidden = !reduceMotion.matches;
      show();
    };
    reduceMotion.addEventListener("change", motion);
    motion();

    // Preview background: light or dark, starting from the system's.
    const stage = byId("stage");
    const themes = stage.querySelector(".theme");
    const setTheme = (theme) => {
      stage.dataset.theme = theme;
      themes.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.theme === theme)));
    };
    themes.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-theme]");
      if (b) setTheme(b.dataset.theme);
    });
    const followScheme = () => setTheme(darkScheme() ? "dark" : "light");
    onScheme.push(followScheme);
    followScheme();
    themes.hidden = false;

    // Code tabs, written from the record and the appearance.
    const tabs = [...document.querySelectorAll('[role="tab"]')];
    const tablist = document.querySelector('[role="tablist"]');
    selectTab = (platform, focus) => {
      tabs.forEach((t) => {
        const on = t.dataset.platform === platform;
        t.setAttribute("aria-selected", String(on));
        t.tabIndex = on ? 0 : -1;
        byId(t.getAttribute("aria-controls")).hidden = !on;
        if (on && focus) t.focus();
      });
    };
    tablist.addEventListener("click", (e) => {
      const t = e.target.closest('[role="tab"]');
      if (t) selectTab(t.dataset.platform);
    });
    tablist.addEventListener("keydown", (e) => {
      const i = tabs.indexOf(document.activeElement);
      if (i < 0) return;
      const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (next === undefined) return;
      e.preventDefault();
      selectTab(tabs[(next + tabs.length) % tabs.length].dataset.platform, true);
    });
    tablist.hidden = false;
    document.querySelector(".code-section").classList.add("tabbed");
    selectTab((tabs.find((t) => t.getAttribute("aria-selected") === "true") || tabs[0]).dataset.platform);

    paintCode = (a) => {
      const play = currentPlay();
      for (const p of PLATFORMS) {
        const s = snippet(rec, p, a, play);
        const code = document.querySelector('[data-code="' + p + '"]');
        if (code) code.textContent = s.code;
        const cssCode = document.querySelector('[data-css="' + p + '"]');
        if (cssCode) {
          cssCode.textContent = s.css || "";
          cssCode.closest(".css-block").hidden = !s.css;
        }
      }
    };
    onAppearance.push(paintCode);
    paintCode(appearance);
  }

  /* ---------- Take-away: downloads and copies as the visitor set them ---------- */

  // takeSVG is the static SVG of a style in the appearance: its size, the colour (or color, where the
  // appearance follows the text colour and the picture needs one) and the stroke width.
  async function takeSVG(url, color, scale = 1) {
    const res = await fetch(url);
    if (!res.ok) throw new Error("the SVG could not be read (HTTP " + res.status + ")");
    const doc = new DOMParser().parseFromString(await res.text(), "image/svg+xml");
    const root = doc.documentElement;
    const paint = appearance.color === "currentColor" ? color : appearance.color;
    root.setAttribute("width", String(appearance.size * scale));
    root.setAttribute("height", String(appearance.size * scale));
    if (root.getAttribute("stroke") !== "none") root.setAttribute("stroke-width", num(appearance.stroke_width));
    if (paint) doc.querySelectorAll('[stroke="currentColor"], [fill="currentColor"]').forEach((el) => {
      for (const a of ["stroke", "fill"]) if (el.getAttribute(a) === "currentColor") el.setAttribute(a, paint);
    });
    return new XMLSerializer().serializeToString(doc);
  }

  // takePNG draws the SVG at size × scale pixels; the text colour stands in for currentColor.
  async function takePNG(url, color, scale) {
    const img = new Image();
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(await takeSVG(url, color, scale));
    await img.decode();
    const canvas = Object.assign(document.createElement("canvas"), { width: appearance.size * scale, height: appearance.size * scale });
    canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
    return new Promise((done, fail) => canvas.toBlob((b) => (b ? done(b) : fail(new Error("the PNG could not be made"))), "image/png"));
  }

  // takeLottie is the animation file recoloured and re-stroked as the element does it (its restyle).
  async function takeLottie(url) {
    const [res, restyle] = await Promise.all([fetch(url), restyleAsSet()]);
    if (!res.ok) throw new Error("the animation could not be read (HTTP " + res.status + ")");
    return JSON.stringify(restyle(await res.json()));
  }

  // restyleAsSet answers the element's restyle in the appearance: one colour for every slot, the stroke.
  async function restyleAsSet() {
    const Element = await customElements.whenDefined("iconlib-icon");
    const color = appearance.color === "currentColor" ? "" : appearance.color;
    return (data) => Element.restyle(data, { primary: color, secondary: color }, appearance.stroke_width);
  }

  // takeDotLottie is the icon's dotLottie file with each animation (a/*.json) restyled as takeLottie does;
  // its manifest, themes and state machines are kept byte for byte. The zip is read and written here, a
  // few lines either way, rather than by a library the page would have to load.
  async function takeDotLottie(url) {
    const [res, restyle] = await Promise.all([fetch(url), restyleAsSet()]);
    if (!res.ok) throw new Error("the dotLottie file could not be read (HTTP " + res.status + ")");
    const entries = await unzip(await res.arrayBuffer());
    for (const e of entries) {
      if (/^(a|animations)\/[^/]+\.json$/.test(e.name)) e.data = new TextEncoder().encode(JSON.stringify(restyle(JSON.parse(new TextDecoder().decode(e.data)))));
    }
    return zip(entries);
  }

  // unzip reads a zip's entries (name, bytes, DOS time) through its central directory, inflating the
  // deflated ones (DecompressionStream).
  async function unzip(buf) {
    const v = new DataView(buf);
    let end = buf.byteLength - 22;
    while (end >= 0 && v.getUint32(end, true) !== 0x06054b50) end--;
    if (end < 0) throw new Error("the dotLottie file is not a zip");
    const entries = [];
    for (let i = 0, p = v.getUint32(end + 16, true); i < v.getUint16(end + 10, true); i++) {
      if (v.getUint32(p, true) !== 0x02014b50) throw new Error("the dotLottie file's zip directory is damaged");
      const method = v.getUint16(p + 10, true), n = v.getUint16(p + 28, true), at = v.getUint32(p + 42, true);
      const name = new TextDecoder().decode(new Uint8Array(buf, p + 46, n));
      let data = new Uint8Array(buf, at + 30 + v.getUint16(at + 26, true) + v.getUint16(at + 28, true), v.getUint32(p + 20, true));
      if (method === 8) data = new Uint8Array(await new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer());
      else if (method !== 0) throw new Error(name + " in the dotLottie file is packed by zip method " + method + ", not stored or deflated");
      entries.push({ name, data, time: v.getUint32(p + 12, true) });
      p += 46 + n + v.getUint16(p + 30, true) + v.getUint16(p + 32, true);
    }
    return entries;
  }

  // zip writes entries stored, each with its CRC-32, as a zip Blob; a central record repeats its local
  // header's fields from "version needed" to the name's length.
  function zip(entries) {
    const table = Array.from({ length: 256 }, (_, c) => {
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      return c;
    });
    const crc32 = (bytes) => (bytes.reduce((c, b) => table[(c ^ b) & 255] ^ (c >>> 8), -1) ^ -1) >>> 0;
    // record is a zip header of that many bytes, its [offset, value, bytes] fields little-endian, the rest 0.
    const record = (length, fields) => {
      const v = new DataView(new ArrayBuffer(length));
      for (const [at, value, n] of fields) n === 4 ? v.setUint32(at, value, true) : v.setUint16(at, value, true);
      return v;
    };
    const parts = [], central = [];
    let offset = 0;
    for (const e of entries) {
      const name = new TextEncoder().encode(e.name);
      const local = record(30, [[0, 0x04034b50, 4], [4, 20, 2], [10, e.time, 4], [14, crc32(e.data), 4], [18, e.data.length, 4],
        [22, e.data.length, 4], [26, name.length, 2]]);
      const dir = record(46, [[0, 0x02014b50, 4], [4, 20, 2], [42, offset, 4]]);
      new Uint8Array(dir.buffer, 6, 26).set(new Uint8Array(local.buffer, 4, 26));
      parts.push(local, name, e.data);
      central.push(dir, name);
      offset += 30 + name.length + e.data.length;
    }
    const size = central.reduce((n, b) => n + b.byteLength, 0);
    const end = record(22, [[0, 0x06054b50, 4], [8, entries.length, 2], [10, entries.length, 2], [12, size, 4], [16, offset, 4]]);
    return new Blob([...parts, ...central, end], { type: "application/zip" });
  }

  // elementMarkup is the <iconlib-icon> that shows the pick in the appearance, after its licence and its
  // script tag.
  async function elementMarkup(rec, c) {
    const Element = await customElements.whenDefined("iconlib-icon");
    const st = stateNamed(rec, c.state);
    const trigger = { in: "in", hover: "hover", loop: "loop" }[c.state] || (st && /^morph/.test(c.state) && !/-back$/.test(c.state) ? "toggle" : "");
    const attrs = [["icon", rec.id], ["icon-style", c.style === "outline" ? "" : c.style], ["trigger", trigger],
      ["state", trigger && trigger !== "toggle" ? "" : c.state], ["motion", c.motion === signatureOf(rec) ? "" : c.motion],
      ["colors", appearance.color === "currentColor" ? "" : "primary:" + appearance.color],
      ["stroke", appearance.stroke_width === DEFAULTS.stroke_width ? "" : num(appearance.stroke_width)],
      ["size", appearance.size === DEFAULTS.size ? "" : String(appearance.size)],
      ["speed", appearance.speed === DEFAULTS.speed ? "" : num(appearance.speed)]];
    const esc = (v) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    // Like every snippet, it starts by naming the icon's licence.
    const licence = rec.license ? "<!-- " + (rec.license.attribution + " Licence: " + rec.license.text_url).replace(/--/g, "- -") + " -->\n" : "";
    return licence + '<script src="' + esc(Element.script) + '"></script>\n<iconlib-icon' +
      attrs.filter(([, v]) => v).map(([k, v]) => " " + k + '="' + esc(v) + '"').join("") + "></iconlib-icon>\n";
  }

  function save(name, blob) {
    const a = Object.assign(document.createElement("a"), { href: URL.createObjectURL(blob), download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  }

  // initTakeaway wires the icon page's downloads and copies: the chosen style's files in the appearance.
  // It answers the function that says, under them, what they carry.
  function initTakeaway(rec, picked, svgOf, pathOf) {
    const box = byId("takeaway");
    const hint = byId("takeaway-hint");
    const describe = () => {
      hint.textContent = "As set: " + picked().style + ", " + (appearance.color === "currentColor" ? "the text colour" : appearance.color) +
        ", stroke " + num(appearance.stroke_width) + ", " + appearance.size + " px.";
    };
    const textColor = () => getComputedStyle(byId("player")).color;
    const actions = {
      lottie: async (c, name) => save(name + ".json", new Blob([await takeLottie(pathOf(c.style))], { type: "application/json" })),
      svg: async (c, name) => save(name + ".svg", new Blob([await takeSVG(svgOf(c.style))], { type: "image/svg+xml" })),
      png: async (c, name, scale) => save(name + "-" + appearance.size * scale + ".png", await takePNG(svgOf(c.style), textColor(), scale)),
      dotlottie: async () => save(rec.id + ".lottie", await takeDotLottie(new URL(rec.dotlottie_url, location.href).pathname)),
      "copy-svg": async (c) => copyText(await takeSVG(svgOf(c.style))),
      "copy-element": async (c) => copyText(await elementMarkup(rec, c)),
    };
    box.addEventListener("click", async (e) => {
      const b = e.target.closest("button[data-take]");
      if (!b) return;
      const c = picked();
      const label = b.textContent;
      try {
        await actions[b.dataset.take](c, rec.id + (c.style === "outline" ? "" : "-" + c.style), Number(b.dataset.scale || 1));
        if (b.dataset.take.startsWith("copy")) announcer.textContent = label.replace(/^Copy /, "") + " copied";
      } catch (err) {
        hint.textContent = announcer.textContent = label + " failed: " + (err && err.message ? err.message : err) + ".";
      }
    });
    return describe;
  }

  /* ---------- Home page search ---------- */

  function initHome(form) {
    const grid = byId("grid");
    const featured = [...grid.children];
    const featuredTitle = byId("results-title").textContent;
    let timer = 0;
    // Once a search starts the hero's introduction steps aside (style.css), as the edge renders /?q=.
    const collapse = (searching) => form.closest(".hero").classList.toggle("searching", !!searching);

    const fromURL = () => {
      const p = new URLSearchParams(location.search);
      return { q: (p.get("q") || "").slice(0, SITE.query_max_runes), category: p.get("category") || "" };
    };
    const setURL = (q, category, push) => {
      const url = new URL(location.href);
      url.search = "";
      if (q) url.searchParams.set("q", q);
      if (category) url.searchParams.set("category", category);
      if (url.href !== location.href) history[push ? "pushState" : "replaceState"](null, "", url);
    };
    const showFeatured = () => {
      searchSeq++;
      byId("results-title").textContent = featuredTitle;
      byId("status").textContent = "";
      fillGrid(grid, null, featured);
      showMore([]);
      showNextPage("", "", false);
    };
    // run shows the search for the form's values (or featured icons for none) and answers what it found.
    const run = (q, category, limit = SEARCH_LIMIT) => {
      q = q.trim();
      collapse(q || category);
      if (!q && !category) {
        showFeatured();
        return Promise.resolve({ query: "", category: "", total: 0, items: [] });
      }
      return showResults(q, category, limit);
    };
    const fill = (q, category) => {
      form.elements.q.value = q;
      form.elements.category.value = [...form.elements.category.options].some((o) => o.value === category) ? category : "";
    };

    form.elements.q.addEventListener("input", () => {
      collapse(form.elements.q.value.trim() || form.elements.category.value);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const q = form.elements.q.value.trim();
        setURL(q, form.elements.category.value, false);
        run(q, form.elements.category.value).catch(showError);
      }, 250);
    });
    form.elements.category.addEventListener("change", () => {
      const q = form.elements.q.value.trim();
      setURL(q, form.elements.category.value, true);
      run(q, form.elements.category.value).catch(showError);
    });
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      clearTimeout(timer);
      const q = form.elements.q.value.trim();
      setURL(q, form.elements.category.value, true);
      run(q, form.elements.category.value).catch(showError);
    });
    window.addEventListener("popstate", () => {
      const { q, category } = fromURL();
      fill(q, category);
      run(q, category).catch(showError);
    });
    const { q, category } = fromURL();
    fill(q, category);
    // The edge rendered this search's results already (data-query): keep them, so nothing redraws.
    const rendered = grid.dataset.query === q && (grid.dataset.category || "") === category;
    if ((q || category) && !rendered) run(q, category).catch(showError);

    // The tool searches like the form, and shows its query in the form and the address bar.
    return async ({ query, category: cat, limit }) => {
      fill(query, cat || "");
      setURL(query.trim(), cat || "", true);
      return run(query, cat || "", limit);
    };
  }

  function showError(err) {
    const status = byId("status");
    if (status) status.textContent = "Search failed: " + (err && err.message ? err.message : err) + ". Try again.";
  }

  /* ---------- WebMCP tools ---------- */

  const APPEARANCE_HELP = "color: a hex colour such as #2257d6, or currentColor to follow the text colour; " +
    "dark_color: the colour in dark mode (\"\" to use color); stroke_width: in icon units, the icons are 24 wide and drawn at 2; " +
    "size: in pixels; speed: 1 is normal.";

  function checkArgs(args, schema) {
    const a = args && typeof args === "object" ? args : {};
    for (const key of schema.required || []) {
      if (a[key] === undefined || a[key] === "") throw new Error(key + " is required");
    }
    for (const key of Object.keys(a)) {
      if (!(key in schema.properties)) throw new Error("unknown argument " + key + "; the arguments are " + Object.keys(schema.properties).join(", "));
    }
    return a;
  }

  function tools(search) {
    const searchSchema = {
      type: "object",
      properties: {
        query: { type: "string", minLength: 1, maxLength: SITE.query_max_runes, description: "What the icon should mean, or its name or words; typos are fine. Example: \"upload finished\"." },
        category: { type: "string", pattern: "^[a-z0-9-]*$", description: "Optional category id, such as arrows or e-commerce, to search only that category." },
        limit: { type: "integer", minimum: 1, maximum: SEARCH_LIMIT, default: 24, description: "How many matches to return." },
      },
      required: ["query"],
      additionalProperties: false,
    };
    const list = [{
      name: "search_icons",
      description: "Search iconlib's free animated icons by what the icon should mean, its name or its words (typos are fine). " +
        "Shows the matches in this page's grid and returns them best first, each with id, name, category, description " +
        "(when known) and page_url; the first good_matches match well, the rest less so. A category that does not exist is an error. Use an id with get_icon_code" + (pageIcon ? "." : " or open_icon."),
      inputSchema: searchSchema,
      annotations: { readOnlyHint: true },
      async execute(args) {
        const a = checkArgs(args, searchSchema);
        if (typeof a.query !== "string" || !a.query.trim() || a.query.length > SITE.query_max_runes) throw new Error("query must be 1 to " + SITE.query_max_runes + " characters");
        const limit = a.limit === undefined ? 24 : Number(a.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMIT) throw new Error("limit must be an integer from 1 to " + SEARCH_LIMIT);
        return search({ query: a.query, category: a.category || "", limit });
      },
    }];

    if (!pageIcon) {
      const openSchema = {
        type: "object",
        properties: { id: { type: "string", pattern: ICON_ID.source, description: "The icon's id, from search_icons, such as download." } },
        required: ["id"],
        additionalProperties: false,
      };
      list.push({
        name: "open_icon",
        description: "Open an icon's page on this site, by id: a large animated preview, its states, appearance controls, " +
          "code for JavaScript, React, iOS and Android, install commands and the file to download. Navigates this tab.",
        inputSchema: openSchema,
        annotations: { readOnlyHint: false },
        async execute(args) {
          const { id } = checkArgs(args, openSchema);
          const rec = await getRecord(id);
          const url = new URL(sitePath(SITE.icon_page, rec.id), location.href).href;
          setTimeout(() => location.assign(url), 0); // after the answer has gone back to the agent
          return { opened: rec.id, name: rec.name, url };
        },
      });
    }

    const appearanceSchema = {
      type: "object",
      properties: {
        color: { type: "string", description: "Icon colour: a hex colour such as #2257d6, or currentColor to follow the text colour." },
        dark_color: { type: "string", description: "Icon colour in dark mode: a hex colour, or \"\" to use color in dark mode too." },
        stroke_width: { type: "number", minimum: RANGES.stroke_width[0], maximum: RANGES.stroke_width[1], description: "Stroke width in icon units (the icons are 24 wide and drawn at 2)." },
        size: { type: "integer", minimum: RANGES.size[0], maximum: RANGES.size[1], description: "Icon size in pixels, used by the code and the actual-size preview." },
        speed: { type: "number", minimum: RANGES.speed[0], maximum: RANGES.speed[1], description: "Animation speed; 1 is normal." },
        reset: { type: "boolean", description: "true: go back to the defaults first (currentColor, width 2, 24 px, speed 1)." },
      },
      additionalProperties: false,
    };
    const rec = pageIcon ? records.get(pageIcon) : null;
    if (!rec) {
      Object.assign(appearanceSchema.properties, {
        style: { type: "string", enum: GRID_STYLES, description: "Which file every tile plays: outline, or filled where the icon has a filled style (the others stay outline)." },
        motion: { type: "string", enum: GRID_MOTIONS, description: "What the tiles play when they appear and on hover: each icon's signature motion, or draw (the strokes draw on)." },
      });
    }
    if (rec && setChoice) {
      const motionNames = rec.motions.map((m) => m.name);
      const kinds = [...document.querySelectorAll("[data-state]")].map((b) => b.dataset.state);
      Object.assign(appearanceSchema.properties, {
        style: { type: "string", enum: rec.files.map((f) => f.style), description: "Which file of " + pageIcon + " to show and put in the code: " + rec.files.map((f) => f.style).join(" or ") + "." },
        motion: { type: "string", enum: [...motionNames, "signature"], description: "The motion the states play: " + rec.motions.map((m) => m.name + " (" + m.description.replace(/\.$/, "") + ")").join(", ") + "; signature is " + signatureOf(rec) + "." },
        state: { type: "string", enum: kinds, description: "The state to play now and in the code: in (appears), hover (pointer hover and focus), loop (repeats)" + (kinds.length > 3 ? ", or " + kinds.slice(3).join(", ") : "") + "; in, hover and loop play the chosen motion." },
      });
    }
    list.push({
      name: "set_icon_appearance",
      description: "Change how the icons on this page look and the code get_icon_code returns: " + APPEARANCE_HELP +
        (pageIcon ? " style: which file (outline, filled) of this icon; motion: draw or the icon's signature motion; state: in, hover, loop (or a morph) to play now and in the code." :
          " style: outline or filled files for every tile; motion: each icon's signature or draw.") +
        " Applies live to the animated previews" + (pageIcon ? ", the controls and the code tabs" : " and the controls") +
        ". Fields left out keep their value. Returns the whole appearance.",
      inputSchema: appearanceSchema,
      annotations: { readOnlyHint: false },
      async execute(args) {
        const a = checkArgs(args, appearanceSchema);
        const { style, motion, state, ...looks } = a;
        // Check the appearance before the pick changes anything, so a bad call changes nothing.
        merge(appearance, looks);
        if (!rec && style !== undefined && !GRID_STYLES.includes(style)) throw new Error("style must be one of " + GRID_STYLES.join(", ") + "; got " + JSON.stringify(style));
        if (!rec && motion !== undefined && !GRID_MOTIONS.includes(motion)) throw new Error("motion must be one of " + GRID_MOTIONS.join(", ") + " on a list of icons; got " + JSON.stringify(motion));
        const picked = rec && setChoice ? setChoice({ style, motion, state }) : setGridPick({ style, motion });
        const out = setAppearance(looks);
        return { appearance: picked ? { ...out, ...picked } : out };
      },
    });

    const codeSchema = {
      type: "object",
      properties: {
        id: { type: "string", pattern: ICON_ID.source, description: pageIcon ? "The icon's id; this page's icon (" + pageIcon + ") when left out." : "The icon's id, from search_icons." },
        platform: { type: "string", enum: PLATFORMS, description: "javascript (lottie-web, with CSS), react (lottie-react, with CSS), react_native (lottie-react-native, TSX), flutter (lottie, Dart), swiftui (lottie-ios, SwiftUI), ios (lottie-ios, UIKit), compose (lottie-compose, Kotlin) or android (lottie-android views, Kotlin)." },
      },
      required: pageIcon ? ["platform"] : ["id", "platform"],
      additionalProperties: false,
    };
    list.push({
      name: "get_icon_code",
      description: "Get ready-to-paste code that loads an icon's animation and plays its \"in\" state on a platform, in the " +
        "current appearance (see set_icon_appearance), with the install command and the animation file's URL and sha256." +
        (pageIcon ? " For this page's icon it plays the style, motion and state picked (set_icon_appearance's style, motion, state)." : "") +
        (pageIcon ? " Also shows that platform's code tab." : ""),
      inputSchema: codeSchema,
      annotations: { readOnlyHint: true },
      async execute(args) {
        const a = checkArgs(args, codeSchema);
        const id = a.id || pageIcon;
        if (!PLATFORMS.includes(a.platform)) throw new Error("platform must be one of " + PLATFORMS.join(", "));
        const rec = await getRecord(id);
        const play = id === pageIcon ? currentPlay() : undefined;
        const s = snippet(rec, a.platform, appearance, play);
        if (id === pageIcon) selectTab(a.platform);
        const out = { id: rec.id, platform: a.platform, appearance: { ...appearance }, code: s.code };
        if (s.css) out.css = s.css;
        out.install = installFor(rec, a.platform);
        out.style = play ? play.style : "outline";
        out.state = play ? play.state : "in";
        if (id === pageIcon && choice) out.motion = choice.motion;
        out.file_url = play ? play.file_url : rec.file_url;
        out.sha256 = play ? play.sha256 : rec.sha256;
        return out;
      },
    });
    return list;
  }

  // registerTools gives the tools to the browser's agent, where the page has WebMCP, and takes them back when
  // the page is hidden (and again when it is shown from the back/forward cache).
  function registerTools(list) {
    const modelContext = document.modelContext || navigator.modelContext;
    if (!modelContext || typeof modelContext.registerTool !== "function") return;
    let controller = null;
    const register = () => {
      controller = new AbortController();
      const { signal } = controller;
      for (const tool of list) {
        try {
          const handle = modelContext.registerTool(tool, { signal });
          Promise.resolve(handle).then((h) => {
            if (h && typeof h.unregister === "function") signal.addEventListener("abort", () => h.unregister(), { once: true });
          }, () => { /* not registered: nothing to take back */ });
          if (typeof modelContext.unregisterTool === "function") {
            signal.addEventListener("abort", () => { try { modelContext.unregisterTool(tool.name); } catch (_) { /* gone already */ } }, { once: true });
          }
        } catch (_) {
          // A tool of that name exists already (another script's): the others are still registered.
        }
      }
    };
    register();
    window.addEventListener("pagehide", () => { if (controller) controller.abort(); controller = null; });
    window.addEventListener("pageshow", (e) => { if (e.persisted && !controller) register(); });
  }

  /* ---------- Toggles: a morph into another icon and back ---------- */

  const toggleTiles = new WeakMap(); // button → its toggle's roundTrip

  // showEnd shows a state's last frame without animating: a toggle's picture under reduced motion.
  function showEnd(anim, state) {
    const m = (anim.animationData.markers || []).find((x) => x.cm === state);
    if (!m) return showFinal(anim);
    anim.setLoop(false);
    anim.resetSegments(true);
    anim.goToAndStop(m.tm + m.dr, true);
  }

  // wireToggle makes a tile's icon (data-icon) a toggle: turned on (pointer hover, keyboard focus, a tap,
  // Enter) its file plays data-there, into the other icon; turned off (the next tap, leaving, blur) it
  // plays data-back. A morph plays to its end before the next starts, so quick taps never cut one short,
  // and the tile settles on the last wish; aria-pressed says which way it is turned.
  function wireToggle(button) {
    let on = false; // the wish
    let shown = false; // where the last morph went
    let trip = false; // a round trip (the row's Play): back again once there
    let hooked = false;
    const player = () => {
      const anim = tilePlayer(button);
      if (anim && !hooked) {
        hooked = true;
        anim.addEventListener("DOMLoaded", settle); // after loadPlayer's own: a wish made while it loaded
        anim.addEventListener("complete", settle);
      }
      return anim;
    };
    function settle() {
      const anim = player();
      if (!anim || !anim.isLoaded || !anim.isPaused) return;
      if (trip && on && shown) {
        trip = false;
        return turn(false);
      }
      if (on === shown) return;
      shown = on;
      const state = on ? button.dataset.there : button.dataset.back;
      if (reduceMotion.matches) showEnd(anim, state);
      else playState(anim, state, false);
    }
    function turn(value) {
      on = value;
      button.setAttribute("aria-pressed", String(on));
      settle();
    }
    const byPointer = (e) => e.pointerType === "mouse" || e.pointerType === "pen"; // a touch has no hover
    button.addEventListener("pointerenter", (e) => byPointer(e) && turn(true));
    button.addEventListener("pointerleave", (e) => byPointer(e) && turn(false));
    button.addEventListener("click", () => turn(!on)); // a tap, a click, Enter or Space
    button.addEventListener("focus", () => button.matches(":focus-visible") && turn(true)); // the keyboard's, not a click's
    button.addEventListener("blur", () => turn(false));
    toggleTiles.set(button, () => { trip = true; turn(true); });
    if (appear) appear.observe(button);
    else player();
  }

  /* ---------- Motion gallery ---------- */

  // LOOP is how often, in ms, a gallery row in view plays again.
  const LOOP = 2400;

  // initGallery wires the play buttons: each plays its motion's hover on the icons of its row (the toggles
  // there and back), the first plays every row; a tile still playing is left to finish. The motion rows
  // also play by themselves while half in view, every LOOP ms, staggered, until the visitor presses
  // #pause-loops; never under reduced motion or in a hidden tab.
  function initGallery() {
    const rows = [...document.querySelectorAll("section.motion")];
    if (!rows.length) return;
    const playRow = (row) => {
      row.querySelectorAll("a[data-icon]").forEach((link) => tileHover(link));
      row.querySelectorAll("button[data-there]").forEach((button) => toggleTiles.get(button)());
    };
    rows.forEach((row) => row.querySelector(".play-row").addEventListener("click", () => playRow(row)));
    byId("play-all").addEventListener("click", () => rows.forEach(playRow));
    const pause = byId("pause-loops");
    pause.addEventListener("click", () => pause.setAttribute("aria-pressed", String(pause.getAttribute("aria-pressed") !== "true")));
    const shown = new Set();
    const rowSight = observe((entries) => entries.forEach((e) => (e.isIntersecting ? shown.add(e.target) : shown.delete(e.target))), { threshold: 0.5 });
    if (!rowSight) return;
    rows.filter((row) => !row.querySelector("button[data-there]")).forEach((row) => rowSight.observe(row));
    setInterval(() => {
      if (reduceMotion.matches || document.hidden || pause.getAttribute("aria-pressed") === "true") return;
      let k = 0;
      shown.forEach((row) => row.querySelectorAll("a[data-icon]").forEach((link) => setTimeout(() => tileHover(link), k++ * STAGGER / 2)));
    }, LOOP);
  }

  /* ---------- Keys ---------- */

  // focusSearchKeys: "/" (outside a field) and Ctrl or Cmd+K focus the page's search box and select its
  // words, as on other icon sites.
  function focusSearchKeys() {
    document.addEventListener("keydown", (e) => {
      const typing = e.target instanceof Element && e.target.closest("input, textarea, select, [contenteditable]");
      const slash = e.key === "/" && !typing && !e.ctrlKey && !e.metaKey && !e.altKey;
      const k = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k";
      const box = byId("q") || byId("bar-q");
      if (!(slash || k) || !box) return;
      e.preventDefault();
      box.focus();
      box.select();
    });
  }

  // gridKeys: the arrow keys move focus through a grid of tiles, by one or by a row (as many as its first
  // line holds); Home and End go to its first and last tile.
  function gridKeys() {
    document.addEventListener("keydown", (e) => {
      const tile = e.target instanceof Element && e.target.closest(".grid > .tile > a, .grid > .tile > button");
      if (!tile || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const tiles = [...tile.closest(".grid").querySelectorAll(":scope > .tile > a, :scope > .tile > button")];
      const top = tiles[0].getBoundingClientRect().top;
      const row = tiles.filter((x) => x.getBoundingClientRect().top === top).length;
      const i = tiles.indexOf(tile);
      const next = { ArrowRight: i + 1, ArrowLeft: i - 1, ArrowDown: i + row, ArrowUp: i - row, Home: 0, End: tiles.length - 1 }[e.key];
      if (next === undefined) return;
      e.preventDefault();
      if (next >= 0 && next < tiles.length) tiles[next].focus();
    });
  }

  /* ---------- Colour scheme ---------- */

  // initScheme wires the header's dark mode switch: it turns the site dark or light against the system's
  // scheme and remembers the choice (theme.js applies it before the first paint of every page).
  function initScheme() {
    const button = byId("scheme-toggle");
    if (!button) return;
    const system = window.matchMedia("(prefers-color-scheme: dark)");
    const show = () => button.setAttribute("aria-pressed", String(darkScheme()));
    button.addEventListener("click", () => {
      const next = darkScheme() ? "light" : "dark";
      document.documentElement.dataset.scheme = next;
      try {
        localStorage.setItem("iconlib-scheme", next);
      } catch (_) { /* private mode: the choice lasts for this page only */ }
      show();
      onScheme.forEach((f) => f());
    });
    system.addEventListener("change", show);
    show();
  }

  /* ---------- Start ---------- */

  // wireGridPick: the tiles' style and motion, picked by a person as set_icon_appearance picks them.
  function wireGridPick() {
    const form = byId("grid-pick");
    if (!form) return;
    form.addEventListener("submit", (e) => e.preventDefault());
    form.addEventListener("change", (e) => setGridPick({ [e.target.name]: e.target.value }));
  }

  focusSearchKeys();
  gridKeys();
  wireGridPick();
  initScheme();

  paintAppearance();
  wireAppearanceForm();
  addCopyButtons(document);
  let search;
  const homeForm = byId("home-search");
  if (page) initIconPage();
  if (homeForm) search = initHome(homeForm);
  else search = ({ query, category, limit }) => showResults(query, category, limit);
  const grid = byId("grid");
  if (grid) wireTiles(grid);
  // A long grid keeps its one page of tiles if the list cannot be read.
  if (grid && grid.dataset.list) windowList(grid).catch((err) => console.warn("iconlib: the grid stays one page:", err));
  for (const id of ["more-grid", "related-grid"]) if (byId(id)) wireTiles(byId(id));
  document.querySelectorAll("section.motion .grid").forEach(wireTiles);
  document.querySelectorAll("section.toggles button[data-there]").forEach(wireToggle);
  initGallery();
  if (homeForm || page) registerTools(tools(search));

  // For tests and the curious: the page's state, read-only.
  window.iconlib = Object.freeze({
    get appearance() { return { ...appearance }; },
    players: () => [...players],
    snippet: (rec, platform, a) => snippet(rec, platform, merge(DEFAULTS, a || {})),
    // playSnippet is the code playing a state of a style's file, before any appearance: build.Code's text.
    playSnippet: (rec, platform, style, state) => playCode(rec, platform, playFor(rec, style, state)),
    get choice() { return choice ? { ...choice } : null; },
  });
})();
