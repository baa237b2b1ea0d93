#include "filter.h"

int keep(int v)
{
    return v % 2 == 0;
}
