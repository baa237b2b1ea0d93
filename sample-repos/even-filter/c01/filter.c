#include "filter.h"

int keep(int v)
{
    if (v < 0)
        return 0;
    return v % 2 == 0;
}
