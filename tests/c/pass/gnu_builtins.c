/* GCC built-ins: branch hints, bit counting, byte swaps, and the __builtin_
   spellings of library functions. */
#include <stdio.h>
#include <stdlib.h>

static void bits(unsigned long v)
{
    printf("%lx: pc=%d pcl=%d pcll=%d ffs=%d ffsl=%d par=%d parl=%d", v,
           __builtin_popcount((unsigned)v), __builtin_popcountl(v), __builtin_popcountll(v),
           __builtin_ffs((int)v), __builtin_ffsl((long)v), __builtin_parity((unsigned)v),
           __builtin_parityl(v));
    if (v)
        printf(" clzl=%d ctzl=%d clzll=%d", __builtin_clzl(v), __builtin_ctzl(v),
               __builtin_clzll(v));
    if ((unsigned)v)
        printf(" clz=%d ctz=%d", __builtin_clz((unsigned)v), __builtin_ctz((unsigned)v));
    printf(" bs16=%x bs32=%x bs64=%lx\n", __builtin_bswap16((unsigned short)v),
           __builtin_bswap32((unsigned)v), __builtin_bswap64(v));
}

int main(int argc, char **argv)
{
    unsigned long fixed[] = {0, 1, 3, 0xff, 0x80000000UL, 0xffffffffUL,
                             0x8000000000000000UL, 12345678901234UL, 0xfffffffffffffffeUL};
    for (int i = 0; i < 9; i++)
        bits(fixed[i]);
    for (int i = 1; i < argc; i++)
        bits(strtoul(argv[i], NULL, 0));
    long hint = __builtin_expect(argc > 1, 1);
    if (__builtin_expect(argc > 2, 0))
        printf("many\n");
    printf("hint %ld %ld\n", hint, __builtin_expect_with_probability(argc, 3, 0.9));
    printf("%d %ld %zu %d\n", __builtin_abs(-argc), __builtin_labs(-5L),
           __builtin_strlen(argv[0]), __builtin_strcmp("a", "b") < 0);
    char buf[16];
    __builtin_memset(buf, 0, sizeof buf);
    __builtin_memcpy(buf, "copied", 6);
    __builtin_printf("%s %.3f\n", buf, __builtin_sqrt(2.0));
    if (argc > 100)
        __builtin_unreachable();
    return 0;
}
