/* Pointer arithmetic, comparison and difference over arrays of several element types. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static int sum_range(const int *begin, const int *end)
{
    int s = 0;
    while (begin < end)
        s += *begin++;
    return s;
}

static void reverse(int *a, size_t n)
{
    int *lo = a, *hi = a + n - 1;
    while (lo < hi) {
        int t = *lo;
        *lo++ = *hi;
        *hi-- = t;
    }
}

static const char *find_char(const char *s, char c)
{
    for (; *s; ++s)
        if (*s == c)
            return s;
    return NULL;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10;
    if (n < 1 || n > 100)
        return 1;
    int arr[100] = {0};
    for (int i = 0; i < n; i++)
        arr[i] = i * i - 3 * i;
    int *p = arr, *q = arr + n;
    printf("q - p = %td, sum = %d\n", q - p, sum_range(p, q));
    printf("*(p + 2) = %d, p[3] = %d, 3[p] = %d\n", *(p + 2), p[3], 3 [p]);
    int *mid = p + n / 2;
    printf("mid index = %td, mid > p: %d, mid <= q: %d, mid == &arr[n/2]: %d\n", mid - arr,
           mid > p, mid <= q, mid == &arr[n / 2]);
    reverse(arr, (size_t)n);
    for (int *it = arr; it != arr + n; it++)
        printf("%d%c", *it, it + 1 == arr + n ? '\n' : ' ');
    /* pointer into the middle, negative index */
    int *m = &arr[n - 1];
    printf("m[-1] = %d, *(m - (n - 1)) = %d\n", n > 1 ? m[-1] : 0, *(m - (n - 1)));
    /* element size scaling */
    double ds[4] = {1.5, 2.5, 3.5, 4.5};
    double *dp = ds;
    dp += 2;
    printf("*dp = %g, dp - ds = %td, bytes = %td\n", *dp, dp - ds, (char *)dp - (char *)ds);
    long long ll[3] = {1, 2, 3};
    printf("(char*)&ll[2] - (char*)ll = %td\n", (char *)&ll[2] - (char *)ll);
    /* char pointers and strings */
    const char *msg = argc > 2 ? argv[2] : "pointer arithmetic";
    const char *sp = find_char(msg, ' ');
    if (sp)
        printf("space at %td, rest='%s'\n", sp - msg, sp + 1);
    else
        printf("no space in '%s'\n", msg);
    const char *end = msg;
    while (*end)
        end++;
    printf("length via pointers = %td\n", end - msg);
    /* void pointer round trip */
    void *vp = arr;
    int *back = (int *)vp;
    printf("back[0] = %d\n", back[0]);
    /* pointer to array and pointer comparisons with NULL */
    int (*pa)[100] = &arr;
    printf("(*pa)[1] = %d, pa != NULL: %d\n", (*pa)[1], pa != NULL);
    int *nul = NULL;
    printf("null is false: %d\n", !nul);
    /* postincrement of pointer through a cast: ptrdiff sums */
    ptrdiff_t total = 0;
    for (const char *c = msg; *c; c++)
        if (*c == 'a' || *c == 'e')
            total += c - msg;
    printf("sum of positions of a/e = %td\n", total);
    return 0;
}
