#include "../b.h"
D_H __FILE__ __LINE__
