import type { SplashService } from '../reference/splash-service';
import { bindReferences, formsEtag, type FormRegistry } from './form-registry';

/** The forms as served: bound to the current reference ids, serialized once per change of either. */
export class FormsService {
  private cache: { key: string; json: string; etag: string } | undefined;

  constructor(
    readonly registry: FormRegistry,
    private readonly splash: SplashService,
  ) {}

  async get(): Promise<{ json: string; etag: string }> {
    const reference = await this.splash.get();
    const key = `${this.registry.forms.version}:${reference.etag}`;
    if (this.cache?.key !== key) {
      const json = JSON.stringify(bindReferences(this.registry.forms, reference.lists));
      this.cache = { key, json, etag: formsEtag(json) };
    }
    return this.cache;
  }
}
