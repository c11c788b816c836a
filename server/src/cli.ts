import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';

/** Operator commands: `node server/dist/cli.js <command>`, wrapped by the root npm scripts. */
const commands: Record<string, () => Promise<void>> = {
  async migrate() {
    const config = loadConfig();
    const database = openDb(config.database);
    try {
      const ran = await migrateToLatest(database.db);
      console.log(ran.length > 0 ? `applied: ${ran.join(', ')}` : 'database is up to date');
    } finally {
      await database.close();
    }
  },
};

const name = process.argv[2] ?? '';
const command = commands[name];
if (!command) {
  console.error(`usage: cli <${Object.keys(commands).join('|')}>`);
  process.exit(2);
}
command().catch((error: unknown) => {
  if (error instanceof ConfigError) for (const line of error.problems) console.error(`config: ${line}`);
  else console.error(error);
  process.exit(1);
});
