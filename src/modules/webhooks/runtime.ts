// The delivery machinery of one server: its HTTP sender and worker, made once per set of
// services and shared by the module's routes (test, simulate, manual retry) and its
// background start.
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Services } from '../../operations/operation.js';
import { createSender, type Sender } from './sender.js';
import { DeliveryWorker } from './worker.js';

const PRODUCT = 'CommerceAPI';
const VERSION = '0.1.0';
export const WEBHOOK_USER_AGENT = `${PRODUCT}-Webhooks/${VERSION}`;

export interface WebhookRuntime {
  sender: Sender;
  worker: DeliveryWorker;
}

const runtimes = new WeakMap<Services, WebhookRuntime>();

export function webhookRuntime(services: Services, config: Config, logger: Logger): WebhookRuntime {
  let runtime = runtimes.get(services);
  if (!runtime) {
    const sender = createSender({ timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowPrivate: config.webhookAllowPrivate, userAgent: WEBHOOK_USER_AGENT });
    runtime = { sender, worker: new DeliveryWorker({ services, config, logger, sender }) };
    runtimes.set(services, runtime);
  }
  return runtime;
}
