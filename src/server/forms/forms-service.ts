import type { ValidateFunction } from 'ajv';
import { createAjv, type FormsDocument } from '../../shared/forms';
import type { SplashService } from '../reference/splash-service';
import { bindReferences, formsEtag, type FormRegistry } from './form-registry';

interface Served {
  key: string;
  json: string;
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
  readonly ajv = createAjv();

  constructor(
    readonly registry: FormRegistry,
    private readonly splash: SplashService,
  ) {}

  async get(): Promise<Served> {
    const reference = await this.splash.get();
    const key = `${this.registry.forms.version}:${reference.etag}`;
    if (this.cache?.key !== key) {
      const forms = bindReferences(this.registry.forms, reference.lists);
      const json = JSON.stringify(forms);
      this.cache = { key, json, etag: formsEtag(json), forms, validators: new Map() };
    }
    return this.cache;
  }

  /** The current reference lists (the document lists decide what an application must upload). */
  async references() {
    return (await this.splash.get()).lists;
  }

  /** The compiled validator of a step of the current forms (compiled on first use). */
  async validator(step: string): Promise<ValidateFunction | undefined> {
    const served = await this.get();
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
