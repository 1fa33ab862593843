import type { ValidateFunction } from 'ajv';
import type { FormsDocument } from '../../shared/forms';
import { withDocuments } from '../../shared/document-fields';
import { validatorUrl, validatorVersion } from '../../shared/validator-url';
import { applicationTypeAt } from '../../shared/wizard-driver';
import type { SplashService } from '../reference/splash-service';
import type { FormsAnswer } from '../../shared/api/forms';
import { textEtag, type JsonOf } from '../http/cached-answer';
import { bindReferences, formsDocumentOf, type FormRegistry } from './form-registry';
import { createServerAjv } from './server-ajv';

/**
 * get_forms's data: the forms as the client reads them (FormsDocument: readonly flows, rules the answer's
 * schema leaves open), which the compiler does not take for FormsAnswer; outside production every answer
 * is checked against the schema before it is sent (registerAnswerChecks).
 */
function formsJson(forms: FormsDocument): JsonOf<FormsAnswer> {
  return JSON.stringify(forms) as JsonOf<FormsAnswer>;
}

export interface Served {
  key: string;
  json: JsonOf<FormsAnswer>;
  etag: string;
  forms: FormsDocument;
  validators: Map<string, ValidateFunction>;
}

/**
 * The forms as served: bound to the current reference ids, serialized once per change of either,
 * with each step's validator compiled from the very schema the client receives.
 */
export class FormsService {
  private cache: Served | undefined;
  /** Older published versions as served (an application answered again under its own version), by version. */
  private readonly older = new Map<number, Served>();
  readonly ajv = createServerAjv();

  constructor(
    readonly registry: FormRegistry,
    private readonly splash: SplashService,
    /** The folder reload_forms imports (schemas/). */
    readonly folder: string,
  ) {}

  async get(): Promise<Served> {
    const [reference, published] = await Promise.all([this.splash.get(), this.registry.current()]);
    const key = `${published.version}:${reference.etag}`;
    if (this.cache?.key !== key) {
      // The documents step gets one entry per document of the set's documents (src/shared/document-fields.ts).
      const forms = withDocuments(bindReferences(formsDocumentOf(published), reference.lists));
      const json = formsJson(forms);
      this.cache = { key, json, etag: textEtag(json), forms, validators: new Map() };
    }
    return this.cache;
  }

  /**
   * A published version as served (bound to the current reference ids, its own validators), e.g. the
   * version a returned application was submitted under; undefined when no such version exists.
   */
  async getVersion(version: number): Promise<Served | undefined> {
    const current = await this.get();
    if (Number(current.forms.version) === version) return current;
    const [reference, published] = await Promise.all([this.splash.get(), this.registry.version(version)]);
    if (!published) return undefined;
    const key = `${version}:${reference.etag}`;
    const kept = this.older.get(version);
    if (kept?.key === key) return kept;
    const forms = withDocuments(bindReferences(formsDocumentOf(published), reference.lists));
    const json = formsJson(forms);
    const served = { key, json, etag: textEtag(json), forms, validators: new Map() };
    // A few versions at most are answered at once; the oldest kept goes first.
    if (this.older.size >= 8) this.older.delete(this.older.keys().next().value as number);
    this.older.set(version, served);
    return served;
  }

  /**
   * What a wizard page asks for first besides its files: the validator of its flow's first step
   * (the server sends the page with it preloaded). None for other pages.
   */
  async preloadsFor(pathname: string, search: URLSearchParams): Promise<string[]> {
    const type = applicationTypeAt(pathname, search.get('type'));
    if (!type) return [];
    const { forms } = await this.get();
    const step = forms.flows[type][0];
    const schema = step === undefined ? undefined : forms.steps[step]?.schema;
    return step === undefined || !schema ? [] : [validatorUrl(step, validatorVersion(forms.version, schema))];
  }

  /** The compiled validator of a step of the current forms (compiled on first use). */
  async validator(step: string): Promise<ValidateFunction | undefined> {
    return this.validatorIn(await this.get(), step);
  }

  /** The compiled validator of a step of forms as served (compiled on first use). */
  validatorIn(served: Served, step: string): ValidateFunction | undefined {
    const schema = served.forms.steps[step]?.schema;
    if (!schema) return undefined;
    let validate = served.validators.get(step);
    if (!validate) {
      validate = this.ajv.compile(schema);
      served.validators.set(step, validate);
    }
    return validate;
  }
}
