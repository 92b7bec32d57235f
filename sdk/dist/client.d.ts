import type { ClientOptions } from './core.js';
import { GeneratedClient } from './generated/resources.js';
/**
 * ```ts
 * const client = new Client({ apiKey: process.env.COMMERCE_API_KEY, baseUrl: 'https://api.example.com' });
 * const order = await client.orders.create({ currency: 'usd', items: [...] });
 * for await (const o of client.orders.list({ status: 'paid' })) console.log(o.id);
 * ```
 */
export declare class Client extends GeneratedClient {
    constructor(options: ClientOptions);
}
