// Assembles the GraphQL schema from every area's types.
import { lexicographicSortSchema, type GraphQLSchema } from 'graphql';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { builder } from './builder.js';
import '../events/graphql.js';
import '../modules/customers/graphql.js';
import '../modules/products/graphql.js';
import '../modules/orders/graphql.js';
import '../decision/service/graphql.js';

let schema: GraphQLSchema | undefined;

export function graphqlSchema(): GraphQLSchema {
  schema ??= builder.toSchema({ sortSchema: true });
  return schema;
}

/** The SDL committed as schema.graphql. */
export function printedSchema(): string {
  return `${printSchemaWithDirectives(lexicographicSortSchema(graphqlSchema()))}\n`;
}
