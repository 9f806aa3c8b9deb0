/* C header: macros for the preprocessor */
#ifndef DEFS_H
#define DEFS_H
#define COUNT 4
#define SQUARE(x) ((x) * (x))
#define LOADW(lo, hi, v) ldi lo, lo8(v) $ ldi hi, hi8(v)
#endif
