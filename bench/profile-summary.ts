// Summarizes .cpuprofile files (from BENCH_PROFILE=1): where the busy CPU time of a server
// went, by package and by function, self and inclusive (on the stack).
//   npx tsx bench/profile-summary.ts bench/profiles/graphql-ours.cpuprofile [--top 25] [--callers writev]
// --callers NAME adds the heaviest call stacks (project and package frames) that end in a
// function named NAME.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const args = process.argv.slice(2);
const topIndex = args.indexOf('--top');
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 25;
const callersIndex = args.indexOf('--callers');
const callers = callersIndex >= 0 ? args[callersIndex + 1] : undefined;
const optionValues = new Set([topIndex + 1, callersIndex + 1].filter((i) => i > 0));
const files = args.filter((a, i) => !a.startsWith('--') && !optionValues.has(i));
if (!files.length) {
  console.error('usage: npx tsx bench/profile-summary.ts <file.cpuprofile>... [--top N]');
  process.exit(1);
}

const root = process.cwd();

function packageOf(f: CallFrame): string {
  const { url, functionName } = f;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + 14).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  return path.startsWith(root) ? path.slice(root.length + 1) : path;
}

function label(f: CallFrame): string {
  const path = f.url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('/node_modules/');
  const short = nm >= 0 ? path.slice(nm + 14) : path.startsWith(root) ? path.slice(root.length + 1) : path;
  return `${f.functionName || '(anonymous)'} ${short ? `${short}:${f.lineNumber + 1}` : ''}`.trim();
}

const pct = (x: number, total: number) => `${((100 * x) / total).toFixed(1).padStart(5)}%`;
const ms = (us: number) => `${(us / 1000).toFixed(0).padStart(6)} ms`;

function rank(map: Map<string, number>, total: number, n: number): string[] {
  return [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${pct(v, total)} ${ms(v)}  ${k}`);
}

for (const file of files) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfTime = new Map<number, number>();
  p.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));

  const total = p.endTime - p.startTime;
  let idle = 0;
  const selfPkg = new Map<string, number>();
  const selfFn = new Map<string, number>();
  const inclPkg = new Map<string, number>();
  const inclFn = new Map<string, number>();
  for (const [id, t] of selfTime) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') { idle += t; continue; }
    selfPkg.set(packageOf(node.callFrame), (selfPkg.get(packageOf(node.callFrame)) ?? 0) + t);
    selfFn.set(label(node.callFrame), (selfFn.get(label(node.callFrame)) ?? 0) + t);
    const pkgs = new Set<string>();
    const fns = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!.callFrame;
      if (f.functionName === '(root)') continue;
      pkgs.add(packageOf(f));
      if (!f.url.includes('/node_modules/') && f.url.startsWith('file://')) fns.add(label(f));
    }
    for (const k of pkgs) inclPkg.set(k, (inclPkg.get(k) ?? 0) + t);
    for (const k of fns) inclFn.set(k, (inclFn.get(k) ?? 0) + t);
  }
  const stacks = new Map<string, number>();
  if (callers) {
    for (const [id, t] of selfTime) {
      if (byId.get(id)!.callFrame.functionName !== callers) continue;
      const frames: string[] = [];
      for (let cur: number | undefined = id; cur !== undefined && frames.length < 14; cur = parent.get(cur)) {
        const f = byId.get(cur)!.callFrame;
        if (f.functionName === '(root)') continue;
        const l = `${f.functionName || '(anon)'}[${packageOf(f)}]`;
        if (frames[frames.length - 1] !== l) frames.push(l);
      }
      const key = frames.join(' < ');
      stacks.set(key, (stacks.get(key) ?? 0) + t);
    }
  }
  const busy = [...selfTime.values()].reduce((a, b) => a + b, 0) - idle;
  console.log(`\n== ${basename(file)}: ${(total / 1e6).toFixed(1)} s profiled, busy ${(busy / 1e6).toFixed(1)} s (${pct(busy, total).trim()}), idle ${(idle / 1e6).toFixed(1)} s`);
  console.log(`\nself time by package (% of busy):`);
  console.log(rank(selfPkg, busy, top).join('\n'));
  console.log(`\ninclusive time by package (on the stack; % of busy):`);
  console.log(rank(inclPkg, busy, top).join('\n'));
  console.log(`\nself time by function (% of busy):`);
  console.log(rank(selfFn, busy, top).join('\n'));
  console.log(`\ninclusive time of project functions (src/, bench/; % of busy):`);
  console.log(rank(inclFn, busy, top).join('\n'));
  if (callers) {
    console.log(`\nheaviest stacks ending in ${callers} (innermost first):`);
    console.log(rank(stacks, busy, Math.min(top, 10)).join('\n'));
  }
}
