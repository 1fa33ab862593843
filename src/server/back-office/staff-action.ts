import type { AnswerOf, ApiCall, RequestOf } from '../../shared/api/call';
import type { Language } from '../../shared/reference-data';
import type { StaffActor } from '../staff-accounts/staff-actor';

/**
 * A staff action's shape, once for every module that has some (staff-actions.ts lists them all, the
 * requests for changes' own among them, changes/change-actions.ts): /api/staff/<name> and the command
 * line both run them, with the staff's auth, the record of who did it, and the CLI's printing.
 */

/** What an action answers: its data, and the message (its key and values) the answer and the command line say. */
export interface StaffAnswer<D = unknown> {
  data: D;
  messageKey: string;
  params?: Record<string, unknown>;
}

/**
 * One action: its shared call, what the OpenAPI document says of it, and what it does on `S` (the
 * services it runs on), its body and answer the call's: the compiler holds the action to its call.
 */
export interface StaffAction<C extends ApiCall, S> {
  call: C;
  summary: string;
  run(services: S, body: RequestOf<C>, language: Language, actor: StaffActor): Promise<StaffAnswer<AnswerOf<C>>>;
}

/** An action, its types erased: as a list holds it (its body checked against `call.body` before it runs). */
export interface AnyStaffAction<S> {
  call: ApiCall;
  summary: string;
  run(services: S, body: never, language: Language, actor: StaffActor): Promise<StaffAnswer>;
}

/** The action builder of the actions that run on `S`: `defineOn<S>()(call, { summary, run })`. */
export const defineOn =
  <S>() =>
  <C extends ApiCall>(call: C, action: NoInfer<Omit<StaffAction<C, S>, 'call'>>): StaffAction<C, S> => ({
    call,
    ...action,
  });

/** The answer's message: the action's own, or that the SMS could not be sent (it is retried). */
export const done = <D extends { sms_failed?: true }>(
  data: D,
  messageKey: string,
  params?: Record<string, unknown>,
): StaffAnswer<D> =>
  data.sms_failed
    ? { data, messageKey: 'back_office.sms_failed' }
    : { data, messageKey, ...(params ? { params } : {}) };
