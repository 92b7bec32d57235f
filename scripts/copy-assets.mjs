// `npm run build` step two: the files under src/ that are not TypeScript (decision packs,
// the decision service's static files) go next to the compiled JavaScript in dist/.
import { cpSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const src = new URL('../src/', import.meta.url).pathname;
const dist = new URL('../dist/', import.meta.url).pathname;
let copied = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (!/\.(ts|mts|cts)$/.test(name)) {
      cpSync(path, join(dist, relative(src, path)));
      copied++;
    }
  }
}
walk(src);
process.stdout.write(`copied ${copied} asset files to dist/\n`);
