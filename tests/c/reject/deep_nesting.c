/* An expression nested 512 brackets deep (gcc takes it): past the front end's limit,
   refused before parsing instead of exhausting memory. */
#include <stdio.h>
#define P1(x) (x)
#define P2(x) P1(P1(x))
#define P4(x) P2(P2(x))
#define P8(x) P4(P4(x))
#define P16(x) P8(P8(x))
#define P32(x) P16(P16(x))
#define P64(x) P32(P32(x))
#define P128(x) P64(P64(x))
#define P256(x) P128(P128(x))
#define P512(x) P256(P256(x))

int main(void)
{
    int v = P512(1); // ~UNSUPPORTED brackets nested
    printf("%d\n", v);
    return 0;
}
