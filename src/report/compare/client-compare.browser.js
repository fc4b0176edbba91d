/* evconf comparison page client: the "only where the runs differ" filter, and the evidence of a differing cell
   (every run's checks of that rule and version, side by side), built with createElement/textContent only. */
var DATA = JSON.parse(document.getElementById('evconf-data').textContent);
var matrix = document.getElementById('cmp-matrix');
var onlyDiff = document.getElementById('only-diff');

function setFilter(on) {
  onlyDiff.checked = on;
  matrix.classList.toggle('only-diff', on);
  if (on) history.replaceState(null, '', location.pathname + location.search);
  else history.replaceState(null, '', '#all');
}

function checkEl(r, open) {
  var d = h('details', { class: 'chk o-' + (r.shown || r.outcome), open: open },
    h('summary', null, h('span', { class: 'badge b-' + r.outcome }, r.shown || r.outcome), ' ', h('span', { class: 'small' }, r.message || r.id)));
  d.append(detailEl(r));
  return d;
}

var NOT_OK = ['fail', 'error', 'known'];

/* One row per check id: the check in each run, side by side; a check another run does not hold (or holds with
   another meaning) leaves that side empty, saying so. The first differing row with a failure is open. */
function evidenceEl(cell, span) {
  var n = DATA.runs.length;
  var box = h('div', { class: 'evidence' }, h('h3', null, cell.rule + ' · API ' + cell.apiVersion + (cell.kind ? ' · ' + DATA.kinds[cell.kind] : '')));
  if (cell.ruleChanged) box.append(h('p', { class: 'warnline' }, 'Not compared: the rule changed meaning between the runs (' + cell.ruleChanged + ').'));
  var grid = h('div', { class: 'sides' });
  grid.style.gridTemplateColumns = 'repeat(' + n + ', minmax(0, 1fr))';
  DATA.runs.forEach(function (run, i) {
    var st = cell.states[i];
    var kind = cell.kinds[i];
    grid.append(h('h4', { class: 'sidehead' }, h('span', { class: 'runl' }, run.letter), run.label + ': ', h('span', { class: 'm-' + st.state }, st.label),
      kind ? h('span', { class: 'tag' }, DATA.kinds[kind]) : null,
      cell.sides[i].length ? null : h('div', { class: 'muted small' }, 'No check of this rule ran in this version of this run: not checked, never counted as passing.')));
  });
  var opened = false;
  cell.pairs.forEach(function (p) {
    var differs = p.outcomes.some(function (o) { return o !== p.outcomes[0]; });
    var bad = p.outcomes.some(function (o) { return NOT_OK.indexOf(o) >= 0; });
    var open = differs && bad && !opened;
    if (open) opened = true;
    p.outcomes.forEach(function (o, i) {
      var r = o === null ? null : cell.sides[i].filter(function (x) { return x.id === p.id && x.outcome === o; })[0];
      if (r) grid.append(h('div', { class: 'side' + (differs ? ' differs' : '') }, checkEl(r, open)));
      else grid.append(h('div', { class: 'side none muted small' }, h('code', null, p.id), p.unmatched ? ' — not matched: ' + p.unmatched : ' — no such check in this run'));
    });
  });
  box.append(grid);
  return h('tr', { class: 'evrow' }, h('td', { colspan: String(span) }, box));
}

function toggleCell(btn) {
  var key = btn.getAttribute('data-cell');
  var tr = btn.closest('tr');
  var next = tr.nextElementSibling;
  var open = next && next.classList.contains('evrow') && next.getAttribute('data-cell') === key;
  matrix.querySelectorAll('.cellbtn[aria-expanded="true"]').forEach(function (b) { b.setAttribute('aria-expanded', 'false'); });
  if (next && next.classList.contains('evrow')) next.remove();
  if (open) return;
  var cell = DATA.cells[key];
  if (!cell) return;
  var row = evidenceEl(cell, tr.children.length);
  row.setAttribute('data-cell', key);
  tr.after(row);
  tr.querySelectorAll('.cellbtn[data-cell="' + CSS.escape(key) + '"]').forEach(function (b) { b.setAttribute('aria-expanded', 'true'); });
}

function jump(id) {
  var target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ block: 'start' });
  history.replaceState(null, '', '#' + id);
}

onlyDiff.addEventListener('change', function () { setFilter(onlyDiff.checked); });
matrix.addEventListener('click', function (e) {
  var btn = e.target instanceof Element ? e.target.closest('.cellbtn') : null;
  if (btn) toggleCell(btn);
});
document.querySelectorAll('[data-goto]').forEach(function (a) {
  a.addEventListener('click', function (e) {
    e.preventDefault();
    jump(a.getAttribute('data-goto'));
  });
});
if (location.hash === '#all') setFilter(false);
else if (/^#sec-[a-z]+$/.test(location.hash)) jump(location.hash.slice(1));
