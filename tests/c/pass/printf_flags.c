/* The printf mini-language on integers, chars and strings: flags, width, precision. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int vals[] = {0, 1, -1, 42, -42, 255, 65535, 123456789, INT_MAX, INT_MIN};
    int nv = (int)(sizeof vals / sizeof vals[0]);
    if (argc > 1) {
        vals[0] = atoi(argv[1]);
        nv = 1;
    }
    for (int i = 0; i < nv; i++) {
        int v = vals[i];
        printf("[%d] [%i] [%5d] [%-5d] [%05d] [%+d] [% d] [%+5d] [%-+6d] [%.3d] [%8.3d] [%-8.3d]\n",
               v, v, v, v, v, v, v, v, v, v, v, v);
        printf("   [%u] [%x] [%X] [%o] [%#x] [%#X] [%#o] [%08x] [%#010x] [%-#10o] [%.0d] [%.0x]\n",
               (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v,
               (unsigned)v, (unsigned)v, (unsigned)v, (unsigned)v, v, (unsigned)v);
        printf("   [% 05d] [%+05d] [%#.5x] [%#.3o] [%x]\n", v, v, (unsigned)v,
               (unsigned)v, (unsigned)(v & 0xff));
    }
    printf("chars: [%c] [%3c] [%-3c] [%c%c%c]\n", 'A', 'b', 'c', 'x', 'y', 'z');
    const char *s = "string";
    printf("strs: [%s] [%10s] [%-10s] [%.3s] [%10.2s] [%-10.4s] [%.0s] [%.10s]\n", s, s, s, s, s,
           s, s, s);
    printf("empty: [%s] [%5s] [%-5s]\n", "", "", "");
    printf("percent: [%%] [%5s%%]\n", "100");
    long l = -1234567890123L;
    unsigned long ul = 18446744073709551615UL;
    printf("long: [%ld] [%lu] [%lx] [%20ld] [%-20ld|] [%+ld]\n", l, ul, ul, l, l, -l);
    long long ll = LLONG_MIN;
    printf("llong: [%lld] [%llx] [%llo] [%#llx]\n", ll, (unsigned long long)ll,
           (unsigned long long)ll, (unsigned long long)LLONG_MAX);
    printf("zero with #: [%#x] [%#o] [%#.0o]\n", 0u, 0u, 0u);
    printf("mixed: %d%s%c%5.1f|%-4u|%x\n", 7, "-", '=', 3.14159, 9u, 255u);
    return 0;
}
