/**
 * Entry point of dist/index.js, the action's main step, and through dist/post.js of its post
 * step (docs/design.md §9 "Start-up"): turns the compile cache on, then loads the action's
 * bundle (dist/index.bundle.js, from action/index.ts), so that the bundle is compiled with the
 * cache, not before it. The bundle tells the steps apart by the script the runner started;
 * a post step after a main step that finished has nothing to do, and says so without it
 * (post-shortcut.ts).
 */
import { EOL } from 'node:os'
import { actionCompileCacheDir, enableCompileCache } from './compile-cache.js'
import { isPostStep, MAIN_FINISHED_NOTE, mainFinished } from './post-shortcut.js'

if (isPostStep(process.argv[1]) && mainFinished(process.env)) {
  // Nothing to close: the post step prints what runPost would, and loads no bundle.
  process.stdout.write(`::debug::${MAIN_FINISHED_NOTE}${EOL}`)
} else {
  enableCompileCache(actionCompileCacheDir(process.env))
  await import(new URL('./index.bundle.js', import.meta.url).href)
}
