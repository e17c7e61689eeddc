/** Where a command writes, and (for the commands that take one) how it reads a password. */
export interface CliIO {
  out: (line: string) => void;
  err: (line: string) => void;
  /**
   * A password: the first line of standard input (`fromStdin`, for scripts:
   * `--password-stdin`), or asked at the terminal without echo. Never an
   * argument, which `ps` would show to every user of the machine.
   */
  password?: (prompt: string, fromStdin: boolean) => Promise<string>;
}

export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}
