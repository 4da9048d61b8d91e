"use strict";
const launcherUrl = require('node:url').pathToFileURL(__filename).href;
"use strict";

// build/bundle/src/action/launch-report.js
var import_node_url = require("node:url");

// build/bundle/src/launch/code-cache.js
var import_node_fs = require("node:fs");
var import_node_module = require("node:module");
var import_node_path = require("node:path");
var import_node_vm = require("node:vm");
function placeOf(file) {
  let hash = 2166136261;
  for (const char of (0, import_node_path.dirname)(file)) hash = Math.imul(hash ^ char.codePointAt(0), 16777619) >>> 0;
  return hash.toString(16).padStart(8, "0");
}
function codeCacheName(id) {
  return `${codeCachePrefix(id)}${id.size}-${id.ino}-${id.ctimeNs}-${id.mtimeNs}.v8cache`;
}
function partialCacheName(name) {
  return name.replace(/\.v8cache$/, ".partial.v8cache");
}
function codeCachePrefix(id) {
  return `${id.script}-${id.place}-${id.version}-${id.arch}-`;
}
function readScript(file) {
  const fd = (0, import_node_fs.openSync)(file, "r");
  try {
    const { size, ino, ctimeNs, mtimeNs } = (0, import_node_fs.fstatSync)(fd, { bigint: true });
    const source = (0, import_node_fs.readFileSync)(fd, "utf8");
    const id = { script: (0, import_node_path.basename)(file), place: placeOf(file), version: process.version, arch: process.arch, size, ino, ctimeNs, mtimeNs };
    return { source, id };
  } finally {
    (0, import_node_fs.closeSync)(fd);
  }
}
function readCache(file) {
  if (file === void 0) return void 0;
  try {
    return (0, import_node_fs.readFileSync)(file);
  } catch {
    return void 0;
  }
}
function saveCodeCache(script, file, prefix) {
  try {
    const directory = (0, import_node_path.dirname)(file);
    (0, import_node_fs.mkdirSync)(directory, { recursive: true, mode: 448 });
    const temporary = `${file}.${process.pid}.tmp`;
    (0, import_node_fs.writeFileSync)(temporary, script.createCachedData(), { mode: 384 });
    (0, import_node_fs.renameSync)(temporary, file);
    for (const name of (0, import_node_fs.readdirSync)(directory)) {
      if (name.startsWith(prefix) && name.endsWith(".v8cache") && name !== (0, import_node_path.basename)(file)) (0, import_node_fs.rmSync)((0, import_node_path.join)(directory, name), { force: true });
    }
  } catch {
  }
}
var savesAtExit = [];
function atProcessExit(save) {
  if (savesAtExit.length === 0) process.once("exit", () => savesAtExit.splice(0).forEach((pending) => pending()));
  savesAtExit.push(save);
}
function runWithCodeCache(file, directory, writing = {}) {
  const options = { atExit: writing.atExit ?? atProcessExit, complete: writing.complete ?? (() => true) };
  const folder = (0, import_node_path.dirname)(file);
  const loaded = /* @__PURE__ */ new Map();
  const nodeRequire = (0, import_node_module.createRequire)(file);
  const require2 = Object.assign((id) => {
    const sibling = siblingChunk(folder, id);
    return sibling === void 0 ? nodeRequire(id) : run(sibling);
  }, nodeRequire);
  const run = (path) => {
    const known = loaded.get(path);
    if (known !== void 0) return known.exports;
    const module2 = { exports: {} };
    loaded.set(path, module2);
    try {
      compiled(path, directory, options).call(module2.exports, module2.exports, require2, module2, path, folder);
    } catch (error) {
      loaded.delete(path);
      throw error;
    }
    return module2.exports;
  };
  return run(file);
}
function siblingChunk(folder, id) {
  if (!id.startsWith("./") || !id.endsWith(".cjs")) return void 0;
  const path = (0, import_node_path.join)(folder, id);
  return (0, import_node_path.dirname)(path) === folder ? path : void 0;
}
function didTheWork(complete) {
  try {
    return complete();
  } catch {
    return false;
  }
}
function compiled(file, directory, writing) {
  const { source, id } = readScript(file);
  const cacheFile = directory === void 0 ? void 0 : (0, import_node_path.join)(directory, codeCacheName(id));
  const partialFile = cacheFile === void 0 ? void 0 : partialCacheName(cacheFile);
  const complete = readCache(cacheFile);
  const cachedData = complete ?? readCache(partialFile);
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source}
})`;
  const script = new import_node_vm.Script(wrapped, { filename: file, cachedData });
  const usable = cachedData !== void 0 && script.cachedDataRejected !== true;
  if (cacheFile !== void 0 && partialFile !== void 0 && (complete === void 0 || !usable)) {
    writing.atExit(() => {
      const whole = didTheWork(writing.complete);
      if (!whole && usable) return;
      saveCodeCache(script, whole ? cacheFile : partialFile, codeCachePrefix(id));
    });
  }
  return script.runInThisContext();
}

// build/bundle/src/action/compile-cache.js
var import_node_path2 = require("node:path");
function actionCompileCacheDir(env) {
  const runnerTemp = env.RUNNER_TEMP;
  if (env.NODE_DISABLE_COMPILE_CACHE) return void 0;
  return runnerTemp && (0, import_node_path2.isAbsolute)(runnerTemp) ? (0, import_node_path2.join)(runnerTemp, "reverify-compile-cache") : void 0;
}

// build/bundle/src/action/launch-report.js
runWithCodeCache((0, import_node_url.fileURLToPath)(new URL("./report.bundle.cjs", launcherUrl)), actionCompileCacheDir(process.env));
