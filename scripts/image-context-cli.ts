import path from 'node:path';
import { REPO_ROOT } from './config';
import { prepareImageContext } from './image-context';

/**
 * npm run image-context -- <svc-folder|mf-folder|gateway> <out-dir>: writes the build context of one image
 * (see image-context.ts), then `docker build <out-dir> --build-arg TARGET=<the same>`.
 */
const [target, out] = process.argv.slice(2);
if (!target || !out) {
  console.error('usage: npm run image-context -- <svc-folder|mf-folder|gateway> <out-dir>');
  process.exit(2);
}
const context = prepareImageContext(REPO_ROOT, target, path.resolve(out));
console.log(
  `${path.resolve(out)}: ${context.files.length} files of ${context.workspaces.join(', ')}` +
    (context.contractsOnly.length ? ` (of ${context.contractsOnly.join(', ')} the contract alone)` : ''),
);
console.log(`docker build ${out} --build-arg TARGET=${target} -t afyahr/${target}:<version>`);
