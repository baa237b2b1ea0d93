/* A long double comparison in an integer constant expression (an array size): regcause
   folds long double constants only where they are converted (`(int)2.5L`). */
#include <stdio.h>

static int ok[(int)2.5L];
static int table[1.5L < 2 ? 1 : 2]; // ~UNSUPPORTED long double constant

int main(void)
{
    printf("%zu %zu\n", sizeof ok, sizeof table);
    return 0;
}
