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
export declare const MAX_TO_ARRAY = 10000;
export declare class PagePromise<Page extends PageLike<Item>, Item> implements PromiseLike<WithResponse<Page>>, AsyncIterable<Item> {
    #private;
    constructor(fetchPage: (query: QueryParams) => Promise<WithResponse<Page>>, query: QueryParams);
    get [Symbol.toStringTag](): string;
    then<R1 = WithResponse<Page>, R2 = never>(onfulfilled?: ((page: WithResponse<Page>) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2>;
    catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<WithResponse<Page> | R>;
    finally(onfinally?: (() => void) | null): Promise<WithResponse<Page>>;
    /** Every page, the first one included, in the direction of travel. */
    pages(): AsyncGenerator<WithResponse<Page>, void, undefined>;
    /** Every item of every page (backward, newest page first and each page's items reversed, when `ending_before` was given). */
    [Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined>;
    /** Collects up to `limit` items (at most 10,000) across pages. */
    toArray(options: {
        limit: number;
    }): Promise<Item[]>;
}
