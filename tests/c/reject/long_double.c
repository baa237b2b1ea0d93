/* GCC's long double built-ins (`__builtin_infl`, `__builtin_nanl`, `__builtin_huge_vall`)
   are not modelled; HUGE_VALL and arithmetic on long double are. */
#include <stdio.h>

int main(void)
{
    long double inf = __builtin_infl(); // ~UNSUPPORTED __builtin_infl
    printf("%Lf\n", inf);
    return 0;
}
