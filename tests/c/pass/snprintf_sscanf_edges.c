/* snprintf truncation and return values; sscanf edge cases (%n, scansets, widths,
   failures, EOF). */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *word = argc > 1 ? argv[1] : "truncate-me";
    char buf[8];
    int n = snprintf(buf, sizeof buf, "%s!", word);
    printf("snprintf %d [%s]\n", n, buf);
    printf("size 0 %d, NULL %d\n", snprintf(buf, 0, "%d", 12345), snprintf(NULL, 0, "%s-%d", word, 42));
    n = snprintf(buf, 1, "abc");
    printf("size 1 %d [%s] len %zu\n", n, buf, strlen(buf));
    n = snprintf(buf, sizeof buf, "%5.2f|%-4d|", 3.14159, 7);
    printf("exact %d [%s]\n", n, buf);

    int a = -1, b = -1, pos = -1;
    char s1[16] = "", s2[16] = "";
    int r = sscanf(word, "%3s%n%[a-z-]", s1, &pos, s2);
    printf("sscanf %d [%s] pos %d [%s]\n", r, s1, pos, s2);
    r = sscanf("  42 abc", "%d %d", &a, &b);
    printf("partial %d a=%d b=%d\n", r, a, b);
    r = sscanf("", "%d", &a);
    printf("empty %d\n", r);
    r = sscanf("   ", "%d", &a);
    printf("blank %d\n", r);
    r = sscanf("7-8", "%d-%d%n", &a, &b, &pos);
    printf("literal %d %d %d pos %d\n", r, a, b, pos);
    r = sscanf("0x1fz", "%i%c", &a, s1);
    printf("hex %d %d %c\n", r, a, s1[0]);
    r = sscanf("12345", "%2d%3d", &a, &b);
    printf("widths %d %d %d\n", r, a, b);
    r = sscanf("abc]def", "%[^]]]%s", s1, s2);
    printf("bracket %d [%s] [%s]\n", r, s1, s2);
    r = sscanf(word, "%*[^-]-%15s", s2);
    printf("suppressed %d [%s]\n", r, r == 1 ? s2 : "");
    return 0;
}
