/* string.h broadly: copy/concat with n variants, comparisons, searching, duplication. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sign(int v) { return (v > 0) - (v < 0); }

int main(int argc, char **argv)
{
    const char *hay = argc > 1 ? argv[1] : "the quick brown fox jumps over the lazy dog";
    const char *needle = argc > 2 ? argv[2] : "the";
    char buf[128];
    printf("strlen=%zu\n", strlen(hay));
    strcpy(buf, "abc");
    strcat(buf, "def");
    strncat(buf, "ghijkl", 3);
    printf("cat: %s (%zu)\n", buf, strlen(buf));
    char nbuf[10];
    memset(nbuf, 'X', sizeof nbuf);
    strncpy(nbuf, "hi", sizeof nbuf); /* pads with NULs */
    printf("strncpy pad: %d %d %d\n", nbuf[2], nbuf[5], nbuf[9]);
    memset(nbuf, 'X', sizeof nbuf);
    const char *longsrc = argc > 3 ? argv[3] : "0123456789ABC";
    strncpy(nbuf, longsrc, 5); /* no terminator added */
    printf("strncpy trunc: %.5s then %c\n", nbuf, nbuf[5]);
    printf("strcmp signs: %d %d %d %d\n", sign(strcmp("abc", "abd")), sign(strcmp("b", "a")),
           sign(strcmp("same", "same")), sign(strcmp("ab", "abc")));
    printf("strcmp high bytes unsigned: %d\n", sign(strcmp("\xff", "a")));
    printf("strncmp: %d %d\n", sign(strncmp("abcdef", "abcxyz", 3)),
           sign(strncmp("abcdef", "abcxyz", 4)));
    const char *c = strchr(hay, 'q');
    printf("strchr q: %s\n", c ? c : "(null)");
    printf("strchr NUL finds terminator: %td\n", strchr(hay, '\0') - hay);
    const char *r = strrchr(hay, 'o');
    printf("strrchr o at %td\n", r ? r - hay : -1);
    printf("strchr missing: %s\n", strchr(hay, '#') ? "found" : "null");
    const char *s = hay;
    int occurrences = 0;
    while ((s = strstr(s, needle)) != NULL) {
        printf("'%s' at %td\n", needle, s - hay);
        occurrences++;
        s++;
    }
    printf("occurrences=%d strstr empty needle at %td\n", occurrences, strstr(hay, "") - hay);
    printf("strspn digits of \"12345abc\" = %zu, strcspn vowels of hay = %zu\n",
           strspn("12345abc", "0123456789"), strcspn(hay, "aeiou"));
    const char *pb = strpbrk(hay, "xyz");
    printf("strpbrk xyz: %s\n", pb ? pb : "(none)");
    char *dup = strdup(hay);
    if (dup[0])
        dup[0] = 'T';
    int shown = strlen(hay) < 10 ? (int)strlen(hay) : 10;
    printf("dup: %.*s... original: %.*s...\n", shown, dup, shown, hay);
    /* upper-case words using pointer scanning */
    for (char *p = dup; *p; p++)
        if ((p == dup || p[-1] == ' ') && *p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
    printf("title: %s\n", dup);
    free(dup);
    /* count distinct characters with strchr on a growing set */
    char set[128] = "";
    size_t nset = 0;
    for (const char *p = hay; *p; p++)
        if (!strchr(set, *p) && nset < sizeof set - 1) {
            set[nset++] = *p;
            set[nset] = '\0';
        }
    printf("distinct=%zu set=%s\n", nset, set);
    return 0;
}
