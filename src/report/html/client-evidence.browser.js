/* evconf HTML report client, part 2 of 3: the evidence of one result, built when its row is expanded. */
var PREVIEW = 4096;

function pretty(text) {
  var t = text.trim();
  if (t[0] === '{' || t[0] === '[') {
    try { return JSON.stringify(JSON.parse(t), null, 2); } catch (e) { return text; }
  }
  return text;
}

function bodyEl(text, note) {
  var full = pretty(text);
  var pre = h('pre', { class: 'body' }, full.length > PREVIEW ? full.slice(0, PREVIEW) : full);
  var box = h('div', { class: 'bodybox' }, pre);
  if (full.length > PREVIEW) {
    var more = h('button', { type: 'button', class: 'linkish showall' }, 'show all (' + Math.ceil(full.length / 1024) + ' KB)');
    more.addEventListener('click', function () { pre.textContent = full; more.remove(); });
    box.append(more);
  }
  if (note) box.append(h('p', { class: 'muted small' }, note));
  return box;
}

function headersEl(title, headers) {
  var keys = Object.keys(headers || {});
  var dl = h('dl', { class: 'hdrs' });
  keys.forEach(function (k) { dl.append(h('dt', null, k), h('dd', null, headers[k])); });
  return h('details', { class: 'hdr' }, h('summary', null, title + ' (' + keys.length + ')'), dl);
}

function statusClass(x) {
  if (!x.response) return 'st-err';
  var s = x.response.status;
  return s >= 500 ? 'st-5' : s >= 400 ? 'st-4' : s >= 300 ? 'st-3' : 'st-2';
}

/* A failure's exchanges: the decisive one first, then those that led to it in the order sent.
   Exchanges are <details>: open when they are likely the evidence (the decisive one, a 4xx/5xx or a transport
   failure, or when there are only two); the others show their one-line summary until clicked. */
function exchangeEl(x, i, n) {
  var status = x.response ? String(x.response.status) : (x.error ? x.error.code : 'no response');
  var prominent = i === 0 || n <= 2 || !x.response || x.response.status >= 400;
  var el = h('details', { class: 'xch' + (i === 0 && n > 1 ? ' decisive' : ''), open: prominent },
    h('summary', { class: 'xline' }, h('span', { class: 'n' }, '#' + (i + 1)), h('b', { class: 'method' }, x.request.method),
      h('span', { class: 'url' }, x.request.url), h('span', { class: 'status ' + statusClass(x) }, status),
      h('span', { class: 'muted small' }, Math.round(x.durationMs) + ' ms'),
      i === 0 && n > 1 ? h('span', { class: 'tag' }, 'decided the check') : null));
  if (x.error) el.append(h('p', { class: 'xerr' }, x.error.code + ': ' + x.error.message));
  el.append(headersEl('request headers', x.request.headers));
  if (x.request.body) el.append(h('div', { class: 'k' }, 'request body'), bodyEl(x.request.body, x.request.reportCut ? 'cut at ' + x.request.body.length + ' of ' + x.request.reportCut + ' characters in this report' : ''));
  if (x.response) {
    el.append(headersEl('response headers', x.response.headers));
    var notes = [];
    if (x.response.truncated) notes.push('evconf kept an excerpt (' + x.response.bodyBytes + ' bytes received)');
    if (x.response.reportCut) notes.push('cut at ' + x.response.body.length + ' of ' + x.response.reportCut + ' characters in this report');
    if (x.response.body) el.append(h('div', { class: 'k' }, 'response body'), bodyEl(x.response.body, notes.join('; ')));
    else el.append(h('p', { class: 'muted small' }, 'empty response body'));
  }
  if (x.curl) el.append(cmd('curl', x.curl));
  return el;
}

function jsonPre(v) {
  return h('pre', { class: 'body' }, typeof v === 'string' ? v : JSON.stringify(v, null, 2));
}

function detailEl(r) {
  var rule = DATA.rules[r.rule];
  var d = h('div', { class: 'detail' });
  var head = h('div', { class: 'd-rule' }, h('code', { class: 'rid' }, r.rule), h('span', { class: 'lvl lvl-' + r.level }, r.level),
    h('span', { class: 'muted' }, r.endpoint), h('span', { class: 'muted' }, 'API ' + r.apiVersion));
  d.append(head);
  if (rule) d.append(h('blockquote', { class: 'quote' }, h('span', null, '“' + rule.quote + '”'), h('cite', null, 'spec § ' + rule.section)));
  d.append(h('p', { class: 'd-msg o-' + (r.shown || r.outcome) }, r.message));
  if (r.expectation) {
    var x = r.expectation;
    var doc = /^https?:\/\/[^\s<>"]+/.exec(x.documented);
    d.append(h('p', { class: 'd-known k-' + x.status },
      h('b', null, x.status === 'known' ? 'Known deviation: ' : 'Expected to fail, passes now: '), x.why, ' · documented: ',
      doc ? h('a', { href: doc[0], rel: 'noreferrer noopener' }, doc[0]) : '', doc ? x.documented.slice(doc[0].length) : x.documented,
      ' · ', h('code', null, x.entry)));
  }
  var curl = r.curl || (r.exchanges[0] && r.exchanges[0].curl);
  if (curl) d.append(cmd(curl.indexOf('\n') >= 0 ? 'reproduce, in this order' : 'reproduce', curl));
  if (r.expected !== undefined || r.actual !== undefined) {
    d.append(h('div', { class: 'ea' },
      h('div', null, h('div', { class: 'k' }, 'expected'), r.expected !== undefined ? jsonPre(r.expected) : h('p', { class: 'muted' }, '—')),
      h('div', null, h('div', { class: 'k' }, 'actual'), r.actual !== undefined ? jsonPre(r.actual) : h('p', { class: 'muted' }, '—'))));
  }
  if (r.exchanges.length) {
    d.append(h('div', { class: 'k' }, r.exchanges.length > 1
      ? 'exchanges (' + r.exchanges.length + '): #1 decided the check; the others led to it, in the order sent'
      : 'exchange'));
    r.exchanges.forEach(function (x, i) { d.append(exchangeEl(x, i, r.exchanges.length)); });
  }
  if (r.seed !== undefined || r.counterexample !== undefined || r.replay) {
    var gen = h('div', { class: 'gen' }, h('div', { class: 'k' }, 'generated case'));
    if (r.seed !== undefined) gen.append(h('p', null, 'seed ', h('code', null, String(r.seed))));
    if (r.counterexample !== undefined) gen.append(h('div', { class: 'k' }, 'counterexample (shrunk)'), jsonPre(r.counterexample));
    if (r.replay) gen.append(cmd('replay', r.replay));
    d.append(gen);
  }
  var meta = h('p', { class: 'd-meta muted small' });
  if (r.source) meta.append('source ', h('code', null, r.source), ' · ');
  if (r.durationMs !== undefined) meta.append(Math.round(r.durationMs) + ' ms · ');
  meta.append('id ', h('code', null, r.id));
  d.append(meta);
  return d;
}
