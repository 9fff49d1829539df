extension InspectorPage {
  /// The page's views: an operation (badges, staleness and why, a tree of what it read),
  /// a record (each field's value, link or error), the types, the timeline, and the live
  /// feed that keeps them current.
  static let scriptViews = #"""
    // The detail pane's content; absent parts (null, false) are left out.
    function show(...children) {
      $("detail").replaceChildren(...children.flat(4).filter((child) => child !== null && child !== undefined && child !== false));
    }

    function badge(text, kind) { return h("span", { class: `badge ${kind}`, text }); }

    function badges(operation) {
      return [badge(operation.phase, operation.phase), " ", badge(`fetch ${operation.fetch.state}`, operation.fetch.state), " ",
        operation.stale ? badge("stale", "stale") : badge("current", "current")];
    }

    function linkTo(id, label) {
      const known = page.byId.has(id);
      return h("button", { class: "link" + (known ? "" : " dangling"), title: known ? `Open ${id}` : "Not in the store: reads as missing",
        onclick: () => go(recordHash(id)) }, label || title(id));
    }

    function heading(id) {
      const i = page.byId.get(id), name = i === undefined ? null : nameOf(i);
      return h("h2", { "data-id": id }, name ? [name, " · ", h("span", { class: "record-id", text: id })] : id);
    }

    // A field as a person reads it: a connection's edges as the nodes they hold, its page
    // log as a table of pages with their dates, anything else as it is stored.
    function fieldValue(key, v) {
      if (key === "__connection_pages" && v && Array.isArray(v.scalar)) return pagesTable(v.scalar);
      if (Array.isArray(v) && v.length) {
        const nodes = v.map((item) => item && item.link !== undefined ? nodeOf(item.link) : undefined);
        if (nodes.every((node) => node !== undefined)) {
          return h("ol", { class: "list-value edges", start: "0" }, v.map((edge, n) => h("li", null,
            nodes[n] === null ? h("span", { class: "null", text: "null" }) : linkTo(nodes[n]), " ",
            h("span", { class: "meta" }, "edge ", linkTo(edge.link, String(n))))));
        }
      }
      return value(v);
    }

    // The node an edge record holds (null for a null node); undefined when `id` is no edge.
    function nodeOf(id) {
      const i = page.byId.get(id);
      if (i === undefined) return undefined;
      const node = record(i).fields.node;
      if (!node) return undefined;
      if (node.value === null) return null;
      return node.value.link === undefined ? undefined : node.value.link;
    }

    function pagesTable(pages) {
      const date = (seconds) => typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : String(seconds);
      const rows = pages.map((item, n) => {
        const logged = item !== null && typeof item === "object" ? item : {};
        const edges = Array.isArray(logged.edges) && logged.edges.length === 2 ? logged.edges : [0, 0];
        const count = edges[1] - edges[0];
        const args = Object.entries(logged.arguments || {}).map(([name, arg]) => `${name}: ${JSON.stringify(arg)}`).join(", ");
        return h("tr", null, h("td", { text: String(n + 1) }), h("td", { class: "mono", text: args || "(none)" }),
          h("td", { class: "mono fetched", text: date(logged.fetchedAt) }),
          h("td", { text: count > 0 ? `${edges[0]}–${edges[1] - 1} (${count})` : "none" }));
      });
      return h("table", { class: "pages" }, h("thead", null, h("tr", null, ["page", "arguments", "fetched", "edges"].map((name) => h("th", { text: name })))),
        h("tbody", null, rows));
    }

    function value(v) {
      if (v === null) return h("span", { class: "null", text: "null" });
      if (Array.isArray(v)) {
        if (!v.length) return h("span", { class: "mono", text: "[]" });
        return h("ol", { class: "list-value", start: "0" }, v.map((item) => h("li", null, value(item))));
      }
      if ("link" in v) return linkTo(v.link);
      return h("span", { class: "mono", text: JSON.stringify(v.scalar) });
    }

    function errorView(error) {
      return h("div", { class: "field-error" },
        h("div", { class: "message", text: error.message }),
        error.path.length ? h("div", { class: "mono", text: `path: ${error.path.join(".")}` }) : null,
        error.extensions ? h("pre", { text: `extensions: ${JSON.stringify(error.extensions, null, 2)}` }) : null);
    }

    function fact(name, content) { return h("tr", null, h("th", { text: name }), h("td", null, content)); }

    function showHint() {
      show(h("p", { class: "meta", text: "Pick a record, or search by id, type:Name or field:name." }));
    }

    function showRecord(id) {
      const i = page.byId.get(id);
      if (i !== undefined && page.text === null) {
        page.waiting = true;
        show(h("h2", { text: id }), h("p", { class: "meta", text: "Reading the records…" }));
        return;
      }
      if (i === undefined) {
        show(h("h2", { text: id }), h("p", { class: "meta", text: "This record is not in the store: a link to it reads as missing." }));
        return;
      }
      const typename = typenameOf(i);
      const fields = Object.entries(record(i).fields).map(([key, field]) => h("tr", { "data-field": key },
        h("td", { class: "key", text: key }), h("td", null, fieldValue(key, field.value), (field.errors || []).map(errorView),
          field.age ? h("div", { class: field.age.stale ? "field-age stale" : "field-age", text: field.age.label }) : null)));
      const readers = [];
      page.data.operations.forEach((operation, k) => { if (operation.seenRecords.includes(i)) readers.push([operation, k]); });
      show(
        heading(id),
        h("p", { class: "meta", text: `${typename ? `__typename ${typename}` : "no __typename"} · ${fields.length} fields` }),
        h("table", null, h("thead", null, h("tr", null, h("th", { text: "field" }), h("th", { text: "value, link or error" }))), h("tbody", null, fields)),
        h("h3", { text: "Read by" }),
        readers.length
          ? h("ul", null, readers.map(([operation, k]) => h("li", null, h("button", { class: "link", onclick: () => go(`#/operation/${k}`) }, operation.name), " ", badges(operation))))
          : h("p", { class: "meta", text: "No operation's last read saw it." }));
    }

    function showOperation(k) {
      const operation = page.data.operations[k];
      if (!operation) { show(h("p", { class: "meta", text: "The store tracks no operation." })); return; }
      const fetch = operation.fetch.state + (operation.fetch.at ? ` at ${operation.fetch.at}` : "") + (operation.fetch.reason ? `: ${operation.fetch.reason}` : "");
      show(
        h("h2", { text: operation.name }),
        h("p", { class: "meta" }, badges(operation)),
        h("table", null, h("tbody", null,
          fact("variables", h("span", { class: "mono", text: JSON.stringify(operation.variables) })),
          fact("last fetched", operation.fetchedAt || "never"),
          fact("fetch", fetch),
          fact("stale deadline", operation.staleDeadline || "none (ages never)"),
          operation.holders === null ? null : fact("handles", String(operation.holders)),
          fact("operation id", h("span", { class: "mono", text: operation.operationID })))),
        h("h3", { text: operation.stale ? "Why it is stale" : "Current" }),
        operation.stale ? h("ul", { class: "stale-reasons" }, operation.staleReasons.map((reason) => h("li", { text: reason })))
          : h("p", { class: "meta", text: "Not marked stale, and not past its stale deadline." }),
        operation.operationErrors.length ? [h("h3", { text: "Operation errors" }), operation.operationErrors.map(errorView)] : null,
        h("h3", { text: `What it read (${operation.seenRecords.length} records)` }),
        readTree(operation));
    }

    // From the read's records no other of them links to, through links to records it saw;
    // children are made when a node opens, and a record on the path above is not reopened.
    // The first three levels start open unless a node has more than 50 children.
    function readTree(operation) {
      if (page.text === null && operation.seenRecords.length) {
        page.waiting = true;
        return h("p", { class: "meta", text: "Reading the records…" });
      }
      const seen = new Set(operation.seenRecords.map((i) => page.data.ids[i]));
      const edges = (id) => {
        const i = page.byId.get(id), out = [];
        if (i === undefined) return out;
        const fields = record(i).fields;
        const collect = (v, label) => {
          if (v === null) return;
          if (Array.isArray(v)) v.forEach((item, n) => collect(item, `${label}[${n}]`));
          else if ("link" in v && seen.has(v.link)) out.push({ label, target: v.link });
        };
        for (const key of Object.keys(fields)) collect(fields[key].value, key);
        return out;
      };
      const linked = new Set();
      for (const id of seen) for (const edge of edges(id)) if (edge.target !== id) linked.add(edge.target);
      let roots = [...seen].filter((id) => !linked.has(id)).sort();
      if (!roots.length && seen.size) roots = [page.data.ids[operation.seenRecords[0]]];
      const linksOf = (id) => roots.includes(id) ? rootFields(id, edges) : edges(id);
      const node = (id, label, above, open) => {
        const children = linksOf(id);
        if (!children.length || above.has(id)) return h("div", { class: "tree-leaf" }, label ? `${label} → ` : "", linkTo(id));
        const details = h("details", { class: "tree" }, h("summary", null, label ? `${label} → ` : "", linkTo(id)));
        const fill = () => {
          if (details.dataset.filled) return;
          details.dataset.filled = "true";
          const path = new Set(above).add(id);
          for (const edge of children) details.append(node(edge.target, edge.label, path, path.size < 3 && children.length <= 50));
        };
        details.addEventListener("toggle", () => { if (details.open) fill(); });
        if (open) { details.open = true; fill(); }
        return details;
      };
      return h("div", { class: "read-tree" }, roots.map((id) => node(id, "", new Set(), true)));
    }

    // A root's fields, less those that link to a record the read reached through another of
    // them: the store's root record links to what every operation fetched, and a record this
    // one reached as a connection's node is not also one it fetched by its own root field
    // (the image keeps which records a read reached, not by which fields).
    function rootFields(root, edges) {
      const fields = edges(root);
      const origin = new Map(), redundant = new Set(), targets = new Set(fields.map((edge) => edge.target));
      const queue = [];
      for (const field of fields) {
        for (const next of edges(field.target)) {
          if (next.target === root || origin.has(next.target)) continue;
          origin.set(next.target, field.target);
          queue.push(next.target);
        }
      }
      for (let n = 0; n < queue.length; n++) {
        const id = queue[n];
        if (targets.has(id) && origin.get(id) !== id) redundant.add(id);
        for (const next of edges(id)) {
          if (next.target === root) continue;
          if (targets.has(next.target) && origin.get(id) !== next.target) redundant.add(next.target);
          if (origin.has(next.target)) continue;
          origin.set(next.target, origin.get(id));
          queue.push(next.target);
        }
      }
      const kept = fields.filter((edge) => !redundant.has(edge.target));
      return kept.length ? kept : fields;
    }

    function showTypes() {
      const rows = page.data.types.map((type) => h("tr", null, h("td", { class: "key" },
        h("button", { class: "link", onclick: () => { $("search").value = `type:${type.typename}`; applySearch($("search").value); } }, type.typename)),
        h("td", { text: String(type.records) }), h("td", { text: String(type.fields) }), h("td", { text: String(type.bytes) })));
      show(h("h2", { text: "Size per type" }),
        h("table", null, h("thead", null, h("tr", null, ["typename", "records", "fields", "bytes"].map((name) => h("th", { text: name })))), h("tbody", null, rows)));
    }

    function categories() { return [...new Set(page.data.timeline.map((event) => event.category))].sort(); }

    function toggleCategory(category) {
      if (page.hidden.has(category)) page.hidden.delete(category); else page.hidden.add(category);
      if (page.tab === "timeline") showTimeline();
    }

    function eventView(event) {
      const kind = event.category === "fetch" ? "current" : event.category === "fetchFailed" || event.category === "fieldError" ? "failed" : "stale";
      return h("div", { class: "event" + (event.fresh ? " fresh" : ""), "data-category": event.category },
        h("span", { class: "at", text: event.at || "" }), h("span", null, badge(event.category, kind)),
        h("span", null, event.message, event.record ? [" ", linkTo(event.record)] : null, event.errors.map(errorView)));
    }

    function showTimeline() {
      const filters = h("div", { class: "filters", role: "group", "aria-label": "Event kinds" }, categories().map((category) =>
        h("label", null, h("input", { type: "checkbox", checked: !page.hidden.has(category), "data-category": category,
          onchange: () => { toggleCategory(category); drawList(); } }), ` ${category}`)));
      const note = page.data.live ? "Live: new events appear as the app runs."
        : "From an image: the fetches its operations tell of (an image keeps no log; the live endpoint streams it).";
      show(h("h2", { text: "Timeline" }), h("p", { class: "meta", text: note }), filters, h("div", { id: "events" }));
      const shown = page.data.timeline.filter((event) => !page.hidden.has(event.category)).slice(-2000);
      $("events").replaceChildren(...shown.map(eventView));
    }

    function connect() {
      if (!page.data.live || typeof EventSource !== "function") return;
      const feed = new EventSource("events");
      feed.addEventListener("log", (message) => {
        const event = JSON.parse(message.data);
        event.fresh = true;
        page.data.timeline.push(event);
        page.fresh += 1;
        setStatus(`live · ${page.fresh} new events`);
        if (page.tab === "timeline" && !page.hidden.has(event.category)) {
          const events = $("events");
          if (events) events.append(eventView(event));
          drawList();
        }
      });
      feed.addEventListener("store", () => refresh());
      feed.addEventListener("open", () => setStatus(`live · ${page.fresh} new events`));
      feed.addEventListener("error", () => setStatus("live feed lost; reconnecting"));
    }

    // A store change: the new snapshot replaces the records and operations; the view, the
    // search and the timeline (the page's load plus what the feed brought since) stay.
    function refresh() {
      Promise.all([fetch("page-head.json").then((response) => response.json()),
        fetch("page-records.ndjson").then((response) => response.text())]).then(([data, text]) => {
        data.timeline = page.data.timeline;
        load(data);
        recordsArrived(text);
        page.lastSearch = null;
        if (page.tab === "records") search($("search").value.trim());
        const tab = page.tab;
        page.tab = "";
        selectTab(tab);
        route();
      }).catch(() => setStatus("live snapshot failed; the page shows the last one"));
    }

    start();
    """#
}
