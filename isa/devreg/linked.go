//go:build !avrlab_core

package devreg

// Linked says whether this build holds the devices' tables: every build but the page's core module
// (tables_core.go).
const Linked = true
