import { runStaffCli } from '../back-office/staff-cli';

// `npm run staff -- <command>`: the back office from a terminal (`npm run staff -- help`).
// The exit code is set rather than exiting at once, so that piped output is written whole.
process.exitCode = await runStaffCli(process.argv.slice(2));
