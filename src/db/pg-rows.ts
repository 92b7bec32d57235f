// Plain statements on a `pg` pool, rows as arrays: what the lean read path (lean-read.ts) runs
// its compiled statements on, and the value conventions raw transactions share
// (raw-transaction.ts).
//
// Why not Prisma's driver adapter, which sends the same statement on the same pool: per statement
// it maps every argument by its declared type and clones the query's type parsers, and per row it
// rewrites every timestamp with two regular expressions into an ISO string that the reader then
// parses again into a Date. On a list page of 50 orders that was about a tenth of the request's
// CPU. Here a timestamp is read straight into a Date.
//
// Values as Prisma's raw queries have them: a bigint or Date parameter is sent as text (a
// decimal, an ISO 8601 instant); in rows, int8 comes back as bigint, json and jsonb parsed,
// timestamps as Date (one without a zone read as UTC, as Prisma reads it), a `date` as its text
// (the reader makes it UTC midnight, as Prisma does), booleans, int4 and float8 as such. The
// lean path keeps json as text (leanTypes).
import pg from 'pg';

const INT8 = 20;
const JSON_TYPE = 114;
const JSONB = 3802;
const DATE = 1082;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const d = text.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return -1;
    value = value * 10 + d;
  }
  return value;
}

const timestamptzOf = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => Date;

/**
 * PostgreSQL's text form of a timestamp (ISO DateStyle: `2026-03-01 10:00:00.123+00`, with an
 * offset of hours, minutes and seconds when the session's zone has one) read into a Date;
 * `zoned` false: a timestamp without time zone, read as UTC. Sub-millisecond digits are
 * dropped, as Date cannot hold them. Anything else (years before 100 or past 9999, BC,
 * infinity) goes to pg's own parser.
 */
export function parseTimestamp(text: string, zoned: boolean): Date {
  const n = text.length;
  if (n >= 19 && text.charCodeAt(4) === 45 && text.charCodeAt(7) === 45 && text.charCodeAt(10) === 32 && text.charCodeAt(13) === 58 && text.charCodeAt(16) === 58) {
    const year = digits(text, 0, 4);
    const month = digits(text, 5, 2);
    const day = digits(text, 8, 2);
    const hour = digits(text, 11, 2);
    const minute = digits(text, 14, 2);
    const second = digits(text, 17, 2);
    let i = 19;
    let ms = 0;
    if (i < n && text.charCodeAt(i) === 46) {
      i++;
      let scale = 100;
      for (; i < n; i++) {
        const d = text.charCodeAt(i) - 48;
        if (d < 0 || d > 9) break;
        if (scale >= 1) ms += d * scale;
        scale /= 10;
      }
    }
    let offsetSeconds = 0;
    let fine = year >= 100 && month >= 1 && day >= 1 && hour >= 0 && minute >= 0 && second >= 0;
    if (i < n) {
      const sign = text.charCodeAt(i);
      const hours = digits(text, i + 1, 2);
      fine &&= zoned && (sign === 43 || sign === 45) && hours >= 0 && i + 3 <= n;
      i += 3;
      let minutes = 0;
      let seconds = 0;
      if (i < n && text.charCodeAt(i) === 58) {
        minutes = digits(text, i + 1, 2);
        i += 3;
        if (i < n && text.charCodeAt(i) === 58) {
          seconds = digits(text, i + 1, 2);
          i += 3;
        }
      }
      fine &&= minutes >= 0 && seconds >= 0;
      offsetSeconds = (sign === 45 ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds);
    }
    if (fine && i === n) return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetSeconds * 1000);
  }
  if (zoned || text === 'infinity' || text === '-infinity') return timestamptzOf(text);
  // without a zone: the same instant in UTC
  return timestamptzOf(text.endsWith(' BC') ? `${text.slice(0, -3)}+00 BC` : `${text}+00`);
}

/** The type parsers of rows read here (see the header). */
export const rowTypes: { getTypeParser(oid: number, format?: 'text' | 'binary'): (text: string) => unknown } = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (format !== 'binary') {
      if (oid === TIMESTAMPTZ) return (text: string) => parseTimestamp(text, true);
      if (oid === TIMESTAMP) return (text: string) => parseTimestamp(text, false);
      if (oid === INT8) return (text: string) => BigInt(text);
      if (oid === DATE) return (text: string) => text;
    }
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** A parameter as Prisma's raw queries send it. */
export function sqlParam(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * The lean path's: the same, but json and jsonb stay text, which the row maker parses when it
 * builds the row (lean-read.ts). Parsed as each row arrives, a page's nested lists lived through
 * the rest of the read as objects instead of one string each: about twice the time in garbage
 * collection on a page of orders with their items.
 */
const leanTypes: typeof rowTypes = {
  getTypeParser(oid, format) {
    if ((oid === JSON_TYPE || oid === JSONB) && format !== 'binary') return (text: string) => text;
    return rowTypes.getTypeParser(oid, format);
  },
};

export interface LeanStatement {
  sql: string;
  args: unknown[];
}

/**
 * Names for prepared statements: a text gets one name, the same on every connection, so that
 * PostgreSQL parses and plans it once per connection and then runs it by name (pg prepares a
 * name on a connection the first time it sends it there). At most `max` texts are named, the
 * first to reach `minUses` uses; any other text runs unnamed, parsed and planned each time, as
 * before. Each connection's server process keeps a plan per name it ran, so `max` bounds that
 * memory; `minUses` keeps one-off texts from taking the slots.
 */
export function statementNames(prefix: string, max: number, minUses = 1): (text: string) => string | undefined {
  const names = new Map<string, string>();
  const uses = new Map<string, number>();
  return (text) => {
    const name = names.get(text);
    if (name !== undefined || names.size >= max) return name;
    const n = (uses.get(text) ?? 0) + 1;
    if (n < minUses) {
      // candidates are forgotten in bulk once there are many: a flood of one-off texts cannot grow this
      if (uses.size >= 10 * max) uses.clear();
      uses.set(text, n);
      return undefined;
    }
    uses.delete(text);
    const made = `${prefix}${names.size}`;
    names.set(text, made);
    return made;
  };
}

/**
 * The lean reads' names: a read's text is its shape (a selection, filter and order), its values
 * are parameters. Shapes come from requests (a GraphQL selection is one), hence the bound and the
 * second use: 128 shapes cover an application's hot queries; planning was half of PostgreSQL's
 * CPU for a list page of orders (bench/results.md).
 */
const leanStatementName = statementNames('lean_', 128, 2);

/**
 * A lean statement as pg's own Query, rows as arrays with leanTypes. pg copies every query given
 * as a config object, property descriptors and all (about 2% of a list read's CPU); a Query made
 * from the text and values is taken as it is. The pool's client sets its callback.
 */
class LeanQuery extends pg.Query {
  constructor(text: string, values: unknown[], name: string | undefined) {
    super(text, values);
    const self = this as unknown as { name?: string; types: unknown; _rowMode: string; _result: unknown; _results: unknown };
    if (name !== undefined) self.name = name;
    self.types = leanTypes;
    self._rowMode = 'array';
    self._result = self._results = new (pg as unknown as { Result: new (rowMode: string, types: unknown) => unknown }).Result('array', leanTypes);
  }
}

/** Where the lean read path sends its statements. */
export interface LeanQueryable {
  /** the PostgreSQL schema the tables are in, as Prisma qualifies them */
  schemaName: string;
  /** the statement's rows, each an array of its columns' values */
  query(statement: LeanStatement): Promise<unknown[][]>;
}

/**
 * Statements on `pool` (outside any transaction), counted in `counter` as the database counts
 * Prisma's; `prepared`: run as named prepared statements (leanStatementName).
 */
export function leanQueryable(pool: pg.Pool, counter: { n: number }, opts: { prepared?: boolean; schemaName?: string } = {}): LeanQueryable {
  const prepared = opts.prepared ?? false;
  return {
    schemaName: opts.schemaName ?? 'public',
    async query(statement) {
      counter.n++;
      const name = prepared ? leanStatementName(statement.sql) : undefined;
      const result = await (pool.query(new LeanQuery(statement.sql, statement.args.map(sqlParam), name) as never) as Promise<pg.QueryResult>);
      return result.rows as unknown[][];
    },
  };
}
