// The server turns V8's allocation-site pretenuring off unless V8_PRETENURING=true (src/server.ts
// applyV8Tuning; why, and the measurements, in the README's "Benchmarks").
import { beforeEach, describe, expect, it, vi } from 'vitest';

const setFlags = vi.hoisted(() => vi.fn());
vi.mock('node:v8', async (importOriginal) => ({ ...(await importOriginal<typeof import('node:v8')>()), setFlagsFromString: setFlags }));

const { applyV8Tuning } = await import('../../src/server.js');
const { loadConfig } = await import('../../src/config.js');

describe('V8 tuning at start', () => {
  beforeEach(() => setFlags.mockClear());

  it('turns allocation-site pretenuring off by default', () => {
    const config = loadConfig({});
    expect(config.V8_PRETENURING).toBe(false);
    applyV8Tuning(config);
    expect(setFlags).toHaveBeenCalledWith('--no-allocation-site-pretenuring');
  });

  it('leaves V8 as it is with V8_PRETENURING=true', () => {
    applyV8Tuning(loadConfig({ V8_PRETENURING: 'true' }));
    expect(setFlags).not.toHaveBeenCalled();
  });

  it('refuses a value that is not a boolean', () => {
    expect(() => loadConfig({ V8_PRETENURING: 'sometimes' })).toThrow(/V8_PRETENURING/);
  });
});
