import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { STAFF_ACTIONS } from '../../src/server/back-office/staff-actions';
import { parseCommandLine } from '../../src/server/back-office/staff-cli-parse';

// The command line keeps up with the officers' workspace (issue 33): `assign` runs assign_application
// and `list` the queue's search, overdue and "my work", each building the body its call takes (the
// schema the server validates with).

const ajv = new Ajv({ removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: true });
const bodyOf = (argv: string[]) => (parseCommandLine(argv) as { action: string; body: unknown }).body;

describe('the workspace’s commands of npm run staff', () => {
  it('assign gives an application to a login, or to nobody', () => {
    expect(parseCommandLine(['assign', 'K7PQ2-M9XHT', '--to', 'juma.haji', '--as', 'amina'])).toMatchObject({
      action: 'assign_application',
      body: { reference_number: 'K7PQ2-M9XHT', assignee: 'juma.haji' },
    });
    const nobody = bodyOf(['assign', 'K7PQ2-M9XHT', '--nobody', '--as', 'amina']);
    expect(nobody).toEqual({ reference_number: 'K7PQ2-M9XHT', assignee: null });
    expect(ajv.validate(STAFF_ACTIONS.assign_application.call.body, nobody)).toBe(true);
    expect(() => parseCommandLine(['assign', 'K7PQ2-M9XHT', '--as', 'amina'])).toThrow(/--to/);
  });

  it('list searches the way the queue does: any of reference, name, phone or ID, overdue, my work', () => {
    const body = bodyOf(['list', '--search', '0777 310 101', '--overdue', '--mine', '--status', 'returned']);
    expect(body).toEqual({ search: '0777 310 101', overdue: true, mine: true, status: 'returned' });
    expect(ajv.validate(STAFF_ACTIONS.list_applications.call.body, body)).toBe(true);
  });
});
