/* A buffer grown a page at a time by realloc, as tezc/sc's sc_buf does, written only
 * up to its length: each copy carries a written prefix and an unwritten tail (the
 * interpreter carried them byte by byte, ~1.9 us per statement on sc_buf's test). The
 * bytes written before every growth must survive it, wherever they are. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    size_t cap = 100, len = 0;
    unsigned char *buf = malloc(cap);
    unsigned long sum = 0;
    for (int i = 0; i < 3000; i++) {
        const char *piece = (i % 3) ? "teessssssssssssssss" : "x";
        size_t n = strlen(piece);
        if (len + n > cap) {
            cap = ((cap + n + 4095) / 4096) * 4096;
            buf = realloc(buf, cap);
            if (buf == NULL)
                return 1;
        }
        memcpy(buf + len, piece, n);
        len += n;
    }
    /* Holes: every 97th byte is written again after a gap is left unwritten. */
    unsigned char *sparse = malloc(1000);
    for (int i = 0; i < 1000; i += 97)
        sparse[i] = (unsigned char)i;
    sparse = realloc(sparse, 5000);
    for (int i = 0; i < 1000; i += 97)
        sum += sparse[i];
    for (size_t i = 0; i < len; i++)
        sum = sum * 31 + buf[i];
    printf("%zu %zu %lu\n", len, cap, sum);
    free(buf);
    free(sparse);
    return 0;
}
