import path from 'node:path';
import { FormsProblemsError, loadForms } from '../forms/form-loader';

// `npm run schemas:check`: the checks the server makes at start, for policy staff editing schemas/.
const root = process.cwd();
try {
  const forms = await loadForms(path.join(root, 'schemas'));
  const flows = Object.entries(forms.flows).map(([type, steps]) => `${type} (${steps.length} steps)`);
  console.log(`The forms are good: ${Object.keys(forms.steps).length} steps; flows ${flows.join(', ')}.`);
} catch (error) {
  if (!(error instanceof FormsProblemsError)) throw error;
  console.error(error.message);
  process.exit(1);
}
