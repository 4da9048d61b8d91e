/**
 * The pull request's one comment (docs/design.md §5 "The pull request: a check run and one
 * comment"): found again by the hidden marker its body starts with, edited in place, and
 * de-duplicated after a create, because two report runs can each list no comment and each
 * create one. After creating, the comments are listed again; of those that start with this
 * check name's marker and were written by a Bot, the oldest (lowest id) is kept and the
 * others deleted, so both runs keep the same one. A comment whose marker names a newer
 * workflow run than ours is never overwritten: a late run of an older commit does not
 * replace a newer verdict. Never throws; a failure is one line for the caller to warn with.
 */
import { z } from 'zod'
import type { GitHubApi } from './github-api.js'
import { readCommentMarker } from './comment-body.js'

/** When to keep the comment (input `comment`). */
export type CommentMode = 'off' | 'on-failure' | 'always'

/** What happened to the comment. */
export type CommentOutcome =
  | { kind: 'kept'; id: number; url: string; action: 'created' | 'edited' }
  | { kind: 'untouched'; reason: string }
  | { kind: 'failed'; line: string }

/** The pull request and this report's comment. */
export interface StickyComment {
  owner: string
  repo: string
  pullRequest: number
  checkName: string
  /** The workflow run the comment is about (its marker's run). */
  runId: number
  body: string
  /** The body is the one-line all-green form. */
  passed: boolean
}

/** Pages of 100 comments read at most: a pull request with more has bigger problems. */
const MAX_PAGES = 30

const Comment = z
  .object({
    id: z.number().int().positive(),
    body: z.string().nullish(),
    html_url: z.string().max(2000),
    user: z.object({ type: z.string() }).passthrough().nullish()
  })
  .passthrough()
const Comments = z.array(Comment).max(100)

type Listed = { id: number; url: string; runId: number }

/** This check name's comments written by a Bot, oldest first. */
async function ourComments(api: GitHubApi, target: StickyComment): Promise<{ ok: true; comments: Listed[] } | { ok: false; line: string }> {
  const comments: Listed[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const listed = await api.call(
      'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
      { owner: target.owner, repo: target.repo, issue_number: target.pullRequest, per_page: 100, page },
      Comments,
      'pull-requests: write'
    )
    if (!listed.ok) return { ok: false, line: `could not list the pull request's comments: ${listed.line}` }
    for (const comment of listed.data) {
      const marker = comment.user?.type === 'Bot' ? readCommentMarker(comment.body ?? '', target.checkName) : undefined
      if (marker !== undefined) comments.push({ id: comment.id, url: comment.html_url, runId: marker.runId })
    }
    if (listed.data.length < 100) break
  }
  return { ok: true, comments: comments.sort((a, b) => a.id - b.id) }
}

/** Edits `comment` to our body unless its marker names a newer run. */
async function editUnlessNewer(api: GitHubApi, target: StickyComment, comment: Listed): Promise<CommentOutcome> {
  if (comment.runId > target.runId) {
    return { kind: 'untouched', reason: `the comment is about a newer workflow run (${comment.runId})` }
  }
  const edited = await api.call(
    'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
    { owner: target.owner, repo: target.repo, comment_id: comment.id, body: target.body },
    Comment,
    'pull-requests: write'
  )
  if (!edited.ok) return { kind: 'failed', line: `could not edit the pull request's comment: ${edited.line}` }
  return { kind: 'kept', id: comment.id, url: comment.url, action: 'edited' }
}

/** Deletes every one of `extra`; one that is gone already (the other run deleted it) is fine. */
async function deleteAll(api: GitHubApi, target: StickyComment, extra: Listed[]): Promise<string | undefined> {
  for (const comment of extra) {
    const deleted = await api.call(
      'DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}',
      { owner: target.owner, repo: target.repo, comment_id: comment.id },
      z.unknown(),
      'pull-requests: write'
    )
    if (!deleted.ok && deleted.status !== 404) return `could not delete a second comment of this report: ${deleted.line}`
  }
  return undefined
}

/** Creates, edits or leaves the comment as `mode` says; de-duplicates after a create. */
export async function keepStickyComment(api: GitHubApi, target: StickyComment, mode: CommentMode): Promise<CommentOutcome> {
  if (mode === 'off') return { kind: 'untouched', reason: 'comment: off' }
  const before = await ourComments(api, target)
  if (!before.ok) return { kind: 'failed', line: before.line }
  const [existing, ...extra] = before.comments
  if (existing !== undefined) {
    // on-failure edits an existing comment either way: a pass turns it into the green line.
    const outcome = await editUnlessNewer(api, target, existing)
    const problem = await deleteAll(api, target, extra)
    return problem !== undefined && outcome.kind === 'kept' ? { kind: 'failed', line: problem } : outcome
  }
  if (mode === 'on-failure' && target.passed) return { kind: 'untouched', reason: 'the run passed and there is no comment to edit' }
  const created = await api.call(
    'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
    { owner: target.owner, repo: target.repo, issue_number: target.pullRequest, body: target.body },
    Comment,
    'pull-requests: write'
  )
  if (!created.ok) return { kind: 'failed', line: `could not comment on pull request #${target.pullRequest}: ${created.line}` }
  const after = await ourComments(api, target)
  if (!after.ok) return { kind: 'failed', line: after.line }
  const [oldest, ...others] = after.comments
  const problem = await deleteAll(api, target, others)
  if (problem !== undefined) return { kind: 'failed', line: problem }
  const mine: Listed = { id: created.data.id, url: created.data.html_url, runId: target.runId }
  // Another run created one first: ours is gone, and the kept one gets our words unless it is newer.
  if (oldest !== undefined && oldest.id !== mine.id) return editUnlessNewer(api, target, oldest)
  return { kind: 'kept', ...mine, action: 'created' }
}
