import path from 'node:path';
import { readStartConfig } from './config';
import { backup, defaultBackupDir, restore } from './backup';

/**
 * npm run backup [-- <folder>]            backs up DATA_DIR (default .data) while npm start is stopped
 * npm run restore -- <folder> [--replace] puts a backup back as DATA_DIR (what was there is moved aside)
 */
const [command, ...args] = process.argv.slice(2);
const { dataDir, databaseUrl, natsUrl } = readStartConfig();
const folder = args.find((a) => !a.startsWith('--'));
try {
  if (command === 'backup') {
    const dest = path.resolve(folder ?? defaultBackupDir(dataDir));
    const parts = backup(dataDir, dest);
    console.log(`Backed up ${dataDir} (${parts.join(', ')}) to ${dest}`);
    // Only what npm start keeps itself: a Postgres or NATS of your own has its own backups.
    if (databaseUrl)
      console.log('DATABASE_URL is set: that Postgres is yours to back up (pg_dump), not in this backup.');
    if (natsUrl)
      console.log(
        "NATS_URL is set: that server's streams are not in this backup (the outboxes in Postgres are).",
      );
  } else if (command === 'restore') {
    if (!folder) throw new Error('Name the backup folder: npm run restore -- <folder> [--replace]');
    const { parts, movedAside } = restore(path.resolve(folder), dataDir, {
      replace: args.includes('--replace'),
    });
    if (movedAside) console.log(`What ${dataDir} held is now in ${movedAside}`);
    console.log(`Restored ${parts.join(', ')} into ${dataDir}. Start the platform with npm start.`);
  } else throw new Error('Usage: backup-cli.ts backup [<folder>] | restore <folder> [--replace]');
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
