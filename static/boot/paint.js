// Paints the last table at once on a repeat visit, before Python is ready; Python then
// takes the table over (View.setup clears it) and it becomes live.  JavaScript, because
// this has to run before there is any Python.
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
    html.classList.toggle("large-print", stored.large === true);
    html.classList.toggle("left-handed", stored.left === true);
  }

  settings();
  addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") save();
  });
  restore();
})();
