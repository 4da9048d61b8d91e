/**
 * The action's bundle, dist/index.bundle.cjs, loaded by dist/index.js (action/launch.ts), the
 * main step; dist/post.js is a two-line file that imports that same launcher, so both steps
 * share one copy of the toolkit: which step runs is told by the script the runner started.
 * The cache client is loaded only when a history is restored or saved, the artifact client
 * only when a trace is uploaded (dynamic imports: ncc puts each in chunks of their own,
 * `dist/<id>.index.cjs`, docs/design.md §10), so the post step with nothing left to do loads
 * neither.
 */
import type { DefaultArtifactClient } from '@actions/artifact'
import { runMain } from './main.js'
import { createCacheStore, type CacheClient } from './persistence/cache-store.js'
import { runPost } from './post-step.js'
import { isPostStep } from './post-shortcut.js'
import { runnerToolkit } from './toolkit.js'
import { exitOnceWritten } from '../launch/exit.js'

let cacheModule: Promise<CacheClient> | undefined

/** The cache client's module, loaded once, on first use; a module that fails to load rejects the call, which only warns. */
function loadCacheModule(): Promise<CacheClient> {
  cacheModule ??= import('@actions/cache')
  return cacheModule
}

/** Starts the load early; a failure is left for the restore or the save to report. */
function preloadCache(): void {
  loadCacheModule().catch(() => undefined)
}

// The one place the real cache client is wrapped: both steps see only the adapter's answers.
const cacheStore = createCacheStore({
  restoreCache: async (...call) => (await loadCacheModule()).restoreCache(...call),
  saveCache: async (...call) => (await loadCacheModule()).saveCache(...call)
})

let artifactModule: Promise<{ DefaultArtifactClient: typeof DefaultArtifactClient }> | undefined

/** The artifact client's module, loaded once, on first use. */
function loadArtifactModule(): Promise<{ DefaultArtifactClient: typeof DefaultArtifactClient }> {
  artifactModule ??= import('@actions/artifact')
  return artifactModule
}

/** A new artifact client; a module that fails to load rejects here, where the upload only warns. */
async function artifactClient(): Promise<DefaultArtifactClient> {
  return new (await loadArtifactModule()).DefaultArtifactClient()
}

/** Starts the load early; a failure is left for the upload itself to report. */
function preloadArtifact(): void {
  loadArtifactModule().catch(() => undefined)
}

/**
 * Ends the process once a step is done (launch/exit.ts): a service call abandoned at its
 * deadline would otherwise hold the step open for as long as its client keeps retrying, and
 * Node's own way out frees the heap piece by piece. What was printed is handed on first.
 */
function endStep(): void {
  exitOnceWritten()
}

if (isPostStep(process.argv[1])) {
  void runPost({ cache: cacheStore, artifact: artifactClient, env: process.env, cwd: process.cwd(), toolkit: runnerToolkit }).then(endStep)
} else {
  const controller = new AbortController()
  let reason: string | undefined
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // The runner sends SIGINT, then SIGTERM 7.5 s later: the first one starts the cleanup,
      // later ones must not cut it short.
      if (reason === undefined) {
        reason = signal
        controller.abort()
      }
    })
  }
  void runMain({
    cache: cacheStore,
    preloadCache,
    artifact: artifactClient,
    preloadArtifact,
    env: process.env,
    cwd: process.cwd(),
    stdout: process.stdout,
    stderr: process.stderr,
    signal: controller.signal,
    interruptReason: () => reason,
    toolkit: runnerToolkit
  }).then(endStep)
}
