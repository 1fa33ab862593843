import { integer, required, str, type Command } from './staff-cli-arguments';

/** The command line's permit commands (src/server/permits): issue and revoke. */
export const PERMIT_COMMANDS: Record<string, Command> = {
  'issue-permit': {
    usage:
      'issue-permit <reference> --permit-number N --from YYYY-MM-DD --until YYYY-MM-DD --use TEXT ' +
      '[--remark TEXT] [--storeys N] [--condition TEXT]…',
    summary: 'a permit for an approved application or a requested renewal (--condition once per condition)',
    options: ['permit-number', 'from', 'until', 'remark', 'use', 'storeys', 'condition'],
    positionals: 1,
    action: 'issue_permit',
    changes: true,
    body: ([reference], o) => ({
      reference_number: reference,
      permit_number: required(o, 'permit-number'),
      valid_from: required(o, 'from'),
      valid_until: required(o, 'until'),
      remark: str(o, 'remark'),
      approved_use: str(o, 'use'),
      storeys: integer(o, 'storeys'),
      conditions: Array.isArray(o.condition) ? o.condition : undefined,
    }),
  },
  'revoke-permit': {
    usage: 'revoke-permit <permit-number> --reason TEXT',
    summary: 'revoke a permit; the applicant is told why, its verify page says revoked',
    options: ['reason'],
    positionals: 1,
    action: 'revoke_permit',
    changes: true,
    body: ([permitNumber], o) => ({ permit_number: permitNumber, reason: required(o, 'reason') }),
  },
};
