import type { HttpReply } from './http-reply.js'
import {
  characterCount,
  githubError,
  githubJson,
  htmlBase,
  objectBody,
  pageOf,
  repositoryIdUrl,
  repoUrl,
  validationFailed,
  type RestCall
} from './github-replies.js'
import { ACTIONS_BOT, githubTime, type StandInComment, type StandInGitHub, type StandInPull, type StandInUser } from './github-state.js'

/** The longest comment body GitHub takes, in characters. */
const MAX_COMMENT_BODY = 65_536

const userJson = (user: StandInUser): unknown => ({
  login: user.login,
  id: user.type === 'Bot' ? 41_898_282 : 583_231,
  type: user.type,
  site_admin: false,
  html_url: `https://github.com/${user.type === 'Bot' ? 'apps/github-actions' : user.login}`
})

function commentJson(comment: StandInComment, call: RestCall, state: StandInGitHub): unknown {
  const isPull = state.pulls().some(pull => pull.number === comment.issue)
  return {
    id: comment.id,
    node_id: `IC_kwDO${comment.id.toString(36)}`,
    url: repoUrl(call, `issues/comments/${comment.id}`),
    html_url: `${htmlBase(call)}/${isPull ? 'pull' : 'issues'}/${comment.issue}#issuecomment-${comment.id}`,
    issue_url: repoUrl(call, `issues/${comment.issue}`),
    body: comment.body,
    user: userJson(comment.user),
    created_at: comment.created_at,
    updated_at: comment.updated_at,
    author_association: comment.user.type === 'Bot' ? 'NONE' : 'MEMBER',
    performed_via_github_app: null
  }
}

/** The refusal of a comment body: missing, blank, or over 65,536 characters. */
function bodyRefusal(body: unknown): HttpReply | undefined {
  const text = objectBody(body)?.body
  if (typeof text !== 'string') return validationFailed('IssueComment', 'body', 'missing_field')
  if (text.trim() === '') return validationFailed('IssueComment', 'body', 'custom', "body can't be blank")
  if (characterCount(text) > MAX_COMMENT_BODY) {
    return validationFailed('IssueComment', 'body', 'custom', `body is too long (maximum is ${MAX_COMMENT_BODY} characters)`)
  }
  return undefined
}

/** `GET /repos/{o}/{r}/issues/{n}/comments?per_page&page`: oldest first, with a `Link` header. */
export function listComments(call: RestCall, state: StandInGitHub): HttpReply {
  const issue = Number(call.params[0])
  const all = state.comments().filter(comment => comment.issue === issue)
  const page = pageOf(all, call.query, repositoryIdUrl(call, `issues/${issue}/comments`))
  return githubJson(
    200,
    page.items.map(comment => commentJson(comment, call, state)),
    page.headers
  )
}

/** `POST /repos/{o}/{r}/issues/{n}/comments` → 201, written by github-actions[bot]. */
export function createComment(call: RestCall, state: StandInGitHub): HttpReply {
  const refused = bodyRefusal(call.body)
  if (refused !== undefined) return refused
  const created = state.addComment(Number(call.params[0]), (call.body as { body: string }).body, ACTIONS_BOT)
  return githubJson(201, commentJson(created, call, state), { location: repoUrl(call, `issues/comments/${created.id}`) })
}

/** `PATCH /repos/{o}/{r}/issues/comments/{id}` → 200 with the edited comment. */
export function updateComment(call: RestCall, state: StandInGitHub): HttpReply {
  const comment = state.comment(Number(call.params[0]))
  if (comment === undefined) return githubError(404, 'Not Found')
  const refused = bodyRefusal(call.body)
  if (refused !== undefined) return refused
  comment.body = (call.body as { body: string }).body
  comment.updated_at = githubTime(new Date())
  return githubJson(200, commentJson(comment, call, state))
}

/** `DELETE /repos/{o}/{r}/issues/comments/{id}` → 204. */
export function deleteComment(call: RestCall, state: StandInGitHub): HttpReply {
  return state.removeComment(Number(call.params[0])) ? { status: 204 } : githubError(404, 'Not Found')
}

function pullJson(pull: StandInPull, call: RestCall): unknown {
  const base = `${call.owner}/${call.repo}`
  const headOwner = pull.head.repo.owner.login
  return {
    url: repoUrl(call, `pulls/${pull.number}`),
    id: 1_900_000_000 + pull.number,
    number: pull.number,
    state: pull.state,
    title: `Pull request #${pull.number}`,
    html_url: `${htmlBase(call)}/pull/${pull.number}`,
    user: { login: headOwner, type: 'User' },
    head: {
      label: `${headOwner}:${pull.head.ref}`,
      ref: pull.head.ref,
      sha: pull.head.sha,
      user: { login: headOwner, type: 'User' },
      repo: { full_name: pull.head.repo.full_name, owner: { login: headOwner }, fork: pull.head.repo.full_name !== base }
    },
    base: { label: `${call.owner}:main`, ref: 'main', repo: { full_name: base, owner: { login: call.owner }, fork: false } }
  }
}

/**
 * `GET /repos/{o}/{r}/commits/{sha}/pulls`: the pull requests whose head is that commit,
 * a fork's included (their heads live in the base repository as `refs/pull/N/head`). The
 * stand-in keeps no commits: any 40-hex SHA is one, anything else is 422.
 */
export function pullsForCommit(call: RestCall, state: StandInGitHub): HttpReply {
  const sha = call.params[0] ?? ''
  if (!/^[0-9a-f]{40}$/.test(sha)) return githubError(422, `No commit found for SHA: ${sha}`)
  const found = state.pulls().filter(pull => pull.head.sha === sha)
  const page = pageOf(found, call.query, repositoryIdUrl(call, `commits/${sha}/pulls`))
  return githubJson(
    200,
    page.items.map(pull => pullJson(pull, call)),
    page.headers
  )
}

/** `GET /repos/{o}/{r}/pulls?state=open|closed|all&head=owner:branch`, newest first. */
export function listPulls(call: RestCall, state: StandInGitHub): HttpReply {
  const wanted = call.query.get('state') ?? 'open'
  if (!['open', 'closed', 'all'].includes(wanted)) {
    return githubError(422, 'Validation Failed', { errors: [{ value: wanted, resource: 'Issue', field: 'state', code: 'invalid' }] })
  }
  const head = call.query.get('head')
  const [headOwner, ...ref] = (head ?? '').split(':')
  const matches = (pull: StandInPull): boolean =>
    (wanted === 'all' || pull.state === wanted) &&
    (head === null ||
      (ref.length > 0 && pull.head.repo.owner.login.toLowerCase() === headOwner?.toLowerCase() && pull.head.ref === ref.join(':')))
  const found = state
    .pulls()
    .filter(matches)
    .sort((a, b) => b.number - a.number)
  const page = pageOf(found, call.query, repositoryIdUrl(call, 'pulls'))
  return githubJson(
    200,
    page.items.map(pull => pullJson(pull, call)),
    page.headers
  )
}
