import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { buildServer } from './server';

const SECRET_WORDS = {
  env: 'from TANDEM_SECRET',
  file: 'read from the data directory',
  generated: 'generated into the data directory (keep it: links stop working without it)',
} as const;

/** Flags the benchmark harness passes: `--port N`, `--data-dir DIR` (env wins when both are set). */
function argsToEnv(argv: string[]): void {
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (argv[i] === '--port' && next) process.env.PORT ??= next;
    if ((argv[i] === '--data-dir' || argv[i] === '--data') && next) process.env.TANDEM_DATA_DIR ??= next;
  }
}

async function main(): Promise<void> {
  argsToEnv(process.argv.slice(2));
  const refuse = (error: unknown): never => {
    if (error instanceof ConfigError) {
      process.stderr.write(`tandem: configuration error: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  };
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    return refuse(error);
  }
  // Some settings are refused only while the app starts (a PostgreSQL deployment without TANDEM_SECRET).
  const server = await buildServer({ config }).catch(refuse);
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) server.log.error({ err }, 'shutting down after an error');
    else server.log.info({ signal }, 'shutting down');
    await server.close();
  });
  const address = await server.listen({ port: config.port, host: config.host });
  // One line an operator can grep: where the data lives, where to connect, and whether links survive a restart.
  server.log.info(
    {
      address,
      dataDir: config.dataDir,
      instance: server.instanceId,
      secret: server.secretSource,
      publicSourceMaps: config.publicSourceMaps,
    },
    `Tandem listening at ${address} (instance ${server.instanceId}), data in ${config.dataDir}, link secret ${SECRET_WORDS[server.secretSource]}`,
  );
}

void main();
