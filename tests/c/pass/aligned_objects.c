/* aligned(n) on objects (not types): their addresses are multiples of n and nothing
   else changes (picohttpparser's tables for SSE). Also the page size and clock tick
   of sysconf and getpagesize, which do not depend on the host. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char __attribute__((aligned(16))) ranges[] = "\x00 \"\"()";
__attribute__((aligned(64))) int table[5] = {1, 2, 3, 4, 5};
static char scratch[24] __attribute__((aligned(32)));

int main(void)
{
    char __attribute__((aligned(32))) local[7];
    memcpy(local, "abcdef", 7);
    printf("ranges: %zu bytes, aligned %d\n", sizeof ranges, (int)((uintptr_t)ranges % 16 == 0));
    printf("table: %zu bytes, aligned %d, sum %d\n", sizeof table,
           (int)((uintptr_t)table % 64 == 0), table[0] + table[4]);
    printf("local: %s, %zu bytes, aligned %d\n", local, sizeof local,
           (int)((uintptr_t)local % 32 == 0));
    scratch[23] = 'z';
    printf("scratch: %zu bytes, aligned %d, %c\n", sizeof scratch,
           (int)((uintptr_t)scratch % 32 == 0), scratch[23]);
    long __attribute__((aligned(16))) n = 3, m __attribute__((aligned(8))) = 4;
    printf("n + m = %ld\n", n + m);
    printf("page %ld, tick %ld, getpagesize %d\n", sysconf(_SC_PAGESIZE), sysconf(_SC_CLK_TCK),
           getpagesize());
    return 0;
}
