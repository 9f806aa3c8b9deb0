//go:build !avrlab_core

package lab

// coreBuild says that the tests run in the page's engine's build (avrlab_core).
const coreBuild = false
