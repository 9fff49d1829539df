extension InspectorPage {
  /// The page's stylesheet: system fonts only, light and dark.
  static let style = #"""
    :root { --bg: #fff; --fg: #1d1f23; --muted: #667085; --line: #e3e5ea; --pane: #f6f7f9; --accent: #2457d6;
      --ok: #1a7f37; --warn: #9a6700; --bad: #c62828; --row: 26px; color-scheme: light dark; }
    @media (prefers-color-scheme: dark) { :root { --bg: #16181d; --fg: #e6e8ec; --muted: #98a1b3; --line: #2c3038;
      --pane: #1d2027; --accent: #7aa2ff; --ok: #4ac26b; --warn: #d29922; --bad: #ff6b6b; } }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; background: var(--bg); color: var(--fg);
      height: 100vh; display: grid; grid-template-rows: auto 1fr; }
    header { display: flex; gap: 12px; align-items: center; padding: 8px 14px; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
    header h1 { font-size: 15px; margin: 0; }
    header .source { color: var(--muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 40vw; }
    #search { flex: 1; min-width: 220px; max-width: 520px; padding: 5px 9px; font: inherit; border: 1px solid var(--line);
      border-radius: 6px; background: var(--bg); color: var(--fg); }
    nav { display: flex; gap: 4px; }
    nav button, .filters label, .row, .link, summary { font: inherit; color: inherit; }
    nav button { border: 1px solid var(--line); background: var(--pane); border-radius: 6px; padding: 4px 10px; cursor: pointer; }
    nav button[aria-selected="true"] { background: var(--accent); color: #fff; border-color: var(--accent); }
    main { display: grid; grid-template-columns: minmax(260px, 34%) 1fr; min-height: 0; }
    #list { position: relative; overflow: auto; border-right: 1px solid var(--line); background: var(--pane); }
    #list:focus { outline: 2px solid var(--accent); outline-offset: -2px; }
    #spacer { position: relative; }
    .row { position: absolute; left: 0; right: 0; height: var(--row); display: flex; gap: 6px; align-items: center; padding: 0 10px;
      border: 0; background: none; text-align: left; white-space: nowrap; overflow: hidden; cursor: pointer; }
    .row.tall { position: static; height: auto; padding: 7px 10px; flex-wrap: wrap; border-bottom: 1px solid var(--line); }
    .row:hover { background: var(--line); }
    .row.active { background: var(--accent); color: #fff; }
    .row .id { overflow: hidden; text-overflow: ellipsis; font-family: ui-monospace, Menlo, monospace; font-size: 12.5px; }
    .row .type { color: var(--muted); font-size: 12px; }
    .row .name { flex: none; max-width: 60%; overflow: hidden; text-overflow: ellipsis; font-weight: 600; }
    .row .name + .id { color: var(--muted); }
    .row.active .name + .id { color: #e8eeff; }
    #detail h2 .record-id { color: var(--muted); font-weight: 400; }
    .row.active .type { color: #e8eeff; }
    #detail { overflow: auto; padding: 14px 20px; min-width: 0; }
    #detail h2 { font-size: 17px; margin: 0 0 4px; font-family: ui-monospace, Menlo, monospace; word-break: break-all; }
    #detail h3 { font-size: 14px; margin: 18px 0 6px; }
    .meta { color: var(--muted); margin: 0 0 8px; }
    .badge { display: inline-block; font-size: 11.5px; padding: 0 7px; border-radius: 9px; border: 1px solid currentColor; line-height: 18px; }
    .badge.ready, .badge.idle, .badge.current { color: var(--ok); }
    .badge.loading, .badge.inFlight, .badge.retrying, .badge.reconnecting, .badge.stale, .badge.empty { color: var(--warn); }
    .badge.failed, .badge.error { color: var(--bad); }
    .row.active .badge { color: #fff; }
    table { border-collapse: collapse; width: 100%; }
    td, th { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--line); }
    th { color: var(--muted); font-weight: 600; font-size: 12.5px; }
    td.key, .mono, pre { font-family: ui-monospace, Menlo, monospace; font-size: 12.5px; }
    td.key { white-space: nowrap; }
    .null { color: var(--muted); font-style: italic; }
    .link { background: none; border: 0; padding: 0; color: var(--accent); text-decoration: underline; cursor: pointer;
      font-family: ui-monospace, Menlo, monospace; font-size: 12.5px; }
    .link.dangling { color: var(--bad); }
    .field-error { border-left: 3px solid var(--bad); padding: 2px 8px; margin: 4px 0; background: color-mix(in srgb, var(--bad) 8%, transparent); }
    .field-error .message { color: var(--bad); font-weight: 600; }
    .field-age { color: var(--muted); font-size: 90%; }
    .field-age.stale { color: var(--bad); }
    pre { margin: 2px 0; white-space: pre-wrap; word-break: break-all; }
    ol.list-value { margin: 0; padding-left: 22px; }
    details { margin-left: 14px; }
    details > summary { cursor: pointer; font-family: ui-monospace, Menlo, monospace; font-size: 12.5px; }
    .tree-leaf { margin-left: 30px; font-family: ui-monospace, Menlo, monospace; font-size: 12.5px; }
    .filters { display: flex; flex-wrap: wrap; gap: 10px; margin: 6px 0 10px; }
    .event { display: grid; grid-template-columns: 205px 130px 1fr; gap: 8px; padding: 4px 0; border-bottom: 1px solid var(--line); }
    .event .at { color: var(--muted); font-size: 12px; font-family: ui-monospace, Menlo, monospace; }
    .event.fresh { animation: flash 1.5s ease-out; }
    @keyframes flash { from { background: color-mix(in srgb, var(--accent) 25%, transparent); } to { background: none; } }
    #status { color: var(--muted); font-size: 12px; }
    :focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
    """#
}
