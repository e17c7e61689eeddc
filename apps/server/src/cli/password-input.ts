import { CliError } from './cli-io.js';

/**
 * How the CLI reads a password: the first line of standard input when the
 * caller pipes it (--password-stdin), or typed at the terminal without echo.
 */
export async function readPassword(prompt: string, fromStdin: boolean): Promise<string> {
  if (fromStdin) return firstLineOfStdin();
  if (!process.stdin.isTTY) throw new CliError('There is no terminal to type the password in: pipe it in with --password-stdin.');
  return typedWithoutEcho(prompt);
}

let piped: Promise<string> | undefined;
function firstLineOfStdin(): Promise<string> {
  piped ??= new Promise((resolve, reject) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => (text += chunk));
    process.stdin.on('end', () => resolve(text.split(/\r?\n/)[0] ?? ''));
    process.stdin.on('error', reject);
  });
  return piped;
}

function typedWithoutEcho(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    let typed = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new CliError('Cancelled; nothing was changed.'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    stdin.on('data', onData);
  });
}
