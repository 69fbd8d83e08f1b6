/**
 * The V8 heap of a server started with `--inspect=127.0.0.1:<port>`, read through the inspector protocol, so that a
 * bench sees the heap without an endpoint in the product. One session for the whole run.
 */
export interface ServerHeap {
  /** Bytes in use after a full collection: what the server still holds, garbage aside. */
  liveBytes(): Promise<number>;
  close(): void;
}

interface Reply {
  id: number;
  result?: { usedSize?: number };
  error?: { message: string };
}

export async function connectServerHeap(inspectorPort: number): Promise<ServerHeap> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error(`the server's inspector on port ${inspectorPort} refused the session`)), { once: true });
  });
  const waiting = new Map<number, (reply: Reply) => void>();
  socket.addEventListener("message", (message) => {
    const reply = JSON.parse(String(message.data)) as Reply;
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  let nextId = 1;
  function call(method: string): Promise<Reply["result"]> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, (reply) => (reply.error ? reject(new Error(`${method}: ${reply.error.message}`)) : resolve(reply.result)));
      socket.send(JSON.stringify({ id, method }));
    });
  }
  return {
    async liveBytes() {
      await call("HeapProfiler.collectGarbage");
      return (await call("Runtime.getHeapUsage"))?.usedSize ?? NaN;
    },
    close: () => socket.close(),
  };
}
