// `npm test`'s first step: the page budgets and the browser tests run in Debian's Chromium (or the one
// CHROMIUM_PATH names). When it is missing, root installs Debian's (the only download, from Debian's
// packages); anyone else is told the one command to run, before ten minutes of other tests.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM, DEBIAN_HEADLESS_SHELL_PACKAGE } from './page-bytes';

const chromium = CHROMIUM.executablePath;
if (!existsSync(chromium)) {
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH names ${chromium}, which does not exist: set it to a Chromium binary, or unset it.`);
    process.exit(1);
  }
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(
      `The browser tests need Chromium: installing Debian's headless shell (apt-get install ${DEBIAN_HEADLESS_SHELL_PACKAGE})…`,
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', DEBIAN_HEADLESS_SHELL_PACKAGE], { stdio: 'inherit', env });
  } else {
    console.error(
      [
        "The browser tests need Debian's Chromium headless shell, which is not installed. Install it with:",
        `  sudo apt-get install -y ${DEBIAN_HEADLESS_SHELL_PACKAGE}`,
        'or set CHROMIUM_PATH to a Chromium binary, then run the tests again.',
      ].join('\n'),
    );
    process.exit(1);
  }
}
