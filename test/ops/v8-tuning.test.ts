// The server turns V8's allocation-site pretenuring off unless V8_PRETENURING=true (src/server.ts
// applyV8Tuning; why, and the measurements, in the README's "Benchmarks"). The flag setter is
// passed in: the suite's workers keep modules between files (isolate: false), so a module mock
// of node:v8 would not reach a server module another file already loaded.
import { describe, expect, it, vi } from 'vitest';
import { applyV8Tuning } from '../../src/server.js';
import { loadConfig } from '../../src/config.js';

describe('V8 tuning at start', () => {
  it('turns allocation-site pretenuring off by default', () => {
    const config = loadConfig({});
    expect(config.V8_PRETENURING).toBe(false);
    const setFlags = vi.fn();
    applyV8Tuning(config, setFlags);
    expect(setFlags).toHaveBeenCalledExactlyOnceWith('--no-allocation-site-pretenuring');
  });

  it('leaves V8 as it is with V8_PRETENURING=true', () => {
    const setFlags = vi.fn();
    applyV8Tuning(loadConfig({ V8_PRETENURING: 'true' }), setFlags);
    expect(setFlags).not.toHaveBeenCalled();
  });

  it('refuses a value that is not a boolean', () => {
    expect(() => loadConfig({ V8_PRETENURING: 'sometimes' })).toThrow(/V8_PRETENURING/);
  });
});
