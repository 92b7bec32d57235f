// Test clocks (Stripe's test helpers), test mode only: a clock holds a frozen time; customers
// created on it (`test_clock`), and what belongs to them, read the clock's time as "now". The
// clock only moves forward: POST .../advance records the target and marks the clock
// `advancing`; the clock worker then walks it forward one step per transaction, each step to the
// earliest moment something falls due (registered ClockWork: invoices' overdue today,
// subscriptions' renewals later), running that work with events whose `created` is that moment,
// until nothing is due before the target; then the clock reads the target and is `ready`.
// Every step is its own transaction on the clock's row locked (FOR UPDATE SKIP LOCKED), so a
// crash resumes where it stopped and two processes never run one step twice.
import { z } from 'zod';
import type { Logger } from 'pino';
import { ApiError } from '../../errors.js';
import { newId } from '../../ids.js';
import { defineMutation, type Emit, type Scope, type Services, type Tx } from '../../operations/operation.js';
import { id } from '../shared-inputs.js';
import { runAt } from './system.js';

export const CLOCK_PREFIX = 'clock';
export const clockId = id(CLOCK_PREFIX);

/** The latest time a clock may show (PostgreSQL and JavaScript both hold it): 9999-12-31. */
const MAX_UNIX = 253_402_300_799;
const unixSeconds = z.number().int().min(0).max(MAX_UNIX);

/** A test clock's statuses: ready, or advancing to `advancingTo` (the worker moves it). */
export const CLOCK_STATUSES = ['ready', 'advancing'] as const;

export interface ClockRow {
  id: string;
  accountId: string;
  livemode: boolean;
  frozenTime: Date;
  status: string;
  advancingTo: Date | null;
  deletedAt: Date | null;
}

/** Live keys have no test clocks: every test-clock route and field answers 404 for them. */
export function assertTestMode(scope: Scope): void {
  if (scope.livemode) {
    throw new ApiError('RESOURCE_NOT_FOUND', 'Test clocks exist in test mode only: use a test key (sk_test_...)', { resource: 'test_clock', livemode: true });
  }
}

/** A clock of the caller, locked (FOR UPDATE, or FOR SHARE to read its time); 404 when absent or deleted. */
export async function lockClock(tx: Tx, scope: Scope, id: string, mode: 'update' | 'share', param = 'id'): Promise<ClockRow> {
  const rows = mode === 'update'
    ? await tx.$queryRaw<ClockRow[]>`
        SELECT "id", "accountId", "livemode", "frozenTime", "status", "advancingTo", "deletedAt" FROM "TestClock"
        WHERE "id" = ${id} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode} FOR UPDATE`
    : await tx.$queryRaw<ClockRow[]>`
        SELECT "id", "accountId", "livemode", "frozenTime", "status", "advancingTo", "deletedAt" FROM "TestClock"
        WHERE "id" = ${id} AND "accountId" = ${scope.accountId} AND "livemode" = ${scope.livemode} FOR SHARE`;
  const clock = rows[0];
  if (!clock || clock.deletedAt) {
    throw param === 'id' ? ApiError.notFound('test_clock', id) : new ApiError('PARENT_NOT_FOUND', `No such test clock: '${id}'`, { resource: 'test_clock', id }, param);
  }
  return clock;
}

/**
 * "Now" for something on `clockIdOrNull`: the clock's frozen time (its row share-locked, so an
 * advance cannot start underneath), or the real time without a clock. Objects of a clock that
 * is advancing cannot change until it is ready (409), as in Stripe.
 */
export async function clockNow(tx: Tx, scope: Scope, clockIdOrNull: string | null): Promise<Date> {
  if (!clockIdOrNull) return new Date();
  // a plain statement: raw transactions (an order's status move) run it too
  const rows = await tx.$queryRawUnsafe<ClockRow[]>(
    'SELECT "id", "frozenTime", "status", "deletedAt" FROM "TestClock" WHERE "id" = $1 FOR SHARE', clockIdOrNull);
  const clock = rows[0];
  if (!clock || clock.deletedAt) {
    throw new ApiError('RESOURCE_ARCHIVED', `Test clock ${clockIdOrNull} was deleted: what lives on it can no longer change`, { test_clock: clockIdOrNull });
  }
  if (clock.status !== 'ready') {
    throw new ApiError('RESOURCE_LOCKED', `Test clock ${clockIdOrNull} is advancing; retry once its status is ready`, { test_clock: clockIdOrNull, status: clock.status });
  }
  return clock.frozenTime;
}

// ---- what falls due on a clock ------------------------------------------------------------

/**
 * Time-driven work of an area on a test clock. The advance asks every registered work for
 * its earliest due moment, moves the clock there and runs every work due by then.
 */
export interface ClockWork {
  name: string;
  /** the earliest moment, at or before `until`, at which this work falls due on the clock; null: none */
  nextDue(tx: Tx, clock: ClockRow, until: Date): Promise<Date | null>;
  /** runs what is due at or before `at` (the clock reads `at`); events emitted here carry created = at */
  run(tx: Tx, clock: ClockRow, at: Date, emit: Emit, services: Services): Promise<void>;
}

const WORK: ClockWork[] = [];

/** Adds an area's work to every clock advance (called once, at module load). */
export function registerClockWork(work: ClockWork): void {
  if (!WORK.some((w) => w.name === work.name)) WORK.push(work);
}

/**
 * One step of an advancing clock, in its own transaction: the clock moves to the earliest due
 * moment (not past the target) and that work runs; with nothing due, it reads the target and
 * is ready. `busy`: another transaction holds the clock (a step of another process, or an
 * operation reading its time).
 */
export async function advanceStep(services: Services, clockIdValue: string): Promise<'more' | 'done' | 'busy'> {
  const probe = await services.db.prisma.testClock.findUnique({ where: { id: clockIdValue }, select: { accountId: true, livemode: true, status: true } });
  if (!probe || probe.status !== 'advancing') return 'done';
  let at: Date | null = null;
  return runAt(services, { accountId: probe.accountId, livemode: probe.livemode }, () => at ?? new Date(), async (tx, emit) => {
    const [clock] = await tx.$queryRaw<ClockRow[]>`
      SELECT "id", "accountId", "livemode", "frozenTime", "status", "advancingTo", "deletedAt" FROM "TestClock"
      WHERE "id" = ${clockIdValue} FOR UPDATE SKIP LOCKED`;
    if (!clock) return 'busy';
    if (clock.status !== 'advancing' || !clock.advancingTo) return 'done';
    const target = clock.advancingTo;
    let next: Date | null = null;
    for (const work of WORK) {
      const due = await work.nextDue(tx, clock, target);
      if (due && (!next || due < next)) next = due;
    }
    if (!next) {
      await tx.testClock.update({ where: { id: clock.id }, data: { frozenTime: target, status: 'ready', advancingTo: null } });
      return 'done';
    }
    // work due before the clock's time (made due in the past) runs at the clock's time
    at = next < clock.frozenTime ? clock.frozenTime : next;
    await tx.testClock.update({ where: { id: clock.id }, data: { frozenTime: at } });
    const moved = { ...clock, frozenTime: at };
    for (const work of WORK) await work.run(tx, moved, at, emit, services);
    return 'more';
  });
}

/**
 * Runs a clock's advance to its end (steps until ready; waits while another holds the clock
 * briefly). `stopping`: the server is shutting down; the rest is left to the next start-up.
 */
export async function runAdvance(services: Services, clockIdValue: string, stopping: () => boolean = () => false): Promise<void> {
  let busy = 0;
  // a bound against work that never stops falling due (each step moves the clock forward)
  for (let i = 0; i < 100_000 && !stopping(); i++) {
    const step = await advanceStep(services, clockIdValue);
    if (step === 'done') return;
    if (step === 'busy') {
      // another process's step, or an operation reading the clock: look again shortly; after
      // ~5 s leave it to the worker's next round (another process may be running it)
      if (++busy > 100) return;
      await new Promise((r) => setTimeout(r, 50));
    } else {
      busy = 0;
    }
  }
}

/** Told a clock began advancing (after the commit): the clock worker of this process runs it at once. */
export const clockWake = new Set<(clock: string) => void>();

/**
 * The clock worker: at start-up and every `intervalMs` it finishes every advancing clock
 * (one left by a crash included); woken by an advance made in this process.
 */
export function startClockWorker(services: Services, logger: Logger, intervalMs: number): { stop(): Promise<void>; wake(clock: string): void } {
  let stopped = false;
  const running = new Map<string, Promise<void>>();
  const run = (id: string) => {
    if (stopped || running.has(id)) return;
    const p = runAdvance(services, id, () => stopped)
      .catch((err) => logger.warn({ err, test_clock: id }, 'advancing a test clock failed; the next round retries'))
      .finally(() => running.delete(id));
    running.set(id, p);
  };
  const round = async () => {
    try {
      const advancing = await services.db.prisma.testClock.findMany({ where: { status: 'advancing' }, select: { id: true }, take: 100 });
      for (const c of advancing) run(c.id);
    } catch (err) {
      logger.warn({ err }, 'looking for advancing test clocks failed; the next round retries');
    }
  };
  void round();
  const timer = setInterval(() => void round(), intervalMs);
  timer.unref();
  return {
    wake: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}

// ---- operations ---------------------------------------------------------------------------

type ClockModel = Awaited<ReturnType<Tx['testClock']['create']>>;

export const createTestClock = defineMutation({
  name: 'test_clocks.create',
  permission: 'test_clocks:write',
  model: 'TestClock',
  input: z.strictObject({
    frozenTime: unixSeconds,
    name: z.string().trim().min(1).max(300).nullable().optional(),
  }),
  async run(tx, scope, input) {
    assertTestMode(scope);
    return tx.testClock.create({
      data: {
        id: newId(CLOCK_PREFIX), accountId: scope.accountId, livemode: scope.livemode, name: input.name ?? null,
        frozenTime: new Date(input.frozenTime * 1000), status: 'ready',
      },
    });
  },
});

export const advanceTestClock = defineMutation({
  name: 'test_clocks.advance',
  permission: 'test_clocks:write',
  model: 'TestClock',
  input: z.strictObject({ id: clockId, frozenTime: unixSeconds }),
  async run(tx, scope, input): Promise<ClockModel> {
    assertTestMode(scope);
    const clock = await lockClock(tx, scope, input.id, 'update');
    if (clock.status !== 'ready') {
      throw new ApiError('RESOURCE_LOCKED', `Test clock ${clock.id} is already advancing to ${Math.floor(clock.advancingTo!.getTime() / 1000)}; advance it again once its status is ready`, {
        test_clock: clock.id, status: clock.status, advancing_to: clock.advancingTo ? Math.floor(clock.advancingTo.getTime() / 1000) : null,
      });
    }
    const current = Math.floor(clock.frozenTime.getTime() / 1000);
    if (input.frozenTime <= current) {
      throw new ApiError('INVALID_FIELD_VALUE', `frozen_time must be after the clock's current time ${current}: a test clock only moves forward`, {
        test_clock: clock.id, frozen_time: current, requested: input.frozenTime,
      }, 'frozen_time');
    }
    return tx.testClock.update({ where: { id: clock.id }, data: { status: 'advancing', advancingTo: new Date(input.frozenTime * 1000) } });
  },
});

export const deleteTestClock = defineMutation({
  name: 'test_clocks.delete',
  permission: 'test_clocks:write',
  model: 'TestClock',
  input: z.strictObject({ id: clockId }),
  async run(tx, scope, input) {
    assertTestMode(scope);
    const clock = await lockClock(tx, scope, input.id, 'update');
    if (clock.status !== 'ready') {
      throw new ApiError('RESOURCE_LOCKED', `Test clock ${clock.id} is advancing; delete it once its status is ready`, { test_clock: clock.id, status: clock.status });
    }
    // kept, hidden: its customers and invoices still name it, and their time stays frozen
    return tx.testClock.update({ where: { id: clock.id }, data: { deletedAt: new Date() } });
  },
  represent: (row) => ({ id: row.id, object: 'test_clock', deleted: true }),
});
