#include "b.h"
A_H __FILE__ __LINE__
