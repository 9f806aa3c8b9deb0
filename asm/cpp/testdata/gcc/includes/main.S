#include "inc/a.h"
#include <c.h>
#include "inc/sub/d.h"
#define HDR "inc/once.h"
#include HDR
#include HDR
#include "inc/guard.h"
#include "inc/guard.h"
#define ANG <c.h>
#include ANG
main __FILE__ __LINE__ B_VALUE
#line 100 "gen.S"
gen __FILE__ __LINE__
#line 7
again __LINE__
