import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertOutboxMessage } from './sms-repository';

/**
 * Sends one SMS. The app's sender is SmsQueue (sms-queue.ts): a durable row and a job, written in the
 * caller's transaction when one is given as `executor`; it delivers through a channel, itself an
 * SmsSender: the database outbox (development, tests) or the gateway (HttpSmsSender).
 */
export interface SmsSender {
  send(phone: string, message: string, purpose: string, executor?: Kysely<Database>): Promise<void>;
}

/**
 * An SMS written in the caller's transaction with the change that causes it (a one-time code, say),
 * and tried at once after that transaction commits (SmsQueue).
 */
export interface QueuedSms {
  queue(executor: Kysely<Database>, phone: string, message: string, purpose: string): Promise<number>;
  deliver(id: number): Promise<unknown>;
}

/**
 * The outbox channel: every message stored (and listed by /api/dev/outbox when development tools are
 * on). With `print` (NODE_ENV=development only) each message is also noted in the log, the phone
 * masked and WITHOUT its text: no log ever carries a code, whatever the mode (read it at /api/dev/outbox).
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly print?: (line: { to: string; purpose: string }) => void,
  ) {}

  async send(phone: string, message: string, purpose: string): Promise<void> {
    await insertOutboxMessage(this.db, { phone, message, purpose });
    this.print?.({ to: maskPhone(phone), purpose });
  }
}

/** '+255 700 012 345' → '+255 7•• ••• 345': enough for the applicant to recognise, not to use. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length < 6
    ? '•••'
    : `${phone.trim().startsWith('+') ? '+' : ''}${digits.slice(0, 4)}•••••${digits.slice(-3)}`;
}
