import type { z } from 'zod'
import type { HttpReply } from './http-reply.js'

/** Twirp error codes used by this stand-in, with the HTTP status Twirp assigns to each. */
const statusByCode = {
  invalid_argument: 400,
  malformed: 400,
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  bad_route: 404,
  already_exists: 409,
  failed_precondition: 412,
  resource_exhausted: 429,
  internal: 500,
  unimplemented: 501,
  unavailable: 503
} as const

/** A Twirp error code. */
export type TwirpCode = keyof typeof statusByCode

/** Thrown by an RPC handler to answer with a Twirp error document. */
export class TwirpError extends Error {
  override readonly name = 'TwirpError'

  constructor(
    readonly code: TwirpCode,
    message: string
  ) {
    super(message)
  }
}

/** The Twirp error document `{code, msg}` with its HTTP status. */
export function twirpErrorReply(code: TwirpCode, message: string): HttpReply {
  return jsonReply(statusByCode[code], { code, msg: message })
}

/** The Twirp code a bare HTTP status most likely stands for (used by injected faults). */
export function twirpCodeForStatus(status: number): string {
  const known = Object.entries(statusByCode).find(([, value]) => value === status)
  if (known !== undefined) return known[0]
  return status >= 500 ? 'internal' : 'unknown'
}

/** A JSON answer. */
export function jsonReply(status: number, value: unknown): HttpReply {
  return {
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value)
  }
}

/** Validates a decoded request body, turning a mismatch into the error Twirp would send. */
export function parseRequest<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  if (body === undefined) throw new TwirpError('malformed', 'the request body is not valid JSON')
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first?.path.join('.') ?? ''
    throw new TwirpError('invalid_argument', `${where || 'body'}: ${first?.message ?? 'invalid'}`)
  }
  return parsed.data
}
