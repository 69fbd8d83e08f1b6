import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchWithUploadProgress } from "./xhr-fetch";

/** What the fake XMLHttpRequest was asked to send, and the hands to finish it. */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  progress: (loaded: number, total: number, computable?: boolean) => void;
  answer: (status: number, body: string, headers: string) => void;
  fail: () => void;
  aborted: () => boolean;
}

function fakeXhr(): Sent[] {
  const sent: Sent[] = [];
  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    responseType = "";
    status = 0;
    statusText = "";
    response: unknown = null;
    private rawHeaders = "";
    private wasAborted = false;
    private readonly request = { method: "", url: "", headers: {} as Record<string, string> };
    open(method: string, url: string) {
      Object.assign(this.request, { method, url });
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getAllResponseHeaders() {
      return this.rawHeaders;
    }
    abort() {
      this.wasAborted = true;
      this.dispatchEvent(new Event("abort"));
    }
    send(body: Blob) {
      void body.text().then((text) =>
        sent.push({
          ...this.request,
          body: text,
          progress: (loaded, total, computable = true) => this.upload.dispatchEvent(Object.assign(new Event("progress"), { loaded, total, lengthComputable: computable })),
          answer: (status, answer, headers) => {
            Object.assign(this, { status, statusText: "OK", response: new TextEncoder().encode(answer).buffer, rawHeaders: headers });
            this.dispatchEvent(new Event("load"));
          },
          fail: () => this.dispatchEvent(new Event("error")),
          aborted: () => this.wasAborted,
        }),
      );
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

const until = async <T>(read: () => T | undefined): Promise<T> => {
  for (let tries = 0; tries < 100; tries++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error("never came");
};

const upload = (signal?: AbortSignal) =>
  new Request("http://localhost/api/v1/polling-stations/import?dryRun=true", {
    method: "POST",
    headers: { Authorization: "Bearer t", "X-XSRF-TOKEN": "x", "Content-Type": "text/csv" },
    body: "county,number\nCJ,1\n",
    signal,
  });

afterEach(() => void vi.unstubAllGlobals());

describe("fetchWithUploadProgress", () => {
  it("sends the request as the client built it, reports the upload's progress and answers as fetch does", async () => {
    const sent = fakeXhr();
    const progress: string[] = [];
    const answer = fetchWithUploadProgress(({ loaded, total }) => progress.push(`${loaded}/${total}`))(upload());
    const request = await until(() => sent[0]);
    expect({ method: request.method, url: request.url, headers: request.headers, body: request.body }).toEqual({
      method: "POST",
      url: "http://localhost/api/v1/polling-stations/import?dryRun=true",
      headers: { authorization: "Bearer t", "x-xsrf-token": "x", "content-type": "text/csv" },
      body: "county,number\nCJ,1\n",
    });
    request.progress(5, 19);
    request.progress(0, 0, false);
    request.progress(19, 19);
    request.answer(200, '{"added":1}', "content-type: application/json\r\netag: \"7\"\r\n");
    const response = await answer;
    expect(progress).toEqual(["5/19", "19/19"]);
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe('"7"');
    expect(await response.json()).toEqual({ added: 1 });
  });

  it("rejects as fetch does when no answer comes, and with an AbortError when its signal aborts", async () => {
    const sent = fakeXhr();
    const failing = fetchWithUploadProgress(() => {})(upload());
    (await until(() => sent[0])).fail();
    await expect(failing).rejects.toThrow(TypeError);

    const controller = new AbortController();
    const aborted = fetchWithUploadProgress(() => {})(upload(controller.signal));
    const request = await until(() => sent[1]);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
    expect(request.aborted()).toBe(true);
  });
});
