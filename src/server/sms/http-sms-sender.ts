import { ApiError } from '../http/envelope';
import type { SmsSender } from './sms-sender';

/** What an operator learns of a failed send: never the phone number or the text (it holds a code). */
export interface SmsFailure {
  purpose: string;
  /** The gateway's HTTP status, when it answered. */
  status?: number;
  reason: 'status' | 'no_answer';
}

export interface HttpSmsSenderOptions {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string;
  timeoutMs?: number;
  onFailure?: (failure: SmsFailure) => void;
}

/**
 * The SMS gateway over HTTP, SmsQueue's channel in production: POST <url> with {"to", "message"}; any
 * 2xx means sent. A refusal, no answer within the timeout or a network failure throws 503
 * sms_unavailable, which SmsQueue takes as "retry later" (the caller is not told). Nothing is kept
 * here: the texts hold one-time codes (the outbox is for development only).
 */
export class HttpSmsSender implements SmsSender {
  private readonly timeoutMs: number;

  constructor(private readonly options: HttpSmsSenderOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async send(phone: string, message: string, purpose: string): Promise<void> {
    const { url, token, onFailure } = this.options;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: phone, message }),
        signal: AbortSignal.timeout(this.timeoutMs),
        // A redirect is the gateway's mistake to report, not a reason to post the text elsewhere.
        redirect: 'manual',
      });
    } catch {
      onFailure?.({ purpose, reason: 'no_answer' });
      throw new ApiError(503, 'sms_unavailable');
    }
    // The body is not needed; reading it frees the connection for the next send.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) {
      onFailure?.({ purpose, status: response.status, reason: 'status' });
      throw new ApiError(503, 'sms_unavailable');
    }
  }
}
