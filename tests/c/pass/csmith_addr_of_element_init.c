/* Reduced from a csmith-generated program that regcause once rejected. */
/* A static pointer initialised with the address of an element of a 2-D array, `&a[1][2]`:
   an address constant (C11 6.6p9), accepted by gcc. regcause rejects it ("reading an array
   element is not a constant expression"): it evaluates the sub-array `a[1]` as a read.
   1-D `&b[1]` and `(int *)a + 5` are accepted. csmith emits this in nearly every file. */
#include <stdio.h>

static int a[2][3] = {{1, 2, 3}, {4, 5, 6}};
static int *p = &a[1][2];

int main(void)
{
    printf("%d\n", *p);
    return 0;
}
