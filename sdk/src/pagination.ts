// Auto-paging lists. A list call returns a PagePromise: `await` it for the first page, or
// iterate it (`for await`) for every item of every page, following the API's list conventions
// (src/rest/list.ts): `pagination.has_more` and `next_cursor` forward, or `previous_cursor`
// backward when the first request named `ending_before`. The page size (`limit`), filters and
// sort order stay the same on every page.
import type { QueryParams, WithResponse } from './core.js';

/** A page of a list: `{ object: 'list', data, pagination }`. */
export interface PageLike<T> {
  data?: T[];
  pagination?: {
    has_more?: boolean;
    next_cursor?: string | null;
    previous_cursor?: string | null;
    total_count?: number;
    [key: string]: unknown;
  };
}

/** A page of a list route whose answer the document does not describe. */
export interface ListPage<T> {
  object: 'list';
  data: T[];
  pagination: {
    has_more: boolean;
    next_cursor: string | null;
    previous_cursor: string | null;
    total_count: number;
    page_count: number;
    current_page: number;
    limit: number;
  };
  [key: string]: unknown;
}

/** The most items toArray() collects. */
export const MAX_TO_ARRAY = 10_000;

export class PagePromise<Page extends PageLike<Item>, Item> implements PromiseLike<WithResponse<Page>>, AsyncIterable<Item> {
  readonly #fetchPage: (query: QueryParams) => Promise<WithResponse<Page>>;
  readonly #query: QueryParams;
  #first: Promise<WithResponse<Page>> | undefined;

  constructor(fetchPage: (query: QueryParams) => Promise<WithResponse<Page>>, query: QueryParams) {
    this.#fetchPage = fetchPage;
    this.#query = { ...query };
  }

  get [Symbol.toStringTag](): string {
    return 'PagePromise';
  }

  #firstPage(): Promise<WithResponse<Page>> {
    this.#first ??= this.#fetchPage(this.#query);
    return this.#first;
  }

  then<R1 = WithResponse<Page>, R2 = never>(
    onfulfilled?: ((page: WithResponse<Page>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#firstPage().then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<WithResponse<Page> | R> {
    return this.#firstPage().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<WithResponse<Page>> {
    return this.#firstPage().finally(onfinally);
  }

  get #backward(): boolean {
    return this.#query.ending_before !== undefined && this.#query.ending_before !== null;
  }

  /** Every page, the first one included, in the direction of travel. */
  async *pages(): AsyncGenerator<WithResponse<Page>, void, undefined> {
    const backward = this.#backward;
    let page = await this.#firstPage();
    const seen = new Set<string>();
    for (;;) {
      yield page;
      const p = page.pagination;
      const cursor = backward ? p?.previous_cursor : p?.next_cursor;
      if (!p?.has_more || !cursor || seen.has(cursor)) return;
      seen.add(cursor);
      const { starting_after: _a, ending_before: _b, offset: _o, page: _p, cursor: _c, ...rest } = this.#query;
      page = await this.#fetchPage({ ...rest, cursor });
    }
  }

  /** Every item of every page (backward, newest page first and each page's items reversed, when `ending_before` was given). */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const backward = this.#backward;
    for await (const page of this.pages()) {
      const items = Array.isArray(page.data) ? page.data : [];
      yield* backward ? [...items].reverse() : items;
    }
  }

  /** Collects up to `limit` items (at most 10,000) across pages. */
  async toArray(options: { limit: number }): Promise<Item[]> {
    const limit = options?.limit;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_TO_ARRAY) throw new TypeError(`toArray({ limit }): limit must be an integer from 1 to ${MAX_TO_ARRAY}`);
    const out: Item[] = [];
    for await (const item of this) {
      out.push(item);
      if (out.length >= limit) break;
    }
    return out;
  }
}
