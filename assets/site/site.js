// docket site: sorting and filtering the document list, and drawing the graph of relations.
// Plain DOM, no library and nothing fetched: the page's data is JSON in a non-executable
// <script type="application/json"> block, read with JSON.parse and written with textContent
// and setAttribute only, so no text from a document is ever parsed as HTML.
(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg';
  var byId = function (id) { return document.getElementById(id); };

  // ---- The document list: sort by a column, filter by text, type and status. ----
  function setUpList() {
    var table = byId('DocketList');
    if (!table) return;
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var text = rows.map(function (r) { return r.textContent.toLowerCase(); });
    var search = byId('DocketSearch');
    var type = byId('DocketType');
    var status = byId('DocketStatus');
    var shown = byId('DocketShown');
    function apply() {
      var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
      var t = type.value;
      var s = status.value;
      var n = 0;
      rows.forEach(function (row, i) {
        var ok = (!t || row.getAttribute('data-type') === t) && (!s || row.getAttribute('data-status') === s) && words.every(function (w) { return text[i].indexOf(w) !== -1; });
        row.hidden = !ok;
        if (ok) n++;
      });
      shown.textContent = n + ' of ' + rows.length + ' shown';
    }
    // The counts above the list link to #type=X or #status=Y: the list opens filtered.
    function fromHash() {
      var params = new URLSearchParams(location.hash.slice(1));
      if (params.get('type') !== null) { type.value = params.get('type'); status.value = ''; }
      if (params.get('status') !== null) { status.value = params.get('status'); type.value = ''; }
      if (params.get('q') !== null) search.value = params.get('q');
      apply();
    }
    window.addEventListener('hashchange', fromHash);
    [search, type, status].forEach(function (el) { el.addEventListener('input', apply); });
    var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
    heads.forEach(function (th, col) {
      th.classList.add('sortable');
      th.addEventListener('click', function () {
        var asc = !th.classList.contains('asc');
        heads.forEach(function (h) { h.classList.remove('asc', 'desc'); });
        th.classList.add(asc ? 'asc' : 'desc');
        var numeric = th.classList.contains('num');
        var key = function (r) { var v = r.cells[col].getAttribute('data-sort') || r.cells[col].textContent; return numeric ? Number(v) : v.toLowerCase(); };
        var order = rows.map(function (r, i) { return { r: r, k: key(r), i: i }; });
        order.sort(function (a, b) { return (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i) * (asc ? 1 : -1); });
        order.forEach(function (o) { body.appendChild(o.r); });
        rows = order.map(function (o) { return o.r; });
        text = rows.map(function (r) { return r.textContent.toLowerCase(); });
      });
    });
    fromHash();
  }

  // ---- The graph: a radial layout around one document, drawn in SVG. ----
  // Hand-written rather than a graph library: a neighbourhood is small, rings around the
  // chosen document read well, and a library would be the largest file of the site.
  function readGraph() {
    var el = byId('DocketGraphData');
    if (!el) return null;
    var data = JSON.parse(el.textContent);
    var index = {};
    data.nodes.forEach(function (n, i) { index[n[0]] = i; });
    var adjacent = data.nodes.map(function () { return []; });
    data.edges.forEach(function (e) { adjacent[e[0]].push(e[1]); adjacent[e[1]].push(e[0]); });
    return { nodes: data.nodes, edges: data.edges, index: index, adjacent: adjacent };
  }

  function neighbourhood(g, centre, depth, limit) {
    var ring = {};
    ring[centre] = 0;
    var order = [centre];
    for (var at = 0; at < order.length && order.length < limit; at++) {
      var here = order[at];
      if (ring[here] >= depth) continue;
      var next = g.adjacent[here].slice().sort(function (a, b) { return a - b; });
      for (var k = 0; k < next.length && order.length < limit; k++) {
        if (ring[next[k]] === undefined) { ring[next[k]] = ring[here] + 1; order.push(next[k]); }
      }
    }
    return { ring: ring, order: order };
  }

  function layout(g, near) {
    var rings = [];
    var parentAngle = {};
    near.order.forEach(function (i) { var d = near.ring[i]; (rings[d] = rings[d] || []).push(i); });
    var pos = {};
    pos[rings[0][0]] = { x: 0, y: 0 };
    parentAngle[rings[0][0]] = 0;
    for (var d = 1; d < rings.length; d++) {
      var list = rings[d];
      list.forEach(function (i) {
        var best = null;
        g.adjacent[i].forEach(function (j) { if (near.ring[j] === d - 1 && (best === null || parentAngle[j] < best)) best = parentAngle[j]; });
        parentAngle[i] = best === null ? 0 : best;
      });
      list.sort(function (a, b) { return parentAngle[a] - parentAngle[b] || a - b; });
      var radius = Math.max(d * 200, (list.length * 170) / (2 * Math.PI));
      list.forEach(function (i, k) {
        var angle = (2 * Math.PI * k) / list.length - Math.PI / 2;
        pos[i] = { x: Math.cos(angle) * radius, y: Math.sin(angle) * radius };
        parentAngle[i] = angle;
      });
    }
    return pos;
  }

  function make(tag, attrs, parent) {
    var el = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(el);
    return el;
  }

  function short(text, n) { return text.length > n ? text.slice(0, n - 1) + '\u2026' : text; }

  function draw(svg, g, centre, depth, onPick) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var limit = Number(svg.getAttribute('data-limit') || 400);
    var near = neighbourhood(g, centre, depth, limit);
    var pos = layout(g, near);
    var W = 150, H = 40;
    var edges = make('g', {}, svg);
    g.edges.forEach(function (e) {
      if (pos[e[0]] === undefined || pos[e[1]] === undefined) return;
      var line = make('line', { x1: pos[e[0]].x, y1: pos[e[0]].y, x2: pos[e[1]].x, y2: pos[e[1]].y, class: 'edge ' + e[2] }, edges);
      make('title', {}, line).textContent = g.nodes[e[0]][0] + ' ' + e[2] + ' ' + g.nodes[e[1]][0];
    });
    var minX = 0, minY = 0, maxX = 0, maxY = 0;
    near.order.forEach(function (i) {
      var n = g.nodes[i];
      var p = pos[i];
      var node = make('g', { class: 'node t' + n[6] + ' ' + n[4] + (i === centre ? ' centre' : ''), transform: 'translate(' + (p.x - W / 2) + ',' + (p.y - H / 2) + ')', 'data-id': n[0] }, svg);
      make('rect', { width: W, height: H }, node);
      make('text', { x: 8, y: 16 }, node).textContent = n[0];
      make('text', { x: 8, y: 31, class: 't' }, node).textContent = short(n[1] || '', 22);
      make('title', {}, node).textContent = n[0] + ': ' + (n[1] || '') + ' (' + (n[2] || 'no type') + ', ' + (n[3] || 'no status') + ')';
      node.addEventListener('click', function () { onPick(i); });
      minX = Math.min(minX, p.x - W / 2); maxX = Math.max(maxX, p.x + W / 2);
      minY = Math.min(minY, p.y - H / 2); maxY = Math.max(maxY, p.y + H / 2);
    });
    var box = [minX - 20, minY - 20, maxX - minX + 40, maxY - minY + 40];
    svg.setAttribute('viewBox', box.join(' '));
    svg.setAttribute('data-nodes', String(near.order.length));
    return near.order.length;
  }

  // Drag to pan, wheel to zoom: the viewBox moves, the drawing stays as laid out.
  function panZoom(svg) {
    var start = null;
    svg.addEventListener('pointerdown', function (ev) {
      if (ev.target !== svg) return;
      var vb = svg.getAttribute('viewBox').split(' ').map(Number);
      start = { x: ev.clientX, y: ev.clientY, vb: vb, scale: vb[2] / svg.clientWidth };
    });
    window.addEventListener('pointerup', function () { start = null; });
    svg.addEventListener('pointermove', function (ev) {
      if (!start) return;
      var vb = start.vb.slice();
      vb[0] -= (ev.clientX - start.x) * start.scale;
      vb[1] -= (ev.clientY - start.y) * start.scale;
      svg.setAttribute('viewBox', vb.join(' '));
    });
    svg.addEventListener('wheel', function (ev) {
      ev.preventDefault();
      var vb = svg.getAttribute('viewBox').split(' ').map(Number);
      var f = ev.deltaY > 0 ? 1.15 : 1 / 1.15;
      var cx = vb[0] + vb[2] / 2, cy = vb[1] + vb[3] / 2;
      vb[2] *= f; vb[3] *= f; vb[0] = cx - vb[2] / 2; vb[1] = cy - vb[3] / 2;
      svg.setAttribute('viewBox', vb.join(' '));
    }, { passive: false });
  }

  function setUpGraph() {
    var svg = byId('DocketGraph');
    if (!svg) return;
    var g = readGraph();
    if (!g || g.nodes.length === 0) return;
    var base = svg.getAttribute('data-base') || '';
    var fixed = svg.getAttribute('data-centre');
    panZoom(svg);
    if (fixed !== null) {
      // A document's page: its neighbours, each a link to its own page.
      draw(svg, g, g.index[fixed], Number(svg.getAttribute('data-depth') || 1), function (i) { location.href = base + g.nodes[i][5]; });
      return;
    }
    var pick = byId('DocketGraphPick');
    var depthBox = byId('DocketGraphDepth');
    var open = byId('DocketGraphOpen');
    var count = byId('DocketGraphCount');
    function busiest() {
      var best = 0;
      g.adjacent.forEach(function (a, i) { if (a.length > g.adjacent[best].length) best = i; });
      return best;
    }
    function current() {
      var params = new URLSearchParams(location.hash.slice(1));
      var id = params.get('id');
      return id !== null && g.index[id] !== undefined ? g.index[id] : busiest();
    }
    function show() {
      var centre = current();
      var n = g.nodes[centre];
      pick.value = n[0];
      open.setAttribute('href', base + n[5]);
      open.textContent = 'Open ' + n[0];
      var drawn = draw(svg, g, centre, Number(depthBox.value), function (i) {
        var params = new URLSearchParams(location.hash.slice(1));
        params.set('id', g.nodes[i][0]);
        location.hash = params.toString();
      });
      count.textContent = drawn + ' of ' + g.nodes.length + ' documents drawn';
    }
    var params = new URLSearchParams(location.hash.slice(1));
    if (params.get('depth') !== null) depthBox.value = params.get('depth');
    pick.addEventListener('change', function () {
      var id = pick.value.trim();
      if (g.index[id] === undefined) id = id.toUpperCase();
      if (g.index[id] === undefined) return;
      var p = new URLSearchParams(location.hash.slice(1));
      p.set('id', id);
      location.hash = p.toString();
    });
    depthBox.addEventListener('change', show);
    window.addEventListener('hashchange', show);
    show();
  }

  setUpList();
  setUpGraph();
})();
