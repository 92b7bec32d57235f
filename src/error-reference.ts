// What each error code of the catalogue (src/errors.ts) means and what a client should do:
// served as GET /v1/errors and written to docs/errors.md (npm run --silent docs). Typed by
// the catalogue, so a code without an entry here does not compile.
import { DOCS_BASE, ERROR_CATALOG, SPEC_LOWERCASE_CODES, type ErrorCode, type SpecLowercaseCode } from './errors.js';

interface Help {
  meaning: string;
  action: string;
}

const HELP: Record<ErrorCode | SpecLowercaseCode, Help> = {
  MISSING_AUTH_HEADER: { meaning: 'The request has no Authorization header.', action: 'Send `Authorization: Bearer <API key or access token>`.' },
  MISSING_API_KEY: { meaning: 'The Authorization header has nothing after `Bearer`.', action: 'Put the key after `Bearer `.' },
  INVALID_API_KEY: { meaning: 'The key is unknown or revoked.', action: 'Check the key; create a new one if it was revoked.' },
  EXPIRED_API_KEY: { meaning: 'The key is past its expiry.', action: 'Use the key that replaced it, or create a new one.' },
  INVALID_TOKEN_FORMAT: { meaning: 'The Authorization header is not `Bearer <token>`.', action: 'Send `Authorization: Bearer <token>`.' },
  INACTIVE_ACCOUNT: { meaning: "The key's account is suspended.", action: 'Contact the operator of this server.' },
  MISSING_SIGNATURE: { meaning: 'This operation must be signed (a large transfer, an issuance) and carries no X-Signature.', action: 'Send X-Signature (hex HMAC-SHA256 of `<timestamp>.<body>`) and X-Timestamp.' },
  INVALID_SIGNATURE: { meaning: 'X-Signature does not match, its timestamp is more than 5 minutes off, or it was used before.', action: 'Sign the exact body bytes with a current signing secret and a fresh timestamp.' },
  INVALID_CREDENTIALS: { meaning: 'The email and password do not match a user.', action: 'Check both; the answer is the same for an unknown email and a wrong password.' },
  INVALID_ACCESS_TOKEN: { meaning: 'The access token is malformed, tampered with, of another kind (a refresh token) or signed with another algorithm.', action: 'Sign in again (POST /auth/login) or refresh (POST /auth/refresh).' },
  EXPIRED_ACCESS_TOKEN: { meaning: 'The access token is past its lifetime.', action: 'Get a new pair with POST /auth/refresh.' },
  INVALID_REFRESH_TOKEN: { meaning: 'The refresh token is unknown, expired, revoked, or was already used (then its whole family is revoked).', action: 'Sign in again with POST /auth/login.' },
  INSUFFICIENT_PERMISSIONS: { meaning: 'The key lacks the permission the operation needs (details name it).', action: 'Use a key with that permission, or add it to a restricted key.' },
  RESOURCE_ACCESS_DENIED: { meaning: 'This kind of key may not use this route (a publishable key writing, a decision-service key on /v1).', action: 'Use a secret or restricted key on the server side.' },
  PLAN_LIMIT_EXCEEDED: { meaning: "The account's plan does not include this.", action: 'Change the plan, or stay within it.' },
  IP_NOT_ALLOWED: { meaning: "The request comes from an address outside the key's allowed list.", action: "Call from an allowed address, or change the key's allowed_ips." },
  VALIDATION_ERROR: { meaning: 'The input has invalid fields; `details.errors` lists every one with its field and what was expected.', action: 'Fix each listed field and send again.' },
  MISSING_REQUIRED_FIELD: { meaning: 'A required field is missing (`param` names it).', action: 'Send the field.' },
  INVALID_FIELD_VALUE: { meaning: 'A field has a value out of its range or form (`param` names it).', action: 'Send a value as `details` describes.' },
  INVALID_ENUM_VALUE: { meaning: 'A field takes one of a fixed set of values (`details` lists them).', action: 'Send one of the listed values.' },
  FIELD_TOO_LONG: { meaning: 'A text field is longer than its limit.', action: 'Shorten it to the limit in `details`.' },
  INVALID_DATE_FORMAT: { meaning: 'A date is neither Unix seconds nor ISO 8601, or out of range.', action: 'Send Unix seconds or an ISO 8601 date-time.' },
  INVALID_FIELD_FORMAT: { meaning: 'A value is not in the expected format (an id, a path).', action: 'Send the format in `details`.' },
  INVALID_JSON: { meaning: 'The body is not valid JSON, or the request could not be read.', action: 'Send a JSON object with Content-Type: application/json.' },
  UNSUPPORTED_MEDIA_TYPE: { meaning: 'The body is not JSON.', action: 'Send Content-Type: application/json.' },
  PAYLOAD_TOO_LARGE: { meaning: 'The body exceeds the limit (10 MB, or the route\'s own).', action: 'Send less per request.' },
  HEADERS_TOO_LARGE: { meaning: 'The request line and headers exceed 16 KB.', action: 'Move long filters into a GraphQL query or a body.' },
  ROUTE_NOT_FOUND: { meaning: 'No route has this method and path.', action: 'Check the path against GET /openapi.json.' },
  METHOD_NOT_ALLOWED: { meaning: 'The path exists but not with this method; the Allow header and details.allowed list the methods it takes.', action: 'Use one of the methods in the Allow header.' },
  RESOURCE_NOT_FOUND: { meaning: 'No object with this id exists in this account and mode.', action: 'Check the id, the key\'s account and test or live mode.' },
  RESOURCE_ALREADY_EXISTS: { meaning: 'An object with this unique value exists (an email already registered).', action: 'Use the existing object or another value.' },
  RESOURCE_LOCKED: { meaning: 'The object is locked by another operation.', action: 'Retry shortly.' },
  RESOURCE_ARCHIVED: { meaning: 'The object is archived and cannot change.', action: 'Work on an active object.' },
  PARENT_NOT_FOUND: { meaning: 'An object the input refers to (a customer, an order) does not exist here.', action: 'Check the referenced id.' },
  RESOURCE_CONFLICT: { meaning: 'The object changed during this request.', action: 'Read it again and retry.' },
  IDEMPOTENCY_KEY_REUSED: { meaning: 'The Idempotency-Key was used with a different request, or its first request is still running.', action: 'Use a new key for a new request; retry the same request later.' },
  INSUFFICIENT_INVENTORY: { meaning: 'Not enough stock is available; `details.available` says how much is.', action: 'Ask for at most what is available, or adjust stock.' },
  PAYMENT_FAILED: { meaning: 'The payment was declined or could not be processed (`details` says why).', action: 'Use another payment method, or retry later.' },
  INSUFFICIENT_FUNDS: { meaning: 'A wallet or balance would go below zero; `details.available` says what it holds.', action: 'Move at most what is available.' },
  REFUND_EXCEEDS_PAYMENT: { meaning: 'The refund is more than what remains refundable on the payment.', action: 'Refund at most `details.refundable_amount`.' },
  AMOUNT_EXCEEDS_DUE: { meaning: 'The payment is more than what remains due on the invoice, or on the order once its succeeded and pending payments are counted; `details.amount_due` says what is due.', action: 'Pay at most `details.amount_due`.' },
  INVALID_STATE_TRANSITION: { meaning: 'The object cannot move from its status to the one asked for; `details.allowed` lists the moves.', action: 'Make an allowed move first.' },
  OUTSIDE_RETURN_WINDOW: { meaning: 'The order was delivered (or shipped) longer ago than the return window.', action: 'No return can be made; handle it outside the API.' },
  DUPLICATE_REQUEST: { meaning: 'The request repeats one already recorded (the same items already being returned).', action: 'Check what exists before sending again.' },
  FX_RATE_STALE: { meaning: 'The imported FX rates (live mode) are older than FX_MAX_AGE_HOURS; `details.as_of` says when they were published.', action: 'Import a newer ECB reference-rate file (`npm run fx -- import FILE`), then retry.' },
  SHIPPING_UNAVAILABLE: { meaning: 'No shipping service of the rate tables serves this shipment (origin not covered, or a parcel heavier than every tier).', action: 'Split heavy parcels, ship from a covered origin, or import tables that cover it.' },
  COMPLIANCE_BLOCKED: { meaning: 'Sanctions screening matched the customer (or an embargoed country): nothing was created. `details.check` is the stored compliance check.', action: 'Do not trade with the party; review the check with your compliance team.' },
  QUERY_TOO_COMPLEX: { meaning: 'A GraphQL document or filter exceeds a limit (depth, cost, aliases, rows, values).', action: 'Ask for less per request; paginate.' },
  RATE_LIMITED: { meaning: 'Too many requests (or failed sign-ins) in the window; `details.retry_after` and Retry-After say when to retry.', action: 'Wait Retry-After seconds, then retry.' },
  SERVICE_UNAVAILABLE: { meaning: 'The server cannot serve the request now.', action: 'Retry with backoff.' },
  DATABASE_ERROR: { meaning: 'The database did not answer in time or refused the statement.', action: 'Retry with backoff; the request changed nothing.' },
  FINANCING_NOT_ELIGIBLE: { meaning: 'The account is not eligible for this financing: `details.reasons` lists the underwriting rules that refused it (GET /v1/finance/options shows the same).', action: 'Build payment history (see `details.reasons`), or settle defaulted financing, then ask again.' },
  AMOUNT_EXCEEDS_LIMIT: { meaning: 'The financing asked for is more than the offer allows: `details.max_amount` (and for a PO or an invoice, the advance rate of its amount).', action: 'Ask for at most `details.max_amount`.' },
  AMOUNT_EXCEEDS_OUTSTANDING: { meaning: 'The repayment is more than what remains owed; `details.outstanding` says what is owed.', action: 'Repay at most `details.outstanding`.' },
  INTERNAL_ERROR: { meaning: 'An unexpected error; it is logged with the request id.', action: 'Retry; report the request_id if it persists.' },
  invalid_query: { meaning: 'A search query is empty (or has no word to look for) or longer than its limit; lowercase, the spec\'s own code. `details` gives `min_query_length` and `max_query_length`.', action: 'Send a query of 1 to 1000 characters with a word to look for.' },
};

export interface ErrorReference {
  code: ErrorCode | SpecLowercaseCode;
  status: number;
  type: string;
  meaning: string;
  action: string;
  documentation_url: string;
}

/** Every code of the catalogue, in catalogue order, then the spec's lowercase ones (invalid_query). */
export function errorReference(): ErrorReference[] {
  const codes = [...Object.keys(ERROR_CATALOG), ...Object.keys(SPEC_LOWERCASE_CODES)] as (ErrorCode | SpecLowercaseCode)[];
  const catalogue: Record<string, readonly [number, string]> = { ...ERROR_CATALOG, ...SPEC_LOWERCASE_CODES };
  return codes.map((code) => ({
    code,
    status: catalogue[code][0],
    type: catalogue[code][1],
    ...HELP[code],
    documentation_url: `${DOCS_BASE}#${code.toLowerCase()}`,
  }));
}

/** docs/errors.md */
export function errorReferenceMarkdown(): string {
  const rows = errorReference().map((e) => `| \`${e.code}\` | ${e.status} | \`${e.type}\` | ${e.meaning} | ${e.action} |`);
  return [
    '# Error codes',
    '',
    'Generated from `src/errors.ts` and `src/error-reference.ts` by `npm run --silent docs`; do not edit.',
    'The same list is served as `GET /v1/errors`. Every error answers in one envelope:',
    '`{"error": {"code", "message", "type", "status", "param"?, "details", "request_id", "timestamp", "documentation_url", "doc_url"}}` (`doc_url`: the same link).',
    '',
    '| code | status | type | meaning | what to do |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
