extension InspectorPage {
  /// The page's state, list and search: the head from the `baton-data` element (or, live,
  /// from `page-head.json`), the records one a line from `baton-records` (or
  /// `page-records.ndjson`), each parsed when shown; a virtualized list (only the rows in
  /// view exist, so 100,000 records open at once) and a search index built on first use.
  static let script = #"""
    "use strict";
    const ROW = 26;
    const page = { data: null, byId: new Map(), index: null, tab: "", rows: [], active: -1, hidden: new Set(),
      current: "", lastSearch: null, ready: false, fresh: 0, text: null, starts: null, parsed: new Map() };
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

    function budgetText(budget) {
      const limit = budget.maximumBytes === null ? "no budget" : `budget ${budget.maximumBytes} bytes`;
      return ` · ${budget.bytes} bytes (${limit}) · ${budget.evictedRecords} evicted`;
    }

    function load(data) {
      page.data = data;
      page.byId = new Map();
      data.ids.forEach((id, i) => page.byId.set(id, i));
      page.index = null;
      page.text = null;
      page.starts = null;
      page.parsed = new Map();
      $("source").textContent = data.source;
      $("summary").textContent = `${data.summary.records} records · ${data.summary.operations} operations · ` +
        `${data.summary.fieldErrors} field errors` + (data.summary.budget ? budgetText(data.summary.budget) : "");
    }

    function recordCount() { return page.data.ids.length; }
    function typenameOf(i) { const t = page.data.typeOf[i]; return t < 0 ? null : page.data.typenames[t]; }
    function labelOf(i) { return page.data.labels ? page.data.labels[i] : null; }

    // What a person knows a record by: its type and name before the id, which is often an
    // opaque server id (`Person "Luke Skywalker" · Person:UGVvcGxlOjE=`); the type alone
    // where the id does not start with it; the id alone when it says all there is.
    function nameOf(i) {
      const typename = typenameOf(i), label = labelOf(i);
      if (label) return typename ? `${typename} ${JSON.stringify(label)}` : JSON.stringify(label);
      const id = page.data.ids[i];
      return typename && !id.startsWith(`${typename}:`) ? typename : null;
    }

    function title(id) {
      const i = page.byId.get(id);
      const name = i === undefined ? null : nameOf(i);
      return name ? `${name} · ${id}` : id;
    }

    // The records' text arrives after the script (or with a live snapshot); its lines are
    // found once, and a record is parsed the first time it is shown.
    function recordsArrived(text) {
      page.text = text;
      page.starts = null;
      page.parsed = new Map();
      page.recordsAt = performance.now();
      if (page.waiting) { page.waiting = false; route(); }
    }

    function record(i) {
      if (page.text === null) return undefined;
      if (!page.starts) {
        const starts = new Int32Array(recordCount() + 1);
        let at = page.text.charAt(0) === "\n" ? 1 : 0;
        for (let n = 0; n < recordCount(); n++) {
          starts[n] = at;
          const end = page.text.indexOf("\n", at);
          at = end < 0 ? page.text.length : end + 1;
        }
        starts[recordCount()] = at;
        page.starts = starts;
      }
      let parsed = page.parsed.get(i);
      if (parsed === undefined) {
        parsed = JSON.parse(page.text.slice(page.starts[i], page.starts[i + 1] - 1)) || { fields: {} };
        page.parsed.set(i, parsed);
      }
      return parsed;
    }

    // Lower-cased ids, typenames and field keys, one string each per record, so a search
    // is a scan of flat arrays; the names only once a bare word needs them.
    function searchIndex() {
      if (page.index) return page.index;
      const count = recordCount(), data = page.data;
      const ids = new Array(count), types = new Array(count), fields = new Array(count);
      const typenames = data.typenames.map((name) => name.toLowerCase());
      for (let i = 0; i < count; i++) {
        ids[i] = data.ids[i].toLowerCase();
        types[i] = data.typeOf[i] < 0 ? "" : typenames[data.typeOf[i]];
        fields[i] = "\n" + data.keys[i].toLowerCase() + "\n";
      }
      page.index = { ids, types, fields, names: null };
      return page.index;
    }

    // Terms are ANDed: `type:Issue` matches the typename, `field:title` a field's storage
    // key, `id:...` the id, and a bare word any of the three or the record's name.
    function searchNames() {
      const index = searchIndex();
      if (!index.names) {
        const labels = page.data.labels || [];
        index.names = Array.from({ length: recordCount() }, (_, i) => labels[i] ? labels[i].toLowerCase() : "");
      }
      return index.names;
    }

    function search(query) {
      const started = performance.now();
      const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
      const total = recordCount();
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
          const names = searchNames();
          return (i) => ids[i].includes(term) || types[i].includes(term) || fields[i].includes(term) || names[i].includes(term);
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
      const shown = query ? `${page.rows.length} of ${recordCount()} records match` : "";
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
          const id = page.data.ids[page.rows[i]], typename = typenameOf(page.rows[i]), name = nameOf(page.rows[i]);
          const selected = id === page.current;
          nodes.push(h("div", { class: "row" + (i === page.active || selected ? " active" : ""), role: "option",
            "aria-selected": String(selected), style: `top:${i * ROW}px`, "data-index": i,
            onclick: () => { page.active = i; go(recordHash(id)); } },
            name ? h("span", { class: "name", text: name }) : null, h("span", { class: "id", text: id }),
            typename && !name ? h("span", { class: "type", text: typename }) : null));
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
        go(recordHash(page.data.ids[page.rows[page.active]]), true);
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
