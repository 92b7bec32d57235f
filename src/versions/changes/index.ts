// Every version change, one module each (named after the version that introduced it). A change
// maps between its version and the previous one in src/versions/list.ts; a retired version's
// change goes with it.
import type { VersionChange } from '../change.js';
import { orderAmountAndHolds } from './2026-11-01-order-amount-and-holds.js';

export const CHANGES: readonly VersionChange[] = [orderAmountAndHolds];
