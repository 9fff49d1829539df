extension InspectorPage {
  /// The page's state, list and search: the data from the `baton-data` element (or, live,
  /// from `snapshot.json`), a virtualized list (only the rows in view exist, so 100,000
  /// records open at once) and a search index built on first use.
  static let script = #"""
    "use strict";
    const ROW = 26;
    const page = { data: null, byId: new Map(), index: null, tab: "", rows: [], active: -1, hidden: new Set(),
      current: "", lastSearch: null, ready: false, fresh: 0 };
    window.batonInspector = page;

    function h(tag, props, ...children) {
      const node = document.createElement(tag);
      for (const [key, value] of Object.entries(props || {})) {
        if (value === undefined || value === null || value === false) continue;
        if (key === "class") node.className = value;
        else if (key === "text") node.textContent = value;
        else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
        else node.setAttribute(key, value === true ? "" : String(value));
      }
      for (const child of children.flat(4)) {
        if (child === null || child === undefined || child === false) continue;
        node.append(child instanceof Node ? child : String(child));
      }
      return node;
    }
    const $ = (id) => document.getElementById(id);

    function load(data) {
      page.data = data;
      page.byId = new Map();
      data.records.forEach((record, i) => page.byId.set(record.id, i));
      page.index = null;
      $("source").textContent = data.source;
      $("summary").textContent = `${data.summary.records} records · ${data.summary.operations} operations · ` +
        `${data.summary.fieldErrors} field errors`;
    }

    // Lower-cased ids, typenames and field keys, one string each per record, so a search
    // is a scan of flat arrays.
    function searchIndex() {
      if (page.index) return page.index;
      const records = page.data.records;
      const ids = new Array(records.length), types = new Array(records.length), fields = new Array(records.length);
      for (let i = 0; i < records.length; i++) {
        const record = records[i];
        ids[i] = record.id.toLowerCase();
        types[i] = (record.typename || "").toLowerCase();
        fields[i] = "\n" + Object.keys(record.fields).join("\n").toLowerCase() + "\n";
      }
      page.index = { ids, types, fields };
      return page.index;
    }

    // Terms are ANDed: `type:Issue` matches the typename, `field:title` a field's storage
    // key, `id:...` the id, and a bare word any of the three.
    function search(query) {
      const started = performance.now();
      const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
      const total = page.data.records.length;
      let rows;
      if (!terms.length) {
        rows = Array.from({ length: total }, (_, i) => i);
      } else {
        const { ids, types, fields } = searchIndex();
        const tests = terms.map((term) => {
          const colon = term.indexOf(":");
          const scope = colon > 0 ? term.slice(0, colon) : "";
          const text = colon > 0 ? term.slice(colon + 1) : term;
          if (scope === "type") return (i) => types[i].includes(text);
          if (scope === "field") return (i) => fields[i].includes(text);
          if (scope === "id") return (i) => ids[i].includes(text);
          return (i) => ids[i].includes(term) || types[i].includes(term) || fields[i].includes(term);
        });
        rows = [];
        for (let i = 0; i < total; i++) if (tests.every((test) => test(i))) rows.push(i);
      }
      page.rows = rows;
      page.active = -1;
      page.lastSearch = { query, count: rows.length, ms: performance.now() - started };
      return rows;
    }

    function applySearch(query) {
      const started = performance.now();
      search(query);
      if (page.tab !== "records") selectTab("records");
      else drawList();
      $("list").scrollTop = 0;
      drawList();
      const shown = query ? `${page.rows.length} of ${page.data.records.length} records match` : "";
      setStatus(shown);
      page.lastSearch.ms = performance.now() - started;
      document.body.dataset.searched = query;
    }

    function setStatus(text) { $("status").textContent = text; }

    function selectTab(tab) {
      if (page.tab === tab) return;
      page.tab = tab;
      for (const button of document.querySelectorAll("nav button")) {
        button.setAttribute("aria-selected", String(button.dataset.tab === tab));
      }
      if (tab === "records" && !page.lastSearch) search($("search").value);
      page.active = -1;
      $("list").scrollTop = 0;
      drawList();
    }

    function items() {
      const data = page.data;
      switch (page.tab) {
        case "operations": return data.operations.map((operation, i) => ({ hash: `#/operation/${i}`, operation }));
        case "types": return data.types.map((type) => ({ type }));
        case "timeline": return categories().map((category) => ({ category }));
        default: return null;
      }
    }

    function drawList() {
      const list = $("list"), spacer = $("spacer");
      if (page.tab === "records") {
        spacer.style.height = `${page.rows.length * ROW}px`;
        const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 8);
        const last = Math.min(page.rows.length, first + Math.ceil((list.clientHeight || 800) / ROW) + 16);
        const nodes = [];
        for (let i = first; i < last; i++) {
          const record = page.data.records[page.rows[i]];
          const selected = record.id === page.current;
          nodes.push(h("div", { class: "row" + (i === page.active || selected ? " active" : ""), role: "option",
            "aria-selected": String(selected), style: `top:${i * ROW}px`, "data-index": i,
            onclick: () => { page.active = i; go(recordHash(record.id)); } },
            h("span", { class: "id", text: record.id }), record.typename ? h("span", { class: "type", text: record.typename }) : null));
        }
        spacer.replaceChildren(...nodes);
        return;
      }
      spacer.style.height = "";
      spacer.replaceChildren(...items().map((item, i) => tallRow(item, i)));
    }

    function tallRow(item, i) {
      const props = { class: "row tall" + (i === page.active ? " active" : ""), role: "option", "data-index": i };
      if (item.operation) {
        const operation = item.operation;
        return h("div", { ...props, onclick: () => { page.active = i; go(item.hash); } },
          h("span", { class: "id", text: operation.name }), h("span", { class: "type", text: JSON.stringify(operation.variables) }),
          h("span", null, badges(operation)));
      }
      if (item.type) {
        return h("div", { ...props, onclick: () => { $("search").value = `type:${item.type.typename}`; applySearch($("search").value); } },
          h("span", { class: "id", text: item.type.typename }), h("span", { class: "type", text: `${item.type.records} records` }));
      }
      const count = page.data.timeline.filter((event) => event.category === item.category).length;
      return h("div", { ...props, onclick: () => { toggleCategory(item.category); page.active = i; drawList(); } },
        h("span", { class: "id", text: item.category }), h("span", { class: "type", text: `${count}` }),
        h("span", { class: "badge " + (page.hidden.has(item.category) ? "empty" : "current"), text: page.hidden.has(item.category) ? "hidden" : "shown" }));
    }

    function rowCount() { return page.tab === "records" ? page.rows.length : items().length; }

    function moveActive(to) {
      const count = rowCount();
      if (!count) return;
      page.active = Math.max(0, Math.min(count - 1, to));
      const list = $("list");
      if (page.tab === "records") {
        const top = page.active * ROW;
        if (top < list.scrollTop) list.scrollTop = top;
        else if (top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW - list.clientHeight;
        const record = page.data.records[page.rows[page.active]];
        go(recordHash(record.id), true);
      } else {
        const item = items()[page.active];
        if (item.hash) go(item.hash, true);
        else drawList();
        list.querySelector(".row.active")?.scrollIntoView({ block: "nearest" });
      }
    }

    function activate() {
      const item = page.tab === "records" ? null : items()[page.active];
      if (item?.category) { toggleCategory(item.category); drawList(); }
      else if (item?.type) { $("search").value = `type:${item.type.typename}`; applySearch($("search").value); }
    }

    function recordHash(id) { return "#/record/" + encodeURIComponent(id); }

    function go(hash, replace) {
      if (location.hash === hash) return route();
      if (replace) location.replace(hash); else location.hash = hash;
    }

    function route() {
      const [, kind, ...rest] = location.hash.split("/");
      const argument = decodeURIComponent(rest.join("/"));
      switch (kind) {
        case "record": selectTab("records"); page.current = argument; showRecord(argument); drawList(); break;
        case "types": selectTab("types"); showTypes(); break;
        case "timeline": selectTab("timeline"); showTimeline(); break;
        case "records": selectTab("records"); showHint(); break;
        case "operation": selectTab("operations"); showOperation(Number(argument)); break;
        default: selectTab("operations"); showOperation(0);
      }
    }

    function start() {
      load(JSON.parse($("baton-data").textContent));
      for (const button of document.querySelectorAll("nav button")) {
        button.addEventListener("click", () => go(`#/${button.dataset.tab}`));
      }
      const list = $("list");
      let scheduled = false;
      list.addEventListener("scroll", () => {
        if (page.tab !== "records" || scheduled) return;
        scheduled = true;
        requestAnimationFrame(() => { scheduled = false; drawList(); });
      });
      list.addEventListener("keydown", (event) => {
        const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 20, PageUp: -20 }[event.key];
        if (step) moveActive(page.active + step);
        else if (event.key === "Home") moveActive(0);
        else if (event.key === "End") moveActive(rowCount() - 1);
        else if (event.key === "Enter" || event.key === " ") activate();
        else return;
        event.preventDefault();
      });
      const input = $("search");
      let timer = 0;
      input.addEventListener("input", () => {
        clearTimeout(timer);
        timer = setTimeout(() => applySearch(input.value.trim()), 60);
      });
      input.addEventListener("keydown", (event) => {
        if (event.key === "Escape") { input.value = ""; applySearch(""); }
        else if (event.key === "ArrowDown" || event.key === "Enter") { event.preventDefault(); list.focus(); moveActive(0); }
      });
      document.addEventListener("keydown", (event) => {
        if (event.key === "/" && document.activeElement !== input) { event.preventDefault(); input.focus(); }
      });
      window.addEventListener("hashchange", route);
      route();
      connect();
      page.ready = true;
      page.readyAt = performance.now();
      document.body.dataset.ready = "true";
    }
    """#
}
