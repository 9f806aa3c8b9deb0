ok line
#if 1 / 0
#endif
#else
#endif
#define F(a,b) a
F(1)
#define G(a) a
G(1,2)
#if (1
#endif
#if 1 2
#endif
#define F2(a,a) a
#error custom message
#if
#endif
#ifdef 3
#endif
last
#include "missing_file.h"
