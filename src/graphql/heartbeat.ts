// WebSocket keep-alive for the GraphQL door: every socket is pinged once per interval, and one
// that has not answered (a pong, or any message) since its previous ping is terminated, so a
// client that vanished without closing (a dropped network) is found within two intervals.
//
// graphql-ws's useServer does this with a timer per socket and a ping per socket every 12 s,
// each ping setting a timeout and a pong listener: at 10,000 idle subscribers, 833 pings and
// as many timers a second, about a fifth of a core. Here one timer serves every socket: the
// sockets are spread over one slot per second of the interval, and each tick pings one slot
// (10,000 sockets at 30 s: 333 pings a second, in batches of that size, never one burst of
// 10,000), with a flag per socket instead of a timer per ping.
import type { WebSocket } from 'ws';

interface Beat {
  alive: boolean;
  slot: number;
}

export class Heartbeat {
  private readonly slots: Set<WebSocket>[];
  private readonly beats = new WeakMap<WebSocket, Beat>();
  private readonly timer: NodeJS.Timeout | undefined;
  private tick = 0;
  private next = 0;

  /** `intervalMs`: time between two pings of a socket (0: no keep-alive) */
  constructor(intervalMs: number) {
    const count = intervalMs > 0 ? Math.max(1, Math.round(intervalMs / 1000)) : 0;
    this.slots = Array.from({ length: count }, () => new Set<WebSocket>());
    if (count > 0) {
      this.timer = setInterval(() => this.beat(), intervalMs / count);
      this.timer.unref();
    }
  }

  /** Sockets watched now. */
  get size(): number {
    let n = 0;
    for (const s of this.slots) n += s.size;
    return n;
  }

  watch(socket: WebSocket): void {
    if (this.slots.length === 0) return;
    // round robin: sockets that connect together (a reconnecting fleet) are still pinged spread
    // over the interval; the first ping of a socket comes within one interval of its opening
    const beat: Beat = { alive: true, slot: this.next++ % this.slots.length };
    this.beats.set(socket, beat);
    this.slots[beat.slot].add(socket);
    const alive = () => { beat.alive = true; };
    socket.on('pong', alive);
    socket.on('message', alive);
    socket.once('close', () => this.slots[beat.slot].delete(socket));
  }

  private beat(): void {
    const slot = this.slots[this.tick];
    this.tick = (this.tick + 1) % this.slots.length;
    for (const socket of slot) {
      const beat = this.beats.get(socket)!;
      if (socket.readyState !== socket.OPEN) continue;
      if (!beat.alive) {
        // no answer to the previous ping: the peer is gone
        slot.delete(socket);
        socket.terminate();
        continue;
      }
      beat.alive = false;
      socket.ping();
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    for (const s of this.slots) s.clear();
  }
}
