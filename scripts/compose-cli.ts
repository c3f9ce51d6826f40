import { loadModules } from '@platform/modules';
import { REPO_ROOT } from './config';
import { composeFile } from './compose';

/** Prints docker-compose.yml as the module descriptors make it: npm run -s compose > docker-compose.yml */
process.stdout.write(composeFile(loadModules(REPO_ROOT), REPO_ROOT));
