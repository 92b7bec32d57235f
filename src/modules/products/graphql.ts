// GraphQL door of products.
import { builder } from '../../graphql/builder.js';
import { listAndGet, mutationField, scalarExposures } from '../../graphql/models.js';
import { createProduct, updateProduct } from './operations.js';

export function registerProductsGraphQL(): void {
  builder.prismaObject('Product', {
    description: 'An item the merchant sells',
    fields: (t) => ({ ...scalarExposures(t, 'Product') }),
  });

  listAndGet('Product', 'products', 'product', 'products');
  mutationField('createProduct', createProduct);
  mutationField('updateProduct', updateProduct, { byId: true, inputRequired: true });
}
