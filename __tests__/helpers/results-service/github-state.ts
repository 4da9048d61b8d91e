/** A check run as the stand-in keeps it. */
export interface StandInCheckRun {
  id: number
  name: string
  head_sha: string
  status: string
  conclusion: string | null
  output: { title?: string; summary?: string; text?: string }
  /** Every annotation sent, in the order the requests carried them. */
  annotations: object[]
  html_url: string
}

/** Who wrote a comment. */
export interface StandInUser {
  login: string
  type: 'Bot' | 'User'
}

/** A comment on an issue or pull request. */
export interface StandInComment {
  id: number
  issue: number
  body: string
  user: StandInUser
  created_at: string
  updated_at: string
}

/** A pull request; a fork's has a head repository other than the base one. */
export interface StandInPull {
  number: number
  state: 'open' | 'closed'
  head: { sha: string; ref: string; repo: { full_name: string; owner: { login: string } } }
}

/** What a comment made through the API is written by: the workflow's GITHUB_TOKEN. */
export const ACTIONS_BOT: StandInUser = { login: 'github-actions[bot]', type: 'Bot' }

/** GitHub's timestamps: UTC to the second. */
export const githubTime = (at: Date): string => at.toISOString().replace(/\.\d{3}Z$/, 'Z')

/**
 * The repository state behind the stand-in's GitHub REST endpoints: check runs, comments and
 * pull requests (one repository: the owner and name in a path are not told apart), and the
 * workflow run whose artifacts the REST listing shows.
 */
export class StandInGitHub {
  /** Check runs, oldest first; read them for assertions. */
  readonly checkRuns: StandInCheckRun[] = []
  /** The workflow run id whose artifacts `GET …/actions/runs/{run_id}/artifacts` lists. */
  runId = '424242'

  private readonly commentList: StandInComment[] = []
  private readonly pullList: StandInPull[] = []
  private nextCheckRunId = 30_000_000_001
  private nextCommentId = 2_400_000_001

  /** Every comment, oldest first (copies: change them through the API or `addComment`). */
  comments(): StandInComment[] {
    return this.commentList.map(comment => ({ ...comment, user: { ...comment.user } }))
  }

  /** Pull requests, in the order they were added. */
  pulls(): StandInPull[] {
    return [...this.pullList]
  }

  /** Adds a pull request for the pulls endpoints to find. */
  addPull(pull: StandInPull): void {
    if (this.pullList.some(known => known.number === pull.number)) throw new Error(`pull request #${pull.number} already exists`)
    this.pullList.push(structuredClone(pull))
  }

  /** Someone else's comment (a person's by default), as if written before the run. */
  addComment(issue: number, body: string, user: StandInUser = { login: 'octocat', type: 'User' }): StandInComment {
    const at = githubTime(new Date())
    const comment: StandInComment = { id: this.nextCommentId++, issue, body, user: { ...user }, created_at: at, updated_at: at }
    this.commentList.push(comment)
    return { ...comment, user: { ...comment.user } }
  }

  /** The live comment with this id (for the API handlers). */
  comment(id: number): StandInComment | undefined {
    return this.commentList.find(comment => comment.id === id)
  }

  /** Removes a comment; false when there was none. */
  removeComment(id: number): boolean {
    const index = this.commentList.findIndex(comment => comment.id === id)
    if (index < 0) return false
    this.commentList.splice(index, 1)
    return true
  }

  /** A fresh check run id. */
  checkRunId(): number {
    return this.nextCheckRunId++
  }
}
