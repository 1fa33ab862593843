import type { FastifyInstance } from 'fastify';
import { PhoneChange } from '../applications/phone-change';
import { CodeLockNotice } from '../codes/code-lock-notice';
import { OneTimeCodes } from '../codes/one-time-codes';
import { DraftCookies } from '../drafts/draft-cookie';
import { DraftOwners } from '../drafts/draft-owners';
import { FeesRepository } from '../fees/fees-repository';
import { FeesService } from '../fees/fees-service';
import type { Parts } from './parts';

/**
 * What the applicant's modules share (no routes): the one-time codes (their owner told by SMS when a
 * subject locks), the drafts' owners and cookies, the fees and the phone change.
 */
export function draftParts(
  app: FastifyInstance,
  { config, db, sms, registry }: Pick<Parts, 'config' | 'db' | 'sms' | 'registry'>,
): Pick<Parts, 'codes' | 'owners' | 'fees' | 'draftCookies' | 'phones'> {
  const lockNotice = new CodeLockNotice(db, sms);
  const codes = new OneTimeCodes(db, {
    onLock: (purpose, subject) =>
      lockNotice.notify(purpose, subject).catch((error: unknown) => {
        app.log.warn({ err: error, purpose }, 'the owner of a locked subject could not be told by SMS');
      }),
  });
  // A draft is written only by its owner (the browser holding its draft cookie).
  const owners = new DraftOwners(db);
  const fees = new FeesService(new FeesRepository(db), registry, owners);
  const draftCookies = new DraftCookies(config.NODE_ENV === 'production');
  const phones = new PhoneChange(codes, sms, config.SUPPORT_PHONE);
  return { codes, owners, fees, draftCookies, phones };
}
