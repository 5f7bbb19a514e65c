// The motion harness: renders Lottie files with two independent engines and measures frames against
// the static SVGs, for test/e2e's TestMotionStates (motion_browser_test.go) and TestMotionSheets.
//
//   lottie-web: the build the site ships (/static/vendor/lottie_light.min.js), SVG renderer. A file's
//               frames are serialized one by one and drawn together as one SVG image (a sprite), so
//               Chromium decodes one image per file instead of one per frame.
//   skottie:    Skia's Lottie player from CanvasKit (npm canvaskit-wasm, bin/full), drawn into a
//               software surface, all frames of a file in one surface.
//
// Reference pictures (the static SVGs) are drawn by Chromium as images. A mask is the set of pixels with
// alpha > 127.
"use strict";
(() => {
  const ALPHA = 127;
  const COLS = 16; // frames per sprite row
  const FILE_TIMEOUT_MS = 60000;
  const ROOM = 48; // pixels an artboard takes in the widened drawing of the inside check

  async function get(url) {
    const r = await fetch(url, {cache: "no-store"});
    if (!r.ok) throw new Error("GET " + url + ": HTTP " + r.status);
    return r.text();
  }

  function script(src) {
    return new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = () => reject(new Error("cannot load " + src));
      document.head.appendChild(s);
    });
  }

  function canvas(w, h) {
    const c = document.createElement("canvas");
    c.width = w;
    c.height = h;
    return c;
  }

  // Draws SVG text as an image into a new w×h canvas.
  async function rasterize(svgText, w, h) {
    const img = new Image(w, h);
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svgText);
    await img.decode();
    const c = canvas(w, h);
    c.getContext("2d", {willReadFrequently: true}).drawImage(img, 0, 0, w, h);
    return c;
  }

  // A static SVG document drawn at size×size.
  async function still(svgText, size) {
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const root = doc.documentElement;
    if (root.localName !== "svg" || doc.getElementsByTagName("parsererror").length)
      throw new Error("not a valid SVG document");
    root.setAttribute("width", String(size));
    root.setAttribute("height", String(size));
    root.removeAttribute("style");
    return rasterize(new XMLSerializer().serializeToString(root), size, size);
  }

  function loaded(anim) {
    if (anim.isLoaded) return Promise.resolve();
    return new Promise((resolve, reject) => {
      anim.addEventListener("DOMLoaded", resolve);
      anim.addEventListener("data_failed", () => reject(new Error("lottie-web: data_failed")));
    });
  }

  let CK = null; // CanvasKit, once loaded

  // Each renderer draws frames[k] of a Lottie file (JSON text) into cell k of a sprite canvas: COLS cells
  // a row, size×size each, transparent background. Cells clip what leaves the 24×24 artboard, as a
  // player's view does.
  const renderers = {
    "lottie-web": {
      async init() {
        if (!window.lottie) await script("/static/vendor/lottie_light.min.js");
        return "lottie-web " + window.lottie.version;
      },
      async render(text, frames, size) {
        const box = document.createElement("div");
        box.style.cssText = "position:absolute;left:-10000px;top:0;width:" + size + "px;height:" + size + "px;overflow:hidden";
        document.body.appendChild(box);
        let anim;
        try {
          anim = window.lottie.loadAnimation({container: box, renderer: "svg", loop: false, autoplay: false,
            animationData: JSON.parse(text)});
          await loaded(anim);
          const svg = box.querySelector("svg");
          if (!svg) throw new Error("lottie-web rendered no <svg>");
          svg.removeAttribute("style");
          svg.setAttribute("width", String(size));
          svg.setAttribute("height", String(size));
          const parts = [];
          frames.forEach((frame, k) => {
            anim.goToAndStop(frame, true);
            svg.setAttribute("x", String((k % COLS) * size));
            svg.setAttribute("y", String(Math.floor(k / COLS) * size));
            // Ids of clip paths and masks must stay unique among the copies.
            parts.push(new XMLSerializer().serializeToString(svg).replaceAll("__lottie_element_", "__f" + k + "_"));
          });
          const w = COLS * size, h = Math.ceil(frames.length / COLS) * size;
          return rasterize('<svg xmlns="http://www.w3.org/2000/svg" width="' + w + '" height="' + h + '">' +
            parts.join("") + "</svg>", w, h);
        } finally {
          if (anim) anim.destroy();
          box.remove();
        }
      },
    },
    "skottie": {
      async init() {
        if (!CK) {
          if (!window.CanvasKitInit) await script("/harness/canvaskit/canvaskit.js");
          CK = await window.CanvasKitInit({locateFile: (f) => "/harness/canvaskit/" + f});
        }
        if (typeof CK.MakeAnimation !== "function") throw new Error("this CanvasKit build has no Skottie");
        return "skottie (CanvasKit)";
      },
      async render(text, frames, size) {
        const anim = CK.MakeAnimation(text);
        if (!anim) throw new Error("Skottie could not parse the file");
        const w = COLS * size, h = Math.ceil(frames.length / COLS) * size;
        const surface = CK.MakeSurface(w, h);
        try {
          if (!surface) throw new Error("CanvasKit: no " + w + "×" + h + " surface");
          const c = surface.getCanvas();
          c.clear(CK.TRANSPARENT);
          frames.forEach((frame, k) => {
            const x = (k % COLS) * size, y = Math.floor(k / COLS) * size;
            const cell = CK.LTRBRect(x, y, x + size, y + size);
            anim.seekFrame(frame);
            c.save();
            c.clipRect(cell, CK.ClipOp.Intersect, true);
            anim.render(c, cell);
            c.restore();
          });
          surface.flush();
          const px = c.readPixels(0, 0, {width: w, height: h, colorType: CK.ColorType.RGBA_8888,
            alphaType: CK.AlphaType.Unpremul, colorSpace: CK.ColorSpace.SRGB});
          if (!px) throw new Error("CanvasKit: readPixels failed");
          const out = canvas(w, h);
          out.getContext("2d").putImageData(new ImageData(new Uint8ClampedArray(px.buffer, px.byteOffset, px.length), w, h), 0, 0);
          return out;
        } finally {
          if (surface) surface.dispose(); // frees its pixels too; delete() alone leaks them
          anim.delete();
        }
      },
    },
  };

  // The masks of the cells of a sprite.
  function masks(sprite, n, size) {
    const px = sprite.getContext("2d", {willReadFrequently: true}).getImageData(0, 0, sprite.width, sprite.height).data;
    const out = [];
    for (let k = 0; k < n; k++) {
      const x0 = (k % COLS) * size, y0 = Math.floor(k / COLS) * size;
      const m = new Uint8Array(size * size);
      for (let y = 0; y < size; y++) {
        let i = 4 * ((y0 + y) * sprite.width + x0) + 3;
        for (let x = 0; x < size; x++, i += 4) m[y * size + x] = px[i] > ALPHA ? 1 : 0;
      }
      out.push(m);
    }
    return out;
  }

  function count(m) {
    let n = 0;
    for (let i = 0; i < m.length; i++) n += m[i];
    return n;
  }

  function both(a, b) {
    let n = 0;
    for (let i = 0; i < a.length; i++) n += a[i] & b[i];
    return n;
  }

  function withTimeout(p, ms, what) {
    let timer;
    const guard = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(what + ": no result within " + ms + " ms")), ms);
    });
    return Promise.race([p, guard]).finally(() => clearTimeout(timer));
  }

  // Draws frames of a Lottie file on a canvas three times its artboard, the artboard in the middle, and
  // answers the pixels (alpha > 127) each frame draws outside the artboard: what a player's view clips.
  async function outside(r, text, frames) {
    const a = JSON.parse(text);
    for (const l of a.layers) {
      if (l.ks.p.a) throw new Error("layer " + l.nm + ": its position is animated, so the file cannot be widened");
      l.ks.p.k = [l.ks.p.k[0] + a.w, l.ks.p.k[1] + a.h, 0];
    }
    a.w *= 3;
    a.h *= 3;
    const size = 3 * ROOM;
    const sprite = await r.render(JSON.stringify(a), frames, size);
    const px = sprite.getContext("2d", {willReadFrequently: true}).getImageData(0, 0, sprite.width, sprite.height).data;
    const out = {};
    frames.forEach((frame, k) => {
      const x0 = (k % COLS) * size, y0 = Math.floor(k / COLS) * size;
      let n = 0;
      for (let y = 0; y < size; y++) {
        const middle = y >= ROOM && y < 2 * ROOM;
        let i = 4 * ((y0 + y) * sprite.width + x0) + 3;
        for (let x = 0; x < size; x++, i += 4) {
          if (px[i] > ALPHA && !(middle && x >= ROOM && x < 2 * ROOM)) n++;
        }
      }
      out[frame] = n;
    });
    return out;
  }

  // One job: a file, the frames to draw, the static SVGs to draw (refs: name → URL), and the pairs of
  // pictures to intersect ("f<frame>" or "r<name>"), and the frames to draw widened (inside). Answers each
  // picture's pixel count, each pair's common pixels, and each widened frame's pixels outside the artboard.
  async function measure(r, job, size, stills) {
    const text = await get(job.file);
    const refNames = Object.keys(job.refs || {});
    const refMasks = await Promise.all(refNames.map((name) => {
      const url = job.refs[name];
      if (!stills.has(url)) stills.set(url, get(url).then((t) => still(t, size)).then((c) => masks(c, 1, size)[0]));
      return stills.get(url);
    }));
    const frameMasks = job.frames.length ? masks(await r.render(text, job.frames, size), job.frames.length, size) : [];
    const pics = new Map();
    job.frames.forEach((f, k) => pics.set("f" + f, frameMasks[k]));
    refNames.forEach((name, k) => pics.set("r" + name, refMasks[k]));
    const pixels = {};
    for (const [key, m] of pics) pixels[key] = count(m);
    const common = (job.pairs || []).map(([a, b]) => {
      if (!pics.has(a) || !pics.has(b)) throw new Error("pair " + a + "/" + b + ": picture not drawn");
      return both(pics.get(a), pics.get(b));
    });
    const beyond = job.inside && job.inside.length ? await outside(r, text, job.inside) : {};
    return {pixels, common, outside: beyond};
  }

  // Static SVGs are shared by the jobs of a call (an icon's two files, morph targets) and dropped after it.
  async function check(renderer, jobs, size) {
    const r = renderers[renderer];
    if (!r) throw new Error("unknown renderer " + renderer);
    const stills = new Map();
    const out = [];
    // lottie-web waits on image decoding, so a few files at a time overlap; Skottie is synchronous.
    const width = renderer === "lottie-web" ? 4 : 1;
    let next = 0;
    async function worker() {
      while (next < jobs.length) {
        const k = next++;
        const job = jobs[k];
        try {
          out[k] = {key: job.key, error: "", ...await withTimeout(measure(r, job, size, stills), FILE_TIMEOUT_MS, job.file)};
        } catch (e) {
          out[k] = {key: job.key, error: String(e && e.message || e), pixels: {}, common: [], outside: {}};
        }
      }
    }
    await Promise.all(Array.from({length: width}, worker));
    return out;
  }

  // A contact sheet: spec {title, cell, groups: [label], rows: [{label, note, renderer, file,
  // frames: [[frame…] per group]}]} → PNG data URL. Rows are drawn with their renderer; each group is a
  // run of columns headed by its label, each cell marked with its frame number.
  async function sheet(spec) {
    const cell = spec.cell, pad = 6, labelW = 150, headH = 44, titleH = 30;
    const cols = spec.groups.map((_, g) => Math.max(0, ...spec.rows.map((row) => (row.frames[g] || []).length)));
    const groupX = [];
    let x = labelW;
    for (const n of cols) {
      groupX.push(x);
      x += n * cell + pad * 2;
    }
    const W = x, H = titleH + headH + spec.rows.length * (cell + 14) + pad;
    const c = canvas(W, H);
    const g = c.getContext("2d");
    g.fillStyle = "#fff";
    g.fillRect(0, 0, W, H);
    g.fillStyle = "#111";
    g.font = "bold 16px sans-serif";
    g.textBaseline = "top";
    g.fillText(spec.title, pad, 8);
    g.font = "bold 13px sans-serif";
    spec.groups.forEach((label, gi) => {
      if (!cols[gi]) return;
      g.fillStyle = "#111";
      g.fillText(label, groupX[gi] + pad, titleH + 6);
      g.fillStyle = "#999";
      g.fillRect(groupX[gi], titleH, 1, H - titleH);
    });
    for (let ri = 0; ri < spec.rows.length; ri++) {
      const row = spec.rows[ri];
      const y = titleH + headH + ri * (cell + 14);
      g.fillStyle = "#111";
      g.font = "13px sans-serif";
      g.fillText(row.label, pad, y + cell / 2 - 14);
      g.fillStyle = "#666";
      g.font = "11px sans-serif";
      g.fillText(row.note || row.renderer, pad, y + cell / 2 + 2);
      const all = row.frames.flatMap((f) => f || []); // a group the file lacks is null: no cells
      let sprite = null, error = "";
      try {
        const text = await get(row.file);
        sprite = all.length ? await withTimeout(renderers[row.renderer].render(text, all, cell), FILE_TIMEOUT_MS, row.file) : null;
      } catch (e) {
        error = String(e && e.message || e);
      }
      if (error) {
        g.fillStyle = "#c00";
        g.fillText(error.slice(0, 120), labelW + pad, y + cell / 2);
        continue;
      }
      let k = 0;
      row.frames.forEach((frames, gi) => {
        (frames || []).forEach((frame, j) => {
          const cx = groupX[gi] + pad + j * cell;
          g.strokeStyle = "#e4e4e4";
          g.strokeRect(cx + 0.5, y + 0.5, cell - 1, cell - 1);
          g.drawImage(sprite, (k % COLS) * cell, Math.floor(k / COLS) * cell, cell, cell, cx, y, cell, cell);
          g.fillStyle = "#888";
          g.font = "10px sans-serif";
          g.fillText(String(frame), cx + 2, y + cell + 2);
          k++;
        });
      });
    }
    return c.toDataURL("image/png");
  }

  window.iconlibMotion = {
    init: async (names) => Promise.all(names.map((n) => {
      if (!renderers[n]) throw new Error("unknown renderer " + n);
      return renderers[n].init();
    })),
    check,
    sheet,
  };
})();
