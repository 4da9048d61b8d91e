// build/bundle/src/action/compile-cache.js
import { isAbsolute, join } from "node:path";

// build/bundle/src/cli/compile-cache.js
import module from "node:module";
function enableCompileCache(directory) {
  const enable = module.enableCompileCache;
  if (typeof enable !== "function") return false;
  if (directory === void 0) return true;
  try {
    enable(directory);
  } catch {
  }
  return true;
}

// build/bundle/src/action/compile-cache.js
function actionCompileCacheDir(env) {
  const runnerTemp = env.RUNNER_TEMP;
  return runnerTemp && isAbsolute(runnerTemp) ? join(runnerTemp, "reverify-compile-cache") : void 0;
}

// build/bundle/src/action/launch-report.js
enableCompileCache(actionCompileCacheDir(process.env));
await import(new URL("./report.bundle.js", import.meta.url).href);
