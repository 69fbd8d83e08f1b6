/**
 * XMLHttpRequest for jsdom tests, sent through the test server's fetch (tests/support/test-server.ts), so that a
 * screen that uploads with XMLHttpRequest (for its progress events: fetch has none) reaches the real in-process
 * server like every other request, held and logged as they are. jsdom's own XMLHttpRequest would go to the network.
 *
 * It is as much of XMLHttpRequest as an upload needs: open, setRequestHeader, send, abort, the response's status,
 * headers and body (an ArrayBuffer, a Blob or text), `load`, `error` and `abort` events, and the upload's `progress` events (one
 * at the start, one when the whole body is sent, as a browser reports a small file).
 */
import { onTestFinished, vi } from "vitest";

type Fetch = (request: Request) => Promise<Response>;

export function sendXhrThrough(fetch: Fetch) {
  class XhrOverFetch extends EventTarget {
    readonly upload = new EventTarget();
    responseType: XMLHttpRequestResponseType = "";
    status = 0;
    statusText = "";
    response: unknown = null;
    private method = "GET";
    private url = "";
    private readonly headers = new Headers();
    private readonly controller = new AbortController();
    private responseHeaders = new Headers();

    open(method: string, url: string) {
      this.method = method;
      this.url = new URL(url, window.location.href).href;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }

    getAllResponseHeaders() {
      return [...this.responseHeaders.entries()].map(([name, value]) => `${name}: ${value}\r\n`).join("");
    }

    abort() {
      this.controller.abort();
    }

    send(body: Blob | null = null) {
      const total = body?.size ?? 0;
      const progress = (loaded: number) => this.upload.dispatchEvent(new ProgressEvent("progress", { lengthComputable: true, loaded, total }));
      const request = new Request(this.url, { method: this.method, headers: this.headers, body, signal: this.controller.signal });
      progress(0);
      this.controller.signal.addEventListener("abort", () => this.dispatchEvent(new ProgressEvent("abort")), { once: true });
      void fetch(request).then(
        async (response) => {
          progress(total);
          this.status = response.status;
          this.statusText = response.statusText;
          this.responseHeaders = response.headers;
          this.response =
            this.responseType === "arraybuffer" ? await response.arrayBuffer() : this.responseType === "blob" ? await response.blob() : await response.text();
          if (!this.controller.signal.aborted) this.dispatchEvent(new ProgressEvent("load"));
        },
        () => {
          if (!this.controller.signal.aborted) this.dispatchEvent(new ProgressEvent("error"));
        },
      );
    }
  }
  vi.stubGlobal("XMLHttpRequest", XhrOverFetch);
  onTestFinished(() => void vi.unstubAllGlobals());
}
