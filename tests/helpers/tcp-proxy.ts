import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy to the PostgreSQL server of `target`, for tests that take the database away: it can
 * refuse new connections (the ones open stay), cut the open ones, and tells the local ports of its
 * connections to the server (pg_stat_activity.client_port).
 */
export async function startTcpProxy(target: URL) {
  let refusing = false;
  const sockets = new Set<Socket>();
  const upstreams = new Set<Socket>();
  const server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    upstreams.add(upstream);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        upstreams.delete(upstream);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    port: address.port,
    refuse(on: boolean) {
      refusing = on;
    },
    /** Ends every open connection, as a network that went away (with `refuse`, it stays away). */
    cut() {
      for (const socket of sockets) socket.destroy();
    },
    upstreamPorts: () => [...upstreams].map((socket) => socket.localPort),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
