import fc from 'fast-check';
import type { CaseKit } from '../cases/case.js';
import { ADMIN_ROLE } from '../cases/phase-env.js';
import { EPISODE } from '../cases/api.js';
import { excerpt } from '../cases/expect.js';
import { broken, OK, type Verdict } from '../cases/verdict.js';
import type { RequestSpec } from '../http/index.js';
import { defineProperty } from '../properties/types.js';
import { propertyAgent } from '../properties/agents.js';
import { isoUtc } from '../spec/datetime.js';
import { withInputs } from '../core/event-form.js';
import { inRange } from '../spec/versions.js';
import type { ApiVersion } from '../model/index.js';

/**
 * The first version of the optional parameters that no rule's range gives: sign on the publications endpoints (spec:
 * "query sign (boolean) in the later descriptions", read as from 1.1.0, where the oldest description ends) and the
 * form parameter allowConflict ("since 1.2.0"). A version without it is not sent it (a server may refuse an
 * unknown parameter with 400 before it looks the event up).
 */
const PARAM_SINCE: Record<'publicationsSign' | 'allowConflict', ApiVersion> = { publicationsSign: '1.1.0', allowConflict: '1.2.0' };

/**
 * Oracle "unknown event" (error paths a parameter changes): every endpoint under /api/events/{event_id}, with every
 * flag and parameter it takes set either way, answers 404 for an event that does not exist (spec § GET
 * /api/events/{event_id} "404 (event does not exist)", § POST, § DELETE and the access-policy, metadata, publications
 * and scheduling tables: "404"). Bodies are valid, so a server that checks the body first has nothing to refuse. A
 * flag that sends the request down another path (a catalog service asked before the event is looked up, a signing
 * step, a conflict check) shows as a 2xx or another error there. The identifiers are of the server's own shape where
 * it is known (never created), or made of letters, digits and dashes.
 */

interface Case {
  /** The unknown identifier's tail (letters, digits). */
  tail: string;
  /** Which optional parameters are set, one boolean per (endpoint, parameter), drawn for each request. */
  bits: boolean[];
}

/** One request: the rule a non-404 breaks, the rule's first version, and the request. */
interface Probe {
  rule: string;
  request: RequestSpec;
}

const BOOL = (b: boolean) => (b ? 'true' : 'false');

/** Every endpoint with an event id, each optional parameter set by the next bit. */
function probes(kit: CaseKit, id: string, bits: boolean[], agent: string, rules: readonly string[]): Probe[] {
  let n = 0;
  const bit = () => bits[n++ % bits.length];
  const path = (rest = '') => `/api/events/${encodeURIComponent(id)}${rest}`;
  const acl = JSON.stringify([{ allow: true, action: 'read', role: ADMIN_ROLE }]);
  const start = Date.UTC(2096, 5, 1, 10);
  // With the inputs the probe found the server to require (a valid body: nothing to refuse but the event).
  const scheduling = JSON.stringify(withInputs({ agent_id: agent, start: isoUtc(start), end: isoUtc(start + 1_800_000) }, kit.env.caps));
  const metadata = JSON.stringify([{ id: 'title', value: kit.title('unknown') }]);
  const out: Probe[] = [];
  // A parameter is sent only in the versions that have it (the range of its rule).
  const has = (rule: string) => ((r) => r !== undefined && kit.env.book.appliesTo(r, kit.env.version))(kit.env.book.get(rule));
  const since = (p: keyof typeof PARAM_SINCE) => inRange(kit.env.version, PARAM_SINCE[p]);
  const flags = ['withacl', 'withmetadata', 'withpublications', ...(has('events.get.withscheduling') ? ['withscheduling'] : []), 'sign'];
  // The single GET with each flag alone, then with all of them each set by a bit.
  for (const f of flags) out.push({ rule: 'events.get.404', request: { method: 'GET', path: path(), query: { [f]: 'true' } } });
  out.push({ rule: 'events.get.404', request: { method: 'GET', path: path(), query: Object.fromEntries(flags.map((f) => [f, BOOL(bit())])) } });
  out.push({ rule: 'acl.get.404', request: { method: 'GET', path: path('/acl') } });
  out.push({ rule: 'acl.put.404', request: { method: 'PUT', path: path('/acl'), form: { acl } } });
  for (const action of ['read', 'write']) {
    out.push({ rule: 'acl.add.404', request: { method: 'POST', path: path(`/acl/${action}`), form: { role: ADMIN_ROLE } } });
    out.push({ rule: 'acl.remove.404', request: { method: 'DELETE', path: path(`/acl/${action}/${encodeURIComponent(ADMIN_ROLE)}`) } });
  }
  out.push({ rule: 'metadata.get.404', request: { method: 'GET', path: path('/metadata') } });
  out.push({ rule: 'metadata.get-type.404', request: { method: 'GET', path: path('/metadata'), query: { type: EPISODE } } });
  out.push({ rule: 'metadata.put.404', request: { method: 'PUT', path: path('/metadata'), query: { type: EPISODE }, form: { metadata } } });
  for (const type of ['license/episode', 'evconf/notes']) out.push({ rule: 'metadata.delete.404', request: { method: 'DELETE', path: path('/metadata'), query: { type } } });
  // Each optional parameter both ways, and left out.
  const signs = since('publicationsSign') ? [{ sign: 'true' }, { sign: 'false' }, undefined] : [undefined];
  for (const query of signs) {
    out.push({ rule: 'publications.list.404', request: { method: 'GET', path: path('/publications'), ...(query ? { query } : {}) } });
    out.push({ rule: 'publications.get.404-event', request: { method: 'GET', path: path('/publications/unknown-publication'), ...(query ? { query } : {}) } });
  }
  out.push({ rule: 'scheduling.get.404', request: { method: 'GET', path: path('/scheduling') } });
  for (const allow of since('allowConflict') ? ['true', 'false', undefined] : [undefined]) {
    out.push({ rule: 'scheduling.put.404', request: { method: 'PUT', path: path('/scheduling'), form: { scheduling, ...(allow ? { allowConflict: allow } : {}) } } });
  }
  const parts = [
    ...(bit() ? [{ name: 'metadata', value: JSON.stringify([{ flavor: EPISODE, fields: JSON.parse(metadata) as unknown[] }]) }] : []),
    ...(bit() ? [{ name: 'acl', value: acl }] : []),
    ...(bit() && has('events.update.schedule') && rules.includes('scheduling.put.404') ? [{ name: 'scheduling', value: scheduling }] : []),
  ];
  out.push({ rule: 'events.update.404', request: { method: 'POST', path: path(), multipart: parts.length > 0 ? parts : [{ name: 'acl', value: acl }] } });
  out.push({ rule: 'events.delete.404', request: { method: 'DELETE', path: path() } });
  return out;
}

const RULES = [
  'events.get.404', 'acl.get.404', 'acl.put.404', 'acl.add.404', 'acl.remove.404', 'metadata.get.404', 'metadata.get-type.404', 'metadata.put.404',
  'metadata.delete.404', 'publications.list.404', 'publications.get.404-event', 'scheduling.get.404', 'scheduling.put.404', 'events.update.404', 'events.delete.404',
];

export const unknownEvent = defineProperty<Case>({
  id: 'oracle-unknown-event',
  title: 'Every endpoint of an event, with every flag and parameter, answers 404 for an unknown event',
  rules: RULES,
  // The scheduling update names a capture agent: where the server refuses evconf's and none was given, it is not sent.
  needs: { agents: ['scheduling.put.404'] },
  runsFactor: 0.1,
  // Nothing is created; every request names an identifier of the case's own.
  casesOverlap: true,
  cases: () => fc.record({
    tail: fc.stringMatching(/^[a-z0-9]{4,12}$/),
    bits: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  }),
  async check(kit, c, rules) {
    const id = `${kit.tag}-unknown-${c.tail}`;
    const agent = kit.agent(propertyAgent(kit.env, 'unknown'));
    for (const p of probes(kit, id, c.bits, agent, rules)) {
      if (!rules.includes(p.rule)) continue;
      kit.exercised.add(p.rule);
      // A write the server wrongly accepted made an event: registered for cleanup like any create.
      const r = await kit.api.send(p.request);
      if (r.status === 404) continue;
      if (r.status !== undefined && r.status >= 200 && r.status < 300 && p.request.method !== 'GET') kit.env.cleanup.add(id);
      const q = p.request.query ? `?${new URLSearchParams(p.request.query as Record<string, string>).toString()}` : '';
      const v: Verdict = broken(p.rule, `${p.request.method} ${p.request.path}${q} for an event that does not exist answered ${r.status ?? r.ex.error?.code ?? 'nothing'}`, { status: 404 }, { status: r.status ?? null, body: excerpt(r) });
      return v;
    }
    return OK;
  },
});
