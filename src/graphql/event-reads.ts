// Reads a subscription makes for an event, shared by every subscriber that would make the same
// one. A subscription field that reads the database per event (orderUpdated: does the changed
// order match the subscriber's `where`, then the order with the subscriber's selection) would
// otherwise cost one read per subscriber per event: at 10,000 subscribers, 20,000 queries for
// one order change. Keyed by the event, the scope (account and mode), the subscriber's filter
// with its permission guards, and the selection, the read is made once and its promise shared
// by all subscribers with that key; each subscriber still gets exactly what its own filter
// and permissions allow, since those are part of the key. Entries live a few seconds (the
// subscribers of one event take them within milliseconds) and are bounded in number.
import type { Services } from '../operations/operation.js';

const ENTRY_TTL_MS = 5000;
const MAX_ENTRIES = 20_000;

export class EventReads {
  private readonly entries = new Map<string, { value: Promise<unknown>; at: number }>();
  /** reads made, and reads answered by an entry another subscriber made (for tests and /metrics) */
  readonly counts = { made: 0, shared: 0 };

  /** The value of `key`, loaded once however many subscribers ask within ENTRY_TTL_MS. */
  get<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    this.sweep(now);
    const hit = this.entries.get(key);
    if (hit) {
      this.counts.shared++;
      return hit.value as Promise<T>;
    }
    this.counts.made++;
    const value = load();
    this.entries.set(key, { value, at: now });
    // a failed read is not kept: the next subscriber tries again
    value.catch(() => this.entries.delete(key));
    return value;
  }

  private sweep(now: number) {
    // insertion order is time order: expired entries are at the front
    for (const [key, entry] of this.entries) {
      if (now - entry.at < ENTRY_TTL_MS && this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(key);
    }
  }
}

const perServer = new WeakMap<Services, EventReads>();

/** The shared reads of one server (its services). */
export function eventReads(services: Services): EventReads {
  let reads = perServer.get(services);
  if (!reads) {
    reads = new EventReads();
    perServer.set(services, reads);
  }
  return reads;
}
