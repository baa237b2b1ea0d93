/* memcpy, memmove with overlap, memset, memcmp sign, memchr; byte views of objects. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static void dump(const char *label, const unsigned char *p, size_t n)
{
    printf("%-10s", label);
    for (size_t i = 0; i < n; i++)
        printf(" %02x", p[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    int shift = argc > 1 ? argv[1][0] - '0' : 3;
    if (shift < 0 || shift > 9)
        shift = 3;
    char buf[32] = "0123456789abcdefghij";
    memmove(buf + shift, buf, 10); /* overlapping forward */
    printf("memmove fwd: %s\n", buf);
    strcpy(buf, "0123456789abcdefghij");
    memmove(buf, buf + shift, 10); /* overlapping backward */
    printf("memmove back: %s\n", buf);
    char dst[16];
    memset(dst, '.', sizeof dst - 1);
    dst[15] = '\0';
    memcpy(dst + 2, "COPY", 4);
    printf("memcpy: %s\n", dst);
    memset(dst, 0, sizeof dst);
    printf("memset 0 -> strlen %zu\n", strlen(dst));
    memset(dst, 0x141, 4); /* value converted to unsigned char */
    printf("memset 0x141 -> %c%c%c%c\n", dst[0], dst[1], dst[2], dst[3]);
    unsigned char a[4] = {1, 2, 3, 200}, b[4] = {1, 2, 3, 100};
    int c = memcmp(a, b, 4);
    printf("memcmp unsigned bytes: %s, first 3 equal: %d\n", c > 0 ? "a>b" : c < 0 ? "a<b" : "eq",
           memcmp(a, b, 3) == 0);
    const char *hay = "find the needle";
    const char *m = memchr(hay, 'n', strlen(hay));
    printf("memchr n at %td, memchr beyond n bytes: %s\n", m - hay,
           memchr(hay, 'e', 5) ? "found" : "null");
    /* byte views of integers and doubles (little endian) */
    uint32_t u = 0x11223344;
    dump("uint32", (const unsigned char *)&u, sizeof u);
    int32_t neg = -2;
    dump("int32 -2", (const unsigned char *)&neg, sizeof neg);
    double d = 1.0;
    dump("double 1", (const unsigned char *)&d, sizeof d);
    float f = -0.5f;
    dump("float -.5", (const unsigned char *)&f, sizeof f);
    /* reassemble an integer from bytes via memcpy */
    unsigned char raw[8] = {0xef, 0xbe, 0xad, 0xde, 0x01, 0, 0, 0};
    uint64_t back;
    memcpy(&back, raw, sizeof back);
    printf("reassembled %llx\n", (unsigned long long)back);
    double bits_to_double;
    uint64_t bits = 0x400921fb54442d18ull;
    memcpy(&bits_to_double, &bits, sizeof bits);
    printf("bits as double %.15f\n", bits_to_double);
    /* struct copy through memcpy and comparison with memcmp */
    struct pt {
        int x, y;
    } p1 = {3, 4}, p2;
    memcpy(&p2, &p1, sizeof p1);
    printf("struct memcmp equal: %d\n", memcmp(&p1, &p2, sizeof p1) == 0);
    int arr[6] = {1, 2, 3, 4, 5, 6};
    memmove(arr + 1, arr, 5 * sizeof(int));
    printf("int memmove:");
    for (int i = 0; i < 6; i++)
        printf(" %d", arr[i]);
    printf("\n");
    return 0;
}
