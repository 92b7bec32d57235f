// Every declared mutation reachable through REST, by name (`orders.create`): filled as routes
// register (each REST route names its operation in its config), read by the doors that run
// operations by name (an agent's execute).
import type { MutationOperation } from './operation.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = MutationOperation<any, any>;

export interface RegisteredOperation {
  op: AnyOperation;
  method: string;
  /** the REST route, `{id}` for path parameters */
  route: string;
}

export class OperationRegistry {
  private readonly byName = new Map<string, RegisteredOperation>();

  /** Called for each route; the first (canonical) route of an operation is kept, aliases are not. */
  add(op: AnyOperation, method: string, url: string): void {
    if (this.byName.has(op.name)) return;
    this.byName.set(op.name, { op, method, route: url.replace(/:(\w+)/g, '{$1}') });
  }

  get(name: string): RegisteredOperation | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()].sort();
  }
}
