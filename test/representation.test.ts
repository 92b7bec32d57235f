// The REST representation (src/representation.ts): the generic mapping is compiled per model and
// per set of carried fields into one object literal (a row built key by key past about 16 keys
// becomes a dictionary-mode object in V8). The compiled mappings must answer exactly what the
// key-by-key reference answers: the same keys, in the same order, with the same values.
import { describe, expect, it } from 'vitest';
import { present, presentFields, presentGenerically } from '../src/representation.js';
import { modelInfo } from '../src/db/models.js';

// a seeded generator, so that a failure names a reproducible case
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const created = new Date('2026-03-01T10:00:00.500Z');
const item = (n: number) => ({ id: `oi_${n}`, orderId: 'ord_1', name: `thing ${n}`, quantity: n, unitAmount: 250, position: n, createdAt: created });
const fullOrder = (): Record<string, unknown> => ({
  id: 'ord_1', accountId: 'acct_1', livemode: false, status: 'pending', amount: 1250, currency: 'usd',
  customerId: 'cus_1', metadata: { a: '1' }, createdAt: created, updatedAt: new Date('2026-03-02T00:00:00Z'),
  cancelledAt: null, items: [item(1), item(2)],
});

describe('present (compiled per carried field set)', () => {
  it('answers an order with its items exactly as the key-by-key mapping: keys, order, values', () => {
    const row = fullOrder();
    const compiled = presentFields('Order', row);
    const reference = presentGenerically('Order', row);
    expect(JSON.stringify(compiled)).toBe(JSON.stringify(reference));
    expect(compiled).toMatchObject({ id: 'ord_1', object: 'order', livemode: false, created: 1772359200, customer: 'cus_1', cancelled_at: null });
    expect((compiled.items as Record<string, unknown>[]).map((i) => i.object)).toEqual(['order_item', 'order_item']);
  });

  it('agrees on random subsets of fields of every model, including absent livemode, nulls, bigints and relations', () => {
    const random = seeded(20261129);
    for (const model of ['Order', 'Customer', 'Product', 'Payment', 'Event', 'WebhookEndpoint']) {
      const fields = [...modelInfo(model).fields.values()];
      for (let round = 0; round < 60; round++) {
        const row: Record<string, unknown> = { id: `x_${round}` };
        for (const f of fields) {
          if (f.name === 'id' || random() < 0.3) continue; // absent: no key in the answer
          const r = random();
          if (f.kind !== 'scalar') row[f.name] = r < 0.3 ? null : f.isList ? [] : undefined;
          else if (r < 0.15) row[f.name] = null;
          else if (f.type === 'DateTime') row[f.name] = new Date(1_700_000_000_000 + Math.floor(r * 1e9));
          else if (f.type === 'BigInt') row[f.name] = BigInt(Math.floor(r * 1e12));
          else if (f.type === 'Int' || f.type === 'Float') row[f.name] = Math.floor(r * 1000);
          else if (f.type === 'Boolean') row[f.name] = r < 0.5;
          else if (f.type === 'Json') row[f.name] = { k: r };
          else row[f.name] = `v${r}`;
        }
        if (random() < 0.2) delete row.livemode;
        const compiled = present(model, row);
        expect(JSON.stringify(compiled), `${model} round ${round}`).toBe(JSON.stringify(presentGenerically(model, row)));
        expect(Object.keys(compiled)).toEqual(Object.keys(presentGenerically(model, row)));
      }
    }
  });

  it('keeps answering past the bound of compiled field sets (the key-by-key mapping takes over)', () => {
    const fields = [...modelInfo('Customer').fields.values()].filter((f) => f.kind === 'scalar' && f.name !== 'id');
    // more distinct field sets than are compiled per model
    for (let n = 0; n < 80; n++) {
      const row: Record<string, unknown> = { id: `cus_${n}` };
      fields.forEach((f, i) => {
        if ((n >> (i % 7)) & 1) row[f.name] = f.type === 'DateTime' ? created : null;
      });
      expect(JSON.stringify(present('Customer', row))).toBe(JSON.stringify(presentGenerically('Customer', row)));
    }
  });
});
