import type { NoticeKind, Notifier } from './notifier';

/** Set on a staff action's answer when the change was made and the notification written, but the SMS failed. */
export interface Notified {
  sms_failed?: true;
}

/**
 * The notice of a staff change, after the change is committed. An SMS the gateway refused does not
 * undo the change: it waits and is retried by the job runner; staff are told it is not sent yet (sms_failed).
 */
export async function noticeAnswer(
  notifier: Pick<Notifier, 'notice'>,
  applicationId: number,
  kind: NoticeKind,
  params: Record<string, unknown>,
): Promise<Notified> {
  return (await notifier.notice(applicationId, kind, params)) === 'failed' ? { sms_failed: true } : {};
}
