// @commerce-api/sdk: a typed client of the commerce API, generated from its OpenAPI document.
export { Client } from './client.js';
export { BaseClient, APIResource, serializeQuery } from './core.js';
export { PagePromise, MAX_TO_ARRAY } from './pagination.js';
export { CommerceError, ApiError, InvalidRequestError, AuthenticationError, PermissionError, NotFoundError, ConflictError, RateLimitError, ServerError, ConnectionError, SignatureVerificationError, } from './errors.js';
export { constructEvent, webhooks, DEFAULT_TOLERANCE_SECONDS } from './webhooks.js';
export { API_VERSION, SDK_VERSION, EVENT_TYPES } from './generated/meta.js';
