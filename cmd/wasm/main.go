//go:build js && wasm

// Command wasm is the playground's WebAssembly module. The page starts it twice, each time in a Web
// Worker (site/worker.js): the engine worker assembles, benchmarks and runs (and is terminated by the
// Stop button), the workspace worker keeps the files in IndexedDB and highlights the editor's text.
//
// It defines one JavaScript function on the worker's global object and then calls avrlabReady():
//
//	avrlabCall(op, argJSON, onProgress) → string | Promise<string>
//
// Engine operations (meta, bench, assemble, hex) and highlight answer synchronously; workspace
// operations (open, readAll, write, rename, remove) touch IndexedDB, which answers through JavaScript
// callbacks, so they run in a goroutine and return a Promise (blocking the event loop would deadlock;
// ../shared/docs/stack-notes.md §4). Every answer is JSON; failures are {"error": "..."}.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"syscall/js"

	"github.com/hack-pad/hackpadfs"
	"github.com/hack-pad/hackpadfs/indexeddb"
	"github.com/hack-pad/hackpadfs/mem"

	"github.com/avrlab/avrlab/cmd/wasm/engine"
	"github.com/avrlab/avrlab/cmd/wasm/highlight"
	"github.com/avrlab/avrlab/cmd/wasm/workspace"
)

// dbName is the IndexedDB database that holds the workspace.
const dbName = "avrlab-workspace"

func main() {
	b := &bridge{}
	js.Global().Set("avrlabCall", js.FuncOf(b.call))
	if ready := js.Global().Get("avrlabReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // keep the module alive for later calls
}

// bridge holds the workspace of this instance once opened.
type bridge struct {
	mu         sync.Mutex
	ws         *workspace.Workspace
	persistent bool
}

func (b *bridge) call(_ js.Value, args []js.Value) (result any) {
	if len(args) < 2 {
		return errorJSON(errors.New("avrlabCall(op, argJSON, onProgress)"))
	}
	op, arg := args[0].String(), []byte(args[1].String())
	var progress engine.Progress
	if len(args) > 2 && args[2].Type() == js.TypeFunction {
		fn := args[2]
		progress = func(phase string) { fn.Invoke(phase) }
	}
	defer func() {
		if r := recover(); r != nil {
			result = errorJSON(fmt.Errorf("internal error: %v", r))
		}
	}()
	switch op {
	case "highlight":
		var a struct {
			Src string `json:"src"`
		}
		if err := json.Unmarshal(arg, &a); err != nil {
			return errorJSON(err)
		}
		html, err := highlight.HTML(a.Src)
		if err != nil {
			return errorJSON(err)
		}
		return toJSON(map[string]string{"html": html})
	case "open", "readAll", "write", "rename", "remove":
		return promise(func() string { return b.workspaceOp(op, arg) })
	}
	return string(engine.Handle(op, arg, progress))
}

// workspaceOp runs one workspace operation; it blocks on IndexedDB, so it runs in a goroutine.
func (b *bridge) workspaceOp(op string, arg []byte) (result string) {
	defer func() {
		if r := recover(); r != nil {
			result = errorJSON(fmt.Errorf("internal error: %v", r))
		}
	}()
	var a struct {
		Name, Text, From, To string
	}
	if len(arg) > 0 {
		if err := json.Unmarshal(arg, &a); err != nil {
			return errorJSON(fmt.Errorf("bad %s request: %v", op, err))
		}
	}
	ws, persistent, err := b.workspace()
	if err != nil {
		return errorJSON(err)
	}
	switch op {
	case "open", "readAll":
		files, err := ws.ReadAll()
		if err != nil {
			return errorJSON(err)
		}
		return toJSON(map[string]any{"files": files, "persistent": persistent})
	case "write":
		err = ws.Write(a.Name, a.Text)
	case "rename":
		err = ws.Rename(a.From, a.To)
	case "remove":
		err = ws.Remove(a.Name)
	}
	if err != nil {
		return errorJSON(err)
	}
	return "{}"
}

// workspace opens the IndexedDB file system on first use. Where IndexedDB is missing (node, some
// private modes) it falls back to memory and says the files will not persist.
func (b *bridge) workspace() (*workspace.Workspace, bool, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ws != nil {
		return b.ws, b.persistent, nil
	}
	var fsys hackpadfs.FS
	if js.Global().Get("indexedDB").Truthy() {
		idb, err := openIDB()
		if err == nil {
			fsys, b.persistent = idb, true
		}
	}
	if fsys == nil {
		m, err := mem.NewFS()
		if err != nil {
			return nil, false, err
		}
		fsys = m
	}
	ws, err := workspace.Open(fsys)
	if err != nil {
		return nil, false, err
	}
	b.ws = ws
	return ws, b.persistent, nil
}

// openIDB opens the database; indexeddb.NewFS panics instead of failing in some environments.
func openIDB() (fsys hackpadfs.FS, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("indexeddb: %v", r)
		}
	}()
	return indexeddb.NewFS(context.Background(), dbName, indexeddb.Options{})
}

// promise runs fn in a goroutine and returns a JavaScript Promise of its result.
func promise(fn func() string) js.Value {
	var executor js.Func
	executor = js.FuncOf(func(_ js.Value, a []js.Value) any {
		resolve := a[0]
		go func() {
			resolve.Invoke(fn())
		}()
		executor.Release()
		return nil
	})
	return js.Global().Get("Promise").New(executor)
}

func toJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return errorJSON(err)
	}
	return string(b)
}

func errorJSON(err error) string {
	return toJSON(map[string]string{"error": err.Error()})
}
