// graphql-codegen: typed documents for the operations the GraphQL tests send, generated from
// the committed schema.graphql (`npm run codegen`; a test fails when the output is stale).
// typescript-operations 6 also emits the input and enum types its operations use unless they
// come from elsewhere, so the schema's types (typescript plugin) get their own file and the
// typed documents import them; one file with all three plugins would declare them twice.
import type { CodegenConfig } from '@graphql-codegen/cli';

const SCHEMA_TYPES = 'test/generated/schema-types.ts';

const config: CodegenConfig = {
  overwrite: true,
  emitLegacyCommonJSImports: false,
  schema: 'schema.graphql',
  documents: ['test/graphql/documents/*.graphql'],
  config: {
    scalars: { DateTime: 'string', JSON: 'unknown' },
    enumsAsTypes: true,
    useTypeImports: true,
  },
  generates: {
    [SCHEMA_TYPES]: {
      plugins: ['typescript'],
    },
    'test/generated/graphql.ts': {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { importSchemaTypesFrom: `./${SCHEMA_TYPES}`, namespacedImportName: 'Types' },
    },
  },
};

export default config;
