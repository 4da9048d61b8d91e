#!/usr/bin/env -S node --max-semi-space-size=1

// build/bundle/src/cli/launch.js
import { homedir } from "node:os";

// build/bundle/src/cli/compile-cache.js
import module from "node:module";
import { isAbsolute, join } from "node:path";
function cliCompileCacheDir({ env, platform, home: home2 }) {
  const absolute = (path) => path && isAbsolute(path) ? path : void 0;
  let base;
  if (platform === "win32") base = absolute(env.LOCALAPPDATA) ?? (absolute(home2) && join(home2, "AppData", "Local"));
  else if (platform === "darwin") base = absolute(home2) && join(home2, "Library", "Caches");
  else base = absolute(env.XDG_CACHE_HOME) ?? (absolute(home2) && join(home2, ".cache"));
  return base && join(base, "reverify", "compile-cache");
}
function enableCompileCache(directory) {
  const enable = module.enableCompileCache;
  if (directory === void 0 || typeof enable !== "function") return;
  try {
    enable(directory);
  } catch {
  }
}

// build/bundle/src/cli/launch.js
function home() {
  try {
    return homedir();
  } catch {
    return "";
  }
}
enableCompileCache(cliCompileCacheDir({ env: process.env, platform: process.platform, home: home() }));
await import(new URL("./cli.bundle.js", import.meta.url).href);
