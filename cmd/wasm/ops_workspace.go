//go:build js && wasm && avrlab_workspace

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"syscall/js"

	"github.com/hack-pad/hackpadfs"
	"github.com/hack-pad/hackpadfs/indexeddb"
	"github.com/hack-pad/hackpadfs/mem"

	"github.com/avrlab/avrlab/cmd/wasm/highlight"
	"github.com/avrlab/avrlab/cmd/wasm/workspace"
	"github.com/avrlab/avrlab/internal/markdown"
)

// dbName is the IndexedDB database that holds the workspace.
const dbName = "avrlab-workspace"

// bridge of workspace.wasm: it holds the workspace once opened.
type bridge struct {
	mu         sync.Mutex
	ws         *workspace.Workspace
	persistent bool
}

// handle runs one workspace operation: highlight and markdown answer at once, the file operations
// return a Promise.
func (b *bridge) handle(op string, arg []byte, _ func(phase string)) any {
	switch op {
	case "highlight":
		var a struct {
			Src  string `json:"src"`
			Name string `json:"name"` // the file's name: its dialect (AVRASM2 for .asm/.inc or a marker line)
		}
		if err := json.Unmarshal(arg, &a); err != nil {
			return errorJSON(err)
		}
		html, err := highlight.HTMLFile(a.Name, a.Src)
		if err != nil {
			return errorJSON(err)
		}
		return toJSON(map[string]string{"html": html})
	case "markdown":
		var a struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal(arg, &a); err != nil {
			return errorJSON(err)
		}
		html, err := markdown.HTML(a.Text)
		if err != nil {
			return errorJSON(err)
		}
		return toJSON(map[string]string{"html": html})
	case "open", "readAll", "write", "rename", "remove":
		return promise(func() string { return b.workspaceOp(op, arg) })
	}
	return errorJSON(fmt.Errorf("unknown workspace operation %q (engine operations are in engine.wasm)", op))
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

// toJSON is v as json.Marshal writes it, or the error's answer.
func toJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return errorJSON(err)
	}
	return string(b)
}
