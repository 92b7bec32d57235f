// graphql-codegen: typed documents for the operations the GraphQL tests send, generated from
// the committed schema.graphql. `npm run codegen` rewrites test/generated/graphql.ts; a test
// fails when that file is stale.
import type { CodegenConfig } from '@graphql-codegen/cli';

export const CODEGEN_OUTPUT = 'test/generated/graphql.ts';

const config: CodegenConfig = {
  overwrite: true,
  schema: 'schema.graphql',
  documents: ['test/graphql/documents/*.graphql'],
  generates: {
    [CODEGEN_OUTPUT]: {
      plugins: ['typescript', 'typescript-operations', 'typed-document-node'],
      config: {
        scalars: { DateTime: 'string', JSON: 'unknown', ID: 'string' },
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
        useTypeImports: true,
        skipTypename: true,
      },
    },
  },
};

export default config;
