/* Calls without a declaration in scope, as C89 allowed and gcc still accepts with a
   warning: library functions whose header is missing (gcc then uses its built-in
   prototype) and a function of the program defined further down. */
#include <stdio.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : -7;
    printf("abs %d\n", abs(n));
    printf("strlen %zu\n", strlen(argc > 1 ? argv[1] : "none"));
    printf("sqrt %.6f\n", sqrt(n < 0 ? -n : n));
    printf("twice %d\n", twice(n));
    printf("sum %d\n", sum3(n, 2, 3));
    char *s = malloc(8);
    strcpy(s, "heap");
    printf("%s %d\n", s, toupper('q'));
    free(s);
    return 0;
}

int twice(int x)
{
    return 2 * x;
}

int sum3(int a, int b, int c)
{
    return a + b + c;
}
