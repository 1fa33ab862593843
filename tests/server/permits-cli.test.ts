import { describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError } from '../../src/server/back-office/staff-cli-parse';
import { STAFF_ACTIONS } from '../../src/server/back-office/staff-actions';
import Ajv from 'ajv';

// The staff command line's permit commands (issue 19, item 4): each builds the body its back-office
// call takes (the same schema the server validates with), and says what is wrong otherwise.

const ajv = new Ajv({ removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: true });

describe('the permit commands of npm run staff', () => {
  it('issue-permit takes the use, the storeys and a --condition per condition', () => {
    const parsed = parseCommandLine([
      'issue-permit',
      'KQ7MZ-4XPRT',
      '--permit-number',
      'ZNZ/BP/2026/0001',
      '--from',
      '2026-12-01',
      '--until',
      '2027-11-30',
      '--use',
      'Residential house',
      '--storeys',
      '2',
      '--condition',
      'Keep 3 m from the road reserve',
      '--condition',
      'No work at night',
      '--as',
      'officer1',
    ]);
    expect(parsed).toMatchObject({
      action: 'issue_permit',
      body: {
        reference_number: 'KQ7MZ-4XPRT',
        permit_number: 'ZNZ/BP/2026/0001',
        approved_use: 'Residential house',
        storeys: 2,
        conditions: ['Keep 3 m from the road reserve', 'No work at night'],
      },
    });
    expect(ajv.validate(STAFF_ACTIONS.issue_permit.call.body, (parsed as { body: unknown }).body)).toBe(true);
  });

  it('revoke-permit needs the reason and says who with --as', () => {
    const parsed = parseCommandLine([
      'revoke-permit',
      'ZNZ/BP/2026/0001',
      '--reason',
      'Built beyond the plot',
      '--as',
      'officer1',
    ]);
    expect(parsed).toMatchObject({
      action: 'revoke_permit',
      body: { permit_number: 'ZNZ/BP/2026/0001', reason: 'Built beyond the plot' },
    });
    expect(ajv.validate(STAFF_ACTIONS.revoke_permit.call.body, (parsed as { body: unknown }).body)).toBe(true);
    expect(() => parseCommandLine(['revoke-permit', 'ZNZ/BP/2026/0001', '--as', 'officer1'])).toThrow(/--reason/);
    expect(() => parseCommandLine(['revoke-permit', 'ZNZ/BP/2026/0001', '--reason', 'x'])).toThrow(UsageError);
  });
});
