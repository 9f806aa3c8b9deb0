#ifndef GUARD
#define GUARD
GUARDED
#endif
