// Package cputime reads the CPU time the process has used, for benchmarks that report it beside
// wall time (a shared machine's load moves it less).
package cputime
