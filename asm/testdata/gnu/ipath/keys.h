/* found through -I ipath, by #include "keys.h" and #include <keys.h> */
#define KEY0 0x2b
#define KEY1 0x7e
