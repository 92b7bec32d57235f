// REST bodies are snake_case; operations take camelCase. Metadata keys are the caller's
// own and pass through untouched.
import { camel, snake } from '../representation.js';
import { ApiError, type FieldError } from '../errors.js';

const OPAQUE_KEYS = new Set(['metadata']);

/**
 * A REST body's keys in the operations' camelCase. Two keys of one object that name the same
 * field (`tracking_number` and `trackingNumber`) are a 400 naming both: one of them would be
 * dropped without a word otherwise.
 */
export function camelizeBody(value: unknown, path = ''): unknown {
  if (Array.isArray(value)) return value.map((v, i) => camelizeBody(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return value;
  const sentAs = new Map<string, string>();
  const entries: [string, unknown][] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const c = camel(k);
    const first = sentAs.get(c);
    if (first !== undefined) {
      const field = path ? `${path}.${snake(c)}` : snake(c);
      throw ApiError.validation([{ field, message: `'${first}' and '${k}' name the same field: send it once`, expected: `one of '${first}' and '${k}' (snake_case: ${snake(c)})` }]);
    }
    sentAs.set(c, k);
    entries.push([c, OPAQUE_KEYS.has(k) ? v : camelizeBody(v, path ? `${path}.${k}` : k)]);
  }
  return Object.fromEntries(entries);
}

/** Error field paths back in the caller's spelling: items.0.unitAmount -> items[0].unit_amount */
export function restFieldPath(path: string): string {
  return path
    .split('.')
    .map((seg, i, all) => (/^\d+$/.test(seg) ? `[${seg}]` : `${i > 0 && !/^\d+$/.test(all[i - 1] ?? '') ? '.' : i > 0 ? '.' : ''}${snake(seg)}`))
    .join('')
    .replace(/\.\[/g, '[')
    .replace(/^\./, '');
}

export function restError(err: ApiError): ApiError {
  const errors = err.details.errors as FieldError[] | undefined;
  if (!errors) {
    // a fault without a list still names its field as sent (`items[0].price`, not `items.0.price`)
    // (only an input path with an index: a header name such as X-Signature stays as it is)
    if (!err.param || !/\.\d+(\.|$)/.test(err.param)) return err;
    return carried(err, new ApiError(err.code, err.message, err.details, restFieldPath(err.param)));
  }
  const mapped = errors.map((e) => ({ ...e, field: restFieldPath(e.field) }));
  return carried(err, new ApiError(err.code, mapped.length === 1 ? `${mapped[0].field}: ${mapped[0].message}` : err.message, { ...err.details, errors: mapped }, err.param ? restFieldPath(err.param) : undefined));
}

/** `to` with the stamp and replay mark of `from` (an idempotent replay stays one). */
function carried(from: ApiError, to: ApiError): ApiError {
  to.stamp = from.stamp;
  to.replayed = from.replayed;
  return to;
}
