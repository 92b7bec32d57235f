// The value conventions of plain statements on pg (src/db/pg-rows.ts): PostgreSQL's text form of
// a timestamp is read straight into the same instant pg's own parser gives, for every offset
// form a session's time zone can print, and what the fast reader does not take goes to pg's.
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { parseTimestamp, rowTypes, sqlParam } from '../../src/db/pg-rows.js';

const pgParse = pg.types.getTypeParser(1184, 'text') as (text: string) => Date | number;

describe('parseTimestamp', () => {
  it('reads every zoned form PostgreSQL prints as pg does', () => {
    const texts = [
      '2026-03-01 10:00:00+00', '2026-03-01 10:00:00.1+00', '2026-03-01 10:00:00.12+00', '2026-03-01 10:00:00.123+00',
      '2026-03-01 10:00:00.123456+00', '2026-03-01 10:00:00.999999+00', '1999-12-31 23:59:59.5-08',
      '2026-03-01 10:00:00.123+05:30', '2026-03-01 00:15:00-03:30', '1900-01-01 00:00:00+00:09:21', '1883-11-18 12:00:00-04:56:02',
      '2024-02-29 12:34:56.789+14', '0100-01-01 00:00:00+00', '9999-12-31 23:59:59.999+00',
    ];
    for (const text of texts) {
      const ours = parseTimestamp(text, true);
      expect(ours.getTime(), text).toBe((pgParse(text) as Date).getTime());
    }
  });

  it('drops digits past the millisecond, as Date does', () => {
    expect(parseTimestamp('2026-03-01 10:00:00.123999+00', true).toISOString()).toBe('2026-03-01T10:00:00.123Z');
  });

  it('reads a timestamp without a zone as UTC (as Prisma does), not as local time', () => {
    expect(parseTimestamp('2026-03-01 10:00:00.5', false).toISOString()).toBe('2026-03-01T10:00:00.500Z');
    // the forms handed to pg, without a zone: the same instant as with +00
    expect(parseTimestamp('0044-03-15 12:00:00 BC', false).getTime()).toBe((pgParse('0044-03-15 12:00:00+00 BC') as Date).getTime());
    expect(parseTimestamp('0050-06-01 00:00:00', false).getTime()).toBe((pgParse('0050-06-01 00:00:00+00') as Date).getTime());
    expect(parseTimestamp('infinity', false)).toBe(pgParse('infinity'));
  });

  it('hands what it does not take to pg: BC, infinity, years past 9999 or before 100', () => {
    for (const text of ['0044-03-15 12:00:00+00 BC', '0050-06-01 00:00:00+00', '10000-01-01 00:00:00+00']) {
      const ours = parseTimestamp(text, true);
      expect(ours.getTime(), text).toBe((pgParse(text) as Date).getTime());
    }
    expect(parseTimestamp('infinity', true)).toBe(pgParse('infinity'));
  });

  it('row types: timestamps as Date, int8 as bigint, a date as its text; parameters as Prisma sends them', () => {
    expect(rowTypes.getTypeParser(1184, 'text')('2026-03-01 10:00:00+00')).toEqual(new Date('2026-03-01T10:00:00Z'));
    expect(rowTypes.getTypeParser(20, 'text')('9007199254740993')).toBe(9007199254740993n);
    expect(rowTypes.getTypeParser(1082, 'text')('2026-03-01')).toBe('2026-03-01');
    expect(sqlParam(12n)).toBe('12');
    expect(sqlParam(new Date('2026-03-01T10:00:00Z'))).toBe('2026-03-01T10:00:00.000Z');
    expect(sqlParam('x')).toBe('x');
  });
});

describe('statementNames', () => {
  it('names a text on its minUses-th use, the same name ever after, and at most max texts', async () => {
    const { statementNames } = await import('../../src/db/pg-rows.js');
    const name = statementNames('t_', 2, 2);
    expect(name('a')).toBeUndefined(); // a first use: a one-off text takes no slot
    expect(name('a')).toBe('t_0');
    expect(name('a')).toBe('t_0');
    expect(name('b')).toBeUndefined();
    expect(name('c')).toBeUndefined();
    expect(name('c')).toBe('t_1');
    // the slots are taken: every other text runs unnamed, however often
    for (let i = 0; i < 5; i++) expect(name('b')).toBeUndefined();
    expect([name('a'), name('c')]).toEqual(['t_0', 't_1']);
  });

  it('names at once with minUses 1, and forgets candidates in bulk under a flood of one-off texts', async () => {
    const { statementNames } = await import('../../src/db/pg-rows.js');
    expect(statementNames('r_', 1)('x')).toBe('r_0');
    const name = statementNames('f_', 3, 2);
    name('hot');
    for (let i = 0; i < 100; i++) name(`one-off ${i}`);
    // the hot text's first use was forgotten with the flood (30 candidates at most): it counts again
    expect(name('hot')).toBeUndefined();
    expect(name('hot')).toBe('f_0');
  });
});
