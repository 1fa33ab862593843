import { newCaptcha, type CaptchaChallenge } from '../../shared/api/captcha';
import { uploadAttachment } from '../../shared/api/attachments';
import { uploadAfterSubmit } from '../../shared/uploads-after-submit';
import { getChangeRequests } from '../../shared/api/change-requests';
import type { ApiCall } from '../../shared/api/call';
import { verifyCode, type VerifyCodeRequest } from '../../shared/api/continue';
import {
  getMessages,
  sendMessage,
  type ApplicantMessage,
  type ConversationMessage,
  type SendMessageRequest,
} from '../../shared/api/conversation';
import {
  downloadAttachment,
  getApplications,
  getAttachments,
  getDashboardApplication,
  getNotifications,
  getPermits,
  keepAlive,
  openApplication,
  readNotifications,
  renewPermit,
  type DownloadAttachmentRequest,
  type OpenApplicationRequest,
  type RenewPermitRequest,
  type SessionTimes,
} from '../../shared/api/dashboard';
import { logout, requestSignInCode } from '../../shared/api/sign-in';
import { downloadReceipt, getInvoices, type DownloadReceiptRequest } from '../../shared/api/payments';
import { downloadPermit } from '../../shared/api/permits';
import { canWithdraw, withdrawApplication, WITHDRAWN } from '../../shared/api/withdraw';
import { shownFileName } from '../../shared/api/open-draft';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { HttpResponse } from 'msw';
import { envelope, normalized, sniff } from './mock-answers';
import { answerFor, mockCall } from './mock-call';
import type { SignedInUser } from '../../shared/dashboard';
import documents from '../../../schemas/documents.json';
import { rulesByCode } from '../../shared/document-rules';
import type { DocumentRule } from '../../shared/forms';
import type { Splash } from '../../shared/reference-data';
import { MOCK_REFERENCES, mockApplications, summaryOf, type MockApplication } from './dashboard-data';
import { MOCK_CODE } from './wizard-handlers';

/**
 * In mock mode the captcha is a real ALTCHA challenge, made and checked in the browser with this
 * (public, mock-only) key and a small cost: the widget solves it as it does the server's.
 */
const MOCK_CAPTCHA_KEY = 'kibali-mock-mode-captcha-key-not-a-secret';
const MOCK_CAPTCHA_WORK = { cost: 1_000, counterMin: 50, counterMax: 200 };

const IDLE_S = 30 * 60;
const MAX_MS = 12 * 3600_000;

/** A solved payload of a challenge of ours, not used before (`spent` keeps the used signatures). */
async function captchaAccepted(payload: unknown, spent: Set<string>): Promise<boolean> {
  try {
    const { challenge, solution } = JSON.parse(atob(String(payload))) as {
      challenge: Parameters<typeof verifySolution>[0]['challenge'];
      solution: Parameters<typeof verifySolution>[0]['solution'];
    };
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: MOCK_CAPTCHA_KEY,
      hmacKeySignatureSecret: MOCK_CAPTCHA_KEY,
    });
    if (!result.verified || !challenge.signature || spent.has(challenge.signature)) return false;
    spent.add(challenge.signature);
    return true;
  } catch {
    return false;
  }
}

/** A one-page PDF, for downloads. */
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * View (sign-in) and the dashboard for the mock backend. The captcha is a real proof of work (cheap),
 * and every code MOCK_CODE. The mock does not check cookies: its dashboard answers for the
 * application signed in last, and for the demo one with a permit before any sign-in (so a stored
 * user survives a reload); Logout goes back to that one.
 */
export function dashboardHandlers(splash: Splash, wait: () => Promise<unknown>) {
  const applications = mockApplications(splash);
  let current = normalized(MOCK_REFERENCES.permit);
  let signedInAt = Date.now();
  const spentCaptchas = new Set<string>();
  /** challenge id → the application's reference number (normalized) */
  const challenges = new Map<string, string>();
  let counter = 0;
  /** The conversation of each application (reference number as shown), oldest first. */
  const conversations = new Map<string, ConversationMessage[]>();
  const conversationOf = (mock: MockApplication) => {
    const reference = mock.application.reference_number;
    if (!conversations.has(reference)) conversations.set(reference, []);
    return conversations.get(reference)!;
  };
  const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

  const open = (): MockApplication => applications.get(current)!;
  const body = async (request: Request) => ((await request.clone().json()) ?? {}) as Record<string, unknown>;
  const times = (): SessionTimes => {
    const now = Date.now();
    const expires = signedInAt + MAX_MS;
    return {
      idle_expires_at: new Date(Math.min(now + IDLE_S * 1000, expires)).toISOString(),
      expires_at: new Date(expires).toISOString(),
      idle_timeout_s: IDLE_S,
    };
  };
  const userOf = (mock: MockApplication): SignedInUser => {
    const { reference_number, application_type, status, days_applied, personal } = mock.application;
    return {
      reference_number,
      application_type,
      status,
      step_number: 7,
      days_applied,
      mobile: mock.sentTo,
      email: mock.email,
      first_name: String(personal.first_name ?? ''),
      last_name: String(personal.last_name ?? ''),
    };
  };
  const challenge = (reference: string, mock: MockApplication) => {
    const id = nextId('mock-sign-in');
    challenges.set(id, reference);
    return answerFor(
      requestSignInCode,
      {
        challenge_id: id,
        sent_to: mock.sentTo,
        expires_in_s: 600,
      },
      'A code has been sent to the phone saved in your application.',
    );
  };
  /** A dashboard call (src/shared/api/): answered for the application signed in last. */
  const dashboard = (
    call: ApiCall,
    answer: (mock: MockApplication, request: Request) => Response | Promise<Response>,
  ) =>
    mockCall(call, async ({ request }) => {
      await wait();
      return answer(open(), request);
    });

  return [
    mockCall(newCaptcha, async () => {
      await wait();
      const { cost, counterMin, counterMax } = MOCK_CAPTCHA_WORK;
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        counter: counterMin + Math.floor(Math.random() * (counterMax - counterMin)),
        deriveKey,
        expiresAt: new Date(Date.now() + 300_000),
        hmacSignatureSecret: MOCK_CAPTCHA_KEY,
        hmacKeySignatureSecret: MOCK_CAPTCHA_KEY,
      });
      // Signed with both secrets, as the server's: its parameters carry keySignature and expiresAt.
      return answerFor(newCaptcha, challenge as CaptchaChallenge);
    }),

    mockCall(requestSignInCode, async ({ request }) => {
      await wait();
      const { reference_number, altcha } = await body(request);
      if (!(await captchaAccepted(altcha, spentCaptchas)))
        return envelope(422, 'The security check was not accepted. Wait for the new check to finish, then try again.', {
          errors: [
            { path: '/altcha', message: 'The security check was not accepted. Wait for the new check to finish.' },
          ],
        });
      const reference = normalized(reference_number);
      if (reference === normalized(MOCK_REFERENCES.draft))
        return envelope(409, 'This application has not been submitted yet. Open it with Continue.', {});
      const mock = applications.get(reference);
      if (!mock) return envelope(404, 'No application has this reference number.', {});
      return challenge(reference, mock);
    }),

    // Shared with Continue: a challenge this file did not make is left to the wizard's handler.
    mockCall(verifyCode, async ({ request }) => {
      const { challenge_id, code } = (await body(request)) as VerifyCodeRequest;
      const reference = challenges.get(String(challenge_id));
      if (!reference) return undefined;
      await wait();
      if (code !== MOCK_CODE)
        return envelope(422, 'The code is wrong or has expired. Check it, or ask for a new code.', {});
      challenges.delete(String(challenge_id));
      current = reference;
      signedInAt = Date.now();
      return answerFor(verifyCode, { user: userOf(open()), session: times() }, 'Signed in');
    }),

    mockCall(logout, async () => {
      await wait();
      current = normalized(MOCK_REFERENCES.permit);
      signedInAt = Date.now();
      return answerFor(logout, {}, 'You have logged out.');
    }),

    dashboard(keepAlive, () => answerFor(keepAlive, times())),
    dashboard(getDashboardApplication, (mock) => answerFor(getDashboardApplication, mock.application)),
    dashboard(getApplications, () =>
      answerFor(
        getApplications,
        [...applications.entries()].map(([reference, mock]) => summaryOf(mock, reference === current)),
      ),
    ),
    dashboard(openApplication, async (_mock, request) => {
      const reference = normalized(((await body(request)) as OpenApplicationRequest).reference_number);
      const other = applications.get(reference);
      if (!other) return envelope(403, 'Access denied', {});
      return challenge(reference, other);
    }),
    dashboard(getAttachments, (mock) => answerFor(getAttachments, mock.attachments)),
    dashboard(downloadAttachment, async (mock, request) => {
      const { attachment_id } = (await body(request)) as DownloadAttachmentRequest;
      const found = mock.attachments.find((a) => a.attachment_id === attachment_id);
      if (!found) return envelope(404, 'No such document.', {});
      return new HttpResponse(PDF, {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${found.document_type}.pdf"`,
        },
      });
    }),
    dashboard(getInvoices, (mock) => answerFor(getInvoices, mock.invoices)),
    dashboard(downloadReceipt, async (mock, request) => {
      const { receipt_number } = (await body(request)) as unknown as DownloadReceiptRequest;
      const found = mock.invoices.some((i) => i.receipts.some((r) => r.receipt_number === receipt_number));
      if (!found) return envelope(404, 'No receipt has this number.', {});
      return new HttpResponse(PDF, {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="receipt-${receipt_number}.pdf"`,
        },
      });
    }),
    dashboard(getNotifications, (mock) => answerFor(getNotifications, mock.notifications)),
    dashboard(readNotifications, (mock) => {
      const unread = mock.notifications.filter((n) => !n.read);
      for (const n of unread) n.read = true;
      return answerFor(readNotifications, { updated: unread.length });
    }),
    dashboard(getPermits, (mock) => answerFor(getPermits, mock.permits)),
    dashboard(downloadPermit, async (mock, request) => {
      const permit_number = String((await body(request)).permit_number);
      const found = mock.permits.find((p) => p.permit_number === permit_number);
      if (!found) return envelope(403, 'Access denied', {});
      if (found.status === 'revoked') return envelope(409, 'This permit was revoked: it is not printed again.', {});
      return new HttpResponse(PDF, {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="building-permit-${permit_number.replace(/[^A-Za-z0-9.-]+/g, '-')}.pdf"`,
        },
      });
    }),
    dashboard(renewPermit, async (mock, request) => {
      const { permit_number, type_of_work, reason } = (await body(request)) as RenewPermitRequest;
      if (!mock.application.can_renew) return envelope(409, 'This permit cannot be renewed now.', {});
      const now = new Date().toISOString();
      mock.application.can_renew = false;
      mock.application.status = 'renewal_requested';
      mock.application.history.push({ status: 'renewal_requested', remark: null, at: now });
      return answerFor(
        renewPermit,
        {
          renewal_id: nextId('mock-renewal'),
          reference_number: mock.application.reference_number,
          permit_number,
          type_of_work,
          reason,
          created_at: now,
        },
        'Your renewal request has been sent.',
      );
    }),
    dashboard(sendMessage, async (mock, request) => {
      const { subject, message } = (await body(request)) as Partial<SendMessageRequest>;
      if (typeof message !== 'string' || message.trim() === '')
        return envelope(422, 'Some values are missing or not valid.', {
          errors: [{ path: '/message', message: 'Write a message.' }],
        });
      const sent: ApplicantMessage = {
        message_id: nextId('mock-message'),
        reference_number: mock.application.reference_number,
        subject: typeof subject === 'string' ? subject : null,
        message,
        created_at: new Date().toISOString(),
      };
      // As get_messages lists it: without the reference number the sent message's answer names.
      const { message_id, created_at } = sent;
      conversationOf(mock).push({
        message_id,
        from: 'applicant',
        by: null,
        subject: sent.subject,
        message,
        in_reply_to: null,
        created_at,
      });
      // The unit answers at once in mock mode, so that both sides of the conversation show.
      conversationOf(mock).push({
        message_id: nextId('mock-answer'),
        from: 'unit',
        by: 'Mwanaidi Hassan',
        subject: null,
        message: 'Asante / Thank you: we will look at it during working hours.',
        in_reply_to: sent.message_id,
        created_at: new Date(Date.now() + 1).toISOString(),
      });
      return answerFor(sendMessage, sent, 'Your message has been sent.');
    }),
    dashboard(getMessages, (mock) => answerFor(getMessages, conversationOf(mock))),
    // The mock's applications have no requests for changes (tests give their own).
    dashboard(getChangeRequests, () => answerFor(getChangeRequests, { open: null, rounds: [] })),
    dashboard(withdrawApplication, async (mock, request) => {
      const { reason } = await body(request);
      if (typeof reason !== 'string' || reason.trim() === '')
        return envelope(422, 'Some values are missing or not valid.', {
          errors: [{ path: '/reason', message: 'Write the reason.' }],
        });
      const app = mock.application;
      if (app.status !== WITHDRAWN && !canWithdraw(app.status))
        return envelope(409, 'This application can no longer be withdrawn: a decision has been made.', {});
      const at = new Date().toISOString();
      if (app.status !== WITHDRAWN) {
        app.status = WITHDRAWN;
        app.history = [{ status: WITHDRAWN, remark: reason.trim(), at }, ...app.history];
      }
      return answerFor(
        withdrawApplication,
        {
          reference_number: app.reference_number,
          status: WITHDRAWN,
          withdrawn_at: at,
        },
        'Your application has been withdrawn.',
      );
    }),

    // Uploads without a reference number go to the signed-in application; the others to the wizard's handler.
    mockCall(uploadAttachment, async ({ request }) => {
      const form = await request.clone().formData();
      if (form.get('reference_number')) return undefined;
      await wait();
      const mock = open();
      const code = String(form.get('document_type') ?? '');
      const document = rulesByCode(documents as DocumentRule[]).get(code);
      if (!document) {
        const message = 'This is not a document the application asks for.';
        return envelope(422, message, { errors: [{ path: '/document_type', message }] });
      }
      const existing = mock.attachments.find((a) => a.document_type === code);
      // The server's rule after Submit; the mock has no rounds of changes (tests give their own), so a
      // returned application takes the document as if asked.
      const way = uploadAfterSubmit({
        status: mock.application.status,
        fileStatuses: existing ? [existing.status] : [],
        askedByRound: mock.application.status === 'returned',
      });
      if (way === 'refused')
        return envelope(
          409,
          'Once an application is submitted, you can upload only a document the Development Control Unit rejected or asked for again. This document was not.',
          {},
        );
      const file = form.get('file');
      if (!(file instanceof File)) return envelope(400, 'Some values in the request are missing or not valid.', {});
      if (file.size > document.max_bytes) return envelope(413, 'The file is too large.', {});
      const type = await sniff(file);
      if (!document.accept.includes(type))
        return envelope(
          415,
          'Only PDF, JPEG and PNG files are accepted, and the file must really be one of these.',
          {},
        );
      const scale = form.get('scale');
      const uploaded = {
        attachment_id: nextId('att-mock'),
        document_type: code,
        document_name: document.name,
        file_name: shownFileName(file.name),
        scale: typeof scale === 'string' && scale ? scale : (existing?.scale ?? null),
        status: 'uploaded' as const,
        remark: null,
        size: file.size,
        mime_type: type,
        uploaded_at: new Date().toISOString(),
      };
      mock.attachments = [...mock.attachments.filter((a) => a !== existing), uploaded];
      // As the server answers it: the document's name in each language, and the scale kept.
      return answerFor(
        uploadAttachment,
        {
          attachment_id: uploaded.attachment_id,
          document_name: document.name,
          size: file.size,
          scale: uploaded.scale,
          file_name: uploaded.file_name,
          status: 'uploaded',
        },
        'The document was uploaded.',
      );
    }),
  ];
}
