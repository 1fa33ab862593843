import path from 'node:path';
import { problemLine } from '../../shared/forms-check/problems';
import { checkFormsFolder } from '../forms/form-loader';

// `npm run schemas:check [folder]`: every check made before a set of forms is published, for policy
// staff editing schemas/. Errors stop the forms from being published; warnings do not.
const dir = path.resolve(process.argv[2] ?? path.join(process.cwd(), 'schemas'));
const { set, problems } = await checkFormsFolder(dir);
const errors = problems.filter((p) => p.severity === 'error');
const warnings = problems.filter((p) => p.severity === 'warning');
for (const problem of [...errors, ...warnings]) console.error(`  - ${problemLine(problem)}`);
if (!set) {
  console.error(
    `\nThe forms in ${dir} have ${errors.length} error(s): they cannot be published until each is corrected.`,
  );
  process.exit(1);
}
const flows = Object.entries(set.flows).map(([type, steps]) => `${type} (${steps.length} steps)`);
console.log(
  `The forms are good${warnings.length ? ` (${warnings.length} warning(s) above, which do not stop publishing)` : ''}: ${Object.keys(set.steps).length} steps; flows ${flows.join(', ')}; every step shown in both languages.`,
);
