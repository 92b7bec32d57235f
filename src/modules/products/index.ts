// Products: what the merchant sells.
import { defineModule } from '../module.js';
import { registerResource } from '../../rest/resources.js';
import { registerProductsGraphQL } from './graphql.js';
import { createProduct, updateProduct } from './operations.js';

export const productsModule = defineModule({
  name: 'products',
  permissions: { products: ['read', 'create', 'update'] },
  events: ['product.created', 'product.updated'],
  graphql: registerProductsGraphQL,
  rest(app, deps) {
    registerResource(app, deps, { path: '/v1/products', model: 'Product', resource: 'products', create: createProduct, update: updateProduct });
  },
});
