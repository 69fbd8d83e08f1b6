import { ApiError, errorFromNetworkFailure, errorFromResponse, isAbortError } from "./problem";

interface StreamedCall {
  data?: ReadableStream<Uint8Array<ArrayBuffer>> | null;
  error?: unknown;
  response: Response;
}

/**
 * A file the server streams (an export, an archive), gathered into a Blob while `onBytes` hears how much has
 * arrived and of how much (0 when the server streams without announcing a size). Failures are the client's errors.
 */
export async function download(call: Promise<StreamedCall>, type: string, onBytes: (done: number, total: number) => void): Promise<Blob> {
  try {
    const { data, error, response } = await call;
    if (!response.ok || !data) throw errorFromResponse(response, error);
    const total = Number(response.headers.get("Content-Length")) || 0;
    const reader = data.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let done = 0;
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(next.value);
      done += next.value.byteLength;
      onBytes(done, total);
    }
    return new Blob(chunks, { type });
  } catch (error) {
    if (isAbortError(error) || error instanceof ApiError) throw error;
    throw errorFromNetworkFailure(error);
  }
}
