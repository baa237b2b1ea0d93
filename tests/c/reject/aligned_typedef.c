/* aligned(n) on a type changes the layout of every struct that holds one: refused,
   where on an object alone it is accepted (pass/aligned_objects). */
#include <stdio.h>

typedef int __attribute__((aligned(16))) wide_int; // ~UNSUPPORTED aligned
typedef long padded_long __attribute__((aligned(32))); // ~UNSUPPORTED aligned

struct pair {
    char tag;
    wide_int value;
};

int main(void)
{
    printf("%zu\n", sizeof(struct pair));
    return 0;
}
