// Nesting limits of GraphQL input, checked before anything recursive meets it. graphql-js
// parses documents, coerces variables and Pothos/the where translator walk input objects by
// recursion: a `where` nested a few thousand `_not`s deep overflowed the stack there and came
// back as INTERNAL_ERROR. These checks are iterative: a document's bracket depth is counted on
// its tokens (graphql-js's lexer), a variables object's depth on an explicit stack.
import { Lexer, Source, TokenKind } from 'graphql';
import { ApiError } from '../errors.js';
import { inputSizeFault, limitError, limits } from '../limits.js';

/** Brackets (`{`, `[`, `(`) open at once in a document: 8 levels of fields leave ample room for arguments. */
export const MAX_DOCUMENT_NESTING = 64;
/** Levels of objects and lists in the variables (as in REST bodies). */
export const MAX_VARIABLES_DEPTH = 32;

const OPEN = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSE = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/**
 * What is wrong with a document's size before it is parsed: too many bytes, too many tokens
 * (graphql-js would build an AST of them all), or brackets open more than `max` deep. One
 * pass of the lexer, stopping at the first limit; a syntax error is the parser's to report.
 */
function documentSizeFault(query: string, max = MAX_DOCUMENT_NESTING): ApiError | undefined {
  if (query.length > limits.GRAPHQL_MAX_DOCUMENT_BYTES || Buffer.byteLength(query) > limits.GRAPHQL_MAX_DOCUMENT_BYTES) {
    return limitError('GRAPHQL_MAX_DOCUMENT_BYTES', `the document is larger than ${limits.GRAPHQL_MAX_DOCUMENT_BYTES} bytes`, 'query');
  }
  // a client sends the same few documents again and again: one that passed under these limits
  // is not lexed again
  const stamp = `${limits.GRAPHQL_MAX_DOCUMENT_BYTES}/${limits.GRAPHQL_MAX_TOKENS}/${max}`;
  if (passedStamp !== stamp) {
    passed.clear();
    passedStamp = stamp;
  }
  if (passed.has(query)) return undefined;
  const fault = lexedFault(query, max);
  if (!fault && query.length <= MAX_REMEMBERED_LENGTH) {
    if (passed.size >= MAX_REMEMBERED) passed.delete(passed.values().next().value!);
    passed.add(query);
  }
  return fault;
}

/** Documents that passed documentSizeFault, the newest last, under the limits of `passedStamp`. */
const passed = new Set<string>();
let passedStamp = '';
const MAX_REMEMBERED = 1000;
const MAX_REMEMBERED_LENGTH = 4096;

function lexedFault(query: string, max: number): ApiError | undefined {
  const lexer = new Lexer(new Source(query));
  let depth = 0;
  let tokens = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > limits.GRAPHQL_MAX_TOKENS) return limitError('GRAPHQL_MAX_TOKENS', `the document has more than ${limits.GRAPHQL_MAX_TOKENS} tokens`, 'query');
      if (OPEN.has(token.kind)) {
        if (++depth > max) return new ApiError('QUERY_TOO_COMPLEX', `The document nests brackets more than ${MAX_DOCUMENT_NESTING} levels deep`);
      } else if (CLOSE.has(token.kind)) {
        depth--;
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Whether a document is past a size limit (see documentSizeFault). */
export function documentTooDeep(query: string, max = MAX_DOCUMENT_NESTING): boolean {
  return documentSizeFault(query, max) !== undefined;
}

/** Whether a JSON value nests objects and lists more than `max` levels deep. */
export function valueTooDeep(value: unknown, max = MAX_VARIABLES_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= max) return true;
    for (const child of Array.isArray(item.value) ? item.value : Object.values(item.value)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: item.depth + 1 });
    }
  }
  return false;
}

/**
 * Whether a request's variables nest too deep: each variable's value counted on its own, as the
 * same value written into the document is (the `variables` object around them is no level).
 */
export function variablesTooDeep(variables: unknown): boolean {
  if (variables === null || typeof variables !== 'object' || Array.isArray(variables)) return valueTooDeep(variables);
  return Object.values(variables).some((v) => valueTooDeep(v));
}

/** The error for a request whose document or variables nest too deep, or undefined. */
export function nestingFault(query: unknown, variables: unknown): ApiError | undefined {
  const fault = (typeof query === 'string' ? documentSizeFault(query) : undefined) ?? inputSizeFault(variables, 'variables');
  if (fault) return fault;
  if (variablesTooDeep(variables)) {
    return ApiError.validation([{ field: 'variables', message: `nested deeper than ${MAX_VARIABLES_DEPTH} levels`, expected: `at most ${MAX_VARIABLES_DEPTH} levels` }]);
  }
  return undefined;
}
