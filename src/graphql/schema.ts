// Assembles the GraphQL schema from every module's types.
import { lexicographicSortSchema, type GraphQLSchema } from 'graphql';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { builder } from './builder.js';
import { readRelationsOffLeanRows } from './relations.js';
import { MODULES } from '../modules/index.js';

let schema: GraphQLSchema | undefined;

export function graphqlSchema(): GraphQLSchema {
  if (!schema) {
    for (const m of MODULES) m.graphql?.();
    schema = builder.toSchema({ sortSchema: true });
    readRelationsOffLeanRows(schema);
  }
  return schema;
}

/** The SDL committed as schema.graphql. */
export function printedSchema(): string {
  return `${printSchemaWithDirectives(lexicographicSortSchema(graphqlSchema()))}\n`;
}
