/* Benchmark: builds N strings with sprintf, scans them with strlen/strcmp/strchr and a
   hand-written loop, and reverses them in place; prints a checksum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 10000;
    if (n < 1)
        n = 1;
    char **strs = malloc(sizeof(char *) * (size_t)n);
    unsigned long long checksum = 0;
    for (int i = 0; i < n; i++) {
        char buf[64];
        int len = sprintf(buf, "item-%d-%x-%s", i, (unsigned)i * 2654435761u,
                          i % 3 ? "alpha" : "omega");
        strs[i] = malloc((size_t)len + 1);
        strcpy(strs[i], buf);
    }
    for (int i = 0; i < n; i++) {
        char *s = strs[i];
        size_t len = strlen(s);
        for (size_t a = 0, b = len - 1; a < b; a++, b--) {
            char t = s[a];
            s[a] = s[b];
            s[b] = t;
        }
        int vowels = 0;
        for (const char *p = s; *p; p++)
            vowels += *p == 'a' || *p == 'e' || *p == 'i' || *p == 'o' || *p == 'u';
        const char *dash = strchr(s, '-');
        checksum = checksum * 131 + len * 7 + (unsigned)vowels + (unsigned)(dash ? dash - s : 0);
        if (i > 0 && strcmp(strs[i - 1], s) < 0)
            checksum ^= (unsigned)i;
    }
    for (int i = 0; i < n; i++)
        free(strs[i]);
    free(strs);
    printf("strings %d checksum %llu\n", n, checksum);
    return 0;
}
