// A TCP proxy between the server and its database, so a fault script can take the database away and give it
// back without touching the database itself. Cut: every connection through it is destroyed and new ones are
// refused (the database host is down) or, in 'silent' mode, held open with nothing passed either way (the
// network drops packets, nothing answers). Restore: connections pass again, on the same port.

import { connect, createServer, type Server, type Socket } from 'node:net'

export type CutMode = 'refuse' | 'silent'

export interface TcpProxy {
  port: number
  /** Takes the database away; see CutMode. */
  cut(mode?: CutMode): Promise<void>
  /** Lets connections through again. */
  restore(): Promise<void>
  /** Connections open through the proxy now. */
  connections(): number
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket | undefined }>()
  let mode: 'pass' | CutMode = 'pass'
  let server: Server | undefined

  const onConnection = (client: Socket) => {
    if (mode === 'silent') {
      // Accepted and then ignored: the client waits for an answer that never comes.
      client.on('error', () => undefined)
      pairs.add({ client, upstream: undefined })
      return
    }
    const upstream = connect(target.port, target.host)
    const pair = { client, upstream }
    pairs.add(pair)
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on('error', end)
    upstream.on('error', end)
    client.on('close', end)
    upstream.on('close', end)
    client.pipe(upstream)
    upstream.pipe(client)
  }

  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const next = createServer(onConnection)
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => resolve(next))
    })
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (server === undefined) return resolve()
      server.close(() => resolve())
      server = undefined
    })

  server = await listen(0)
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('the proxy has no port')
  const port = address.port

  return {
    port,
    connections: () => pairs.size,
    async cut(cutMode = 'refuse') {
      mode = cutMode
      if (cutMode === 'refuse') {
        // Closed first, so nothing connects between the destroying and the closing.
        const closed = stopListening()
        for (const pair of [...pairs]) {
          pair.client.destroy()
          pair.upstream?.destroy()
        }
        pairs.clear()
        await closed
      } else {
        // Open connections stop passing anything: the database seems to hang.
        for (const pair of pairs) {
          pair.client.unpipe()
          pair.upstream?.unpipe()
          pair.client.pause()
          pair.upstream?.pause()
        }
      }
    },
    async restore() {
      // Connections held in the silent state are dropped: their sessions are beyond saving, as after a
      // real partition.
      for (const pair of [...pairs]) {
        pair.client.destroy()
        pair.upstream?.destroy()
      }
      pairs.clear()
      mode = 'pass'
      if (server === undefined) server = await listen(port)
    },
    async close() {
      for (const pair of [...pairs]) {
        pair.client.destroy()
        pair.upstream?.destroy()
      }
      pairs.clear()
      await stopListening()
    },
  }
}
