/** Tiny loopback servers for this folder's tests, well- and mis-behaving (autocannon-style helpers). */
import http from 'node:http';
import net from 'node:net';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

/** Starts an HTTP server on 127.0.0.1, port 0. `close` destroys every open connection. */
export async function startHttp(handler: http.RequestListener): Promise<TestServer> {
  const server = http.createServer(handler);
  server.on('clientError', (_err, socket) => socket.destroy());
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts a raw TCP server (for answers that are not HTTP, or are cut short). */
export async function startTcp(onSocket: (socket: net.Socket) => void): Promise<TestServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
    onSocket(socket);
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port that was just free and is now closed: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Reads a whole request body (test servers only). */
export async function readAll(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
