/**
 * Entry point of dist/index.js, the action's main step, and through dist/post.js of its post
 * step (docs/design.md §9 "Start-up"): runs the action's bundle (dist/index.bundle.cjs, from
 * action/index.ts) and the chunks it loads with the job's code cache (action/compile-cache.ts).
 * The bundle tells the steps apart by the script the runner started; a post step after a main
 * step that finished has nothing to do, and says so without it (post-shortcut.ts).
 */
import { EOL } from 'node:os'
import { fileURLToPath } from 'node:url'
import { runWithCodeCache } from '../launch/code-cache.js'
import { actionCompileCacheDir } from './compile-cache.js'
import { isPostStep, MAIN_FINISHED_NOTE, mainFinished } from './post-shortcut.js'

if (isPostStep(process.argv[1]) && mainFinished(process.env)) {
  // Nothing to close: the post step prints what runPost would, and loads no bundle.
  process.stdout.write(`::debug::${MAIN_FINISHED_NOTE}${EOL}`)
} else {
  runWithCodeCache(fileURLToPath(new URL('./index.bundle.cjs', import.meta.url)), actionCompileCacheDir(process.env))
}
