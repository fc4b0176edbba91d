import { isoUtc } from '../spec/datetime.js';
/**
 * The in-memory model of the events a command sequence created (ARCHITECTURE.md § Stages: "an in-memory model"): what the
 * server must show for each live event, by the spec. Values are as sent (titles tagged); ACLs as sets of keys.
 */
export interface ModelEvent {
  /** `e1`, `e2` … in creation order: how steps name events (ids differ between runs). */
  label: string;
  id: string;
  /** dublincore/episode values as sent. */
  episode: Record<string, string | string[]>;
  /** ACL as sorted keys `allow|action|role`. */
  acl: string[];
  /** Values of the extra catalog, when the event has one. */
  extra?: Record<string, string>;
  /** Schedule slot (1.1.0+), see slotSpan. */
  slot?: number;
}

export class EventModel {
  readonly live: ModelEvent[] = [];
  readonly deleted: { label: string; id: string }[] = [];
  private created = 0;

  constructor(
    /** At most this many live events (keeps sequences small). */
    readonly maxEvents: number,
    /** Number of schedule slots (never more schedules than slots, so that creation never conflicts). */
    readonly slots: number,
  ) {}

  nextLabel(): string {
    return `e${++this.created}`;
  }

  /** The live event a command's `pick` designates. */
  pick(n: number): ModelEvent {
    return this.live[n % this.live.length];
  }

  /** A schedule slot no live event occupies, if any. */
  freeSlot(): number | undefined {
    for (let s = 0; s < this.slots; s++) if (!this.live.some((e) => e.slot === s)) return s;
    return undefined;
  }

  /** The live event other than `self` that occupies `slot`. */
  holder(slot: number, self: ModelEvent): ModelEvent | undefined {
    return this.live.find((e) => e !== self && e.slot === slot);
  }

  remove(e: ModelEvent): void {
    this.live.splice(this.live.indexOf(e), 1);
    this.deleted.push({ label: e.label, id: e.id });
  }
}

// 2099: after every scenario's window on a shared capture agent (src/scenarios/time-base.ts), so the stages may overlap.
const SLOT_BASE = Date.UTC(2099, 0, 4, 8);
const HOUR = 3_600_000;

/**
 * Slot `s`: one hour starting at 2099-01-04T08:00Z + 2·s hours (slots never touch each other); `offset` more slots
 * for a sequence of its own windows (one capture agent shared by every sequence: they never conflict).
 */
export function slotSpan(s: number, offset = 0): { start: string; end: string } {
  const start = SLOT_BASE + (s + offset) * 2 * HOUR;
  return { start: isoUtc(start), end: isoUtc(start + HOUR) };
}
