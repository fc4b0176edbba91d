/* evconf HTML report client, part 3 of 3: filters kept in the URL hash, the lazily rendered result list. */
var DATA = JSON.parse(document.getElementById('evconf-data').textContent);
/* Outcomes as shown: a failure the expectations explain is 'known' (r.shown, computed by the report). */
var OUTCOMES = ['fail', 'error', 'warn', 'known', 'skip', 'pass'];
var LABEL = { fail: 'FAIL', error: 'ERROR', warn: 'WARN', known: 'KNOWN', skip: 'SKIP', pass: 'PASS' };
var CHUNK = 150;
var results = DATA.results;
var list = document.getElementById('results');
var state = emptyState();
var shown = [];
var rendered = 0;
var observer = null;

function emptyState() {
  return { outcome: OUTCOMES.slice(), version: '', endpoint: '', level: '', rule: '', q: '', open: '' };
}

/* ---- state <-> URL hash ---- */
function readHash() {
  var s = emptyState();
  var raw = location.hash.replace(/^#/, '');
  if (raw.indexOf('=') < 0) return s;
  var p = new URLSearchParams(raw);
  if (p.get('outcome')) s.outcome = p.get('outcome').split(',').filter(function (o) { return OUTCOMES.indexOf(o) >= 0; });
  if (s.outcome.length === 0) s.outcome = OUTCOMES.slice();
  ['version', 'endpoint', 'level', 'rule', 'q', 'open'].forEach(function (k) { s[k] = p.get(k) || ''; });
  return s;
}

function writeHash() {
  var p = new URLSearchParams();
  if (state.outcome.length < OUTCOMES.length) p.set('outcome', state.outcome.join(','));
  ['version', 'endpoint', 'level', 'rule', 'q', 'open'].forEach(function (k) { if (state[k]) p.set(k, state[k]); });
  var s = p.toString();
  history.replaceState(null, '', s ? '#' + s : location.pathname + location.search);
}

/* ---- filtering and lazy list ---- */
function shownOf(r) {
  return r.shown || r.outcome;
}

function matches(r) {
  if (state.outcome.indexOf(shownOf(r)) < 0) return false;
  if (state.version && r.apiVersion !== state.version) return false;
  if (state.endpoint && r.family !== state.endpoint) return false;
  if (state.level && r.level !== state.level) return false;
  if (state.rule && r.rule !== state.rule) return false;
  if (state.q) {
    var q = state.q.toLowerCase();
    var hay = (r.rule + ' ' + r.message + ' ' + r.endpoint + ' ' + r.id + ' ' +
      r.exchanges.map(function (x) { return x.request.url; }).join(' ')).toLowerCase();
    if (hay.indexOf(q) < 0) return false;
  }
  return true;
}

function apply() {
  shown = results.filter(matches);
  rendered = 0;
  list.replaceChildren();
  syncControls();
  document.getElementById('r-count').textContent = shown.length === results.length
    ? 'All ' + results.length + ' results'
    : shown.length + ' of ' + results.length + ' results match the filters';
  if (shown.length === 0) list.append(h('p', { class: 'empty' }, 'No result matches these filters.'));
  renderMore(state.open ? Math.max(CHUNK, indexOfOpen() + 1) : CHUNK);
  if (state.open) openById(state.open, false);
}

function indexOfOpen() {
  for (var i = 0; i < shown.length; i++) if (shown[i].id === state.open) return i;
  return -1;
}

function renderMore(n) {
  var old = list.querySelector('.more');
  if (old) { if (observer) observer.unobserve(old); old.remove(); }
  var end = Math.min(shown.length, rendered + n);
  var frag = document.createDocumentFragment();
  for (; rendered < end; rendered++) frag.append(rowEl(shown[rendered], rendered));
  list.append(frag);
  if (rendered < shown.length) {
    var more = h('button', { type: 'button', class: 'more', onclick: function () { renderMore(CHUNK); } },
      'Show ' + Math.min(CHUNK, shown.length - rendered) + ' more (' + (shown.length - rendered) + ' not shown yet)');
    list.append(more);
    if (observer) observer.observe(more);
  }
}

function rowEl(r, i) {
  var o = shownOf(r);
  var row = h('div', { class: 'row o-' + o, role: 'button', tabindex: '0', 'aria-expanded': 'false', 'data-i': i },
    h('span', { class: 'badge b-' + o }, LABEL[o] || o),
    h('span', { class: 'ver' }, r.apiVersion),
    h('span', { class: 'rule' }, r.rule),
    h('span', { class: 'lvl lvl-' + r.level }, r.level),
    h('span', { class: 'msg' }, r.message),
    h('span', { class: 'ep' }, r.endpoint));
  var wrap = h('div', { class: 'res', 'data-id': r.id }, row);
  row.addEventListener('click', function () { toggle(wrap, r, true); });
  row.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(wrap, r, true); }
  });
  return wrap;
}

function toggle(wrap, r, updateUrl) {
  var row = wrap.firstChild;
  var open = wrap.querySelector('.detail');
  if (open) {
    open.remove();
    row.setAttribute('aria-expanded', 'false');
    if (updateUrl && state.open === r.id) { state.open = ''; writeHash(); }
    return;
  }
  wrap.append(detailEl(r));
  row.setAttribute('aria-expanded', 'true');
  if (updateUrl) { state.open = r.id; writeHash(); }
}

function openById(id, scroll) {
  var wraps = list.querySelectorAll('.res');
  for (var i = 0; i < wraps.length; i++) {
    if (wraps[i].getAttribute('data-id') === id) {
      var r = shown[i];
      if (!wraps[i].querySelector('.detail')) toggle(wraps[i], r, false);
      if (scroll !== false) wraps[i].scrollIntoView({ block: 'start' });
      return;
    }
  }
}

/* ---- controls ---- */
function syncControls() {
  document.querySelectorAll('.chip[data-outcome]').forEach(function (c) {
    c.setAttribute('aria-pressed', state.outcome.indexOf(c.getAttribute('data-outcome')) >= 0 ? 'true' : 'false');
  });
  document.getElementById('f-version').value = state.version;
  document.getElementById('f-endpoint').value = state.endpoint;
  document.getElementById('f-level').value = state.level;
  var q = document.getElementById('f-q');
  if (q.value !== state.q) q.value = state.q;
  var rf = document.getElementById('f-rule');
  rf.replaceChildren();
  rf.hidden = !state.rule;
  if (state.rule) {
    rf.append('Rule ', h('code', null, state.rule), ' ',
      h('button', { type: 'button', class: 'linkish', onclick: function () { state.rule = ''; changed(); } }, 'show all rules'));
  }
}

function changed() {
  state.open = '';
  writeHash();
  apply();
}

function showHash() {
  state = readHash();
  apply();
  jump(openRow() || 'sec-results');
}

/** The expanded row of state.open, when it is rendered. */
function openRow() {
  if (!state.open) return null;
  var wraps = list.querySelectorAll('.res');
  for (var i = 0; i < wraps.length; i++) if (wraps[i].getAttribute('data-id') === state.open) return wraps[i];
  return null;
}

/* ---- navigation: land on a section and stay there while content above it settles ---- */
var pinned = null;

function jump(where) {
  var target = typeof where === 'string' ? document.getElementById(where) : where;
  if (!target) return;
  if (pinned) pinned();
  target.scrollIntoView({ block: 'start' });
  var top = target.getBoundingClientRect().top;
  var until = Date.now() + 1000;
  var events = ['wheel', 'touchstart', 'keydown', 'mousedown'];
  var stop = function () {
    events.forEach(function (ev) { window.removeEventListener(ev, stop, true); });
    if (pinned === stop) pinned = null;
  };
  events.forEach(function (ev) { window.addEventListener(ev, stop, true); });
  pinned = stop;
  var tick = function () {
    if (pinned !== stop) return;
    if (Math.abs(target.getBoundingClientRect().top - top) > 1) {
      target.scrollIntoView({ block: 'start' });
      top = target.getBoundingClientRect().top;
    }
    if (Date.now() < until) requestAnimationFrame(tick); else stop();
  };
  requestAnimationFrame(tick);
}

function wire() {
  document.querySelectorAll('.chip[data-outcome]').forEach(function (c) {
    c.addEventListener('click', function () {
      var o = c.getAttribute('data-outcome');
      var all = state.outcome.length === OUTCOMES.length;
      if (all) state.outcome = [o];
      else if (state.outcome.indexOf(o) >= 0) state.outcome = state.outcome.filter(function (x) { return x !== o; });
      else state.outcome = OUTCOMES.filter(function (x) { return x === o || state.outcome.indexOf(x) >= 0; });
      if (state.outcome.length === 0) state.outcome = OUTCOMES.slice();
      changed();
    });
  });
  [['f-version', 'version'], ['f-endpoint', 'endpoint'], ['f-level', 'level']].forEach(function (p) {
    document.getElementById(p[0]).addEventListener('change', function (e) { state[p[1]] = e.target.value; changed(); });
  });
  var timer = 0;
  document.getElementById('f-q').addEventListener('input', function (e) {
    clearTimeout(timer);
    timer = setTimeout(function () { state.q = e.target.value.trim(); changed(); }, 150);
  });
  document.getElementById('f-clear').addEventListener('click', function () { state = emptyState(); changed(); });
  document.querySelectorAll('[data-goto]').forEach(function (a) {
    a.addEventListener('click', function (e) {
      e.preventDefault();
      jump(a.getAttribute('data-goto'));
    });
  });
  window.addEventListener('hashchange', showHash);
  document.addEventListener('click', function (e) {
    var a = e.target instanceof Element ? e.target.closest('a[href^="#"]') : null;
    if (!a || a.getAttribute('href').indexOf('=') < 0) return;
    e.preventDefault();
    history.replaceState(null, '', a.getAttribute('href'));
    showHash();
  });
  if ('IntersectionObserver' in window) {
    observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (en) { if (en.isIntersecting && en.target.isConnected) { observer.unobserve(en.target); renderMore(CHUNK); } });
    }, { rootMargin: '600px' });
  }
}

wire();
state = readHash();
apply();
if (openRow()) jump(openRow());
else if (/^#sec-[a-z]+$/.test(location.hash)) jump(location.hash.slice(1));
