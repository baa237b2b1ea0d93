/* long double from text: strtold (with endptr and errno), scanf and sscanf %Lf %Le %Lg,
   correctly rounded, including hex input, subnormals and overflow. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    char word[128];
    while (scanf("%127s", word) == 1) {
        char *end;
        errno = 0;
        long double x = strtold(word, &end);
        long double y = 0;
        int n = sscanf(word, "%Lg", &y);
        printf("%s: %.21Lg %La rest=\"%s\" erange=%d sscanf=%d %d\n", word, x, x, end,
               errno == ERANGE, n, n == 1 && (x == y || (x != x && y != y)));
    }
    long double a, b;
    int n = sscanf("1e-4951 12.5e+1", "%Le %Lf", &a, &b);
    printf("%d %La %Lg\n", n, a, b);
    return 0;
}
