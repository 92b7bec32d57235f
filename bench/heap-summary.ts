// Summary of a sampling heap profile (bench/run.ts with BENCH_PROFILE=heap): bytes allocated
// during the window by allocating function and by package, collected objects included.
//   npx tsx bench/heap-summary.ts bench/profiles/graphql-ours.heapprofile [--top 40]
import { readFileSync } from 'node:fs';

interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 40;
const file = args.find((a, i) => !a.startsWith('--') && i !== topAt + 1);
if (!file) {
  console.error('usage: npx tsx bench/heap-summary.ts <file.heapprofile> [--top N]');
  process.exit(2);
}
const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: Node };

const where = (url: string): string => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  const src = /\/(src|bench)\/(.+)$/.exec(url);
  if (src) return `${src[1]}/${src[2]}`;
  return url.startsWith('node:') ? url : url ? 'other' : '(native)';
};

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
const walk = (n: Node) => {
  if (n.selfSize) {
    const key = `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + n.selfSize);
    const pkg = where(n.callFrame.url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + n.selfSize);
    total += n.selfSize;
  }
  for (const c of n.children) walk(c);
};
walk(head);
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * v) / total).toFixed(1).padStart(6)}%  ${(v / 1e6).toFixed(1).padStart(8)} MB  ${k}`);
  }
};
console.log(`== ${file}: ${(total / 1e6).toFixed(1)} MB sampled`);
show('allocated by package', byPackage);
show('allocated by function', byFunction);
