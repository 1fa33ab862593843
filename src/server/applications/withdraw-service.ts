import type { Kysely } from 'kysely';
import { canWithdraw, WITHDRAWN, type WithdrawAnswer } from '../../shared/api/withdraw';
import type { Language } from '../../shared/reference-data';
import type { Database } from '../db/schema';
import type { DraftOwners } from '../drafts/draft-owners';
import { ApiError } from '../http/envelope';
import { refuseHiddenText } from '../http/plain-text';
import { statusName } from '../back-office/back-office-rules';
import { formatReferenceNumber } from './reference-number';
import type { WithdrawalPayments } from '../payments/invoice-cancellation';
import { withdrawnAt } from './history-repository';
import { lockExistingApplication, moveStatus } from './status-move';

/**
 * The applicant withdraws their application: a draft (proven by its draft cookie) or a submitted one
 * not yet decided (signed in). Idempotent: withdrawing it again answers the first withdrawal.
 */
export class WithdrawService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly owners: Pick<DraftOwners, 'owned'>,
    /** A withdrawal cancels the application's open invoices and their bills (src/server/payments). */
    private readonly payments?: WithdrawalPayments,
  ) {}

  /** The signed-in application, by the session's id. */
  async withdrawSignedIn(applicationId: number, reason: string, language: Language): Promise<WithdrawAnswer> {
    return this.withdraw(applicationId, reason, language);
  }

  /** A draft, for the holder of its proof (404 otherwise, as for an unknown number). */
  async withdrawDraft(
    reference: string,
    proof: string | undefined,
    reason: string,
    language: Language,
  ): Promise<WithdrawAnswer> {
    const draft = await this.owners.owned(reference, proof);
    if (draft.status !== 'draft' && draft.status !== WITHDRAWN) throw new ApiError(409, 'already_submitted');
    return this.withdraw(draft.id, reason, language);
  }

  private async withdraw(applicationId: number, reason: string, language: Language): Promise<WithdrawAnswer> {
    refuseHiddenText({ reason }, ['reason'], language);
    const text = reason.trim();
    const done = await this.db.transaction().execute(async (trx) => {
      const row = await lockExistingApplication(trx, applicationId);
      const answer = (at: Date): WithdrawAnswer => ({
        reference_number: formatReferenceNumber(row.reference_number),
        status: WITHDRAWN,
        withdrawn_at: new Date(at).toISOString(),
      });
      if (row.status === WITHDRAWN)
        return { answer: answer((await withdrawnAt(trx, applicationId)) ?? row.updated_at), bills: [] };
      if (!canWithdraw(row.status)) {
        throw new ApiError(
          409,
          'withdraw_not_allowed',
          { status: row.status },
          { status: statusName(language, row.status) },
        );
      }
      const bills = (await this.payments?.inTransaction(trx, applicationId)) ?? [];
      const moved = await moveStatus(trx, row, { to: WITHDRAWN, remark: text });
      return { answer: answer(moved.at), bills };
    });
    await this.payments?.afterCommit(done.bills);
    return done.answer;
  }
}
