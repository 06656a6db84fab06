import AuthTrail

/// The inline style sheet and script of the HTML report (`Report.renderHTML`). Nothing is loaded from elsewhere.
enum HTMLPageAssets {
    /// The Okabe-Ito palette (Okabe and Ito, "Color Universal Design", 2008): eight colours told apart with every
    /// common colour-vision deficiency. Charts also mark each series by shape, dash and text, never by colour alone.
    enum Colour {
        static let orange = "#E69F00"
        static let skyBlue = "#56B4E9"
        static let bluishGreen = "#009E73"
        static let yellow = "#F0E442"
        static let blue = "#0072B2"
        static let vermillion = "#D55E00"
        static let reddishPurple = "#CC79A7"
        static let grey = "#6E6E6E"

        /// An attempt's fill by outcome: success, failure, cancelled, anything else.
        static func outcome(_ outcome: RecordedOutcome) -> String {
            switch outcome.known {
            case .success: bluishGreen
            case .cancelled: blue
            case .failure: vermillion
            case nil: grey
            }
        }

        /// The top patterns' series, in order.
        static let series = [orange, skyBlue, bluishGreen, reddishPurple, blue]
    }

    static let style = """
        :root { --ink: #1b1b1b; --muted: #555; --line: #c9c9c9; --focus: #0072B2; --band: #f3f3f3; }
        * { box-sizing: border-box; }
        body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0 24px 48px; color: var(--ink);
          line-height: 1.4; }
        a { color: #005a8c; }
        :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
        [id] { scroll-margin-top: 96px; }
        .skip-link { position: absolute; left: -999px; top: 0; background: #fff; padding: 6px; }
        .skip-link:focus { left: 8px; }
        h1 { margin-top: 16px; }
        h2 { margin-top: 32px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
        nav ul { columns: 2 18em; padding-left: 20px; }
        .filters { display: none; flex-wrap: wrap; gap: 12px 20px; align-items: end; position: sticky; top: 0; z-index: 2;
          background: #fff; border-bottom: 1px solid var(--line); padding: 10px 0; }
        .js .filters { display: flex; }
        .filter-help { display: none; }
        .js .filter-help { display: block; }
        .filters label { display: flex; flex-direction: column; font-size: 13px; font-weight: 600; }
        .filters select, .filters button { font: inherit; font-weight: 400; padding: 4px; max-width: 36em; }
        .table-wrap { overflow-x: auto; max-width: 100%; position: relative; }
        table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; }
        caption { text-align: left; font-size: 12px; color: var(--muted); padding: 2px 0; caption-side: bottom; }
        th, td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
        td { overflow-wrap: break-word; }
        th { overflow-wrap: normal; word-break: normal; hyphens: manual; }
        th .word { white-space: nowrap; }
        td { max-width: 32em; }
        th { background: var(--band); }
        th.n { white-space: nowrap; }
        th button.sort { font: inherit; font-weight: 700; background: none; border: 0; padding: 0; cursor: pointer;
          color: inherit; text-align: inherit; }
        th button.sort::after { content: "\\00A0\\2195"; color: var(--muted); }
        th[aria-sort=ascending] button.sort::after { content: "\\00A0\\2191"; color: var(--ink); }
        th[aria-sort=descending] button.sort::after { content: "\\00A0\\2193"; color: var(--ink); }
        .n { text-align: right; font-variant-numeric: tabular-nums; }
        span.name, div.name, h3.name { display: block; overflow-wrap: anywhere; }
        .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 36em), 1fr)); gap: 28px; }
        figure { margin: 0; max-width: 100%; min-width: 0; }
        svg.chart { display: block; width: 100%; height: auto; }
        figcaption { font-weight: 600; margin-bottom: 4px; }
        svg text { font-size: 11px; fill: #333; }
        .hbars { list-style: none; padding: 0; margin: 0; width: 100%; }
        .hbars li { display: grid; grid-template-columns: minmax(10em, 45%) 1fr; gap: 2px 10px; align-items: center;
          margin: 3px 0; font-size: 12px; }
        .hbars .track { display: flex; align-items: center; gap: 6px; white-space: nowrap; }
        .hbars .bar { display: inline-block; height: 14px; background: #0072B2; min-width: 2px; }
        .legend { list-style: none; padding: 0; margin: 6px 0 0; font-size: 12px; }
        .legend li { display: flex; gap: 6px; align-items: flex-start; margin: 2px 0; }
        .legend svg { flex: none; }
        .latency-row { display: grid; grid-template-columns: minmax(10em, 30%) 1fr; gap: 10px; align-items: end;
          font-size: 12px; }
        .latency-bars { display: block; }
        .latency-scale { display: grid; grid-template-columns: repeat(11, 1fr); font-size: 11px; color: #333; }
        .timeline-group { border: 1px solid var(--line); border-radius: 4px; padding: 8px 12px; margin: 12px 0; }
        .timeline-group:target { outline: 3px solid var(--focus); }
        .timeline-group h3 { margin: 4px 0 8px; font-size: 15px; }
        .lane { border-top: 1px dashed var(--line); padding: 6px 0; }
        .lane-label { font-size: 12px; overflow-wrap: anywhere; }
        .lane-label code { font-size: 12px; }
        .lane table { margin: 4px 0; font-size: 12px; }
        .verdict-violated { color: #a33d00; font-weight: 600; }
        .outcome-key { display: inline-block; width: 1.4em; text-align: center; font-weight: 700; }
        .note { color: var(--muted); font-size: 13px; }
        .heatmap td.heat { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap;
          border: 1px solid #fff; }
        .heatmap td.flagged { outline: 3px solid #000; outline-offset: -3px; box-shadow: inset 0 0 0 5px #fff;
          font-weight: 700; }
        .heatmap th.pattern { min-width: 5em; font-size: 12px; }
        .heatmap th[scope=row] { background: none; min-width: 6em; }
        .heatmap tr.flagged th[scope=row] { font-weight: 700; }
        .heatmap-legend { list-style: none; padding: 0; margin: 0 0 8px; font-size: 12px; max-width: 760px; }
        .heatmap-legend li { margin: 3px 0; }
        .swatches { white-space: nowrap; }
        .swatch { display: inline-block; width: 1.6em; height: 1em; border: 1px solid var(--line);
          vertical-align: middle; margin: 0 1px; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
          white-space: nowrap; }
        .print-only { display: none; }
        @media print {
          body { margin: 0; font-size: 11px; }
          .filters, .filter-help, .skip-link, nav { display: none !important; }
          .print-only { display: block; }
          tr[hidden] { display: table-row !important; }
          .lane[hidden], .timeline-group[hidden], li[hidden] { display: block !important; }
          th button.sort::after { content: none; }
          a { color: inherit; text-decoration: none; }
          .table-wrap { overflow: visible; }
          td { max-width: none; }
          td.name, span.name, div.name, h3.name { display: block; overflow-wrap: anywhere; }
          h2, h3 { break-after: avoid; }
          tr, figure, .lane, .hbars li, .latency-row { break-inside: avoid; }
          thead { display: table-header-group; }
          .timeline-group { break-inside: auto; }
          * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
        }
        """

    /// Sorting, filtering and the state in the address's fragment: `#pattern=…&kind=…&app=…&from=…&to=…&sort=…`
    /// (`sort=<table id>:<column>:asc|desc`), so a view can be shared, and tests can drive the page with
    /// `chromium --dump-dom`. With `selftest` in the fragment the page also clicks a header's sort button as
    /// `press=<table id>:<column>:<times>` says, and writes on `<body>` how many names are clipped
    /// (`data-clipped-names`) and that it is ready (`data-ready`).
    static let script = """
        (function () {
          'use strict';
          document.documentElement.classList.add('js');
          var state = { pattern: '', kind: '', app: '', from: '', to: '', sort: '' };
          var keys = ['pattern', 'kind', 'app', 'from', 'to'];
          var units = { ms: 1, s: 1e3, min: 6e4, h: 36e5, d: 864e5, '%': 1, pp: 1 };
          // A cell's value for sorting: its data-sort, else its text without the marks for screen readers and the
          // eye (a heatmap's "▲ 4.1 (flagged)" sorts as 4.1).
          function value(cell) {
            if (!cell) { return null; }
            var text = cell.getAttribute('data-sort');
            if (text === null) {
              var copy = cell.cloneNode(true);
              copy.querySelectorAll('[aria-hidden=true], .visually-hidden').forEach(function (hidden) { hidden.remove(); });
              text = copy.textContent;
            }
            text = text.trim();
            if (text === '' || text === '-') { return null; }
            var m = /^(?:<\\s*)?([+-]?\\d+(?:\\.\\d+)?)\\s*(ms|s|min|h|d|%|pp)?$/.exec(text);
            return m ? parseFloat(m[1]) * (units[m[2]] || 1) : text;
          }
          function compare(a, b) {
            if (typeof a === 'number' && typeof b === 'number') { return a - b; }
            return String(a).localeCompare(String(b), 'en', { numeric: true });
          }
          function sortTable(table, column, descending) {
            var body = table.tBodies[0];
            var rows = Array.prototype.slice.call(body.rows);
            rows.forEach(function (row, index) { if (row.dataset.order === undefined) { row.dataset.order = index; } });
            rows.sort(function (x, y) {
              var a = value(x.cells[column]), b = value(y.cells[column]);
              if (a === null || b === null) {
                return (a === null) - (b === null) || x.dataset.order - y.dataset.order;
              }
              return (descending ? -1 : 1) * compare(a, b) || x.dataset.order - y.dataset.order;
            });
            rows.forEach(function (row) { body.appendChild(row); });
            Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
              if (index === column) { th.setAttribute('aria-sort', descending ? 'descending' : 'ascending'); }
              else { th.removeAttribute('aria-sort'); }
            });
            state.sort = table.id + ':' + column + ':' + (descending ? 'desc' : 'asc');
          }
          function listed(element, attribute, wanted) {
            var list = element.getAttribute(attribute);
            return list === null || JSON.parse(list).indexOf(wanted) >= 0;
          }
          function matches(element) {
            var from = element.getAttribute('data-from'), to = element.getAttribute('data-to');
            return (!state.pattern || listed(element, 'data-patterns', state.pattern))
              && (!state.kind || listed(element, 'data-kinds', state.kind))
              && (!state.app || listed(element, 'data-apps', state.app))
              && (!state.from || to === null || to >= state.from)
              && (!state.to || from === null || from < state.to);
          }
          function applyFilters() {
            document.querySelectorAll('.filterable').forEach(function (element) { element.hidden = !matches(element); });
            document.querySelectorAll('table[data-filterable]').forEach(function (table) {
              var rows = table.tBodies[0].rows, shown = 0;
              for (var i = 0; i < rows.length; i++) { if (!rows[i].hidden) { shown++; } }
              var status = table.querySelector('.filter-status');
              if (status) { status.textContent = shown === rows.length ? '' : shown + ' of ' + rows.length + ' rows shown by the filters.'; }
            });
            var summary = document.getElementById('filter-summary');
            var active = keys.filter(function (key) { return state[key]; });
            if (summary) { summary.textContent = active.length ? 'Filtered by ' + active.join(', ') + '.' : 'No filter.'; }
          }
          function writeFragment() {
            var parts = [];
            keys.concat(['sort']).forEach(function (key) {
              if (state[key]) { parts.push(key + '=' + encodeURIComponent(state[key])); }
            });
            if (/(^#|&)selftest(&|$)/.test(location.hash)) { parts.push('selftest'); }
            try { history.replaceState(null, '', parts.length ? '#' + parts.join('&') : location.pathname); } catch (e) {}
          }
          function readFragment() {
            location.hash.replace(/^#/, '').split('&').forEach(function (part) {
              var at = part.indexOf('=');
              if (at < 0) { return; }
              var key = part.slice(0, at), text = decodeURIComponent(part.slice(at + 1));
              if (keys.indexOf(key) >= 0 || key === 'sort') { state[key] = text; }
            });
          }
          function setUp() {
            document.querySelectorAll('table[data-sortable]').forEach(function (table) {
              Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
                // A page saved after this script ran (Save As, --dump-dom) has its buttons already: one per header.
                var button = th.querySelector('button.sort');
                if (!button) {
                  button = document.createElement('button');
                  button.type = 'button';
                  button.className = 'sort';
                  while (th.firstChild) { button.appendChild(th.firstChild); }
                  th.appendChild(button);
                }
                button.addEventListener('click', function () {
                  sortTable(table, index, th.getAttribute('aria-sort') === 'ascending');
                  writeFragment();
                });
              });
            });
            keys.forEach(function (key) {
              var control = document.getElementById('filter-' + key);
              if (!control) { return; }
              control.addEventListener('change', function () { state[key] = control.value; applyFilters(); writeFragment(); });
            });
            var reset = document.getElementById('filter-reset');
            if (reset) {
              reset.addEventListener('click', function () {
                keys.forEach(function (key) {
                  state[key] = '';
                  var control = document.getElementById('filter-' + key);
                  if (control) { control.value = ''; }
                });
                applyFilters();
                writeFragment();
              });
            }
            readFragment();
            keys.forEach(function (key) {
              var control = document.getElementById('filter-' + key);
              if (control && state[key]) {
                control.value = state[key];
                if (control.value !== state[key]) { state[key] = ''; }
              }
            });
            var sort = /^([^:]+):(\\d+):(asc|desc)$/.exec(state.sort);
            var table = sort && document.getElementById(sort[1]);
            if (table && table.hasAttribute('data-sortable')) { sortTable(table, parseInt(sort[2], 10), sort[3] === 'desc'); }
            applyFilters();
            if (/(^#|&)selftest(&|$)/.test(location.hash)) {
              // press=<table id>:<column>:<times> clicks a header's button, the path Enter and Space take too.
              var press = /(?:^#|&)press=([^:&]+):(\\d+):(\\d+)/.exec(location.hash);
              var pressed = press && document.getElementById(press[1]);
              if (pressed) {
                var target = pressed.tHead.rows[0].cells[parseInt(press[2], 10)].querySelector('button');
                for (var n = 0; n < parseInt(press[3], 10); n++) { target.click(); }
              }
              var clipped = 0;
              document.querySelectorAll('.name').forEach(function (element) {
                if (element.scrollWidth > element.clientWidth + 1) { clipped++; }
              });
              document.body.setAttribute('data-clipped-names', String(clipped));
              document.body.setAttribute('data-ready', '1');
            }
          }
          if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', setUp); } else { setUp(); }
        })();
        """
}
