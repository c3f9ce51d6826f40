import { REPO_ROOT } from './config';
import { generatedFiles, writeGeneratedFiles } from './generate';

/** npm run generate: rewrites every file derived from the module descriptors. */
const changed = writeGeneratedFiles(REPO_ROOT);
for (const file of Object.keys(generatedFiles(REPO_ROOT)))
  console.log(`${changed.includes(file) ? 'wrote    ' : 'unchanged'} ${file}`);
