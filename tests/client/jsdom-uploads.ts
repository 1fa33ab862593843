import { File as NodeFile } from 'node:buffer';

// Uploads in jsdom, the same on Node 20 and 24. Vitest's jsdom environment gives the page jsdom's
// FormData, Blob and File but leaves fetch, Request and Response Node's (undici), which take only their
// own. On the way out a jsdom File lost its bytes and its name (vitest's conversion sends "undefined" as
// "blob"); on the way in, on Node 24, `request.formData()` in an MSW handler failed: undici makes each
// file it reads with the global File, jsdom's, then asserts that it is Node's (vitest-dev/vitest#9135).
// So a FormData body is sent as Node's, each file with its bytes, name and type, and a multipart body is
// read with Node's File and handed over as jsdom's FormData and File, as a page's own code gets them.

const INSTALLED = Symbol.for('kibali.tests.jsdom-uploads');
type Parse = (this: Body) => Promise<FormData>;
type Installed = typeof globalThis & { [INSTALLED]?: new () => FormData };

/** Node's FormData (the page's global FormData is jsdom's): a multipart read before the patch below. */
async function nodeFormDataClass(): Promise<new () => FormData> {
  const parsed = await new Response(new URLSearchParams()).formData();
  return parsed.constructor as new () => FormData;
}

/** Makes `formData()` of Node's Request and Response read files as Node's, answering jsdom's. Once per worker. */
export async function readUploadsWhole(): Promise<void> {
  const installed = globalThis as Installed;
  if (installed[INSTALLED]) return;
  installed[INSTALLED] = await nodeFormDataClass();
  let reading = 0;
  let pageFile = globalThis.File;
  for (const proto of [Request.prototype, Response.prototype]) {
    // The owner of formData() (vitest's Request extends Node's).
    let owner: object = proto;
    while (!Object.prototype.hasOwnProperty.call(owner, 'formData')) owner = Object.getPrototypeOf(owner);
    const parse = (owner as { formData: Parse }).formData;
    Object.defineProperty(owner, 'formData', {
      configurable: true,
      writable: true,
      value: async function formData(this: Body): Promise<FormData> {
        // The page's File is put back once the last read at a time is done.
        if (reading++ === 0) pageFile = globalThis.File;
        globalThis.File = NodeFile as unknown as typeof File;
        let parsed: FormData;
        try {
          parsed = await parse.call(this);
        } finally {
          if (--reading === 0) globalThis.File = pageFile;
        }
        const form = new FormData();
        for (const [name, value] of parsed) {
          if (typeof value === 'string') form.append(name, value);
          else {
            const file = new File([await value.arrayBuffer()], value.name, {
              type: value.type,
              lastModified: value.lastModified,
            });
            form.append(name, file);
          }
        }
        return form;
      },
    });
  }
}

/** A jsdom FormData as Node's, each file with its bytes, name and type. */
async function asNodeFormData(form: FormData, NodeFormData: new () => FormData): Promise<FormData> {
  const body = new NodeFormData();
  for (const [name, value] of form) {
    if (typeof value === 'string') body.append(name, value);
    else {
      const file = new NodeFile([new Uint8Array(await value.arrayBuffer())], value.name, {
        type: value.type,
        lastModified: value.lastModified,
      });
      // No file name argument: Node 24's FormData would then make the file again with the global File.
      body.append(name, file as unknown as Blob);
    }
  }
  return body;
}

/**
 * Wraps the fetch in place (MSW's, so: after `server.listen()`) so that a jsdom FormData body is sent as
 * Node's. Other calls go straight through. `server.close()` puts back the fetch MSW found, without this.
 */
export function sendUploadsWhole(): void {
  const NodeFormData = (globalThis as Installed)[INSTALLED];
  if (!NodeFormData) throw new Error('readUploadsWhole() first');
  const pageFormData = globalThis.FormData;
  const fetch = globalThis.fetch;
  const sending = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    init?.body instanceof pageFormData
      ? asNodeFormData(init.body, NodeFormData).then((body) => fetch(input, { ...init, body }))
      : fetch(input, init);
  // MSW defines its fetch read-only.
  Object.defineProperty(globalThis, 'fetch', { value: sending, enumerable: true, configurable: true, writable: true });
}
