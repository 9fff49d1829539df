import Foundation

/// The inspector page: one HTML file with its stylesheet, its script and the inspection's
/// JSON inside, so it opens from disk with no network. Its content security policy allows
/// no request but to its own origin (the live endpoint's snapshot and feed), no external
/// script, style, font or image.
enum InspectorPage {
  static func html(_ inspection: Inspection) -> [UInt8] {
    var out = JSONBytes(reservingCapacity: 256 * inspection.records.count + 64 * 1024)
    out.raw(
      """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src data:">
      <title>Baton inspector</title>
      <style>
      """)
    out.append(style)
    out.raw(
      """
      </style>
      </head>
      <body>
      <header>
      <h1>Baton inspector</h1>
      <span class="source" id="source"></span>
      <span id="summary"></span>
      <input id="search" type="search" placeholder="Search records by id, type:Name or field:name  ( / )" aria-label="Search records" autocomplete="off">
      <nav role="tablist" aria-label="Views">
      <button role="tab" id="tab-operations" data-tab="operations">Operations</button>
      <button role="tab" id="tab-records" data-tab="records">Records</button>
      <button role="tab" id="tab-types" data-tab="types">Types</button>
      <button role="tab" id="tab-timeline" data-tab="timeline">Timeline</button>
      </nav>
      <span id="status" role="status" aria-live="polite"></span>
      </header>
      <main>
      <div id="list" tabindex="0" role="listbox" aria-label="Items"><div id="spacer"></div></div>
      <section id="detail" aria-live="polite"></section>
      </main>
      <script type="application/json" id="baton-data">
      """)
    let ids = inspection.sortedRecordIDs
    inspection.writePageHead(into: &out, ids: ids)
    out.raw("</script>\n<script>\n")
    out.append(script)
    out.append(scriptViews)
    // The records come after the script, so the page draws while the parser reads them.
    out.raw("</script>\n<script type=\"text/plain\" id=\"baton-records\">\n")
    inspection.writePageRecords(into: &out, ids: ids)
    out.raw("</script>\n<script>recordsArrived($(\"baton-records\").textContent);</script>\n</body>\n</html>\n")
    return out.bytes
  }
}

extension JSONBytes {
  /// Text written as it is (the page's own markup, style and script).
  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { appendBytes($0) }
  }
}

extension Inspection {
  /// The inspector page for this inspection: one self-contained HTML file.
  public var html: [UInt8] {
    InspectorPage.html(self)
  }
}
