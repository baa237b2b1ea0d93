/* Reduced from a csmith-generated program that regcause once rejected. */
/* Address constants that go through an array member of a struct, `&s.z[2]` or `s.z + 2`:
   valid static initialisers (C11 6.6p9), accepted by gcc; regcause rejects both with
   "not a constant expression" (while `&s.y` is accepted). Found while working around
   addr_of_element_init.c, not produced by csmith's default options. */
#include <stdio.h>

struct S {
    int x;
    int z[3];
};

static struct S s = {1, {2, 3, 4}};
static int *p = &s.z[2];
static int *q = s.z + 1;

int main(void)
{
    printf("%d %d\n", *p, *q);
    return 0;
}
