#include "round.h"

int round_div(int a, int b)
{
    return (a + b / 2) / b;
}
