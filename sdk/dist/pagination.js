/** The most items toArray() collects. */
export const MAX_TO_ARRAY = 10_000;
export class PagePromise {
    #fetchPage;
    #query;
    #first;
    constructor(fetchPage, query) {
        this.#fetchPage = fetchPage;
        this.#query = { ...query };
    }
    get [Symbol.toStringTag]() {
        return 'PagePromise';
    }
    #firstPage() {
        this.#first ??= this.#fetchPage(this.#query);
        return this.#first;
    }
    then(onfulfilled, onrejected) {
        return this.#firstPage().then(onfulfilled, onrejected);
    }
    catch(onrejected) {
        return this.#firstPage().catch(onrejected);
    }
    finally(onfinally) {
        return this.#firstPage().finally(onfinally);
    }
    get #backward() {
        return this.#query.ending_before !== undefined && this.#query.ending_before !== null;
    }
    /** Every page, the first one included, in the direction of travel. */
    async *pages() {
        const backward = this.#backward;
        let page = await this.#firstPage();
        const seen = new Set();
        for (;;) {
            yield page;
            const p = page.pagination;
            const cursor = backward ? p?.previous_cursor : p?.next_cursor;
            if (!p?.has_more || !cursor || seen.has(cursor))
                return;
            seen.add(cursor);
            const { starting_after: _a, ending_before: _b, offset: _o, page: _p, cursor: _c, ...rest } = this.#query;
            page = await this.#fetchPage({ ...rest, cursor });
        }
    }
    /** Every item of every page (backward, newest page first and each page's items reversed, when `ending_before` was given). */
    async *[Symbol.asyncIterator]() {
        const backward = this.#backward;
        for await (const page of this.pages()) {
            const items = Array.isArray(page.data) ? page.data : [];
            yield* backward ? [...items].reverse() : items;
        }
    }
    /** Collects up to `limit` items (at most 10,000) across pages. */
    async toArray(options) {
        const limit = options?.limit;
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_TO_ARRAY)
            throw new TypeError(`toArray({ limit }): limit must be an integer from 1 to ${MAX_TO_ARRAY}`);
        const out = [];
        for await (const item of this) {
            out.push(item);
            if (out.length >= limit)
                break;
        }
        return out;
    }
}
