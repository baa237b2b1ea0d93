/* Reduced from a csmith-generated program that regcause once rejected. */
/* offsetof() in a static initialiser: an integer constant expression (C11 7.19p3),
   accepted by gcc. regcause rejects it with "not a constant expression" (its stddef.h
   maps offsetof to __builtin_offsetof). Found while probing, not produced by csmith. */
#include <stdio.h>
#include <stddef.h>

struct S {
    int x;
    long y;
};

static size_t off = offsetof(struct S, y);

int main(void)
{
    printf("%zu\n", off);
    return 0;
}
