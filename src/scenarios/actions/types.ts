import type { Exchange } from '../../model/index.js';
import type { Need } from '../../core/needs.js';
import type { VersionEnv } from '../../core/version-env.js';

/** What an action did: its exchanges (the last is what checks look at) and a value to check and save. */
export interface ActionOutcome {
  exchanges: Exchange[];
  value: unknown;
}

/** What an action needs from the server (src/core/needs.ts): fixed, or read from its (interpolated) parameters. */
export type ActionNeeds = readonly Need[] | ((params: Record<string, unknown>) => readonly Need[]);

/**
 * An action: several requests or a computed expectation behind one scenario step (`action: name`). `needs`: what it
 * needs from the server; the engine checks it before the action runs, and a step whose needs the server refused is
 * not run but skipped with the reason, like one built on an Unavailable value.
 */
export type Action = ((env: VersionEnv, params: Record<string, unknown>, vars: Readonly<Record<string, unknown>>) => Promise<ActionOutcome>) & { needs?: ActionNeeds };

/**
 * One scenario action, declared once: the name a scenario step gives (`action: name`), what it does and what its
 * value holds (for whoever writes a scenario), and its implementation. actions/index.ts gathers every declaration;
 * the scenario loader accepts exactly their names.
 */
export interface ActionDef {
  readonly name: string;
  readonly doc: string;
  readonly run: Action;
  /**
   * How many settle windows the action usually waits (default 0): a scenario's cost, by which the scenario stage
   * starts the longest first (src/scenarios/phase.ts longestFirst). An action that waits for a write made while
   * processing runs waits rounds of create, read and wait: it would be the stage's tail if started last.
   */
  readonly cost?: number;
  /**
   * The action only reads (GET requests): as a `shared` last step of an exclusive scenario it holds no lock, so it
   * runs beside the other exclusive scenarios' steps that are alone (a read hides no other scenario's wrong answer).
   */
  readonly readOnly?: boolean;
}

/** The implementation of an action that declares what it needs. */
export function needing(needs: ActionNeeds, action: Action): Action {
  return Object.assign((env: VersionEnv, params: Record<string, unknown>, vars: Readonly<Record<string, unknown>>) => action(env, params, vars), { needs });
}

/** What an action needs for these parameters. */
export function actionNeeds(action: Action, params: Record<string, unknown>): readonly Need[] {
  const n = action.needs;
  return n === undefined ? [] : typeof n === 'function' ? n(params) : n;
}

type Item = Record<string, unknown>;

/** Needs of an action whose `scheduling` parameter, when given, schedules on a capture agent (spec § POST /api/events, part scheduling). */
export const schedulingNeeds = (params: Record<string, unknown>): readonly Need[] => (params.scheduling !== undefined ? ['agents'] : []);

/**
 * Needs of an action creating the events of its `events` parameter: a capture agent when one of them is scheduled,
 * several agents of the scenario's own when one names an agent of its own (events on different agents may overlap).
 */
export function eventsNeeds(scheduled: (e: Item) => boolean, ownAgent: (e: Item) => boolean): (params: Record<string, unknown>) => readonly Need[] {
  return (params) => {
    const events = (Array.isArray(params.events) ? params.events : []).filter((e): e is Item => e !== null && typeof e === 'object');
    const out: Need[] = [];
    if (events.some(scheduled)) out.push('agents');
    if (events.some(ownAgent)) out.push('several-agents');
    return out;
  };
}
