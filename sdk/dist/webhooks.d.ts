import { APIResource } from './core.js';
import type { EventType } from './generated/meta.js';
/** The tolerance of constructEvent, in seconds. */
export declare const DEFAULT_TOLERANCE_SECONDS = 300;
/** An event as deliveries, GET /v1/events/{id} and subscriptions show it. */
export interface WebhookEvent<T extends Record<string, unknown> = Record<string, unknown>> {
    id: string;
    object: 'event';
    /** `order.created`, ... (the server's catalogue when this SDK was generated, or a newer type) */
    type: EventType | (string & {});
    /** Unix seconds */
    created: number;
    livemode: boolean;
    data: {
        object: T;
        previous_attributes?: Record<string, unknown>;
    };
    request: {
        id: string | null;
        idempotency_key: string | null;
    };
    /** who acted, when not the key itself (an agent) */
    actor?: {
        type: 'agent';
        id: string;
    };
    pending_webhooks: number;
    api_version: string;
}
/** Headers as Node gives them (`req.headers`), a plain object of any case, or a fetch `Headers`. */
export type WebhookHeaders = Headers | {
    readonly [name: string]: string | readonly string[] | undefined;
};
export interface ConstructEventOptions {
    /** seconds a delivery's timestamp may differ from now; default 300 */
    tolerance?: number;
    /** now, in Unix seconds (default: the clock) */
    now?: number;
}
/**
 * Verifies a webhook delivery and returns its event. `rawBody` is the body exactly as received
 * (read it before any JSON parsing); `secret` is the endpoint's `whsec_...` secret (or several,
 * while rotating). Throws SignatureVerificationError when no signature verifies, or when the
 * delivery's timestamp is more than `tolerance` seconds (300) from now.
 */
export declare function constructEvent<T extends Record<string, unknown> = Record<string, unknown>>(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string | readonly string[], options?: ConstructEventOptions): WebhookEvent<T>;
/** `webhooks.constructEvent(rawBody, headers, secret)` without a client. */
export declare const webhooks: {
    readonly constructEvent: typeof constructEvent;
};
/** The base of the client's `webhooks` resource: the endpoint routes plus constructEvent. */
export declare abstract class WebhookResourceBase extends APIResource {
    /** See constructEvent(). */
    constructEvent<T extends Record<string, unknown> = Record<string, unknown>>(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string | readonly string[], options?: ConstructEventOptions): WebhookEvent<T>;
}
