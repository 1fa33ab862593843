import { draftNotFound, alreadySubmitted, applicationWithdrawn } from './errors';
import type { FromSchema } from 'json-schema-to-ts';
import { applicationTypeSchema, formsChangedSchema } from './applications';
import { apiCall, type AnswerOf, type RequestOf } from './call';
import { referenceNumberBody } from './reference-number';

/**
 * Reopening one's own draft after a reload, a Back or a return in the same browser (issue 17): the wire
 * contract of /api/application/open_draft, defined once (the route validates with the body schema, the
 * service answers OpenDraftAnswer, the client's endpoint and the MSW mock use these types). Only the
 * holder of the draft's cookie gets an answer; a reference number alone is 404 `draft_not_found`.
 */

/**
 * A file uploaded to the draft and still kept (a draft keeps a few per document type): what the documents
 * step and the review show of it after a reload, as they showed it before.
 */
export const draftAttachmentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['attachment_id', 'document_type', 'file_name', 'size', 'scale'],
  properties: {
    attachment_id: { type: 'string' },
    /** The document's code ('site_plan'). */
    document_type: { type: 'string' },
    /** The name the file was sent with, made fit to show (shownFileName); null for files uploaded before names were kept. */
    file_name: { type: ['string', 'null'] },
    /** Bytes. */
    size: { type: 'integer', minimum: 0 },
    /** A drawing's scale as recorded with the file ('1:100'), else null. */
    scale: { type: ['string', 'null'] },
  },
} as const;
export type DraftAttachment = FromSchema<typeof draftAttachmentSchema>;

/** Answers by step id, as a draft holds them (each step's answers an object of its own). */
export const draftAnswersSchema = { type: 'object', additionalProperties: { type: 'object' } } as const;

/**
 * A draft as it reopens (open_draft here, continue's right code in continue.ts): where it stands, its
 * answers, the steps kept unfinished, its files, and what changed in the forms since it was saved.
 */
export const reopenedDraftProperties = {
  /** As shown, with its dash: 'K7PQ2-M9XHT'. */
  reference_number: { type: 'string' },
  application_type: applicationTypeSchema,
  /** The step to open next, 1-based (past the last step: the review), as save_and_continue answers it. */
  step_number: { type: 'integer', minimum: 1 },
  /** The finished steps' answers, by step id. */
  data: draftAnswersSchema,
  /** What was typed on steps kept unfinished by Save & Complete Later, by step id: those steps are not finished. */
  unfinished: draftAnswersSchema,
  /** The draft's files (name, size, scale), oldest first. */
  attachments: { type: 'array', items: draftAttachmentSchema },
  /** The forms changed since the draft was saved: what it must answer now. */
  forms_changed: formsChangedSchema,
} as const;

export const openDraft = apiCall({
  path: '/api/application/open_draft',
  method: 'POST',
  body: referenceNumberBody,
  answer: {
    type: 'object',
    additionalProperties: false,
    required: ['reference_number', 'application_type', 'step_number', 'data', 'unfinished', 'attachments'],
    properties: reopenedDraftProperties,
  },
  errors: [draftNotFound, alreadySubmitted, applicationWithdrawn],
} as const);
export type OpenDraftRequest = RequestOf<typeof openDraft>;
export type OpenDraftAnswer = AnswerOf<typeof openDraft>;

/** A file name is shown at most this long (the upload refuses names over 255 characters). */
export const SHOWN_FILE_NAME_MAX = 120;

/** Control and format characters (zero-width, bidirectional marks, soft hyphen…): nothing to show, something to hide behind. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * The name a file was sent with, fit to show beside it and never used for anything else: without
 * invisible characters, spaces collapsed, at most SHOWN_FILE_NAME_MAX characters (its middle cut,
 * its extension kept: 'Ramani ya kiwanja … ya mwisho.pdf'). null when nothing is left.
 */
export function shownFileName(name: string): string | null {
  const clean = name.normalize('NFC').replace(/\s+/g, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
  if (clean === '') return null;
  const characters = [...clean];
  if (characters.length <= SHOWN_FILE_NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 6 ? clean.slice(dot) : '';
  const keep = SHOWN_FILE_NAME_MAX - [...extension].length - 1;
  const head = Math.ceil(keep / 2);
  const stem = [...clean.slice(0, clean.length - extension.length)];
  return `${stem.slice(0, head).join('').trimEnd()}…${stem
    .slice(stem.length - (keep - head))
    .join('')
    .trimStart()}${extension}`;
}
