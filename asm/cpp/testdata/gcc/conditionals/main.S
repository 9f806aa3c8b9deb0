#define X
#ifdef X
a
#else
b
#endif
#ifndef X
c
#elif 1
d
#else
e
#endif
#if 0
#if 1/0
#error no
#else
x
#endif
#garbage
'unterminated
#elif 1
y
#endif
#if 0
a
#elif 0
b
#elif 2
c
#elif 1/0
d
#else
e
#endif
#define D defined(X)
#if D && defined X && !defined(Y) && !defined Y
ok1
#endif
#if UNKNOWN == 0 && !FOO
ok2
#endif
#define VER 3
#if VER >= 2 && VER < 4
ok3
#elif VER == 4
no
#endif
#undef X
#ifdef X
no
#else
ok4
#endif
#if 1
#if 0
no
#else
ok5
#endif
#endif
