// <iconlib-icon icon="bell" trigger="hover">: an iconlib icon as a custom element, played by the site's
// lottie-web (loaded on first use). Attributes, events, examples: docs/element.md.
(() => {
  "use strict";
  const TAG = "iconlib-icon";
  if (!window.customElements || customElements.get(TAG)) return;
  // The contract's paths; go test ./templates -update rewrites the line.
  const PATHS = {"animation":"/assets/{id}.json","filled_animation":"/assets/filled/{id}.json","player":"/static/vendor/lottie_light.min.js?v=9588432bec30"};
  const ICON_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
  // Icons come from the site this script came from.
  const here = document.currentScript;
  const BASE = (here && here.src) || location.href;
  const siteURL = (p, id) => new URL(p.replace("{id}", id), BASE).href;
  const reduce = matchMedia("(prefers-reduced-motion: reduce)");
  const dark = matchMedia("(prefers-color-scheme: dark)");
  const live = new Set();

  let player = null;
  function lottieReady() {
    if (!player) {
      // By DOMContentLoaded a page's own deferred lottie-web has run.
      const loaded = document.readyState === "loading" ? new Promise((ok) => addEventListener("DOMContentLoaded", ok, { once: true })) : Promise.resolve();
      player = loaded.then(() => window.lottie || new Promise((ok, fail) => {
        const s = document.createElement("script");
        s.src = siteURL(PATHS.player);
        s.onload = () => (window.lottie ? ok(window.lottie) : fail(new Error(s.src + " did not define lottie")));
        s.onerror = () => fail(new Error("could not load " + s.src));
        document.head.append(s);
      }));
      player.catch(() => { player = null; });
    }
    return player;
  }

  const files = new Map(); // URL → its text, fetched once; each element parses its own copy
  function fetchText(url) {
    if (!files.has(url)) {
      const p = fetch(url, { credentials: "omit" }).then((r) => {
        if (!r.ok) throw new Error(url + ": HTTP " + r.status);
        return r.text();
      });
      p.catch(() => files.delete(url));
      files.set(url, p);
    }
    return files.get(url);
  }

  // Players are built in short tasks, so a page of many icons scrolls smoothly.
  const queue = [];
  function pump() {
    const end = performance.now() + 6;
    while (queue.length && performance.now() < end) queue.shift()();
    if (queue.length) setTimeout(pump);
  }
  function later(job) {
    if (queue.push(job) === 1) setTimeout(pump);
  }

  const ctx = document.createElement("canvas").getContext("2d");
  // rgba: a CSS colour as Lottie's [r, g, b, 1].
  function rgba(v) {
    ctx.fillStyle = "#000";
    ctx.fillStyle = v;
    const s = ctx.fillStyle;
    if (s[0] === "#") return [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16) / 255).concat(1);
    const m = /rgba?\(([^)]+)\)/.exec(s);
    return m ? m[1].split(",").slice(0, 3).map((x) => +x / 255).concat(1) : null;
  }

  // parseColors: "primary:#e11d48,secondary:rgb(0, 0, 0)" → { primary: "#e11d48", … }.
  function parseColors(v) {
    const out = {};
    for (const m of (v || "").matchAll(/([\w-]+)\s*:\s*((?:[^,(]|\([^)]*\))+)/g)) out[m[1]] = m[2].trim();
    return out;
  }

  // restyle recolours and re-strokes Lottie data in place: each stroke and fill takes the colour of its
  // slot (c.sid; primary without one), as do the file's slots; stroke, in icon units (the icons are drawn
  // at 2), scales every stroke width, still or keyframed.
  function restyle(data, colors, stroke) {
    const scale = stroke > 0 ? stroke / 2 : 1;
    const times = (w) => {
      if (typeof w.k === "number") w.k *= scale;
      else if (Array.isArray(w.k)) w.k.forEach((f) => ["s", "e"].forEach((x) => f[x] && (f[x] = f[x].map((n) => n * scale))));
    };
    const walk = (items) => (items || []).forEach((it) => {
      if (it.ty === "gr") walk(it.it);
      if ((it.ty === "st" || it.ty === "fl") && it.c) {
        const c = colors[it.c.sid || "primary"];
        if (c) Object.assign(it.c, { a: 0, k: c });
        if (it.ty === "st" && it.w && scale !== 1) times(it.w);
      }
    });
    [data, ...(data.assets || [])].forEach((comp) => (comp.layers || []).forEach((l) => walk(l.shapes)));
    for (const name in data.slots || {}) if (colors[name]) data.slots[name].p = { a: 0, k: colors[name] };
    return data;
  }

  const observe = (cb, rootMargin) => new IntersectionObserver((es) => es.forEach((e) => cb(e.target, e.isIntersecting)), { rootMargin });
  const near = observe((el, on) => on && !el._asked && el.load(), "200px");
  const seen = observe((el, on) => { el._visible = on; later(() => el._seen()); }, "0px");

  const sheet = new CSSStyleSheet();
  sheet.replaceSync(":host{display:inline-block;vertical-align:middle;line-height:0}:host([hidden]){display:none}:host([role=button]){cursor:pointer}div{width:24px;height:24px}");

  const TRIGGERS = {
    hover: { enter: (el) => el._idle(el._kind("hover")) },
    click: { click: (el) => el.play(el._kind("hover")) },
    loop: {},
    "loop-on-hover": { enter: (el) => el._loop(true), leave: (el) => el._loop(false) },
    boomerang: { enter: (el) => el._boom(1), leave: (el) => el._boom(-1) },
    in: {},
    toggle: { click: (el) => { el.pressed = !el.pressed; } },
  };

  class IconlibIcon extends HTMLElement {
    static get observedAttributes() {
      return ["icon", "src", "style", "icon-style", "colors", "stroke", "trigger", "target", "motion", "state", "size", "speed", "label", "pressed"];
    }

    constructor() {
      super();
      const root = this.attachShadow({ mode: "open" });
      root.adoptedStyleSheets = [sheet];
      this._box = document.createElement("div");
      root.append(this._box);
      this.player = null; // lottie-web's AnimationItem
      this._marks = new Map(); // marker name → { tm, dr }
      this._gen = 0;
      this._shown = false; // where the last toggle morph went
    }

    connectedCallback() {
      live.add(this);
      this._wire();
      this._label();
      this._size();
      near.observe(this);
      seen.observe(this);
    }

    disconnectedCallback() {
      live.delete(this);
      near.unobserve(this);
      seen.unobserve(this);
      if (this._off) this._off();
      // Moved, not removed: keep the player.
      queueMicrotask(() => {
        if (this.isConnected) return;
        this._gen++;
        this._asked = false;
        this._drop();
      });
    }

    attributeChangedCallback(name, old, value) {
      if (old === value || !this.isConnected) return;
      if (name === "style" && !/^(outline|filled)$/.test(value || "") && !/^(outline|filled)$/.test(old || "")) return;
      if (name === "size") this._size();
      else if (name === "label") this._label();
      else if (name === "speed") this.player && this.player.setSpeed(this._speed());
      else if (name === "state") this._trigger() !== "toggle" && this.play(value);
      else if (name === "pressed") this._pressed();
      else if (name === "trigger" || name === "target") {
        this._wire();
        this._label();
        this._start();
      } else if (name === "motion") this._start();
      else {
        if (name === "icon" || name === "src") this._label();
        if (this._asked) this.load(); // a new file, colour or stroke
      }
    }

    _urls() {
      const src = this.getAttribute("src");
      if (src) return [new URL(src, document.baseURI).href];
      const id = this.getAttribute("icon") || "";
      if (!ICON_ID.test(id)) return [];
      const outline = siteURL(PATHS.animation, id);
      return this._style() === "filled" ? [siteURL(PATHS.filled_animation, id), outline] : [outline];
    }

    _style() {
      const s = this.getAttribute("icon-style") || this.getAttribute("style");
      return s === "filled" ? "filled" : "outline";
    }

    // load (re)builds the player: near the viewport, and for a new file, colour or stroke.
    load() {
      this._asked = true;
      const gen = ++this._gen;
      const urls = this._urls();
      if (!urls.length) return this._fail(new Error(TAG + ": set icon to an icon id such as bell, or src to a Lottie file"));
      // The outline file stands in for a missing filled one.
      const text = urls.slice(1).reduce((p, u) => p.catch(() => fetchText(u)), fetchText(urls[0]));
      const colors = this._colors(); // read now, before the writes of building players
      Promise.all([text, lottieReady()]).then(([t, lottie]) => gen === this._gen && later(() => gen === this._gen && this._build(t, lottie, colors)), (err) => gen === this._gen && this._fail(err));
    }

    _build(text, lottie, colors) {
      const data = JSON.parse(text);
      this._marks = new Map((data.markers || []).map((m) => [m.cm, m]));
      restyle(data, colors, parseFloat(this.getAttribute("stroke")));
      this._drop();
      const anim = lottie.loadAnimation({ container: this._box, renderer: "svg", loop: false, autoplay: false, animationData: data });
      this.player = anim;
      anim.setSpeed(this._speed());
      anim.addEventListener("DOMLoaded", () => {
        if (anim !== this.player) return;
        this._start();
        this.dispatchEvent(new CustomEvent("ready"));
        const s = this.getAttribute("state");
        if (s && this._trigger() !== "toggle") this.play(s);
      });
      anim.addEventListener("complete", () => {
        if (anim !== this.player) return;
        const state = this.getAttribute("playing");
        this.removeAttribute("playing");
        this.dispatchEvent(new CustomEvent("complete", { detail: { state } }));
        this._settle();
      });
    }

    _drop() {
      if (this.player) this.player.destroy();
      this.player = null;
      this._box.textContent = "";
      this.removeAttribute("playing");
    }

    _fail(error) {
      this.dispatchEvent(new CustomEvent("error", { detail: { error } }));
    }

    // Primary follows the text colour unless set; secondary follows primary.
    _colors() {
      const named = parseColors(this.getAttribute("colors"));
      const out = {};
      for (const k in named) out[k] = rgba(named[k]);
      this._followsText = !out.primary;
      if (!out.primary) out.primary = rgba(getComputedStyle(this).color) || [0, 0, 0, 1];
      if (!out.secondary) out.secondary = out.primary;
      return out;
    }

    _trigger() {
      return this.getAttribute("trigger") || "";
    }

    _speed() {
      return parseFloat(this.getAttribute("speed")) || 1;
    }

    // _kind: the marker of in, hover or loop that plays the chosen motion.
    _kind(kind) {
      const m = kind + "-" + this.getAttribute("motion");
      return this._marks.has(m) ? m : kind;
    }

    // _start shows what the trigger begins with: the still icon, the toggle's side, the entrance or loop.
    _start() {
      const a = this.player;
      if (!a || !a.isLoaded) return;
      const t = this._trigger();
      if (t === "toggle") {
        this._shown = this.pressed;
        return this._end(this._shown ? this._pair()[0] : null);
      }
      if (t === "in" && !this._entered && !reduce.matches) {
        const m = this._marks.get(this._kind("in"));
        if (this._visible) return this._enter();
        if (m) return a.goToAndStop(m.tm, true);
      }
      if (t === "loop" && this._visible) return this.play(this._kind("loop"), true);
      this._end(null);
    }

    // _end shows the last frame of a state, or of the file (the still icon) for null.
    _end(name) {
      const a = this.player;
      const m = name && this._marks.get(name);
      a.setLoop(false);
      a.resetSegments(true);
      a.goToAndStop(m ? m.tm + m.dr : a.totalFrames - 1, true);
      this.removeAttribute("playing");
    }

    _enter() {
      this._entered = true;
      this.play(this._kind("in"));
    }

    _seen() {
      const on = this._visible;
      const a = this.player;
      if (!a || !a.isLoaded) return;
      const t = this._trigger();
      if (on && t === "in" && !this._entered) this._enter();
      if (t === "loop") on ? this.play(this._kind("loop"), true) : a.pause();
    }

    // play plays a state (a marker) once, or repeating (loop… by default); with reduced motion, the still.
    play(name, loop = /^loop/.test(name)) {
      const a = this.player;
      if (!a || !a.isLoaded || !this._marks.has(name)) return false;
      if (reduce.matches) return this._end(null), false;
      a.setDirection(1);
      a.setLoop(loop);
      a.goToAndPlay(name, true);
      this.setAttribute("playing", name);
      return true;
    }

    // _idle: a hover still playing is not restarted.
    _idle(name) {
      if (this.player && this.player.isPaused) this.play(name);
    }

    _loop(on) {
      const a = this.player;
      if (!a) return;
      if (!on) a.setLoop(false); // the round ends on the still icon
      else if (a.isPaused || this.getAttribute("playing") !== this._kind("loop")) this.play(this._kind("loop"), true);
      else a.setLoop(true);
    }

    // _boom plays the hover on (dir 1) or back (-1) from where it is.
    _boom(dir) {
      const a = this.player;
      const name = this._kind("hover");
      const m = this._marks.get(name);
      if (!a || !a.isLoaded || !m || reduce.matches) return;
      if (this.getAttribute("playing") !== name) {
        if (dir < 0) return;
        this.play(name, false);
        return;
      }
      a.setDirection(dir);
      a.play();
    }

    // _pair: the toggle's morph there and back: state's, else the first morph-<id>, else morph.
    _pair() {
      const s = this.getAttribute("state");
      const has = (n) => this._marks.has(n) && this._marks.has(n + "-back");
      const there = has(s) ? s : [...this._marks.keys()].find((n) => /^morph-/.test(n) && has(n)) || "morph";
      return [there, there + "-back"];
    }

    get pressed() {
      return this.hasAttribute("pressed");
    }

    set pressed(on) {
      this.toggleAttribute("pressed", !!on);
    }

    _pressed() {
      const on = this.pressed;
      this._a11y();
      this.dispatchEvent(new CustomEvent("toggle", { detail: { pressed: on, state: this._pair()[on ? 0 : 1] } }));
      this._settle();
    }

    // _settle morphs toward the last wish once nothing plays: quick clicks never cut one short.
    _settle() {
      const a = this.player;
      if (this._trigger() !== "toggle" || !a || !a.isLoaded || !a.isPaused || this.pressed === this._shown) return;
      this._shown = this.pressed;
      const [there, back] = this._pair();
      if (reduce.matches) this._end(this._shown ? there : null);
      else this.play(this._shown ? there : back, false);
    }

    // _wire listens to the target: target's match (an ancestor, else the first in the document), else the
    // button or link the icon sits in, else the element itself.
    _wire() {
      if (this._off) this._off();
      const sel = this.getAttribute("target");
      let t = null;
      try {
        t = sel ? this.closest(sel) || this.getRootNode().querySelector(sel) : this.parentElement && this.parentElement.closest("button,a[href],[role=button],summary");
      } catch (_) { /* not a selector: the element itself */ }
      this._target = t || this;
      const on = TRIGGERS[this._trigger()] || {};
      const ls = [];
      const add = (type, f) => f && ls.push([type, (e) => f(this, e)]);
      add("pointerenter", on.enter);
      add("focusin", on.enter);
      add("pointerleave", on.leave);
      add("focusout", on.leave);
      add("click", on.click);
      if (on.click && this._target === this) add("keydown", (el, e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), on.click(el)));
      ls.forEach(([type, f]) => this._target.addEventListener(type, f));
      const target = this._target;
      this._off = () => ls.forEach(([type, f]) => target.removeEventListener(type, f));
    }

    _size() {
      const s = (this.getAttribute("size") || "").trim();
      this._box.style.width = this._box.style.height = /^\d*\.?\d+$/.test(s) ? s + "px" : s;
    }

    // _label: an img named by label or the icon's name; hidden for label=""; a button when it is its own
    // click or toggle target.
    _label() {
      const label = this.getAttribute("label");
      const id = this.getAttribute("icon") || (this.getAttribute("src") || "").replace(/^.*\/|\.json$/g, "");
      const name = label !== null ? label : id.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
      const own = this._target === this && !!(TRIGGERS[this._trigger()] || {}).click;
      if (own || name) {
        this.setAttribute("role", own ? "button" : "img");
        this.setAttribute("aria-label", name);
        this.removeAttribute("aria-hidden");
      } else {
        this.removeAttribute("role");
        this.removeAttribute("aria-label");
        this.setAttribute("aria-hidden", "true");
      }
      if (own) this.tabIndex = 0;
      this._a11y();
    }

    _a11y() {
      const t = this._target;
      if (this._trigger() === "toggle" && (t !== this || this.getAttribute("role") === "button")) t.setAttribute("aria-pressed", this.pressed);
    }
  }

  // For the icon page's downloads: IconlibIcon.restyle(data, { primary: "#e11d48" }, 1.5).
  IconlibIcon.restyle = (data, colors, stroke) => {
    const c = {};
    for (const k in colors) if (colors[k]) c[k] = rgba(colors[k]);
    return restyle(data, c, stroke);
  };
  IconlibIcon.parseColors = parseColors;
  IconlibIcon.script = BASE;

  reduce.addEventListener("change", () => live.forEach((el) => el._start()));
  // Icons that follow the text colour follow a change of scheme.
  dark.addEventListener("change", () => live.forEach((el) => el.player && el._followsText && el.load()));
  customElements.define(TAG, IconlibIcon);
})();
