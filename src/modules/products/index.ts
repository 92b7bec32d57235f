// Products: what the merchant sells.
import { defineModule } from '../module.js';
import { registerResource } from '../../rest/resources.js';
import { registerProductsGraphQL } from './graphql.js';
import { defineSearch } from '../../search/declaration.js';
import { createProduct, updateProduct } from './operations.js';

export const productsModule = defineModule({
  name: 'products',
  permissions: { products: ['read', 'create', 'update'] },
  events: ['product.created', 'product.updated'],
  search: defineSearch({
    resource: 'products', type: 'product', model: 'Product',
    fields: [
      { path: 'name', weight: 'A' },
      { path: 'sku', weight: 'A', typos: false },
      { path: 'description', weight: 'C' },
      { path: 'id', weight: 'A', typos: false },
    ],
    currency: 'currency', amount: 'price', metadata: true,
  }),
  graphql: registerProductsGraphQL,
  rest(app, deps) {
    registerResource(app, deps, { path: '/v1/products', model: 'Product', resource: 'products', create: createProduct, update: updateProduct });
  },
});
