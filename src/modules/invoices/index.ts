// Invoices and test clocks (issue 15).
import { defineModule } from '../module.js';

export const invoicesModule = defineModule({
  name: 'invoices',
});
