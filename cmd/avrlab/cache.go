package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/avrlab/avrlab/emu"
	"github.com/avrlab/avrlab/emu/translate"
)

// cacheEnv names the environment variable that moves or disables the compilation cache, as -cache.
const cacheEnv = "AVRLAB_CACHE"

// engineFlags are the flags of the commands that translate: -interp and -cache.
type engineFlags struct {
	interp *bool
	cache  *string
}

// addEngineFlags adds -interp, which forces the interpreter, and -cache, where translated code is
// kept between runs.
func addEngineFlags(fl *flag.FlagSet) engineFlags {
	return engineFlags{
		interp: fl.Bool("interp", false, "interpret only (by default code that runs long is translated to WebAssembly and run by wazero; the results are the same)"),
		cache: fl.String("cache", "", "keep the native code of translated programs in `DIR` for the next run, or off "+
			"(default: $"+cacheEnv+", else avrlab in the user's cache directory)"),
	}
}

// engine returns the machines' engine: translated code natively, its compiled code kept in the
// cache directory; nil (the interpreter) with -interp. A cache that cannot be used is said once on
// stderr, and the run goes on without it.
func (f engineFlags) engine(stderr io.Writer) emu.Engine {
	if *f.interp {
		return nil
	}
	return nativeEngine(cacheDir(*f.cache), stderr)
}

// cacheDir is the compilation cache's directory for the -cache flag's value: the flag, else
// $AVRLAB_CACHE, else avrlab in os.UserCacheDir; "" when one of them says off (or there is no user
// cache directory).
func cacheDir(flagValue string) string {
	dir := flagValue
	if dir == "" {
		dir = os.Getenv(cacheEnv)
	}
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(base, "avrlab")
	}
	if dir == "off" {
		return ""
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return dir
}

// nativeEngine is the translating engine on the cache directory dir ("": none). It says once on
// stderr what went wrong with the cache, if anything.
func nativeEngine(dir string, stderr io.Writer) *translate.Engine {
	if dir == "" {
		return translate.NewNative()
	}
	var once sync.Once
	return translate.NewNativeDir(dir, func(err error) {
		once.Do(func() { cacheWarning(stderr, err) })
	})
}

// cacheUsable reports whether dir can serve as the compilation cache, saying why not on stderr.
func cacheUsable(dir string, stderr io.Writer) bool {
	ok := true
	w := translate.NewWazeroDir(dir, func(err error) {
		ok = false
		cacheWarning(stderr, err)
	})
	w.Close()
	return ok
}

// cacheWarning says on stderr what went wrong with the compilation cache.
func cacheWarning(stderr io.Writer, err error) {
	fmt.Fprintf(stderr, "avrlab: %s; the results are the same without the cache (-cache off turns it off)\n", textSafe(err.Error()))
}
