/* printf with * width and precision (including negative *), and length modifiers hh h l ll z. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int w = argc > 1 ? atoi(argv[1]) : 8;
    int p = argc > 2 ? atoi(argv[2]) : 3;
    printf("[%*d] [%-*d] [%.*d] [%*.*d]\n", w, 42, w, 42, p, 42, w, p, 42);
    printf("[%*s] [%.*s] [%*.*s]\n", w, "abc", p, "abcdefgh", w, p, "abcdefgh");
    printf("[%*.*f] [%.*e] [%.*g]\n", w, p, 3.14159265, p, 31415.9265, p, 0.000314159);
    printf("negative star width is left-justify: [%*d]\n", -w, 7);
    printf("negative star precision is ignored: [%.*d] [%.*f]\n", -1, 7, -3, 2.5);
    signed char sc = -5;
    unsigned char uc = 200;
    short sh = -30000;
    unsigned short ush = 60000;
    printf("hh: [%hhd] [%hhu] [%hhx] [%hhd]\n", sc, uc, uc, 300);
    printf("h: [%hd] [%hu] [%hx] [%hd]\n", sh, ush, ush, 70000);
    long l = -9000000000L;
    printf("l: [%ld] [%lx] [%lo]\n", l, (unsigned long)l, 8UL);
    long long ll = 123456789012345LL;
    printf("ll: [%lld] [%llu] [%llX]\n", ll, (unsigned long long)ll * 3, (unsigned long long)ll);
    size_t z = sizeof(double[3]) + 12345;
    ptrdiff_t t = -77;
    printf("z: [%zu] [%zx] [%zd] t: [%td]\n", z, z, (ptrdiff_t)z, t);
    printf("star with zero flag: [%0*d] [%-*d]\n", w, -12, w, 34);
    for (int i = 0; i <= p && i < 12; i++)
        printf("%.*s|", i, "precision");
    printf("\n");
    int written = printf("%*c%s\n", w, '>', "end");
    printf("printf returned %d\n", written);
    return 0;
}
