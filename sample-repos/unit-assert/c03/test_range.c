#include <assert.h>
#include <stdio.h>
#include "range.h"

int main(void)
{
    int lo, hi;
    assert(parse_range("3-7", &lo, &hi) == 1);
    assert(lo == 3 && hi == 7);
    assert(parse_range("9-2", &lo, &hi) == 0);
    assert(parse_range("4-4", &lo, &hi) == 1);
    assert(parse_range("5", &lo, &hi) == 1 && lo == 5 && hi == 5);
    assert(range_len(3, 7) == 5);
    puts("all ranges ok");
    return 0;
}
