import {
  requestMaintenance,
  requestNoDrawings,
  saveAndContinue,
  saveFinal,
  type SubmittedAnswer,
  type SubmitRequest,
} from '../../shared/api/applications';
import { DECLARATION_PATH } from '../../shared/api/declaration';
import { uploadAttachment } from '../../shared/api/attachments';
import {
  continueApplication,
  submitApplication,
  verifyCode,
  type ContinueApplicationRequest,
  type VerifyCodeRequest,
} from '../../shared/api/continue';
import {
  sendEngineerOtp,
  validateEngineerOtp,
  type SendEngineerOtpRequest,
  type ValidateEngineerOtpRequest,
} from '../../shared/api/engineers';
import { getForms } from '../../shared/api/forms';
import { verifyZanid, type VerifyZanidRequest, type ZanidPerson } from '../../shared/api/identity';
import { openDraft, shownFileName, type DraftAttachment, type OpenDraftRequest } from '../../shared/api/open-draft';
import { envelope, normalized, sniff } from './mock-answers';
import { answerFor, mockCall, refusalFor } from './mock-call';
import { rulesByCode } from '../../shared/document-rules';
import { withDocuments } from '../../shared/document-fields';
import type { DocumentRule, FormsDocument, JsonSchema, StepForm } from '../../shared/forms';
import type { Engineer, Splash } from '../../shared/reference-data';
import {
  stepAtNumber,
  stepAfterSave,
  stepNumberAfterSave,
  stepNumberToResume,
  type ApplicationType,
} from '../../shared/wizard-driver';
import flows from '../../../schemas/flows.json';
import documents from '../../../schemas/documents.json';
import textsEn from '../../../schemas/texts/en.json';
import textsSw from '../../../schemas/texts/sw.json';
import fees from '../../../schemas/fees.json';
import { estimateFee as estimateFeeCall, type EstimateFeeRequest } from '../../shared/api/fees';
import { estimateFee } from '../../shared/fees/fee-estimate';
import type { FeeSchedule } from '../../shared/fees/fee-schedule';

/** The schemas the real server serves, bundled by Vite (the handlers run in the browser). */
const stepFiles = import.meta.glob<Record<string, unknown>>('../../../schemas/steps/*.json', {
  eager: true,
  import: 'default',
});

/** The forms' fee schedule with the steps and texts that name its lines, as the server estimates with them. */
function feeForms() {
  const steps: Record<string, StepForm> = {};
  for (const [file, schema] of Object.entries(stepFiles)) {
    const step = /\/([^/]+)\.schema\.json$/.exec(file)?.[1];
    if (step) steps[step] = { schema, uiSchema: {} };
  }
  return { steps, texts: { en: textsEn, sw: textsSw }, fees: fees as unknown as FeeSchedule };
}

/** In mock mode every one-time code (engineer, continue) is this one. */
export const MOCK_CODE = '123456';

/** The fictional people of the demo identity registry (README, Demo ZanIDs). */
const PEOPLE = [
  ['190012345', 'Amina', 'Khamis', 'Makame', '1985-03-14', 'F'],
  ['190023456', 'Juma', 'Ali', 'Haji', '1979-11-02', 'M'],
  ['190034567', 'Mwanaisha', 'Said', 'Omar', '1992-06-21', 'F'],
  ['190045678', 'Salim', 'Abdalla', 'Mzee', '1968-01-30', 'M'],
  ['190056789', 'Fatma', 'Hamad', 'Suleiman', '1990-09-09', 'F'],
].map(([zan_id, first_name, middle_name, last_name, date_of_birth, sex]): ZanidPerson => ({
  zan_id: zan_id!,
  first_name: first_name!,
  middle_name: middle_name!,
  last_name: last_name!,
  date_of_birth: date_of_birth!,
  sex: sex === 'M' ? 'M' : 'F',
}));

const MAX_BYTES = 10 * 1024 * 1024;

function walk(node: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) return node.forEach((item) => walk(item, visit));
  if (typeof node !== 'object' || node === null) return;
  visit(node as Record<string, unknown>);
  Object.values(node).forEach((value) => walk(value, visit));
}

/** The forms as get_forms answers them: x-reference lists bound to the mock splash's ids, as enums. */
export function mockForms(splash: Splash): FormsDocument {
  const steps: Record<string, StepForm> = {};
  for (const [file, content] of Object.entries(stepFiles)) {
    const match = /\/([a-z_]+)\.(schema|ui)\.json$/.exec(file);
    if (!match) continue;
    const [, id, kind] = match as unknown as [string, string, 'schema' | 'ui'];
    const step = (steps[id] ??= { schema: {}, uiSchema: {} });
    const copy = structuredClone(content) as JsonSchema;
    if (kind === 'schema') {
      walk(copy, (node) => {
        const list = node['x-reference'];
        if (typeof list === 'string')
          node.enum = ((splash[list as keyof Splash] as { id: number }[] | undefined) ?? []).map((item) => item.id);
      });
      step.schema = copy;
    } else step.uiSchema = copy;
  }
  // As the server serves them: the uploads step holds one property per document of documents.json.
  return withDocuments({
    // A version number, as the server's (the mock serves one version).
    version: '1',
    steps,
    flows: flows,
    texts: { en: textsEn, sw: textsSw },
    documents: documents as DocumentRule[],
  });
}

interface Draft {
  type: ApplicationType;
  /** As the server keeps it: the furthest step saved (0 before the first save); continue answers it. */
  stepNumber: number;
  answers: Record<string, Record<string, unknown>>;
  submitted: boolean;
  /** Its uploads, as open_draft answers them. */
  files?: DraftAttachment[];
}

const formatted = (reference: string) => `${reference.slice(0, 5)}-${reference.slice(5)}`;
const randomId = (length: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => 'ACDEFGHJKMNPQRTUVWXY34679'[b % 25]).join('');

/**
 * The wizard's calls for the mock backend: forms, saves and submits (a draft store in memory), ZanID
 * lookups of the demo registry, engineer and continue codes (always MOCK_CODE) and uploads. `engineers`
 * is the registry with contacts (mockEngineers): the splash names engineers without them.
 */
export function wizardHandlers(splash: Splash, engineers: readonly Engineer[], wait: () => Promise<unknown>) {
  const forms = mockForms(splash);
  const drafts = new Map<string, Draft>();
  const challenges = new Map<string, string>();
  const body = async (request: Request) => ((await request.json()) ?? {}) as Record<string, unknown>;

  const submit = async (request: Request, type?: ApplicationType) => {
    await wait();
    const { data = {}, reference_number, declaration } = (await body(request)) as SubmitRequest;
    if (declaration !== true) {
      return envelope(422, 'Confirm the declaration before you submit.', {
        errors: [
          {
            path: DECLARATION_PATH,
            message: 'Tick the declaration that the information you have given is true and complete.',
          },
        ],
      });
    }
    const reference = normalized(reference_number);
    const draft = reference ? drafts.get(reference) : undefined;
    if (reference && !draft) return envelope(404, 'No application has this reference number.', {});
    if (draft?.submitted) return envelope(409, 'This application has already been submitted.', {});
    const number = reference || randomId(10);
    drafts.set(number, {
      type: draft?.type ?? type ?? 'new',
      stepNumber: draft?.stepNumber ?? 1,
      answers: { ...draft?.answers, ...data },
      submitted: true,
    });
    return envelope<SubmittedAnswer>(200, 'Your application has been submitted.', {
      reference_number: formatted(number),
      status: 'submitted',
    });
  };

  return [
    mockCall(getForms, async () => {
      await wait();
      // The forms as the studio types them (FormsDocument, readonly lists): the call's answer leaves them open.
      return envelope(200, 'OK', forms);
    }),

    mockCall(saveAndContinue, async ({ body: read, answer }) => {
      await wait();
      const { application_type, step_number, data, reference_number, phone_code } = await read();
      const step = stepAtNumber(forms.flows[application_type], step_number);
      if (!step) return envelope(422, 'This step is not part of the application.', { errors: [] });
      const reference = normalized(reference_number) || randomId(10);
      const draft = drafts.get(reference) ?? { type: application_type, stepNumber: 0, answers: {}, submitted: false };
      if (draft.submitted) return envelope(409, 'This application has already been submitted.', {});
      // As the server: changing the phone saved in the draft takes the code sent to the new number.
      const phoneBefore = (draft.answers[step] as { phone?: unknown } | undefined)?.phone;
      if (typeof phoneBefore === 'string' && typeof data.phone === 'string' && phoneBefore !== data.phone) {
        if (phone_code && phone_code.code !== MOCK_CODE) {
          return refusalFor(saveAndContinue, 'wrong_code', 'The code is wrong or has expired.', {
            errors: [{ path: '/phone_code/code', message: 'The code is wrong or has expired.' }],
          });
        }
        if (!phone_code) {
          // The contract's answer (src/shared/api/errors.ts), every field the server sends.
          return refusalFor(
            saveAndContinue,
            'phone_change_code_sent',
            `To change the phone number, enter the code we sent to the new number.`,
            {
              phone_confirmation: {
                challenge_id: `mock-${randomId(16)}`,
                sent_to: '•••• 888',
                expires_in_s: 600,
                resend_after_s: 60,
              },
            },
          );
        }
      }
      draft.answers[step] = data;
      // As the server: the step after the furthest reached, never past the last.
      const next = stepNumberAfterSave(forms.flows[application_type], draft.stepNumber, step_number);
      draft.stepNumber = Math.max(draft.stepNumber, step_number);
      drafts.set(reference, draft);
      return answer(
        {
          reference_number: formatted(reference),
          step_number: next,
          next_step: stepAfterSave(forms.flows[application_type], step_number),
        },
        'Saved',
      );
    }),

    mockCall(saveFinal, ({ request }) => submit(request)),
    mockCall(requestMaintenance, ({ request }) => submit(request, 'repair')),
    mockCall(requestNoDrawings, ({ request }) => submit(request, 'special')),
    mockCall(submitApplication, ({ request }) => submit(request)),

    mockCall(verifyZanid, async ({ request }) => {
      await wait();
      const zanId = normalized(((await body(request)) as Partial<VerifyZanidRequest>).zan_id);
      if (!/^[0-9]{9}$/.test(zanId))
        return envelope(422, 'The ZanID is not valid.', {
          errors: [{ path: '/zan_id', message: 'A ZanID has 9 digits.' }],
        });
      const person = PEOPLE.find((p) => p.zan_id === zanId);
      return person ? envelope(200, 'ID verified', person) : envelope(404, 'No person has this ZanID.', {});
    }),

    mockCall(sendEngineerOtp, async ({ request }) => {
      await wait();
      const { engineer_id, reference_number } = (await body(request)) as Partial<SendEngineerOtpRequest>;
      // As the server: the code is asked about a draft (its SMS names it).
      if (!drafts.has(normalized(reference_number)))
        return envelope(404, 'This application cannot be saved from this browser.', {});
      const id = normalized(engineer_id);
      const engineer = engineers.find((e) => normalized(e.registration_number) === id);
      if (!engineer) return envelope(404, 'No engineer has this registration number.', {});
      return answerFor(
        sendEngineerOtp,
        {
          sent_to: `•••• ${engineer.mobile.slice(-3)}`,
          expires_in_s: 600,
          resend_after_s: 60,
        },
        'Code sent',
      );
    }),

    mockCall(validateEngineerOtp, async ({ request }) => {
      await wait();
      const { engineer_id, otp } = (await body(request)) as Partial<ValidateEngineerOtpRequest>;
      const engineer = engineers.find((e) => normalized(e.registration_number) === normalized(engineer_id));
      if (!engineer || otp !== MOCK_CODE) return envelope(422, 'The code is wrong or has expired.', {});
      const role = splash.engineer_roles.find((r) => r.id === engineer.role_id);
      const { registration_number, name, experience_years, email, mobile } = engineer;
      return answerFor(
        validateEngineerOtp,
        {
          engineer: {
            registration_number,
            name,
            experience_years,
            email,
            mobile,
            role: role ? { code: role.code, name: role.name } : null,
          },
          validation_token: `mock-proof-${randomId(12).toLowerCase()}`,
        },
        'Confirmed',
      );
    }),

    mockCall(continueApplication, async ({ request }) => {
      await wait();
      const reference = normalized(((await body(request)) as Partial<ContinueApplicationRequest>).reference_number);
      const draft = drafts.get(reference);
      if (!draft) return envelope(404, 'No application has this reference number.', {});
      if (draft.submitted) return envelope(409, 'This application has already been submitted.', {});
      const challengeId = `mock-${randomId(16)}`;
      challenges.set(challengeId, reference);
      return answerFor(
        continueApplication,
        {
          challenge_id: challengeId,
          sent_to: '•••• 456',
          expires_in_s: 600,
        },
        'Code sent',
      );
    }),

    mockCall(verifyCode, async ({ request }) => {
      await wait();
      const { challenge_id, code } = (await body(request)) as Partial<VerifyCodeRequest>;
      const reference = challenges.get(String(challenge_id));
      const draft = reference ? drafts.get(reference) : undefined;
      if (!reference || !draft || code !== MOCK_CODE) return envelope(422, 'The code is wrong or has expired.', {});
      challenges.delete(String(challenge_id));
      return answerFor(verifyCode, {
        reference_number: formatted(reference),
        application_type: draft.type,
        step_number: stepNumberToResume(draft.stepNumber),
        data: draft.answers,
        ...(draft.files?.length ? { attachments: draft.files } : {}),
      });
    }),

    mockCall(uploadAttachment, async ({ request }) => {
      await wait();
      const form = await request.formData();
      const draft = drafts.get(normalized(form.get('reference_number')));
      if (!draft) return envelope(404, 'No application has this reference number.', {});
      if (draft.submitted) return envelope(409, 'This application has already been submitted.', {});
      const code = String(form.get('document_type') ?? '');
      const document = rulesByCode(documents as DocumentRule[]).get(code);
      if (!document) return envelope(422, 'Unknown document.', { errors: [{ path: '/document_type', message: code }] });
      const file = form.get('file');
      if (!(file instanceof File)) return envelope(400, 'Some values in the request are missing or not valid.', {});
      const limit = document.max_bytes || MAX_BYTES;
      if (file.size > limit) return envelope(413, 'The file is too large.', { max_bytes: limit });
      if (!document.accept.includes(await sniff(file)))
        return envelope(415, 'Only PDF, JPEG and PNG files are accepted.', {});
      const scale = form.get('scale');
      const uploaded: DraftAttachment = {
        attachment_id: `att-${randomId(12).toLowerCase()}`,
        document_type: code,
        file_name: shownFileName(file.name),
        size: file.size,
        scale: typeof scale === 'string' && scale !== '' ? scale : null,
      };
      draft.files = [...(draft.files ?? []), uploaded];
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
        'Uploaded',
      );
    }),

    // The fee estimate of a draft of this page's memory, from the forms' own schedule (src/shared/api/fees.ts).
    mockCall(estimateFeeCall, async ({ request }) => {
      await wait();
      const reference = normalized(((await request.json()) as Partial<EstimateFeeRequest> | null)?.reference_number);
      const draft = drafts.get(reference);
      if (!draft) return envelope(404, 'This application cannot be saved from this browser.', {});
      const result = estimateFee(feeForms(), draft.type, draft.answers);
      return answerFor(estimateFeeCall, {
        forms_version: '1',
        estimate: 'estimate' in result ? result.estimate : null,
        missing: 'missing' in result ? result.missing : null,
      });
    }),

    // The mock keeps no draft cookies: any draft of this page's memory reopens (a reload starts the mock afresh).
    mockCall(openDraft, async ({ request }) => {
      await wait();
      const reference = normalized(((await request.json()) as Partial<OpenDraftRequest> | null)?.reference_number);
      const draft = drafts.get(reference);
      if (!draft) return envelope(404, 'This application cannot be saved from this browser.', {});
      if (draft.submitted) return envelope(409, 'This application has already been submitted.', {});
      return answerFor(openDraft, {
        reference_number: formatted(reference),
        application_type: draft.type,
        step_number: stepNumberToResume(draft.stepNumber),
        data: draft.answers,
        unfinished: {},
        attachments: draft.files ?? [],
      });
    }),
  ];
}
