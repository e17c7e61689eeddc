import { readPassword } from './cli/password-input.js';
import { runCli } from './cli/run.js';

const io = {
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
  password: readPassword,
};

process.exitCode = await runCli(process.argv.slice(2), process.env, io);
