// The row limit of a GraphQL document: nested lists multiply. graphql-armor's cost limit weighs
// each field once whatever lists it sits in (it only reads `first`/`last`), so a depth-legal
// cycle such as orders -> customer -> orders -> customer -> orders costs almost nothing and
// may return 100^4 rows. Here each list field multiplies the rows below it by its `limit`
// argument when that is a literal, else by its declared maximum (`extensions.maxItems`), and
// the rows of every list field of the document are summed: siblings and aliases add up (30
// aliases of `orders { items }` once passed a per-path limit and returned 320 MB).
import { Kind, type ASTVisitor, type GraphQLError, type SelectionSetNode, type ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * The most rows one document may reach through all its lists by default (GRAPHQL_MAX_ROWS):
 * 100 orders with 1000 items each, and the orders themselves, fit.
 */
export const MAX_LIST_ROWS = 110_000;
/** A list field that declares no `extensions.maxItems` counts as this many. */
export const DEFAULT_LIST_ITEMS = 100;

// Duck-typed on purpose: graphql's type predicates (isListType, ...) throw when the schema
// comes from another copy of graphql, as under vitest (ESM build for src/, CJS for libraries).
interface TypeLike { ofType?: TypeLike; toString(): string }
interface FieldLike { type: TypeLike; extensions?: { maxItems?: unknown } | null }
interface CompositeLike { getFields?: () => Record<string, FieldLike> }

function namedType(type: TypeLike): TypeLike {
  let t = type;
  while (t.ofType) t = t.ofType;
  return t;
}

function isList(type: TypeLike): boolean {
  return String(type).replace(/!$/, '').startsWith('[');
}

function itemsOf(field: FieldLike, node: { arguments?: readonly { name: { value: string }; value: { kind: string; value?: unknown } }[] }): number {
  const declared = field.extensions?.maxItems;
  const cap = typeof declared === 'number' && declared > 0 ? declared : DEFAULT_LIST_ITEMS;
  const limit = node.arguments?.find((a) => a.name.value === 'limit')?.value;
  if (limit?.kind === Kind.INT) return Math.max(0, Math.min(cap, Number(limit.value)));
  return cap; // a variable or no limit: the most the field may return
}

export function listFanOutRule(maxRows: number | (() => number), reject: (message: string) => GraphQLError) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(operation) {
      const schema = context.getSchema();
      const max = typeof maxRows === 'function' ? maxRows() : maxRows;
      let worst = { rows: 0, path: [] as string[] };
      let total = 0;
      const walk = (set: SelectionSetNode, type: CompositeLike | null | undefined, rows: number, path: string[], seen: Set<string>) => {
        for (const sel of set.selections) {
          if (sel.kind === Kind.FIELD) {
            const field = type?.getFields?.()[sel.name.value];
            if (!field || !sel.selectionSet) continue;
            const list = isList(field.type);
            const here = list ? rows * itemsOf(field, sel) : rows;
            const at = [...path, sel.alias?.value ?? sel.name.value];
            if (list) total += here;
            if (here > worst.rows) worst = { rows: here, path: at };
            if (total > max) break; // already refused: stop counting
            walk(sel.selectionSet, namedType(field.type) as CompositeLike, here, at, seen);
          } else if (sel.kind === Kind.INLINE_FRAGMENT) {
            walk(sel.selectionSet, sel.typeCondition ? (schema.getType(sel.typeCondition.name.value) as CompositeLike) : type, rows, path, seen);
          } else if (!seen.has(sel.name.value)) { // a fragment cycle is NoFragmentCyclesRule's error
            const fragment = context.getFragment(sel.name.value);
            if (fragment) walk(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value) as CompositeLike, rows, path, new Set([...seen, sel.name.value]));
          }
        }
      };
      walk(operation.selectionSet, schema.getRootType(operation.operation) as CompositeLike, 1, [], new Set());
      if (total > max) {
        // thrown, as graphql-armor's rejections are, so the answer is the same (HTTP 400)
        throw reject(
          `Query may return more than ${max} rows through its lists (the most through ${worst.path.join(' > ')}), over the limit of ${max} (GRAPHQL_MAX_ROWS); lower \`limit\` or ask for fewer lists`,
        );
      }
    },
  });
}

export function listFanOutPlugin(maxRows: number | (() => number), reject: (message: string) => GraphQLError): Plugin {
  const rule = listFanOutRule(maxRows, reject);
  return { onValidate: ({ addValidationRule }) => addValidationRule(rule) };
}
