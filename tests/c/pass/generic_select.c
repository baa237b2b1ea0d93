/* C11 _Generic: selection by the controlling expression's type after lvalue
   conversion (arrays decay), default associations, and unevaluated operands. */
#include <stdio.h>
#include <stdlib.h>

#define TYPENAME(x)                                                                      \
    _Generic((x), char: "char", signed char: "signed char", unsigned char: "uchar",      \
             short: "short", int: "int", unsigned: "unsigned", long: "long",              \
             unsigned long: "ulong", long long: "long long", float: "float",             \
             double: "double", char *: "char *", int *: "int *", default: "other")

#define ABS(x) _Generic((x), long: labs, default: abs)(x)

struct s {
    int v;
};

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : -3;
    char c = 'a';
    char buf[4];
    int arr[2];
    struct s st = {n};
    long big = n * 100000L;
    printf("%s %s %s %s %s\n", TYPENAME(c), TYPENAME(n), TYPENAME(big), TYPENAME(buf),
           TYPENAME(arr));
    printf("%s %s %s %s %s\n", TYPENAME(1.0f), TYPENAME(2.0), TYPENAME(3u), TYPENAME(4LL),
           TYPENAME(st));
    printf("%s %s %s\n", TYPENAME(c + 1), TYPENAME((short)n), TYPENAME(n++));
    printf("n=%d abs=%d labs=%ld\n", n, ABS(n), ABS(big));
    printf("%d\n", _Generic(n, int: n * 2, default: 0));
    return 0;
}
