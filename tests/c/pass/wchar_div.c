/* <wchar.h> basics (wchar_t, wcslen, wcscmp, wcscpy) and ldiv/lldiv with lldiv_t. */
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

/* Only the sign of a wcscmp result is specified: glibc's vectorised code returns -1 or
   the difference depending on the buffers' alignment, which varies from run to run. */
static int sign(int v)
{
    return (v > 0) - (v < 0);
}

int main(int argc, char **argv)
{
    long long n = argc > 1 ? atoll(argv[1]) : 17;
    long long d = argc > 2 ? atoll(argv[2]) : 5;
    lldiv_t q = lldiv(n, d);
    ldiv_t l = ldiv((long)n, (long)d);
    div_t i = div((int)n, (int)d);
    printf("lldiv %lld %lld\n", q.quot, q.rem);
    printf("ldiv %ld %ld\n", l.quot, l.rem);
    printf("div %d %d\n", i.quot, i.rem);
    printf("sizes %zu %zu %zu\n", sizeof(lldiv_t), sizeof(wchar_t), sizeof(wint_t));

    wchar_t w[] = {'h', 'e', 'l', 'l', 'o', 0};
    wchar_t big[] = {0x1F600, 'a', 0};
    wchar_t neg[] = {-5, 0};
    wchar_t copy[8];
    printf("wcslen %zu %zu\n", wcslen(w), wcslen(big));
    wcscpy(copy, w);
    copy[0] = 'j';
    printf("wcscmp %d %d %d %d\n", sign(wcscmp(w, w)), sign(wcscmp(w, copy)),
           sign(wcscmp(copy, w)), sign(wcscmp(neg, w)));
    printf("copy %d %d len %zu\n", copy[0], copy[4], wcslen(copy));
    printf("WEOF %u\n", (unsigned)WEOF);
    return 0;
}
