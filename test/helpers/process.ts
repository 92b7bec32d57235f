// Real processes for the tests that need them: the server started as `npm start` would
// start it, and the key CLI as `npm run --silent keys -- ...` runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_LIMITS_ENV } from './limits-env.js';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  url: string;
  stdout: () => string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `src/main.ts` on a free port and resolves once it listens. */
/** The secrets a production server refuses to start without (src/config.ts PRODUCTION_SECRETS). */
export const PRODUCTION_ENV = { NODE_ENV: 'production', SVC_ENCRYPTION_KEY: 'a3'.repeat(32), JWT_SECRET: 'test-only-jwt-secret-of-adequate-length-0123456789' };

export function spawnServer(env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<ServerProcess> {
  // node with tsx's loader, not the tsx CLI: one process, so a signal (or SIGKILL) reaches the server itself
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...TEST_LIMITS_ENV, ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
      setTimeout(() => proc.kill('SIGKILL'), 10_000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}\n${err}`));
    }, timeoutMs);
    const check = () => {
      for (const line of out.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const rec = JSON.parse(line) as { msg?: string; url?: string };
          if (rec.msg === 'server listening' && rec.url) {
            clearTimeout(timer);
            proc.stdout!.off('data', check);
            resolve({ url: rec.url, stdout: () => out, proc, stop });
            return;
          }
        } catch {
          // not a log line
        }
      }
    };
    proc.stdout!.on('data', check);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}\n${err}`));
    });
  });
}

/**
 * A new data folder holding a copy of the run's migrated, empty embedded database (the template
 * test/helpers/global-setup.ts builds), when there is one: a CLI's first call on it then skips
 * initdb and the migrations (about 8 s). Tests of the very first start use an empty folder.
 */
export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const template = process.env.TEST_PGLITE_TEMPLATE;
  if (template && existsSync(template)) cpSync(template, join(dir, 'pgdata'), { recursive: true });
  return dir;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run --silent keys -- ...args` */
export function runKeys(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  return runScript('keys', args, env);
}

const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/**
 * `npm run --silent <script> -- ...args` (the key, ledger and webhooks CLIs). A script that is
 * `tsx <file>` runs as `node --import tsx <file>`: the same program with the same arguments,
 * environment and exit code, without npm's and the tsx launcher's two extra Node start-ups
 * (about 1.8 s a call, most of what the CLI tests cost). test/cli/help.test.ts runs the npm
 * scripts themselves.
 */
export function runScript(script: string, args: string[], env: Record<string, string | undefined>, viaNpm = false): Promise<CliResult> {
  const direct = viaNpm ? null : /^tsx (\S+\.ts)$/.exec(scripts[script] ?? '');
  return new Promise((resolve) => {
    const [command, argv] = direct ? [process.execPath, ['--import', 'tsx', direct[1]!, ...args]] : ['npm', ['run', '--silent', script, '--', ...args]];
    const proc = spawn(command, argv, {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...TEST_LIMITS_ENV, ...env } as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
