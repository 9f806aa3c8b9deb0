// Runs a GOOS=js GOARCH=wasm Go program (a test binary of this package) under Node as the page runs
// engine.wasm: the program's memory is handed over as globalThis.avrlabGoMemory before it starts, so
// that translate.NewBrowser finds it (emu/translate/js.go). Usage: WASM_EXEC=.../wasm_exec.js node
// node_browser.js prog.wasm [args]; the exit code is the program's.
"use strict";

const fs = require("fs");
Object.assign(globalThis, {
  require, fs, path: require("path"),
  TextEncoder: require("util").TextEncoder, TextDecoder: require("util").TextDecoder,
});
globalThis.performance ??= require("perf_hooks").performance;
globalThis.crypto ??= require("crypto").webcrypto;
require(process.env.WASM_EXEC);

const go = new Go();
go.argv = process.argv.slice(2);
go.env = Object.assign({ TMPDIR: require("os").tmpdir() }, process.env);
go.exit = (code) => process.exit(code);
WebAssembly.instantiate(fs.readFileSync(process.argv[2]), go.importObject)
  .then(({ instance }) => {
    globalThis.avrlabGoMemory = instance.exports.mem;
    return go.run(instance);
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
