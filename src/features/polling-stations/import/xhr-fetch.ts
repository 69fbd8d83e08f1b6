import type { UploadProgress } from "./station-import.machine";

/** What fetch rejects with once its signal aborts (and what isAbortError recognises). */
const abortError = () => Object.assign(new Error("The upload was cancelled."), { name: "AbortError" });

/** A status whose Response may carry no body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A fetch for one request, sent through XMLHttpRequest because fetch tells nothing of an upload's progress. The
 * request is the one the API client built and its middleware signed (token, XSRF header), so it is sent as it is:
 * its method, URL, headers and body bytes; its signal aborts it. A failure to connect rejects as fetch does, with a
 * TypeError, so the client reads it as a network failure.
 */
export function fetchWithUploadProgress(onProgress: (progress: UploadProgress) => void) {
  return async (request: Request): Promise<Response> => {
    const body = await request.blob();
    return new Promise<Response>((resolve, reject) => {
      if (request.signal.aborted) return reject(abortError());
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      // Bytes rather than a Blob: a Response takes an ArrayBuffer from any realm (a test's jsdom Blob it would not).
      xhr.responseType = "arraybuffer";
      xhr.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
      xhr.addEventListener("load", () => {
        const init = { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr.getAllResponseHeaders()) };
        resolve(new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as ArrayBuffer), init));
      });
      xhr.addEventListener("error", () => reject(new TypeError("Failed to fetch")));
      xhr.addEventListener("timeout", () => reject(new TypeError("Failed to fetch")));
      xhr.addEventListener("abort", () => reject(abortError()));
      request.signal.addEventListener("abort", () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  };
}
