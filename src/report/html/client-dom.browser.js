/* evconf HTML report client, part 1 of 3: DOM helpers. Every string from the run is data: nodes are
   built with createElement/textContent only, never parsed as HTML. (ARCHITECTURE.md § Reports) */
function h(tag, attrs) {
  var el = document.createElement(tag);
  var a = attrs || {};
  Object.keys(a).forEach(function (k) {
    var v = a[k];
    if (v === null || v === undefined || v === false) return;
    if (k === 'class') el.className = v;
    else if (k === 'onclick') el.addEventListener('click', v);
    else if (k === 'text') el.textContent = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  });
  for (var i = 2; i < arguments.length; i++) {
    var kid = arguments[i];
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

function copyBtn(text) {
  var b = h('button', { type: 'button', class: 'copy' }, 'Copy');
  b.addEventListener('click', function (e) {
    e.stopPropagation();
    var done = function () { b.textContent = 'Copied ✔'; setTimeout(function () { b.textContent = 'Copy'; }, 1500); };
    var fallback = function () {
      var ta = h('textarea', { class: 'clip', readonly: true });
      ta.value = text;
      document.body.append(ta);
      ta.select();
      try { document.execCommand('copy'); done(); } catch (err) { b.textContent = 'Select and copy'; }
      ta.remove();
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  });
  return b;
}

function cmd(label, text) {
  return h('div', { class: 'cmd' }, h('span', { class: 'k' }, label), h('code', null, text), copyBtn(text));
}
