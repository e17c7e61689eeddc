import { ConfigError, loadConfig } from '../config.js';
import { CliError, commands, helpText, type CliIO } from './commands.js';

/** Runs one CLI command and returns the process exit code. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIO): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.out(helpText());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${helpText()}`);
    return 1;
  }
  try {
    await command.run(args, loadConfig(env), io);
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError) io.err(error.message);
    else io.err(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
