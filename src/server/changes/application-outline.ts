import type { Kysely } from 'kysely';
import type { ApplicationOutline } from '../../shared/api/change-requests';
import { MAX_DEADLINE_WORKING_DAYS } from '../../shared/api/change-requests';
import { todayIso } from '../../shared/dashboard';
import type { FormsDocument } from '../../shared/forms';
import { LANGUAGES, type Language } from '../../shared/reference-data';
import { moduleOf } from '../../shared/step-modules';
import { isJsonObject, type Json } from '../../shared/schema-walk';
import { stepFields } from '../../shared/studio/step-fields';
import { textOf } from '../../shared/studio/step-texts';
import { addCalendarDays, workingDaysSpan } from '../../shared/working-days';
import { findApplicationByReference } from '../applications/application-access';
import { normalizeReferenceNumber } from '../applications/reference-number';
import type { Database } from '../db/schema';
import type { FormsService } from '../forms/forms-service';
import { ApiError } from '../http/envelope';
import { flowOf, formsOfApplication } from './change-rounds';
import type { HolidaysService } from './holidays-service';

/** A text key of the forms in both languages; the key itself where a language has no text for it. */
function both(forms: FormsDocument, key: unknown): { en: string; sw: string } {
  const of = (language: Language) =>
    (typeof key === 'string' ? textOf(forms.texts[language], key) : undefined) ?? String(key ?? '');
  return Object.fromEntries(LANGUAGES.map((language) => [language, of(language)])) as { en: string; sw: string };
}

/** A question's options (its own, or its items' for a list of choices) and a table's columns, if any. */
function readable(forms: FormsDocument, schema: Json) {
  const items = isJsonObject(schema.items) ? schema.items : undefined;
  const choices = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(items?.oneOf) ? items.oneOf : [];
  const options = choices.flatMap((choice) =>
    isJsonObject(choice) && isScalar(choice.const)
      ? [{ value: choice.const, title: both(forms, choice.title ?? String(choice.const)) }]
      : [],
  );
  const columns =
    items && isJsonObject(items.properties)
      ? Object.entries(items.properties).flatMap(([name, column]) =>
          isJsonObject(column) ? [{ name, title: both(forms, column.title ?? name) }] : [],
        )
      : [];
  return { ...(options.length ? { options } : {}), ...(columns.length ? { columns } : {}) };
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** An application's own forms as staff read it and ask of it (get_application_outline). */
export async function applicationOutline(
  deps: {
    db: Kysely<Database>;
    forms: Pick<FormsService, 'get' | 'getVersion'>;
    holidays: Pick<HolidaysService, 'between'>;
  },
  referenceInput: string,
): Promise<ApplicationOutline> {
  const reference = normalizeReferenceNumber(referenceInput);
  const application = reference ? await findApplicationByReference(deps.db, reference) : undefined;
  if (!application) throw new ApiError(404, 'application_not_found');
  const served = await formsOfApplication(deps.forms, application.forms_version);
  const forms = served.forms;
  const steps = flowOf(forms, application.application_type).flatMap((step) => {
    const form = forms.steps[step];
    // Documents are asked for as documents: the uploads step is answered by uploading.
    if (!form || moduleOf(form) === 'documents') return [];
    const fields = stepFields(form.schema).map((field) => ({
      name: field.name,
      title: both(forms, field.schema.title ?? `${step}.${field.name}.title`),
      conditional: field.branch !== undefined || field.elsewhere === true,
      ...readable(forms, field.schema),
    }));
    return [{ step, title: both(forms, form.schema.title ?? `${step}.title`), fields }];
  });
  const documents = forms.documents
    .filter((rule) => !rule.applies?.types || (rule.applies.types as string[]).includes(application.application_type))
    .map((rule) => ({ document_type: rule.id, name: { en: rule.name.en, sw: rule.name.sw } }));
  const today = todayIso();
  const last = addCalendarDays(today, workingDaysSpan(MAX_DEADLINE_WORKING_DAYS));
  const holidays = [...(await deps.holidays.between(today, last))].sort();
  return { forms_version: forms.version, steps, documents, today, holidays };
}
