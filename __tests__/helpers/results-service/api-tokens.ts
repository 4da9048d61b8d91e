import { randomBytes } from 'node:crypto'

/** What a REST token (GITHUB_TOKEN's stand-in) may do; every permission not given is refused. */
export interface ApiTokenGrant {
  /** `actions: read`: listing caches, listing and downloading another run's artifacts. */
  actionsRead?: boolean
  /** `checks: write`: creating and updating check runs. */
  checksWrite?: boolean
  /** `pull-requests: write`: creating, editing and deleting comments on a pull request. */
  pullRequestsWrite?: boolean
}

/** A permission a REST route may ask for. */
export type ApiPermission = keyof ApiTokenGrant

/**
 * The REST tokens the service issued. Reading pull requests and their comments needs only a
 * valid token (a public repository's contents, which every GITHUB_TOKEN can read).
 */
export class ApiTokens {
  private readonly grants = new Map<string, ApiTokenGrant>()

  /** A new token with `grant`; 401 for any other. */
  issue(grant: ApiTokenGrant): string {
    const token = `ghs_${randomBytes(18).toString('base64url')}`
    this.grants.set(token, { ...grant })
    return token
  }

  /** The grant behind an `Authorization: Bearer|token …` header, undefined for an unknown one. */
  grantOf(authorization: string | undefined): ApiTokenGrant | undefined {
    const token = /^(?:Bearer|token) (\S+)$/i.exec(authorization ?? '')?.[1]
    return token === undefined ? undefined : this.grants.get(token)
  }
}
