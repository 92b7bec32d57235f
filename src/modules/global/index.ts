// Global commerce: FX quotes, tax, shipping quotes, compliance screening (issue 16).
import { defineModule } from '../module.js';

export const globalModule = defineModule({
  name: 'global',
});
