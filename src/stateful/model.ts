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
  /** The dublincore/episode values the event was created with (what a re-create sends again). */
  origin?: Record<string, string | string[]>;
  /** ACL as sorted keys `allow|action|role`. */
  acl: string[];
  /** Values of the extra catalog, when the event has one. */
  extra?: Record<string, string>;
  /** Schedule slot (1.1.0+), see slotSpan. */
  slot?: number;
  /**
   * Tracks of the stage's own flavor (TRACK_FLAVOR) that POST /track added and GET /media must list; undefined
   * until the first upload (the tracks an event has from its creation are not the model's business).
   */
  tracks?: number;
  /**
   * Whether the event's dublincore/episode fields are known: false for the occurrences of a recurring create, whose
   * catalog the spec does not describe field by field (only the fields written to them later are judged).
   */
  catalogKnown?: boolean;
}

/** The flavor of the tracks the stateful stage uploads (addendum § POST /track: "form type/subtype"). */
export const TRACK_FLAVOR = 'captions/evconf+en';

/** Slots between the two occurrences of a recurring create (a daily rule: 24 hours = 12 slots of 2 hours). */
export const OCCURRENCE_GAP = 12;

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

  /** A slot `s` below `slots` such that `s` and `s + OCCURRENCE_GAP` are both free (a daily rule of two occurrences). */
  freePair(): number | undefined {
    for (let s = 0; s < this.slots; s++) if (!this.live.some((e) => e.slot === s || e.slot === s + OCCURRENCE_GAP)) return s;
    return undefined;
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
 * for a sequence of its own windows (one capture agent shared by every sequence: they never conflict). A sequence
 * uses slots 0 … slots - 1 and, for the second occurrence of a recurring create, those OCCURRENCE_GAP later.
 */
export function slotSpan(s: number, offset = 0): { start: string; end: string } {
  const start = SLOT_BASE + (s + offset) * 2 * HOUR;
  return { start: isoUtc(start), end: isoUtc(start + HOUR) };
}
