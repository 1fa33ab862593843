/**
 * A password for the command line, never from its arguments (which `ps` and the shell's history show
 * to others): typed at the terminal without echo, or, when stdin is not a terminal (a script, a pipe
 * from a password manager), its first line.
 */

/** The most read from a piped stdin: a password is at most 256 characters. */
const MAX_PIPED_CHARS = 4096;

export const stdinIsTerminal = (): boolean => process.stdin.isTTY === true;

export function readSecretLine(prompt: string): Promise<string> {
  return stdinIsTerminal() ? typedWithoutEcho(prompt) : firstPipedLine();
}

async function firstPipedLine(): Promise<string> {
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) {
    text += chunk as string;
    if (text.includes('\n') || text.length > MAX_PIPED_CHARS) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

function typedWithoutEcho(prompt: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          finish();
          resolve(typed);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new Error('cancelled'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += ch;
      }
    };
    process.stderr.write(prompt);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}
