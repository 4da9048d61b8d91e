#!/usr/bin/env -S node --max-semi-space-size=1

// build/bundle/src/cli/launch.js
import { homedir } from "node:os";
import { fileURLToPath } from "node:url";

// build/bundle/src/cli/compile-cache.js
import { isAbsolute, join } from "node:path";
function cliCompileCacheDir({ env, platform, home: home2 }) {
  const absolute = (path) => path && isAbsolute(path) ? path : void 0;
  let base;
  if (platform === "win32") base = absolute(env.LOCALAPPDATA) ?? (absolute(home2) && join(home2, "AppData", "Local"));
  else if (platform === "darwin") base = absolute(home2) && join(home2, "Library", "Caches");
  else base = absolute(env.XDG_CACHE_HOME) ?? (absolute(home2) && join(home2, ".cache"));
  return base && join(base, "reverify", "compile-cache");
}

// build/bundle/src/launch/code-cache.js
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join as join2 } from "node:path";
import { Script } from "node:vm";
function placeOf(file) {
  let hash = 2166136261;
  for (const char of dirname(file)) hash = Math.imul(hash ^ char.codePointAt(0), 16777619) >>> 0;
  return hash.toString(16).padStart(8, "0");
}
function codeCacheName(id) {
  return `${codeCachePrefix(id)}${id.size}-${id.ino}-${id.ctimeNs}-${id.mtimeNs}.v8cache`;
}
function codeCachePrefix(id) {
  return `${id.script}-${id.place}-${id.version}-${id.arch}-`;
}
function readScript(file) {
  const fd = openSync(file, "r");
  try {
    const { size, ino, ctimeNs, mtimeNs } = fstatSync(fd, { bigint: true });
    const source = readFileSync(fd, "utf8");
    const id = { script: basename(file), place: placeOf(file), version: process.version, arch: process.arch, size, ino, ctimeNs, mtimeNs };
    return { source, id };
  } finally {
    closeSync(fd);
  }
}
function readCache(file) {
  if (file === void 0) return void 0;
  try {
    return readFileSync(file);
  } catch {
    return void 0;
  }
}
function saveCodeCache(script, file, prefix) {
  try {
    const directory = dirname(file);
    mkdirSync(directory, { recursive: true, mode: 448 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, script.createCachedData(), { mode: 384 });
    renameSync(temporary, file);
    for (const name of readdirSync(directory)) {
      if (name.startsWith(prefix) && name.endsWith(".v8cache") && name !== basename(file)) rmSync(join2(directory, name), { force: true });
    }
  } catch {
  }
}
var savesAtExit = [];
function atProcessExit(save) {
  if (savesAtExit.length === 0) process.once("exit", () => savesAtExit.splice(0).forEach((pending) => pending()));
  savesAtExit.push(save);
}
function runWithCodeCache(file, directory, atExit = atProcessExit) {
  const folder = dirname(file);
  const loaded = /* @__PURE__ */ new Map();
  const nodeRequire = createRequire(file);
  const require2 = Object.assign((id) => {
    const sibling = siblingChunk(folder, id);
    return sibling === void 0 ? nodeRequire(id) : run(sibling);
  }, nodeRequire);
  const run = (path) => {
    const known = loaded.get(path);
    if (known !== void 0) return known.exports;
    const module = { exports: {} };
    loaded.set(path, module);
    try {
      compiled(path, directory, atExit).call(module.exports, module.exports, require2, module, path, folder);
    } catch (error) {
      loaded.delete(path);
      throw error;
    }
    return module.exports;
  };
  return run(file);
}
function siblingChunk(folder, id) {
  if (!id.startsWith("./") || !id.endsWith(".cjs")) return void 0;
  const path = join2(folder, id);
  return dirname(path) === folder ? path : void 0;
}
function compiled(file, directory, atExit) {
  const { source, id } = readScript(file);
  const cacheFile = directory === void 0 ? void 0 : join2(directory, codeCacheName(id));
  const cachedData = readCache(cacheFile);
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source}
})`;
  const script = new Script(wrapped, { filename: file, cachedData });
  if (cacheFile !== void 0 && (cachedData === void 0 || script.cachedDataRejected === true)) {
    atExit(() => saveCodeCache(script, cacheFile, codeCachePrefix(id)));
  }
  return script.runInThisContext();
}

// build/bundle/src/cli/launch.js
function home() {
  try {
    return homedir();
  } catch {
    return "";
  }
}
var bundle = fileURLToPath(new URL("./cli.bundle.cjs", import.meta.url));
var cacheDir = cliCompileCacheDir({ env: process.env, platform: process.platform, home: home() });
runWithCodeCache(bundle, process.env.NODE_DISABLE_COMPILE_CACHE ? void 0 : cacheDir);
