/**
 * The Worker's own memory, as its V8 inspector reports it, for the benchmark (decision 035): the
 * preview server's inspector proxy (miniflare, on the server's port + 5000) passes DevTools
 * protocol messages to the Worker's isolate.
 *
 * - `used()`: the isolate's heap in use right now (Runtime.getHeapUsage), garbage not yet collected
 *   included; sampled during a download, its peak is what the Worker's heap reached.
 * - `live()`: the heap that is still reachable: V8 collects all garbage before it takes a heap
 *   snapshot (HeapProfiler.takeHeapSnapshot; its chunks are discarded), and the heap in use after
 *   it is what the Worker holds. Taken while a download is paused halfway, it shows whether the
 *   Worker holds more as the file grows. It takes seconds: not for timed runs.
 *
 * Each answer's wait is kept too: the inspector is served by the Worker's event loop, so a long
 * wait means the loop was held (`longestWaitMs`).
 */
import { setTimeout as sleep } from "node:timers/promises";

const ANSWER_TIMEOUT_MS = 60_000;

export class WorkerHeap {
  private nextId = 0;
  private readonly pending = new Map<number, (result: Record<string, unknown>) => void>();
  /** The longest the inspector took to answer `used()` since the last `resetWait()`. */
  longestWaitMs = 0;

  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener("message", (event) => {
      // A heap snapshot arrives as tens of megabytes of chunks: not read.
      if (String(event.data).startsWith('{"method":"HeapProfiler.addHeapSnapshotChunk"')) return;
      const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
      if (message.id === undefined) return;
      this.pending.get(message.id)?.(message.result ?? {});
      this.pending.delete(message.id);
    });
  }

  /** The inspector of the Worker `worker` behind the proxy on `port`, or null when it does not answer. */
  static async connect(port: number, worker: string): Promise<WorkerHeap | null> {
    try {
      // The proxy accepts DevTools from local pages only: it checks the Origin header.
      const socket = new WebSocket(`ws://127.0.0.1:${port}/${worker}`, { headers: { Origin: "http://localhost" } } as unknown as string[]);
      await new Promise<void>((resolve, reject) => {
        socket.addEventListener("open", () => resolve());
        socket.addEventListener("error", () => reject(new Error("no inspector")));
        socket.addEventListener("close", () => reject(new Error("inspector closed")));
      });
      const heap = new WorkerHeap(socket);
      await heap.used();
      return heap;
    } catch {
      return null;
    }
  }

  private send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`The Worker's inspector did not answer ${method} within ${ANSWER_TIMEOUT_MS / 1000} s`));
      }, ANSWER_TIMEOUT_MS);
      this.pending.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Bytes of the isolate's heap in use, garbage included. */
  async used(): Promise<number> {
    const asked = performance.now();
    const { usedSize } = (await this.send("Runtime.getHeapUsage")) as { usedSize: number };
    this.longestWaitMs = Math.max(this.longestWaitMs, performance.now() - asked);
    return usedSize;
  }

  /** Bytes of the isolate's heap still reachable, after V8 has collected all garbage. */
  async live(): Promise<number> {
    await this.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    const { usedSize } = (await this.send("Runtime.getHeapUsage")) as { usedSize: number };
    return usedSize;
  }

  resetWait() {
    this.longestWaitMs = 0;
  }

  /** Samples `used()` every `everyMs` until the returned function is called, which answers the peak. */
  sampleUsed(everyMs = 20): () => Promise<number> {
    const state = { sampling: true };
    let peak = 0;
    const done = (async () => {
      while (state.sampling) {
        peak = Math.max(peak, await this.used());
        await sleep(everyMs);
      }
    })();
    return async () => {
      state.sampling = false;
      await done;
      return peak;
    };
  }

  close() {
    this.socket.close();
  }
}
