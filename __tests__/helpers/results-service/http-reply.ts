import type { IncomingMessage, ServerResponse } from 'node:http'

/** A complete answer, built before anything is written so it can be recorded first. */
export interface HttpReply {
  status: number
  headers?: Record<string, string>
  body?: Buffer | string
}

/** Reads a whole request body; the clients' uploads here are small enough to buffer. */
export async function readRequestBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Writes a reply; a client that hung up meanwhile is not an error worth surfacing. */
export function sendReply(response: ServerResponse, reply: HttpReply, headOnly: boolean): void {
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : (reply.body ?? Buffer.alloc(0))
  const headers: Record<string, string> = { ...reply.headers }
  if (headers['content-length'] === undefined) headers['content-length'] = String(body.length)
  response.on('error', () => undefined)
  response.writeHead(reply.status, headers)
  response.end(headOnly ? undefined : body)
}

/** The body as JSON when it parses, else undefined. */
export function parseJsonOrUndefined(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown
  } catch {
    return undefined
  }
}
