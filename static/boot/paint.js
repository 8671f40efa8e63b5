// Paints a table at once, before Python is ready: the last table on a repeat visit; on a
// first visit the requested game's table drawn at build time (tools/first_paint.py,
// from the view's own py/table/scene.py: no rules, no dealing, no layout here, only the
// nearest of the sizes it was drawn at).  Python then takes the table over (View.setup
// clears it) and it becomes live; for an address naming no deal it opens the painted deal
// (data-first-deal on the table), so the cards do not change under the player.
// It also shows the loading bar's real progress: the bytes received of the big downloads
// (their sizes come with the first paint's data).
// JavaScript, because this has to run before there is any Python.
// The table is kept as data, never as markup: on the way back only whitelisted elements
// and attributes are made, with createElement/setAttribute/textContent, so nothing read
// from storage can become markup or script.
(() => {
  const KEY = "patience.v1.paint";
  const TAGS = new Set(["DIV", "SPAN", "BUTTON"]);
  const ATTRS = /^(class|style|role|hidden|data-[a-z-]+|aria-[a-z-]+)$/;
  const TEXTS = ["moves", "deal-no", "score"];
  const MAX_NODES = 5000;

  function dump(el) {
    const node = { t: el.tagName, a: {} };
    for (const { name, value } of el.attributes) if (ATTRS.test(name)) node.a[name] = value;
    const kids = [...el.children].filter((k) => TAGS.has(k.tagName));
    if (kids.length) node.c = kids.map(dump);
    else if (el.textContent) node.x = el.textContent;
    return node;
  }

  function build(node, budget) {
    if (!node || !TAGS.has(node.t) || budget.left-- <= 0) return null;
    const el = document.createElement(node.t);
    setAttributes(el, node.a);
    if (Array.isArray(node.c)) {
      for (const kid of node.c) {
        const made = build(kid, budget);
        if (made) el.append(made);
      }
    } else if (typeof node.x === "string") {
      el.textContent = node.x;
    }
    return el;
  }

  function setAttributes(el, attrs) {
    if (!attrs || typeof attrs !== "object") return;
    for (const [name, value] of Object.entries(attrs)) {
      if (!ATTRS.test(name) || typeof value !== "string") continue;
      // styles through the CSSOM: the page's Content-Security-Policy allows no style attributes
      if (name === "style") el.style.cssText = value;
      else el.setAttribute(name, value);
    }
  }

  function save() {
    const table = document.getElementById("table");
    if (document.body.dataset.ready !== "1" || !table || !table.querySelector("[data-card]")) return;
    const texts = {};
    for (const id of TEXTS) {
      const el = document.getElementById(id);
      if (el) texts[id] = { text: el.textContent, hidden: el.closest("[hidden]") !== null };
    }
    const attrs = {};
    for (const { name, value } of table.attributes) if (ATTRS.test(name)) attrs[name] = value;
    const record = { v: 1, search: location.search, width: innerWidth, attrs, table: dump(table).c || [], texts };
    try {
      localStorage.setItem(KEY, JSON.stringify(record));
    } catch {
      // storage full or refused: the next visit simply waits for Python
    }
  }

  function restore() {
    let record;
    try {
      record = JSON.parse(localStorage.getItem(KEY) || "null");
    } catch {
      return;
    }
    if (!record || record.v !== 1 || !Array.isArray(record.table)) return;
    // the same deal (a bare address reopens the last game; a short one names part of it),
    // at about the same width
    const stored = new URLSearchParams(record.search);
    for (const [name, value] of new URLSearchParams(location.search)) {
      if (stored.get(name) !== value) return;
    }
    if (Math.abs((record.width || 0) - innerWidth) > 40) return;
    const table = document.getElementById("table");
    const budget = { left: MAX_NODES };
    const made = record.table.map((node) => build(node, budget)).filter(Boolean);
    if (!made.length) return;
    setAttributes(table, record.attrs);
    table.removeAttribute("id");  // never set from storage, but make sure
    table.id = "table";
    table.dataset.painted = "1";
    table.replaceChildren(...made);
    for (const [id, value] of Object.entries(record.texts || {})) {
      const el = document.getElementById(id);
      if (el && value && typeof value.text === "string") el.textContent = value.text;
    }
    document.body.classList.add("painted");
    performance.mark("paint");
  }

  // --- a first visit: the table drawn at build time ---------------------------------
  const FIRST = "./static/boot/first/";
  const SAVED_GAME = "patience.v1.game.";  // py/table/saves.py key()
  const LAST_GAME = "patience.v1.last";  // py/table/keeper.py

  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  async function json(name) {
    try {
      const response = await fetch(FIRST + name, { priority: "high" });
      return response.ok ? await response.json() : null;
    } catch {
      return null;  // offline and not cached: no first paint, no figures for the bar
    }
  }

  // the games drawn (and the sizes of the big downloads), then the requested game's table
  async function firstData() {
    const index = await json("index.json");
    if (!index || index.v !== 1 || !Array.isArray(index.games)) return { index: null, data: null };
    const params = new URLSearchParams(location.search);
    // the game of a bare address is the last one played, else the default one
    const asked = params.get("game") || (params.has("seed") ? null : stored(LAST_GAME)) || index.default;
    // the last table painted already (a repeat visit): nothing more to fetch
    const painted = document.getElementById("table").dataset.painted;
    return { index, data: !painted && index.games.includes(asked) ? await json(asked + ".json") : null };
  }

  // the size drawn nearest to the table's own (its width first)
  function nearest(sizes, width, height) {
    const off = (a, b) => Math.abs(Math.log(a / b));
    const w = sizes.reduce((best, s) => (off(s.w, width) < off(best.w, width) ? s : best)).w;
    return sizes.filter((s) => s.w === w).reduce((best, s) => (off(s.h, height) < off(best.h, height) ? s : best));
  }

  function firstPaint(data) {
    const table = document.getElementById("table");
    if (!data || data.v !== 1 || document.body.dataset.ready === "1" || table.dataset.painted) return;
    const params = new URLSearchParams(location.search);
    if (params.has("game") && params.get("game") !== data.game) return;  // an unknown game asked
    const bare = !params.has("game") && !params.has("seed");
    if (bare && stored(LAST_GAME)) return;  // the last game played reopens, under its own options
    // other options than the defaults may lay the piles out otherwise: not painted
    for (const [name, value] of params) {
      if (name !== "game" && name !== "seed" && data.options[name] !== value) return;
    }
    let settings = {};
    try {
      settings = JSON.parse(stored("patience.v1.settings") || "{}") || {};
    } catch {
      settings = {};
    }
    if (settings.left === true) return;  // the left-handed layout was not drawn
    // the faces only where Python will open this very deal: an address naming no deal,
    // with no saved game to resume
    const faces = !params.has("seed") && stored(SAVED_GAME + data.game) === null;
    const felt = table.parentElement;
    const size = nearest(data.sizes, table.clientWidth || innerWidth, Math.max(felt.clientHeight, 200));
    const places = data.places[size.p];
    const layers = data.layers[size.z];
    const words = document.documentElement.lang === data.lang ? {} : (data.words[document.documentElement.lang] || {});
    const made = [];
    const budget = { left: MAX_NODES };
    data.nodes.forEach((node, k) => {
      const copy = { ...node, a: { ...node.a, ...(words[k] || {}), ...((!faces && data.blank[k]) || {}) } };
      if ("text" in copy.a) {
        copy.x = copy.a.text;
        delete copy.a.text;
      }
      if ("data-card" in copy.a && !faces) {
        if (!data.fixed) return;  // where the cards lie depends on the deal: the slots only
        Object.assign(copy.a, { class: "card down", "data-card": "??", "data-deck": "", "data-face": "down" });
        delete copy.a["aria-label"];
        copy.c = (copy.c || []).map((part) => ({ t: part.t, a: { ...part.a, class: part.a.class.split(" ")[0] } }));
      }
      const [x, y, z] = [places[2 * k], places[2 * k + 1], layers[k]];
      copy.a.style = `transform: translate(${x}px,${y}px)` + (z ? `; z-index: ${z}` : "");
      const el = build(copy, budget);
      if (el) made.push(el);
    });
    if (!made.length) return;
    for (const [name, value] of Object.entries(size.style)) table.style.setProperty(name, value);
    table.dataset.painted = "first";
    if (faces) table.dataset.firstDeal = data.deal;
    table.replaceChildren(...made);
    document.body.classList.add("painted");
    performance.mark("paint");
  }

  // --- the loading bar: bytes received of the big downloads ---------------------------
  const BASE = new URL(".", location.href).pathname;
  const received = new Map();  // path under the site → bytes
  let downloads = null;  // path → size, from the first paint's data
  const dropped = new Set();  // downloads the page gave up (static/boot/pyodide.mjs: a slow snapshot)
  document.addEventListener("patience-download-dropped", (event) => {
    dropped.add(event.detail);
    progress();
  });

  function path(url) {
    try {
      const u = new URL(url, location.href);
      return u.origin === location.origin && u.pathname.startsWith(BASE) ? u.pathname.slice(BASE.length) : null;
    } catch {
      return null;
    }
  }

  function progress() {
    const bar = document.getElementById("loading");
    if (!downloads || !bar) return;
    let total = 0;
    let got = 0;
    for (const [name, size] of Object.entries(downloads)) {
      if (dropped.has(name)) continue;
      total += size;
      got += Math.min(received.get(name) || 0, size);
    }
    if (!total) return;
    const share = got / total;
    bar.style.setProperty("--loaded", share.toFixed(3));
    const percent = Math.floor(share * 100);
    const shown = document.getElementById("loading-percent");
    if (shown) shown.textContent = ` ${percent}%`;
    const meter = bar.querySelector("[role=progressbar]");
    if (meter) meter.setAttribute("aria-valuenow", String(percent));
  }

  // a download read through fetch: counted as its bytes arrive (a copy of the response
  // is read; the caller's own is left as it was)
  const fetched = window.fetch.bind(window);
  window.fetch = (...args) => {
    const answer = fetched(...args);
    answer.then((response) => {
      const name = path(response.url);
      if (!name || !/\.(wasm|zip|gz|mjs)$/.test(name) || !response.ok || !response.body) return;
      const reader = response.clone().body.getReader();
      let count = 0;  // a file fetched twice (or counted whole already) is not counted twice
      const pump = () => reader.read().then(({ done, value }) => {
        if (done) {  // all of it here (static/boot/pyodide.mjs waits for the runtime's)
          document.dispatchEvent(new CustomEvent("patience-download-done", { detail: name }));
          return;
        }
        count += value.byteLength;
        received.set(name, Math.max(received.get(name) || 0, count));
        progress();
        pump();
      });
      pump().catch(() => {});
    }, () => {});
    return answer;
  };

  // downloads not read through fetch (the runtime's module, the preloaded WebAssembly
  // when it came before its fetch): counted whole when they end
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const name = path(entry.name);
        if (name) received.set(name, Math.max(received.get(name) || 0, entry.decodedBodySize || Infinity));
      }
      progress();
    }).observe({ type: "resource", buffered: true });
  } catch {
    // no resource timing: the bytes read through fetch only
  }

  // the player's settings, before anything shows (py/table/app.py keeps them)
  function settings() {
    let stored = {};
    try {
      stored = JSON.parse(localStorage.getItem("patience.v1.settings") || "{}") || {};
    } catch {
      stored = {};
    }
    const html = document.documentElement;
    const browser = (navigator.languages || [navigator.language || "en"]).map((l) => String(l).slice(0, 2).toLowerCase());
    html.lang = ["ru", "en"].includes(stored.lang) ? stored.lang : (browser.find((l) => l === "ru" || l === "en") || "en");
    html.dataset.theme = ["light", "dark"].includes(stored.theme) ? stored.theme : "system";
    html.dataset.motion = ["normal", "fast", "off"].includes(stored.motion) ? stored.motion : "system";
    html.dataset.faces = stored.faces === "classic" ? "classic" : "plain";
    html.dataset.back = ["red", "green", "lattice", "lattice-red"].includes(stored.back) ? stored.back : "blue";
    html.classList.toggle("large-print", stored.large === true);
    html.classList.toggle("left-handed", stored.left === true);
  }

  settings();
  addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") save();
  });
  restore();
  firstData().then(({ index, data }) => {
    if (index && typeof index.downloads === "object") downloads = index.downloads;
    progress();
    firstPaint(data);
  });
})();
