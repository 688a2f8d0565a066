/**
 * Slow clients against a bare server (issue 23): with the default limits, a socket that connects
 * and sends nothing and one that trickles its request head a byte at a time (slowloris) are both
 * cut off by the server within SERVER_HEADERS_TIMEOUT_MS (5 s) and Node's one-second check,
 * while an ordinary request on another connection is answered meanwhile.
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDir, startServer, tempDir, type RunningServer } from "./support";

describe("slow clients are cut off (default limits)", () => {
  const dataDir = tempDir("slow-clients-");
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  });
  afterAll(async () => {
    await server?.stop();
    removeDir(dataDir);
  });

  /** Opens a socket; resolves how long until the server closed it (or null after `waitMs`). */
  function timeToClose(
    start: (socket: Socket) => void,
    waitMs: number,
  ): Promise<{ ms: number | null; socket: Socket }> {
    return new Promise((resolve) => {
      const began = Date.now();
      const socket = connect(server.port, "127.0.0.1", () => start(socket));
      const timer = setTimeout(() => resolve({ ms: null, socket }), waitMs);
      socket.on("error", () => {});
      socket.on("close", () => {
        clearTimeout(timer);
        resolve({ ms: Date.now() - began, socket });
      });
    });
  }

  it("closes a silent socket and a slowloris trickle within about 6 s", async () => {
    const head = "GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow\r\nX-Padding: ";
    let trickle: NodeJS.Timeout | undefined;
    const [silent, slow] = await Promise.all([
      timeToClose(() => {}, 9_000),
      timeToClose((socket) => {
        let i = 0;
        // One byte every 400 ms: the head never completes, the socket is never idle.
        trickle = setInterval(() => {
          if (!socket.destroyed) socket.write(head[i % head.length] ?? "a");
          i++;
        }, 400);
      }, 9_000),
      (async () => {
        await new Promise((r) => setTimeout(r, 1_000));
        expect((await fetch(`${server.url}/`)).status).toBe(200);
      })(),
    ]);
    clearInterval(trickle);
    silent.socket.destroy();
    slow.socket.destroy();
    expect(silent.ms, "the silent socket").not.toBeNull();
    expect(slow.ms, "the trickling socket").not.toBeNull();
    expect(silent.ms!).toBeLessThan(6_500);
    expect(slow.ms!).toBeLessThan(6_500);
  });
});
