import { createHash } from 'node:crypto';
import { walkSchema, type FormsDocument, type JsonSchema, type REFERENCE_LISTS } from '../../shared/forms';
import { FormsProblemsError, loadForms } from './form-loader';

/**
 * The forms being served. A reload that finds problems keeps the forms that were serving and
 * answers the problems; a good reload takes effect for the next request, with no rebuild.
 */
export class FormRegistry {
  private current: FormsDocument;

  private constructor(
    private readonly schemasDir: string,
    forms: FormsDocument,
  ) {
    this.current = forms;
  }

  /** Loads the forms or throws FormsProblemsError with every problem: the server refuses to start. */
  static async open(schemasDir: string): Promise<FormRegistry> {
    return new FormRegistry(schemasDir, await loadForms(schemasDir));
  }

  get forms(): FormsDocument {
    return this.current;
  }

  async reload(): Promise<{ ok: true; version: string } | { ok: false; problems: string[] }> {
    try {
      this.current = await loadForms(this.schemasDir);
      return { ok: true, version: this.current.version };
    } catch (error) {
      if (error instanceof FormsProblemsError) return { ok: false, problems: error.problems };
      throw error;
    }
  }
}

/**
 * Binds every "x-reference" property to the current ids of its reference list (an enum), so the
 * server and the client validate against the same list; the client labels the options from the
 * reference data in the chosen language. The files themselves never hold the lists.
 */
export type ReferenceIds = Partial<Record<(typeof REFERENCE_LISTS)[number], { id: number }[]>>;

export function bindReferences(forms: FormsDocument, lists: ReferenceIds): FormsDocument {
  const steps = structuredClone(forms.steps);
  for (const step of Object.values(steps)) {
    walkSchema(step.schema, (node: JsonSchema) => {
      const list = node['x-reference'];
      if (typeof list !== 'string') return;
      const items = lists[list as keyof ReferenceIds] ?? [];
      node.enum = items.map((item) => item.id);
    });
  }
  return { ...forms, steps };
}

export function formsEtag(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
}
