/* sprintf/snprintf: return values, truncation, size 0, building strings piecewise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void show(const char *label, const char *buf, int ret)
{
    printf("%-10s ret=%2d len=%2zu [%s]\n", label, ret, strlen(buf), buf);
}

int main(int argc, char **argv)
{
    size_t cap = argc > 1 ? (size_t)atoi(argv[1]) : 8;
    if (cap > 64)
        cap = 64;
    char buf[64];
    char big[256];
    int r;
    memset(buf, 'Z', sizeof buf);
    r = snprintf(buf, cap, "%s-%d", "value", 12345);
    if (cap > 0)
        show("snprintf", buf, r);
    else
        printf("snprintf cap 0 ret=%d untouched=%c\n", r, buf[0]);
    r = snprintf(NULL, 0, "%05.1f|%x|%s", 3.14159, 48879u, "tail");
    printf("measure only: %d\n", r);
    r = snprintf(buf, sizeof buf, "%05.1f|%x|%s", 3.14159, 48879u, "tail");
    show("full", buf, r);
    r = sprintf(big, "%d %s %c %.2e", -17, "mixed", 'q', 123456.0);
    show("sprintf", big, r);
    /* append in a loop, tracking the offset */
    int off = 0;
    for (int i = 0; i < 10; i++) {
        int n = snprintf(big + off, sizeof big - (size_t)off, "%s%d", i ? "," : "", i * i);
        if (n < 0 || (size_t)n >= sizeof big - (size_t)off)
            break;
        off += n;
    }
    show("appended", big, off);
    /* truncated append: stops when full */
    char small[12];
    off = 0;
    int i;
    for (i = 0; i < 10; i++) {
        int n = snprintf(small + off, sizeof small - (size_t)off, "[%d]", i);
        if ((size_t)n >= sizeof small - (size_t)off) {
            off = (int)sizeof small - 1;
            break;
        }
        off += n;
    }
    show("truncated", small, off);
    printf("stopped at i=%d\n", i);
    /* sprintf into the middle of a buffer */
    strcpy(big, "0123456789");
    r = sprintf(big + 3, "%s", "AB");
    printf("middle write ret=%d -> [%s] big[6]=%c\n", r, big, big[6]);
    /* size 1 produces an empty string */
    size_t one = strlen(argv[0]) > 0 ? 1 : sizeof buf;
    r = snprintf(buf, one, "abc");
    show("size1", buf, r);
    /* number formatting helper */
    for (long v = 1; v <= 1000000000L; v *= 37) {
        char num[32];
        int len = snprintf(num, sizeof num, "%ld", v);
        char grouped[48];
        int g = 0;
        for (int k = 0; k < len; k++) {
            if (k > 0 && (len - k) % 3 == 0)
                grouped[g++] = ',';
            grouped[g++] = num[k];
        }
        grouped[g] = '\0';
        printf("%12ld -> %s\n", v, grouped);
    }
    return 0;
}
