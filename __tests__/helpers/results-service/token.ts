import { createHmac, timingSafeEqual } from 'node:crypto'

/** The backend ids a runtime token grants access to. */
export interface TokenScope {
  workflowRunBackendId: string
  workflowJobRunBackendId: string
}

function encodePart(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

function signature(secret: string, signedPart: string): string {
  return createHmac('sha256', secret).update(signedPart).digest('base64url')
}

/**
 * A JWT-shaped runtime token. The clients decode its `scp` claim without checking the
 * signature; the service does check it, so a test cannot talk to it with a made-up token.
 */
export function createRuntimeToken(secret: string, scope: TokenScope): string {
  const header = encodePart({ typ: 'JWT', alg: 'HS256' })
  const resultsScope = `Actions.Results:${scope.workflowRunBackendId}:${scope.workflowJobRunBackendId}`
  const payload = encodePart({
    scp: `Actions.GenericRead:00000000-0000-0000-0000-000000000000 ${resultsScope}`,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 6 * 3600
  })
  const signedPart = `${header}.${payload}`
  return `${signedPart}.${signature(secret, signedPart)}`
}

/** The scope of a valid `Authorization: Bearer …` header, or undefined when it is not one. */
export function readBearerToken(secret: string, authorization: string | undefined): TokenScope | undefined {
  const match = /^Bearer (\S+)$/.exec(authorization ?? '')
  const parts = match?.[1]?.split('.')
  if (parts?.length !== 3) return undefined
  const [header, payload, given] = parts as [string, string, string]
  const expected = Buffer.from(signature(secret, `${header}.${payload}`))
  const actual = Buffer.from(given)
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { scp?: unknown }
    const results = String(claims.scp ?? '')
      .split(' ')
      .find(scope => scope.startsWith('Actions.Results:'))
    const [, run, job] = results?.split(':') ?? []
    if (run === undefined || job === undefined) return undefined
    return { workflowRunBackendId: run, workflowJobRunBackendId: job }
  } catch {
    return undefined
  }
}
