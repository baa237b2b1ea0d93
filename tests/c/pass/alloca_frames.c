/* alloca: blocks in the calling function's frame, live until it returns (not the end
   of the block that called it), released at its return, through recursion and loops;
   <stdlib.h> declares it as glibc's does, <alloca.h> too, and gcc's built-in name. */
#include <alloca.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned sum_digits(const char *s)
{
    size_t n = strlen(s);
    char *copy = alloca(n + 1);
    memcpy(copy, s, n + 1);
    unsigned t = 0;
    for (char *p = copy; *p; p++)
        t += (unsigned)(*p - '0');
    return t;
}

static int depth(int k)
{
    int *box = __builtin_alloca(sizeof *box * 4);
    for (int i = 0; i < 4; i++)
        box[i] = k * 10 + i;
    if (k == 0)
        return box[3];
    return box[k % 4] + depth(k - 1);
}

static const char *join(char *const words[], int n)
{
    static char out[64];
    char *tmp[8];
    for (int i = 0; i < n; i++) {
        size_t len = strlen(words[i]);
        /* A block per pass: all live until join returns. */
        tmp[i] = alloca(len + 2);
        memcpy(tmp[i], words[i], len);
        tmp[i][len] = i + 1 < n ? '-' : '\0';
        tmp[i][len + 1] = '\0';
    }
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        strcat(out, tmp[i]);
    return out;
}

int main(int argc, char **argv)
{
    printf("%u\n", sum_digits("1234567"));
    printf("%d\n", depth(6));
    char *words[] = {"alpha", "beta", "gamma"};
    printf("%s\n", join(argc > 1 ? argv + 1 : words, argc > 1 ? argc - 1 : 3));
    unsigned total = 0;
    for (int i = 0; i < 1000; i++)
        total += sum_digits("99");
    printf("%u\n", total);
    return 0;
}
