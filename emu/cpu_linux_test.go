package emu_test

// rusageThread is Linux's RUSAGE_THREAD: getrusage for the calling thread only.
const rusageThread = 1
