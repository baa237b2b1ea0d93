/* <strings.h>, <memory.h> and the GNU string functions: case-insensitive compares,
   bzero/bcopy/bcmp, index/rindex, strnlen, strndup, strtok_r, strdup. */
#include <memory.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

int main(int argc, char **argv)
{
    const char *a = argc > 1 ? argv[1] : "Hello";
    const char *b = argc > 2 ? argv[2] : "hELLO";
    printf("strcasecmp %d %d\n", strcasecmp(a, b), sign(strcasecmp(a, b)));
    for (size_t n = 0; n < 8; n++) {
        printf("strncasecmp %zu %d\n", n, strncasecmp(a, b, n));
    }
    printf("mixed %d %d %d\n", strcasecmp("abc", "ABD"), strcasecmp("Z", "a"), strcasecmp("", "x"));
    printf("non-letters %d %d\n", strcasecmp("[", "{"), strcasecmp("@", "`"));

    char buf[16];
    memset(buf, 'x', sizeof buf);
    bzero(buf + 4, 4);
    for (int i = 0; i < 10; i++) {
        printf("%d ", buf[i]);
    }
    printf("\n");
    char src[] = "overlapping";
    bcopy(src, src + 2, 5);
    printf("bcopy %s\n", src);
    printf("bcmp %d %d\n", bcmp("abc", "abc", 3) == 0, bcmp("abc", "abd", 3) != 0);

    const char *s = "path/to/file.txt";
    printf("index %s rindex %s\n", index(s, '/'), rindex(s, '/'));
    printf("index missing %d, nul %d\n", index(s, 'z') == NULL, (int)(index(s, 0) - s));

    printf("strnlen %zu %zu %zu\n", strnlen(s, 4), strnlen(s, 100), strnlen("", 3));
    char *d = strndup(s, 7);
    char *e = strndup("ab", 10);
    char *f = strdup(a);
    printf("strndup [%s] [%s] strdup [%s]\n", d, e, f);
    free(d);
    free(e);
    free(f);

    char line[] = "key=value; other = thing ;;last";
    char *outer_save;
    char *inner_save;
    for (char *tok = strtok_r(line, ";", &outer_save); tok; tok = strtok_r(NULL, ";", &outer_save)) {
        printf("field [%s]:", tok);
        for (char *w = strtok_r(tok, " =", &inner_save); w; w = strtok_r(NULL, " =", &inner_save)) {
            printf(" <%s>", w);
        }
        printf("\n");
    }
    char empty[] = ";;;";
    char *save;
    printf("only delimiters %d\n", strtok_r(empty, ";", &save) == NULL);
    printf("again %d\n", strtok_r(NULL, ";", &save) == NULL);
    return 0;
}
