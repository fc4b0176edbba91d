import type { ApiVersion, Capabilities, MediaFile } from '../model/index.js';
import { SHIPPED_MEDIA } from './media.js';

export type { Capabilities, Choice } from '../model/index.js';

/** What evconf assumes without a probe (a server that accepts everything optional). */
export function openCapabilities(version: ApiVersion, fieldIds: Record<string, string> = {}): Capabilities {
  return { version, media: null, agents: { kind: 'own' }, series: { kind: 'own' }, fieldIds };
}

/** Capabilities of a server that needs media (tests and the load stage). */
export function withMedia(c: Capabilities, media: MediaFile = SHIPPED_MEDIA): Capabilities {
  return { ...c, media };
}

/** The capture agent a schedule uses: evconf's own id, the user's, or undefined when schedules cannot be made. */
export function agentFor(c: Capabilities | undefined, own: string): string | undefined {
  const a = c?.agents ?? { kind: 'own' };
  return a.kind === 'own' ? own : a.kind === 'fixed' ? a.id : undefined;
}

/** The series identifier a create uses, or undefined when none can be sent. */
export function seriesFor(c: Capabilities | undefined, own: string): string | undefined {
  const s = c?.series ?? { kind: 'own' };
  return s.kind === 'own' ? own : s.kind === 'fixed' ? s.id : undefined;
}

/** Why checks that need `what` cannot run, or undefined when they can. */
export function missing(c: Capabilities | undefined, what: 'agents' | 'series'): string | undefined {
  const x = c?.[what];
  return x?.kind === 'none' ? x.reason : undefined;
}

/** A dublincore/episode field id as the server names it. */
export function serverField(c: Capabilities | undefined, field: string): string {
  return c?.fieldIds[field] ?? field;
}

/** The evconf field name of a server field id (the inverse of serverField). */
export function evconfField(c: Capabilities | undefined, id: string): string {
  if (!c) return id;
  for (const [k, v] of Object.entries(c.fieldIds)) if (v === id) return k;
  return id;
}
