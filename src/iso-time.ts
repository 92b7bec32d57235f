// Dates written as ISO 8601 instants, as Date.prototype.toISOString writes them.

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `date.toISOString()`, put together from its UTC fields: about half the CPU of the native call
 * (every timestamp of every list row goes through here). Years outside 1000-9999 (which ISO
 * writes with a sign or six digits) and invalid dates take the native call.
 */
export function isoString(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString();
  return `${year}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}.${three(date.getUTCMilliseconds())}Z`;
}
