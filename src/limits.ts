// Bounds on what one request may ask of the server, so that no single request can stall it for
// every tenant. Set once from the configuration at start-up (applyLimits); the defaults are the
// documented ones. A refusal is a 400 VALIDATION_ERROR (QUERY_TOO_COMPLEX for GraphQL cost and
// fan-out) whose `details.limit` names the limit and its value.
import { ApiError, type FieldError } from './errors.js';

export const limits = {
  /** values in one filter: every scalar, `_in` list items included (both doors) */
  WHERE_MAX_VALUES: 1000,
  /** conditions in one filter: every operator, field and connective (both doors) */
  WHERE_MAX_CONDITIONS: 200,
  /** levels of objects and lists a filter may nest */
  WHERE_MAX_DEPTH: 32,
  /** characters of one `_like`/`_ilike` pattern (and of REST `search`) */
  LIKE_PATTERN_MAX_LENGTH: 256,
  /** bytes of one GraphQL document */
  GRAPHQL_MAX_DOCUMENT_BYTES: 64 * 1024,
  /** lexical tokens of one GraphQL document */
  GRAPHQL_MAX_TOKENS: 5000,
  /** rows one GraphQL document may return through all its lists, siblings and aliases summed */
  GRAPHQL_MAX_ROWS: 110_000,
  /** values (objects, lists and scalars) in one REST body or one set of GraphQL variables */
  INPUT_MAX_VALUES: 20_000,
};

export type LimitName = keyof typeof limits;

export function applyLimits(values: Partial<typeof limits>): void {
  for (const [k, v] of Object.entries(values)) if (typeof v === 'number') limits[k as LimitName] = v;
}

/** The refusal of a request past a limit. */
export function limitError(name: LimitName, message: string, field: string, code: 'VALIDATION_ERROR' | 'QUERY_TOO_COMPLEX' = 'VALIDATION_ERROR'): ApiError {
  const value = limits[name];
  const errors: FieldError[] = [{ field, message, expected: `at most ${value} (${name})` }];
  return new ApiError(code, `${field}: ${message}`, { limit: { name, value }, errors }, field);
}

/**
 * Refuses an input (a REST body, GraphQL variables) with more values than INPUT_MAX_VALUES
 * before anything validates it element by element: 30,000 order items took half a second of
 * blocked event loop to be refused by the schema. Iterative; stops at the first value past it.
 */
export function inputSizeFault(value: unknown, field: string): ApiError | undefined {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (++count > limits.INPUT_MAX_VALUES) return limitError('INPUT_MAX_VALUES', `more than ${limits.INPUT_MAX_VALUES} values`, field);
    if (v !== null && typeof v === 'object') {
      if (Array.isArray(v)) for (const x of v) stack.push(x);
      else for (const x of Object.values(v)) stack.push(x);
    }
  }
  return undefined;
}
