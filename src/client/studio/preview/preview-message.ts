import type { JsonSchema, UiSchema } from '../../../shared/forms';
import { isLanguage, type Language } from '../../../shared/reference-data';
import { isJsonObject } from '../../../shared/schema-walk';

/**
 * What the studio's editor and its preview frames say to each other by postMessage (same origin only:
 * each side checks the event's origin and source before reading it).
 *
 * frame → editor: `{ ready }` once it listens (the editor then sends the step), and `{ rendered }`
 * once it has shown a revision of the draft. editor → frame: the step to show.
 */
export const PREVIEW_CHANNEL = 'kibali-studio-preview';

export interface PreviewStepMessage {
  channel: typeof PREVIEW_CHANNEL;
  step: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
  /** The draft's form texts in the frame's language (the nested object of schemas/texts/<lng>.json). */
  texts: JsonSchema;
  answers: Record<string, unknown>;
  /** The draft's revision shown, or null while the editor shows edits not saved yet. */
  revision: number | null;
}

export interface PreviewReadyMessage {
  channel: typeof PREVIEW_CHANNEL;
  ready: Language;
}

export interface PreviewRenderedMessage {
  channel: typeof PREVIEW_CHANNEL;
  rendered: number;
  language: Language;
}

const onChannel = (data: unknown): data is Record<string, unknown> =>
  isJsonObject(data) && data.channel === PREVIEW_CHANNEL;

export function isPreviewStep(data: unknown): data is PreviewStepMessage {
  return (
    onChannel(data) &&
    typeof data.step === 'string' &&
    isJsonObject(data.schema) &&
    isJsonObject(data.uiSchema) &&
    isJsonObject(data.texts) &&
    isJsonObject(data.answers) &&
    (data.revision === null || Number.isInteger(data.revision))
  );
}

export function isPreviewReady(data: unknown): data is PreviewReadyMessage {
  return onChannel(data) && isLanguage(data.ready);
}

export function isPreviewRendered(data: unknown): data is PreviewRenderedMessage {
  return onChannel(data) && Number.isInteger(data.rendered) && isLanguage(data.language);
}
