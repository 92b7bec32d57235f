// Every version change, one module each (named after the version that introduced it). A change
// maps between its version and the previous one in src/versions/list.ts; a retired version's
// change goes with it. PREVIEWS are the changes of alpha and beta versions newer than the
// native one (their directions turned: ../change.ts PreviewChange).
import type { PreviewChange, VersionChange } from '../change.js';
import { orderAmountAndHolds } from './2026-11-01-order-amount-and-holds.js';
import { orderAmounts } from './2026-11-15-order-amounts.js';

export const CHANGES: readonly VersionChange[] = [orderAmountAndHolds];

export const PREVIEWS: readonly PreviewChange[] = [orderAmounts];
