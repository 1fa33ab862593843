/**
 * A POST under /api as the base query (api.ts) sends it: JSON (or FormData), in the session's language,
 * with the ETag of the copy kept under `cacheKey`. The page's first calls (early-calls.ts) are sent so too.
 */
export function apiRequestInit(
  body: unknown,
  options: { language: string; etag?: string; signal?: AbortSignal },
): RequestInit {
  // A FormData goes as it is: the browser sets multipart/form-data with its boundary.
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': options.language };
  if (!multipart) headers['Content-Type'] = 'application/json';
  if (options.etag) headers['If-None-Match'] = options.etag;
  return {
    method: 'POST',
    headers,
    body: multipart ? body : JSON.stringify(body ?? {}),
    credentials: 'same-origin',
    ...(options.signal ? { signal: options.signal } : {}),
  };
}
